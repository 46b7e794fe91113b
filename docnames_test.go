package nardy_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docNameProblem says what is wrong with doc, the doc comment of the
// exported names (a type when typ), or "" when it starts with one of them
// (a type's may open with "A", "An" or "The" first).
func docNameProblem(doc *ast.CommentGroup, typ bool, names ...string) string {
	if doc == nil {
		return "has no doc comment"
	}
	words := strings.Fields(doc.Text())
	if typ && len(words) > 1 && (words[0] == "A" || words[0] == "An" || words[0] == "The") {
		words = words[1:]
	}
	if len(words) > 0 && slices.Contains(names, strings.TrimSuffix(strings.TrimRight(words[0], ",:;."), "'s")) {
		return ""
	}
	first := ""
	if len(words) > 0 {
		first = words[0]
	}
	return fmt.Sprintf("has a doc comment that starts with %q, not its name", first)
}

// TestExportedNamesHaveDocComments: every exported name of the module's
// non-test files (functions, methods of exported types, types, constants
// and variables) has a doc comment, and it starts with the name, as the
// project's standards ask (staticcheck's ST1020..ST1022 are off by
// default, and check no missing comment). A constant or variable of a
// parenthesized group may lean on the group's comment or its own line
// comment instead; when it has a comment of its own, that starts with
// its name.
func TestExportedNamesHaveDocComments(t *testing.T) {
	pkgs := docSources(t)
	var problems []string
	names := 0
	for _, src := range pkgs {
		for p, f := range src.files {
			report := func(pos token.Pos, name, problem string) {
				names++
				if problem != "" {
					problems = append(problems, fmt.Sprintf("%s:%d: %s %s", filepath.ToSlash(p), src.fset.Position(pos).Line, name, problem))
				}
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() {
						continue
					}
					name := d.Name.Name
					if d.Recv != nil && len(d.Recv.List) > 0 {
						recv := recvName(d.Recv.List[0].Type)
						if !ast.IsExported(recv) {
							continue
						}
						name = recv + "." + name
					}
					report(d.Pos(), name, docNameProblem(d.Doc, false, d.Name.Name))
				case *ast.GenDecl:
					grouped := d.Lparen.IsValid()
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if !s.Name.IsExported() {
								continue
							}
							doc := s.Doc
							if !grouped {
								doc = d.Doc
							}
							report(s.Pos(), s.Name.Name, docNameProblem(doc, true, s.Name.Name))
						case *ast.ValueSpec:
							var exported []string
							for _, n := range s.Names {
								if n.IsExported() {
									exported = append(exported, n.Name)
								}
							}
							switch {
							case len(exported) == 0:
							case !grouped:
								report(s.Pos(), strings.Join(exported, ", "), docNameProblem(d.Doc, false, exported...))
							case s.Doc != nil:
								report(s.Pos(), strings.Join(exported, ", "), docNameProblem(s.Doc, false, exported...))
							case d.Doc == nil && s.Comment == nil:
								report(s.Pos(), strings.Join(exported, ", "), "has no doc comment, group comment or line comment")
							default:
								report(s.Pos(), strings.Join(exported, ", "), "")
							}
						}
					}
				}
			}
		}
	}
	require.Greater(t, names, 300, "the walk found too few exported names")
	sort.Strings(problems)
	assert.Empty(t, problems, "%d of %d exported names:\n%s", len(problems), names, strings.Join(problems, "\n"))
}

// TestExportedNamesHaveDocComments_Planted: docNameProblem accepts a doc
// comment that opens with the name (a type's after an article; "Name:"
// and "Name's" too) and refuses one that does not, or none.
func TestExportedNamesHaveDocComments_Planted(t *testing.T) {
	doc := func(text string) *ast.CommentGroup {
		return &ast.CommentGroup{List: []*ast.Comment{{Text: "// " + text}}}
	}
	for _, c := range []struct {
		doc  *ast.CommentGroup
		typ  bool
		name string
		ok   bool
	}{
		{nil, false, "Foo", false},
		{doc("Foo returns a foo."), false, "Foo", true},
		{doc("ErrFoo: no foo."), false, "ErrFoo", true},
		{doc("Foo's value is 1."), false, "Foo", true},
		{doc("A Foo is a foo."), true, "Foo", true},
		{doc("A Foo is a foo."), false, "Foo", false},
		{doc("Returns a foo."), false, "Foo", false},
		{doc("Foobar returns a foo."), false, "Foo", false},
	} {
		problem := docNameProblem(c.doc, c.typ, c.name)
		assert.Equalf(t, c.ok, problem == "", "%v %q: %s", c.typ, c.doc.Text(), problem)
	}
}
