package nardy_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// ruleID matches a rule id of docs/rules.md (C1..C8, L1..L11, S1..S7) or a
// section reference (§4) standing on its own: letters and digits may not
// touch it, underscores may (test names such as TestLastRollDraw_L11), and
// a comma or dot before a digit (SVG path data such as "L0,10") rules it out.
var ruleID = regexp.MustCompile(`(?:^|[^A-Za-z0-9])([CLS][0-9]{1,2}|§[0-9])(?:[^A-Za-z0-9.,]|[.,][^0-9]|$)`)

// ruleBook returns the rule ids docs/rules.md defines: the bold ids that open
// a rule ("- **C5. ...**") and the section numbers ("## §4 ...").
func ruleBook(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile("docs/rules.md")
	require.NoError(t, err)
	defined := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^- \*\*([CLS][0-9]{1,2})\.`).FindAllStringSubmatch(string(b), -1) {
		defined[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`(?m)^## (§[0-9])`).FindAllStringSubmatch(string(b), -1) {
		defined[m[1]] = true
	}
	return defined
}

// walkGo calls fn with the path and contents of every Go file of the
// project (test files when tests, the others when not), testdata and
// hidden directories left out.
func walkGo(t *testing.T, tests bool, fn func(path string, src []byte) error) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") != tests {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return fn(path, src)
	})
	require.NoError(t, err)
}

// cite adds where to cited under every rule id text cites, once each.
func cite(cited map[string][]string, text, where string) {
	seen := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		for _, m := range ruleID.FindAllStringSubmatch(line, -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				cited[m[1]] = append(cited[m[1]], where)
			}
		}
	}
}

// citations returns, for every rule id cited in the project's Go files, the
// files that cite it; tests selects test files or the others.
func citations(t *testing.T, tests bool) map[string][]string {
	t.Helper()
	cited := map[string][]string{}
	walkGo(t, tests, func(path string, src []byte) error {
		cite(cited, string(src), path)
		return nil
	})
	return cited
}

// TestRuleBook_EveryCitedIDIsDefined: every rule id that code, errors or
// tests cite resolves to a rule of docs/rules.md.
func TestRuleBook_EveryCitedIDIsDefined(t *testing.T) {
	defined := ruleBook(t)
	for _, tests := range []bool{false, true} {
		for id, files := range citations(t, tests) {
			assert.Truef(t, defined[id], "%s is cited in %v but docs/rules.md does not define it", id, files)
		}
	}
}

// testCitations returns, for every rule id, the tests that cite it: in
// the name of a Test, Fuzz or Example function, its doc comment or its
// body. A citation elsewhere in a test file (a helper's comment, or this
// file's own list of ids) does not count: it tests nothing.
func testCitations(t *testing.T) map[string][]string {
	t.Helper()
	cited := map[string][]string{}
	walkGo(t, true, func(path string, src []byte) error {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !(strings.HasPrefix(fn.Name.Name, "Test") ||
				strings.HasPrefix(fn.Name.Name, "Fuzz") || strings.HasPrefix(fn.Name.Name, "Example")) ||
				strings.HasPrefix(fn.Name.Name, "TestRuleBook_") { // the checkers' own ids test nothing
				continue
			}
			start := fn.Pos()
			if fn.Doc != nil {
				start = fn.Doc.Pos()
			}
			cite(cited, string(src[fset.Position(start).Offset:fset.Position(fn.End()).Offset]), path+":"+fn.Name.Name)
		}
		return nil
	})
	return cited
}

// TestRuleBook_EveryRuleIsTested: every rule of docs/rules.md (C, L and S
// ids, and §4, the invalid input) is cited by at least one test function
// (its name, doc comment or body; see testCitations).
func TestRuleBook_EveryRuleIsTested(t *testing.T) {
	defined := ruleBook(t)
	cited := testCitations(t)
	var ids []string
	for id := range defined {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	require.GreaterOrEqual(t, len(ids), 8+11+7, "docs/rules.md lost rule ids")
	for _, id := range ids {
		if strings.HasPrefix(id, "§") && id != "§4" {
			continue // sections other than §4 are chapters, not rules
		}
		assert.NotEmptyf(t, cited[id], "no test cites %s", id)
	}
}

// key writes one half of a position's text form: the counts on points
// 1..24 of counts (point number to count), then the bar and the off count,
// one hex digit each.
func key(counts map[int]int, bar, off int) string {
	const hex = "0123456789abcdef"
	var b strings.Builder
	for p := 1; p <= 24; p++ {
		b.WriteByte(hex[counts[p]])
	}
	b.WriteByte(hex[bar])
	b.WriteByte(hex[off])
	return b.String()
}

// TestBlockedRollIsLost_L6: when no step is possible the roll is lost, and
// when only one step is, the other dice are lost (L6, C5).
func TestBlockedRollIsLost_L6(t *testing.T) {
	// The mover has 14 on its head and one on 23; the opponent holds the
	// mover's points 18..22 (its own 6..10) and has 10 on its head.
	me := key(map[int]int{24: 14, 23: 1}, 0, 0)
	opp := key(map[int]int{6: 1, 7: 1, 8: 1, 9: 1, 10: 1, 24: 10}, 0, 0)
	pos := nardy.MustParsePosition("long w " + me + "/" + opp)
	r := nardy.DefaultRules(nardy.Long)

	plays, err := r.Legal(pos, nardy.MustRoll(2, 2))
	require.NoError(t, err)
	require.Len(t, plays, 1)
	assert.True(t, plays[0].IsEmpty(), "2-2: every two lands on a held point")
	assert.Equal(t, pos.Pass(), plays[0].Result(), "the empty play passes the turn unchanged")

	plays, err = r.Legal(pos, nardy.MustRoll(1, 1))
	require.NoError(t, err)
	require.Len(t, plays, 1)
	assert.Equal(t, "24/23", plays[0].String(), "1-1: one checker leaves the head (L3), 23/22 is held; three ones are lost")
}

// TestBearOffOnlyWhenAllHome_L7: long nardy bears off by C6: not while a
// checker is outside home, and with both dice once the last one comes home.
func TestBearOffOnlyWhenAllHome_L7(t *testing.T) {
	me := key(map[int]int{7: 1, 1: 14}, 0, 0)
	opp := key(map[int]int{24: 15}, 0, 0)
	pos := nardy.MustParsePosition("long w " + me + "/" + opp)
	r := nardy.DefaultRules(nardy.Long)
	roll := nardy.MustRoll(6, 1)

	turn, err := r.NewTurn(pos, roll)
	require.NoError(t, err)
	_, err = turn.Move(1, nardy.Off)
	var re *nardy.RuleError
	require.ErrorAs(t, err, &re, "bearing off with a checker on 7 is refused")
	assert.Equal(t, "C6", re.Rule)

	plays, err := r.Legal(pos, roll)
	require.NoError(t, err)
	require.Len(t, plays, 1, "7/1 1/off and 7/6 6/off leave the same position (C8)")
	want := key(map[int]int{1: 14}, 0, 1)
	assert.Equal(t, "long b "+opp+"/"+want, plays[0].Result().String())
}

// TestHitWhileBearingOff_S4: a checker hit during the bear-off must enter
// (S3) and come home again before bearing off goes on.
func TestHitWhileBearingOff_S4(t *testing.T) {
	// The mover: fourteen home, one on the bar; the opponent holds its own
	// points 1..3 (the mover's 24..22) with five each.
	me := key(map[int]int{1: 3, 2: 3, 3: 3, 4: 3, 5: 2}, 1, 0)
	opp := key(map[int]int{1: 5, 2: 5, 3: 5}, 0, 0)
	pos := nardy.MustParsePosition("short w " + me + "/" + opp)
	r := nardy.DefaultRules(nardy.Short)
	roll := nardy.MustRoll(6, 5)

	turn, err := r.NewTurn(pos, roll)
	require.NoError(t, err)
	_, err = turn.Move(5, nardy.Off)
	require.ErrorIs(t, err, nardy.ErrIllegalPlay, "no bear-off while a checker is on the bar")

	plays, err := r.Legal(pos, roll)
	require.NoError(t, err)
	require.NotEmpty(t, plays)
	for _, p := range plays {
		s := p.String()
		assert.True(t, strings.HasPrefix(s, "bar/"), "%s: the bar checker enters first", s)
		assert.NotContains(t, s, "off", "%s: the entered checker is not home yet", s)
	}
}
