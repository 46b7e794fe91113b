package sweep

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
)

// API is the exported API of a package as its source declares it.
type API struct {
	Funcs   map[string]string            // function name -> its doc comment
	Types   map[string]string            // type name -> its doc comment
	Methods map[string]map[string]string // type name -> method name -> doc comment
	Doc     string                       // the package's doc comment
}

// ReadAPI reads the exported functions, types and methods of the package
// in dir from its source (test files, and files another build would
// compile, left out), with their doc comments.
func ReadAPI(dir string) (API, error) {
	api := API{Funcs: map[string]string{}, Types: map[string]string{}, Methods: map[string]map[string]string{}}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return api, err
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, n); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			return api, err
		}
		if f.Doc != nil {
			api.Doc += f.Doc.Text()
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					api.Funcs[d.Name.Name] = d.Doc.Text()
					continue
				}
				t := d.Recv.List[0].Type
				if s, ok := t.(*ast.StarExpr); ok {
					t = s.X
				}
				if id, ok := t.(*ast.Ident); ok && id.IsExported() {
					if api.Methods[id.Name] == nil {
						api.Methods[id.Name] = map[string]string{}
					}
					api.Methods[id.Name][d.Name.Name] = d.Doc.Text()
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if s, ok := s.(*ast.TypeSpec); ok && s.Name.IsExported() {
						doc := s.Doc.Text()
						if doc == "" {
							doc = d.Doc.Text()
						}
						api.Types[s.Name.Name] = doc
					}
				}
			}
		}
	}
	return api, nil
}

// doc returns the doc comment of a function ("F") or method ("T.M").
func (a API) doc(name string) (string, bool) {
	if t, m, ok := strings.Cut(name, "."); ok {
		d, ok := a.Methods[t][m]
		return d, ok
	}
	d, ok := a.Funcs[name]
	return d, ok
}

// readAPI reads the exported API of the package in c.Dir (empty: the
// current directory, the package's own when a test runs).
func (c Config) readAPI() (API, error) {
	dir := c.Dir
	if dir == "" {
		dir = "."
	}
	return ReadAPI(dir)
}

// Check compares the API in c.Dir with what c registers: every exported
// function and type must be registered (so the sweep reaches it and every
// method of the type), no registered name may be gone from the source, a
// type's declared methods must be in its method set, and every allowed
// panic must quote a sentence of its declaration's doc comment. It returns
// one line a problem.
func Check(c Config) ([]string, error) {
	api, err := c.readAPI()
	if err != nil {
		return nil, err
	}
	var out []string
	for name := range api.Funcs {
		if _, ok := c.Funcs[name]; !ok {
			out = append(out, fmt.Sprintf("exported function %s is not in the sweep's Funcs: add it", name))
		}
	}
	for name, f := range c.Funcs {
		if _, ok := api.Funcs[name]; !ok {
			out = append(out, fmt.Sprintf("Funcs has %s, which the source does not export", name))
		}
		if reflect.TypeOf(f) == nil || reflect.TypeOf(f).Kind() != reflect.Func {
			out = append(out, fmt.Sprintf("Funcs[%s] is not a function", name))
		}
	}
	registered := map[string]reflect.Type{}
	for _, t := range c.Types {
		if t.PkgPath() != c.Path {
			out = append(out, fmt.Sprintf("Types has %v, not of package %s", t, c.Path))
			continue
		}
		registered[t.Name()] = t
		if _, ok := api.Types[t.Name()]; !ok {
			out = append(out, fmt.Sprintf("Types has %s, which the source does not export", t.Name()))
		}
	}
	for name := range api.Types {
		t, ok := registered[name]
		if !ok {
			out = append(out, fmt.Sprintf("exported type %s is not in the sweep's Types: add it", name))
			continue
		}
		for m := range api.Methods[name] {
			if _, ok := reflect.PointerTo(t).MethodByName(m); !ok {
				out = append(out, fmt.Sprintf("method %s.%s is not in the method set the sweep calls", name, m))
			}
		}
	}
	for name, quote := range c.Allowed {
		d, ok := api.doc(name)
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("Allowed has %s, which the source does not declare", name))
		case quote == "" || !strings.Contains(squash(d), squash(quote)):
			out = append(out, fmt.Sprintf("Allowed[%s] quotes %q, which is not in its doc comment", name, quote))
		}
	}
	for name, quote := range c.NilReceivers {
		d, ok := api.Types[name]
		for _, md := range api.Methods[name] {
			d += " " + md
		}
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("NilReceivers has %s, which the source does not declare", name))
		case quote == "" || !strings.Contains(squash(d+" "+api.Doc), squash(quote)):
			out = append(out, fmt.Sprintf("NilReceivers[%s] quotes %q, which is not in the doc of the type, its methods or the package", name, quote))
		}
	}
	for name, why := range c.Skip {
		if _, ok := api.doc(name); !ok {
			out = append(out, fmt.Sprintf("Skip has %s, which the source does not declare", name))
		}
		if why == "" {
			out = append(out, fmt.Sprintf("Skip[%s] gives no reason", name))
		}
	}
	for name, l := range c.Limits {
		if _, ok := api.doc(name); !ok {
			out = append(out, fmt.Sprintf("Limits has %s, which the source does not declare", name))
		}
		if l.Why == "" || l.OK == nil {
			out = append(out, fmt.Sprintf("Limits[%s] gives no reason or no test", name))
		}
	}
	sort.Strings(out)
	return out, nil
}

// squash folds runs of white space to one space, so that a quote may
// cross the comment's line breaks.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }
