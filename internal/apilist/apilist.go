// Package apilist lists the exported API of Go packages from their source:
// every exported constant, variable, type, function and method, one
// declaration a line, without bodies or comments. CHANGELOG.md keeps the
// list of the public packages, and a test checks it is current.
package apilist

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Package returns the exported declarations of the package in dir (test
// files left out), sorted: constants, variables, functions, then each type
// followed by its methods.
func Package(dir string) ([]string, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, n); err != nil || !ok {
			continue // a file for another system or build tag: its twin says the API
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	var consts, vars, funcs []string
	types := map[string][]string{} // type name -> its line, then its methods
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				d.Body, d.Doc = nil, nil
				line := node(fset, d)
				if d.Recv == nil {
					funcs = append(funcs, line)
					continue
				}
				t := d.Recv.List[0].Type
				if s, ok := t.(*ast.StarExpr); ok {
					t = s.X
				}
				switch g := t.(type) { // a generic type's receiver: T[P] or T[P, Q]
				case *ast.IndexExpr:
					t = g.X
				case *ast.IndexListExpr:
					t = g.X
				}
				if id, ok := t.(*ast.Ident); ok && id.IsExported() {
					types[id.Name] = append(types[id.Name], "\t"+line)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							decl := "type " + s.Name.Name + " " // an alias is listed as one: "type A = B"
							if s.Assign != 0 {
								decl += "= "
							}
							types[s.Name.Name] = append([]string{decl + kind(s)}, types[s.Name.Name]...)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if !n.IsExported() {
								continue
							}
							if d.Tok == token.CONST {
								consts = append(consts, "const "+n.Name)
							} else {
								vars = append(vars, "var "+n.Name)
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(consts)
	sort.Strings(vars)
	sort.Strings(funcs)
	out := append(append(consts, vars...), funcs...)
	names := make([]string, 0, len(types))
	for n := range types {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		lines := types[n]
		if len(lines) > 0 && !strings.HasPrefix(lines[0], "type ") {
			continue // methods of an unexported or embedded-only type
		}
		sort.Strings(lines[1:])
		out = append(out, lines...)
	}
	return out, nil
}

// kind returns "struct", "interface" or the underlying type of a type spec.
func kind(s *ast.TypeSpec) string {
	switch t := s.Type.(type) {
	case *ast.StructType:
		return "struct"
	case *ast.InterfaceType:
		return "interface"
	case *ast.Ident:
		return t.Name
	}
	var b bytes.Buffer
	printer.Fprint(&b, token.NewFileSet(), s.Type)
	return b.String()
}

func node(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	printer.Fprint(&b, fset, n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// Markdown writes the API of the packages (import path -> directory) as
// markdown: a heading and a fenced block a package, with a count.
func Markdown(root, module string, dirs []string) (string, error) {
	var b strings.Builder
	for _, d := range dirs {
		lines, err := Package(filepath.Join(root, d))
		if err != nil {
			return "", err
		}
		path := module
		if d != "." {
			path += "/" + d
		}
		top := 0
		for _, l := range lines {
			if !strings.HasPrefix(l, "\t") {
				top++
			}
		}
		fmt.Fprintf(&b, "### %s (%d names, %d methods)\n\n```go\n%s\n```\n\n", path, top, len(lines)-top, strings.Join(lines, "\n"))
	}
	return b.String(), nil
}
