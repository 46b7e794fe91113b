package nardy_test

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// modulePath is the import path of the module's root package.
const modulePath = "github.com/nardylab/nardy"

// docSource is one package of the module as pkg.go.dev reads it: its
// non-test files (parsed with their comments, for the walk of every
// comment) and its go/doc form (exported declarations only: the names a
// doc link resolves to, as pkg.go.dev and go doc resolve them).
type docSource struct {
	importPath string
	fset       *token.FileSet
	files      map[string]*ast.File // by path
	doc        *doc.Package
	decls      map[string]bool // every top-level name and Recv.Method, exported or not
}

// docSources parses every non-test Go file of the module (walkGo) into one
// docSource per directory, keyed by import path.
func docSources(t *testing.T) map[string]*docSource {
	t.Helper()
	dirs := map[string]map[string][]byte{}
	walkGo(t, false, func(p string, src []byte) error {
		dir := filepath.ToSlash(filepath.Dir(p))
		if dirs[dir] == nil {
			dirs[dir] = map[string][]byte{}
		}
		dirs[dir][p] = src
		return nil
	})
	pkgs := map[string]*docSource{}
	for dir, srcs := range dirs {
		ip := modulePath
		if dir != "." {
			ip += "/" + dir
		}
		pkgs[ip] = newDocSource(t, ip, srcs)
	}
	return pkgs
}

// newDocSource parses srcs (file path to contents), the files of package
// importPath.
func newDocSource(t *testing.T, importPath string, srcs map[string][]byte) *docSource {
	t.Helper()
	src := &docSource{importPath: importPath, fset: token.NewFileSet(), files: map[string]*ast.File{}}
	// go/doc trims the files it reads: it gets a copy of its own.
	docFset := token.NewFileSet()
	var copies []*ast.File
	for p, b := range srcs {
		f, err := parser.ParseFile(src.fset, p, b, parser.ParseComments|parser.SkipObjectResolution)
		require.NoError(t, err)
		src.files[p] = f
		c, err := parser.ParseFile(docFset, p, b, parser.ParseComments|parser.SkipObjectResolution)
		require.NoError(t, err)
		copies = append(copies, c)
	}
	for p, f := range src.files {
		require.Equal(t, copies[0].Name.Name, f.Name.Name, "%s: a second package in %s", p, importPath)
	}
	d, err := doc.NewFromFiles(docFset, copies, importPath)
	require.NoError(t, err, importPath)
	src.doc, src.decls = d, declNames(src.files)
	return src
}

// declNames returns the names files declare at top level, exported or
// not, and their methods as Recv.Method.
func declNames(files map[string]*ast.File) map[string]bool {
	names := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) > 0 {
					names[recvName(d.Recv.List[0].Type)+"."+d.Name.Name] = true
				} else {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}

// docComments calls fn with every doc comment of f: the package's, every
// declaration's (exported or not; a group's and each of its specs'), and
// every struct field's and interface method's, with the name it documents.
func docComments(f *ast.File, fn func(name string, c *ast.CommentGroup)) {
	visit := func(name string, c *ast.CommentGroup) {
		if c != nil {
			fn(name, c)
		}
	}
	fields := func(owner string, e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			var list *ast.FieldList
			switch n := n.(type) {
			case *ast.StructType:
				list = n.Fields
			case *ast.InterfaceType:
				list = n.Methods
			}
			if list != nil {
				for _, fl := range list.List {
					name := owner
					if len(fl.Names) > 0 {
						name += "." + fl.Names[0].Name
					}
					visit(name, fl.Doc)
				}
			}
			return true
		})
	}
	visit("package "+f.Name.Name, f.Doc)
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) > 0 {
				name = recvName(d.Recv.List[0].Type) + "." + name
			}
			visit(name, d.Doc)
		case *ast.GenDecl:
			for i, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if i == 0 {
						visit(s.Name.Name, d.Doc)
					}
					visit(s.Name.Name, s.Doc)
					fields(s.Name.Name, s.Type)
				case *ast.ValueSpec:
					if i == 0 {
						visit(s.Names[0].Name, d.Doc)
					}
					visit(s.Names[0].Name, s.Doc)
				}
			}
		}
	}
}

// recvName is the name of a method's receiver type: T of T, *T, T[P].
func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// linkDefLine is a line that reads as a link definition, "[text]: URL"
// (with or without the space, a scheme or "://" go/doc needs of one).
var linkDefLine = regexp.MustCompile(`^\s*\[([^\]\n]+)\]:\s*(?:[a-zA-Z][a-zA-Z0-9+.-]*://|www\.|//)`)

// docTargets resolves the packages doc links point into: the module's own
// (from docSources) and the standard library's (read with go/build, once
// each); nil for a package that does not exist or is neither.
type docTargets struct {
	module map[string]*docSource
	std    map[string]*doc.Package
}

// isPackageName reports whether name is the name of a package of the
// module (the root's is nardy).
func (ts *docTargets) isPackageName(name string) bool {
	for _, s := range ts.module {
		if s.doc.Name == name {
			return true
		}
	}
	return false
}

// lookup returns the go/doc form of the package importPath, nil when it
// exists but is not checked (another module's), and false when there is
// no such package.
func (ts *docTargets) lookup(importPath string) (*doc.Package, bool) {
	if s, ok := ts.module[importPath]; ok {
		return s.doc, true
	}
	if strings.HasPrefix(importPath, modulePath+"/") {
		return nil, false // no such package of the module
	}
	if first, _, _ := strings.Cut(importPath, "/"); strings.Contains(first, ".") {
		return nil, true // a third party's package: not checked
	}
	if d, ok := ts.std[importPath]; ok {
		return d, d != nil
	}
	bp, err := build.Default.Import(importPath, "", 0)
	if err != nil || !bp.Goroot {
		ts.std[importPath] = nil
		return nil, false
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(bp.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			ts.std[importPath] = nil
			return nil, false
		}
		files = append(files, f)
	}
	d, err := doc.NewFromFiles(fset, files, importPath)
	if err != nil {
		d = nil
	}
	ts.std[importPath] = d
	return d, d != nil
}

// docLinkProblems returns what is wrong with the doc links and link
// definitions of one doc comment c of package src, which documents name,
// each as "file:line: message".
func docLinkProblems(src *docSource, targets *docTargets, name string, c *ast.CommentGroup) []string {
	text := c.Text()
	var problems []string
	at := func(needle string) string {
		for _, l := range c.List {
			if strings.Contains(l.Text, needle) {
				pos := src.fset.Position(l.Pos())
				return fmt.Sprintf("%s:%d", filepath.ToSlash(pos.Filename), pos.Line)
			}
		}
		pos := src.fset.Position(c.Pos())
		return fmt.Sprintf("%s:%d", filepath.ToSlash(pos.Filename), pos.Line)
	}
	report := func(needle, format string, args ...any) {
		problems = append(problems, at(needle)+": doc of "+name+": "+fmt.Sprintf(format, args...))
	}

	// go/doc's own parser, as pkg.go.dev and go doc configure it for the
	// package: a [Name] it cannot resolve stays plain text.
	d := src.doc.Parser().Parse(text)
	// Every link go/doc made points at a package that exists and, past
	// the package, at a declaration that package exports.
	var walk func(ts []comment.Text)
	check := func(l *comment.DocLink) {
		ip := l.ImportPath
		if ip == "" {
			ip = src.importPath
		}
		target, ok := targets.lookup(ip)
		sym := l.Name
		if l.Recv != "" {
			sym = l.Recv + "." + sym
		}
		switch {
		case !ok:
			report(path.Base(ip), "[%s] links to package %s, which does not exist", linkText(l), ip)
		case target != nil && l.Name != "" && !target.Parser().LookupSym(l.Recv, l.Name):
			report(sym+"]", "[%s]: %s exports no %s", linkText(l), ip, sym)
		}
	}
	walk = func(ts []comment.Text) {
		for _, t := range ts {
			switch t := t.(type) {
			case *comment.DocLink:
				check(t)
				walk(t.Text)
			case *comment.Link:
				walk(t.Text)
			case comment.Plain:
				for _, m := range bracketed.FindAllStringSubmatchIndex(string(t), -1) {
					if problem := unresolved(src, targets, string(t), m); problem != "" {
						inner := string(t)[m[2]:m[3]]
						report("["+inner+"]", "[%s] %s", inner, problem)
					}
				}
			case comment.Italic:
			}
		}
	}
	var blocks func(bs []comment.Block)
	blocks = func(bs []comment.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *comment.Paragraph:
				walk(b.Text)
			case *comment.Heading:
				walk(b.Text)
			case *comment.List:
				for _, it := range b.Items {
					blocks(it.Content)
				}
			}
		}
	}
	blocks(d.Content)

	// Link definitions: each line that reads as one is one (not a line of
	// a paragraph, where it shows as text), its URL is absolute, and some
	// [text] of the comment uses it.
	defined := map[string]bool{}
	for _, l := range d.Links {
		defined[l.Text] = true
		if u, err := url.Parse(l.URL); err != nil || u.Scheme == "" || u.Host == "" {
			report("["+l.Text+"]:", "link definition [%s]: %q is no absolute URL", l.Text, l.URL)
		}
		if !l.Used {
			report("["+l.Text+"]:", "link definition [%s] is used by no [%s] of the comment", l.Text, l.Text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if m := linkDefLine.FindStringSubmatch(line); m != nil && !defined[m[1]] {
			report(m[0], "%q reads as a link definition but go/doc takes it for text (a link definition needs a paragraph of its own and a URL)", strings.TrimSpace(line))
		}
	}
	return problems
}

// bracketed is a [text] in a doc comment's text.
var bracketed = regexp.MustCompile(`\[([^\[\]\n]+)\]`)

// unresolved says why the bracketed text m (submatch indexes into plain)
// that go/doc left as plain text reads as a doc link it could not make,
// or "" when it is no link: notation such as MET[a][b] (go/doc takes
// brackets for a link only between spaces or punctuation), a lower-case
// word that is neither a declaration of the package nor a package of the
// module ([n], [a, b]), or an upper-case usage placeholder ([COMMAND]).
func unresolved(src *docSource, targets *docTargets, plain string, m []int) string {
	boundary := func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) }
	if r, _ := utf8.DecodeLastRuneInString(plain[:m[0]]); m[0] > 0 && !boundary(r) {
		return ""
	}
	if r, _ := utf8.DecodeRuneInString(plain[m[1]:]); m[1] < len(plain) && !boundary(r) {
		return ""
	}
	text := strings.TrimPrefix(plain[m[2]:m[3]], "*")
	if !goIdent.MatchString(text) {
		return ""
	}
	parts := strings.Split(text, ".")
	last := parts[len(parts)-1]
	switch {
	case !unicode.IsUpper([]rune(last)[0]) && (len(parts) > 1 || src.decls[text]):
		return "is no doc link: go/doc links no unexported name"
	case len(parts) == 1 && targets.isPackageName(text):
		return "is no doc link: the package does not import " + text + " (link it by its import path)"
	case len(parts) == 1 && strings.ToUpper(text) == text:
		return "" // a usage placeholder, as in "nardy help [COMMAND]"
	case len(parts) == 1 && unicode.IsUpper([]rune(text)[0]):
		return "names no declaration of package " + src.doc.Name
	case len(parts) > 1 && !unicode.IsUpper([]rune(parts[0])[0]):
		return "is no doc link: the package does not import " + parts[0] + " (link it by its import path)"
	case len(parts) > 1:
		return "names no method or field of a type of package " + src.doc.Name
	}
	return ""
}

// goIdent is a Go identifier or a dotted chain of them.
var goIdent = regexp.MustCompile(`^[\pL_][\pL_0-9]*(\.[\pL_][\pL_0-9]*)*$`)

// linkText is the text of a doc link as written: [pkg.Recv.Name].
func linkText(l *comment.DocLink) string {
	parts := []string{}
	if l.ImportPath != "" {
		parts = append(parts, l.ImportPath)
	}
	if l.Recv != "" {
		parts = append(parts, l.Recv)
	}
	if l.Name != "" {
		parts = append(parts, l.Name)
	}
	return strings.Join(parts, ".")
}

// TestDocLinksResolve: every doc link of every doc comment of the module
// (package docs, declarations exported or not, struct fields, interface
// methods; non-test files) resolves as pkg.go.dev and go doc resolve it,
// with go/doc's own parser: [Name] and [Recv.Name] to a declaration of the
// package, [pkg] to a package, [pkg.Name] to a name that package exports;
// and every "[text]: URL" link definition is one. A link that does not
// resolve shows as plain "[Name]" text; go vet and staticcheck say nothing.
func TestDocLinksResolve(t *testing.T) {
	pkgs := docSources(t)
	require.Greater(t, len(pkgs), 20, "walkGo found too few packages")
	targets := &docTargets{module: pkgs, std: map[string]*doc.Package{}}
	var problems []string
	links := 0
	for _, src := range pkgs {
		for _, f := range src.files {
			docComments(f, func(name string, c *ast.CommentGroup) {
				links += strings.Count(c.Text(), "[")
				problems = append(problems, docLinkProblems(src, targets, name, c)...)
			})
		}
	}
	require.Greater(t, links, 100, "the walk found too few brackets in doc comments")
	sort.Strings(problems)
	assert.Empty(t, problems, "%d doc link problems:\n%s", len(problems), strings.Join(problems, "\n"))
}

// TestDocLinksResolve_FindsPlanted: the checker of TestDocLinksResolve
// finds every kind of broken link planted in a package of its own, and
// none of the links and notation that are fine.
func TestDocLinksResolve_FindsPlanted(t *testing.T) {
	root := newDocSource(t, modulePath, map[string][]byte{"root.go": []byte("package nardy\n\ntype Rules struct{}\n")})
	planted := newDocSource(t, modulePath+"/planted", map[string][]byte{"planted.go": []byte(`// Package planted links [Missing], [T.Missing], [strings.Missing],
// [nosuch.Name], [T.helper], [helper], [nardy.Rules] and
// [github.com/nardylab/nardy/nosuch], which are broken, and [T], [*T],
// [T.M], [T.F], [strings.Builder], [strings], [io.Reader.Read],
// [github.com/nardylab/nardy.Rules], MET[a][b], [n], [COMMAND] and [Go], which are
// not. It has a [Go] link, a bad definition and an unused one:
//
// [bad]:https://example.com
//
// [Go]: https://go.dev
// [unused]: https://example.com/unused
package planted

import "strings"

// T has a field F.
type T struct{ F strings.Builder }

// M has a broken [Rules] link.
func (T) M() {}

func (T) helper() {}

func helper() {}
`)})
	targets := &docTargets{module: map[string]*docSource{root.importPath: root, planted.importPath: planted}, std: map[string]*doc.Package{}}
	var problems []string
	for _, f := range planted.files {
		docComments(f, func(name string, c *ast.CommentGroup) {
			problems = append(problems, docLinkProblems(planted, targets, name, c)...)
		})
	}
	want := []string{"[Missing]", "[T.Missing]", "[strings.Missing]", "[nosuch.Name]", "[T.helper]", "[helper]",
		"[nardy.Rules]", "[github.com/nardylab/nardy/nosuch]", `"[bad]:https://example.com"`, "doc of T.M: [Rules]",
		"link definition [unused] is used by no"}
	for _, w := range want {
		n := 0
		for _, p := range problems {
			if strings.Contains(p, w) {
				n++
			}
		}
		assert.Equalf(t, 1, n, "%s should be found once in:\n%s", w, strings.Join(problems, "\n"))
	}
	assert.Len(t, problems, len(want), strings.Join(problems, "\n"))
}
