package nardy_test

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The ```go blocks of the repository's Markdown are what a stranger copies
// first; TestMarkdownGoBlocks type-checks every one against the module's
// packages as they are, so that renaming or removing a name a block uses,
// or changing a signature it calls, fails with the Markdown file and line.
//
// A block is one of three kinds: a whole file (it starts with a package
// clause), declarations (type, func, import...), or statements, which the
// test wraps in a function. The packages a block names are imported for it
// (mdStdPackages and the module's public packages), and a variable it uses
// without declaring it comes from mdPrelude, the conventional names of the
// prose (pos, r, roll...). A declaration of a type the module's packages
// also declare, such as bot's Player interface, must be the same type.
//
// A block that cannot be Go may be marked a sketch with an HTML comment,
// <!-- go sketch -->, on the line before its fence; then only the names it
// qualifies with a package's name (nardy.X, bot.Y) are checked to exist.

// mdPrelude gives the type of each variable the blocks use without
// declaring it: the names the prose around them uses.
var mdPrelude = map[string]string{
	"ctx":   "context.Context",
	"err":   "error",
	"pos":   "nardy.Position",
	"r":     "nardy.Rules",
	"roll":  "nardy.Roll",
	"rules": "nardy.Rules",
	"w":     "io.Writer",
}

// mdStdPackages are the standard packages a block may use without
// importing them.
var mdStdPackages = []string{"context", "errors", "fmt", "io", "os"}

// mdExempt are the Markdown files whose Go is not checked: the CHANGELOG
// quotes the API of its time.
var mdExempt = []string{"CHANGELOG.md"}

// mdSketch is the comment that marks the next block a sketch.
const mdSketch = "<!-- go sketch -->"

// mdBlock is one ```go block of a Markdown file.
type mdBlock struct {
	file   string // the Markdown file, slash-separated
	line   int    // the line of the block's first line of code
	src    string // the code, without the fence's indentation
	sketch bool   // marked as a sketch: only its qualified names are checked
}

var mdFence = regexp.MustCompile("^([ \t]*)(```+|~~~+)[ \t]*([A-Za-z0-9_+-]*)")

// markdownGoBlocks returns the ```go blocks of a Markdown text.
func markdownGoBlocks(file, text string) []mdBlock {
	var (
		blocks         []mdBlock
		open           *mdBlock
		fence, indent  string
		prev           string
		body           []string
		sc             = bufio.NewScanner(strings.NewReader(text))
		n              int
		isGo, inFenced bool
	)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		n++
		line := sc.Text()
		m := mdFence.FindStringSubmatch(line)
		switch {
		case !inFenced && m != nil:
			inFenced, fence, indent = true, m[2], m[1]
			isGo = m[3] == "go"
			if isGo {
				open = &mdBlock{file: file, line: n + 1, sketch: strings.TrimSpace(prev) == mdSketch}
				body = nil
			}
		case inFenced && m != nil && strings.HasPrefix(m[2], fence) && m[3] == "":
			inFenced = false
			if isGo {
				open.src = strings.Join(body, "\n") + "\n"
				blocks = append(blocks, *open)
			}
		case inFenced && isGo:
			body = append(body, strings.TrimPrefix(line, indent))
		}
		prev = line
	}
	return blocks
}

// mdChecker type-checks blocks against the packages of one importer.
type mdChecker struct {
	fset  *token.FileSet
	imp   types.Importer
	paths map[string]string // a package's name → its import path
	own   []string          // the module's public packages
}

// newMDChecker builds the module's public packages and the standard ones
// of mdStdPackages with the go command, and imports them from the export
// data it writes: fast, and the same types the compiler sees.
func newMDChecker(t *testing.T) *mdChecker {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH:", err)
	}
	out, err := exec.Command(goCmd, "list", "-f", "{{.ImportPath}} {{.Name}}", "./...").Output()
	require.NoError(t, err, "go list ./...")
	var own []string
	for line := range strings.Lines(string(out)) {
		path, name, _ := strings.Cut(strings.TrimSpace(line), " ")
		if name != "main" && !strings.Contains(path, "/internal/") && !strings.Contains(path, "/examples/") {
			own = append(own, path)
		}
	}
	require.Contains(t, own, "github.com/nardylab/nardy/bot")
	args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Name}}\t{{.Export}}"}, own...)
	var stderr strings.Builder
	cmd := exec.Command(goCmd, append(args, mdStdPackages...)...)
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	require.NoError(t, err, "go list -export: %s", stderr.String())

	c := &mdChecker{fset: token.NewFileSet(), paths: map[string]string{}, own: own}
	exports := map[string]string{}
	for line := range strings.Lines(string(out)) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		require.Len(t, f, 3, "go list -export: %q", line)
		exports[f[0]] = f[2]
		if slices.Contains(own, f[0]) || slices.Contains(mdStdPackages, f[0]) {
			c.paths[f[1]] = f[0]
		}
	}
	c.imp = importer.ForCompiler(c.fset, "gc", func(path string) (io.ReadCloser, error) {
		if exports[path] == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(exports[path])
	})
	return c
}

// check returns the problems of one block, each naming its Markdown file
// and line.
func (c *mdChecker) check(b mdBlock) []string {
	if b.sketch {
		return c.checkNames(b)
	}
	var errs []string
	var params []string
	for range 2 { // a second time with the prelude's names the first lacked
		var undefined []string
		errs, undefined = c.typeCheck(b, params)
		if len(undefined) == 0 || len(params) > 0 {
			break
		}
		for _, name := range undefined {
			if typ, ok := mdPrelude[name]; ok && !slices.Contains(params, name+" "+typ) {
				params = append(params, name+" "+typ)
			}
		}
		if len(params) == 0 {
			break
		}
	}
	return errs
}

// typeCheck wraps and type-checks b with params as the variables of the
// prelude, and returns its errors and the names it found undefined.
func (c *mdChecker) typeCheck(b mdBlock, params []string) (errs, undefined []string) {
	at := fmt.Sprintf("//line %s:%d:1\n", b.file, b.line)
	name := fmt.Sprintf("block at %s:%d", strings.ReplaceAll(b.file, "/", " "), b.line) // no directory: //line is relative to it
	var src string
	kind := "file"
	parse := func(src string) *ast.File {
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		return f
	}
	if strings.HasPrefix(strings.TrimSpace(b.src), "package ") {
		src = at + b.src
	} else if f := parse("package snippet\n" + b.src); f != nil {
		kind = "declarations"
		src = "package snippet\n" + c.imports(f) + at + b.src
	} else {
		kind = "statements"
		fn := "func _(" + strings.Join(params, ", ") + ") {\n{\n" + at + b.src + "\n}\n}\n"
		src = "package snippet\n" + c.imports(parse("package snippet\n"+fn)) + fn
	}
	file, err := parser.ParseFile(c.fset, name, src, parser.SkipObjectResolution|parser.ParseComments)
	if err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) && len(list) > 0 { // the first error: the others often follow from it
			return []string{fmt.Sprintf("%s: %s (the block is not Go %s)", list[0].Pos, list[0].Msg, kind)}, nil
		}
		return []string{fmt.Sprintf("%s: %v", name, err)}, nil
	}
	conf := types.Config{Importer: c.imp, Error: func(err error) {
		e := err.(types.Error)
		if e.Soft && strings.Contains(e.Msg, "not used") {
			return // a sketch's variables and imports need not all be used
		}
		if v, ok := strings.CutPrefix(e.Msg, "undefined: "); ok && token.IsIdentifier(v) {
			undefined = append(undefined, v)
			if _, known := mdPrelude[v]; known && len(params) == 0 {
				return
			}
			e.Msg += " (declare it in the block, or add it to mdPrelude, or a package to mdStdPackages)"
		}
		errs = append(errs, fmt.Sprintf("%s: %s", c.fset.Position(e.Pos), e.Msg))
	}}
	pkg, _ := conf.Check("snippet", c.fset, []*ast.File{file}, nil)
	if kind == "declarations" && len(undefined) == 0 {
		errs = append(errs, c.sameTypes(pkg, file)...)
	}
	return errs, undefined
}

// imports returns the import declarations of the packages f's selectors
// name and does not import itself.
func (c *mdChecker) imports(f *ast.File) string {
	if f == nil {
		return ""
	}
	own := map[string]bool{}
	for _, spec := range f.Imports {
		path := strings.Trim(spec.Path.Value, `"`)
		own[path[strings.LastIndex(path, "/")+1:]] = true
		if spec.Name != nil {
			own[spec.Name.Name] = true
		}
	}
	var b strings.Builder
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && c.paths[x.Name] != "" && !own[x.Name] {
				own[x.Name] = true
				fmt.Fprintf(&b, "import %q\n", c.paths[x.Name])
			}
		}
		return true
	})
	return b.String()
}

// sameTypes reports a type that pkg declares and a public package of the
// module declares too, differently: a block that shows an interface of the
// API must show it as it is.
func (c *mdChecker) sameTypes(pkg *types.Package, file *ast.File) []string {
	var errs []string
	for _, name := range pkg.Scope().Names() {
		mine, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		for _, path := range c.own {
			p, err := c.imp.Import(path)
			if err != nil {
				errs = append(errs, err.Error())
				continue
			}
			if theirs, ok := p.Scope().Lookup(name).(*types.TypeName); ok && !types.Identical(mine.Type().Underlying(), theirs.Type().Underlying()) {
				errs = append(errs, fmt.Sprintf("%s: type %s is not %s.%s: %s", c.fset.Position(mine.Pos()), name, p.Name(), name, theirs.Type().Underlying()))
			}
		}
	}
	return errs
}

// checkNames checks that each name a sketch qualifies with a package's
// name (nardy.X) is declared by that package.
func (c *mdChecker) checkNames(b mdBlock) []string {
	type scanned struct {
		pos token.Pos
		tok token.Token
		lit string
	}
	var (
		s    scanner.Scanner
		errs []string
		last [2]scanned
	)
	file := c.fset.AddFile(b.file, -1, len(b.src))
	file.AddLineColumnInfo(0, b.file, b.line, 1)
	s.Init(file, []byte(b.src), nil, 0) // a sketch's '…' is no name: scanning errors are not its problems
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return errs
		}
		if tok == token.IDENT && last[1].tok == token.PERIOD && last[0].tok == token.IDENT && c.paths[last[0].lit] != "" {
			p, err := c.imp.Import(c.paths[last[0].lit])
			if err != nil || p.Scope().Lookup(lit) == nil {
				errs = append(errs, fmt.Sprintf("%s: %s.%s is not declared (in a sketch)", c.fset.Position(last[0].pos), last[0].lit, lit))
			}
		}
		last = [2]scanned{last[1], {pos, tok, lit}}
	}
}

// markdownFiles returns the repository's Markdown files but mdExempt:
// those git tracks in a checkout, else every one found under the root.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	keep := func(path string) bool {
		return strings.HasSuffix(path, ".md") && !slices.Contains(mdExempt, path) &&
			!strings.HasPrefix(path, ".") && !strings.Contains(path, "/.") && !strings.Contains(path, "node_modules/")
	}
	var paths []string
	if out, err := exec.Command("git", "ls-files", "-z", "--", "*.md").Output(); err == nil && len(out) > 0 {
		for path := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			if keep(path) {
				paths = append(paths, path)
			}
		}
		return paths
	}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && keep(filepath.ToSlash(path)) {
			paths = append(paths, filepath.ToSlash(path))
		}
		return err
	})
	require.NoError(t, err)
	return paths
}

// TestMarkdownGoBlocks: every ```go block of the repository's Markdown
// type-checks against the module's packages as they are.
func TestMarkdownGoBlocks(t *testing.T) {
	c := newMDChecker(t)
	t.Run("the check bites", func(t *testing.T) {
		const md = "# A\n\n```go\npos, err := nardy.StartPosition(nardy.Long, nardy.White)\nnardy.NoSuchName(pos)\n```\n" +
			"\n```go\ntype Player interface { Name() string }\n```\n" +
			"\n```go\nfmt.Println(unknownVariable, roll)\n```\n" +
			"\n<!-- go sketch -->\n```go\nnardy.StartPosition(…); bot.NoSuchPlayer(…)\n```\n" +
			"\n```go\nvar s nardy.Step\ns.From\n```\n"
		blocks := markdownGoBlocks("docs/x.md", md)
		require.Len(t, blocks, 5)
		require.True(t, blocks[3].sketch)
		for i, want := range []string{
			"docs/x.md:5:7: undefined: nardy.NoSuchName",
			"docs/x.md:9:6: type Player is not bot.Player",
			"docs/x.md:13:13: undefined: unknownVariable (declare it in the block",
			"docs/x.md:18:27: bot.NoSuchPlayer is not declared (in a sketch)",
			"docs/x.md:23:1: s.From (variable of type int) is not used",
		} {
			errs := c.check(blocks[i])
			require.NotEmpty(t, errs, "block %d", i)
			require.Contains(t, errs[0], want, "block %d: %q", i, errs)
		}
	})

	perFile := map[string]int{}
	for _, path := range markdownFiles(t) {
		text, err := os.ReadFile(filepath.FromSlash(path))
		require.NoError(t, err)
		for _, b := range markdownGoBlocks(path, string(text)) {
			perFile[path]++
			for _, e := range c.check(b) {
				t.Error(e)
			}
		}
	}
	t.Logf("```go blocks checked: %v", perFile)
	require.NotZero(t, perFile["README.md"], "no ```go block found in README.md")
	require.NotZero(t, perFile["docs/bots.md"], "no ```go block found in docs/bots.md")
}
