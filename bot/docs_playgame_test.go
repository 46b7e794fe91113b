package bot_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

// docPlayGameFiles are the documents whose ```go blocks show what a game
// of bot.PlayGame prints: README.md's Bots section and docs/bots.md.
var docPlayGameFiles = []string{"../README.md", "../docs/bots.md"}

// docPlayGamePrint is the line after the call that prints the result, its
// comment saying what it prints.
const docPlayGamePrint = "fmt.Println(res.Winner, res.Kind, res.Points) // "

// TestDocsPlayGamePrints: the result a document's bot.PlayGame example
// shows in its comment ("white oin 1"; res.String() is "white wins (oin, 1
// point)") is what that call, with the players, rules and dice the
// document names, prints now. Such a comment is no Example's // Output, so
// nothing else notices when a change of a network or an evaluation changes
// the game it describes (README.md showed "mars, 2 points" months after
// the game had stopped ending so).
func TestDocsPlayGamePrints(t *testing.T) {
	for _, path := range docPlayGameFiles {
		text, err := os.ReadFile(path)
		require.NoError(t, err)
		lines := strings.Split(string(text), "\n")
		found := 0
		for i, line := range lines {
			_, call, ok := strings.Cut(line, ":= bot.PlayGame(")
			if !ok {
				continue
			}
			found++
			where := fmt.Sprintf("%s:%d", strings.TrimPrefix(path, "../"), i+1)
			require.Less(t, i+2, len(lines), where)
			shown, ok := strings.CutPrefix(strings.TrimSpace(lines[i+2]), docPlayGamePrint)
			require.True(t, ok, "%s: the line after the result is not %q", where, docPlayGamePrint+"…")

			r, white, black, dice := docPlayGameArgs(t, where, "bot.PlayGame("+call)
			g, _, err := bot.PlayGame(r, white, black, dice)
			require.NoError(t, err, where)
			res, _ := g.Result()
			printed := strings.TrimSuffix(fmt.Sprintln(res.Winner, res.Kind, res.Points), "\n")
			want := fmt.Sprintf("%q; res.String() is %q", printed, res.String())
			require.Equal(t, want, shown, "%s: the comment (actual) shows another result than the call gives now (expected)", where)
		}
		require.NotZero(t, found, "%s shows no bot.PlayGame example", path)
	}
}

// docPlayGameArgs reads the arguments of a document's bot.PlayGame call:
// a preset of package variants, two players of package bot and seeded
// dice, as the examples write them.
func docPlayGameArgs(t *testing.T, where, call string) (nardy.Rules, bot.Player, bot.Player, *nardy.SeededDice) {
	t.Helper()
	e, err := parser.ParseExpr(call)
	require.NoError(t, err, where)
	c, ok := e.(*ast.CallExpr)
	require.True(t, ok && len(c.Args) == 4, "%s: bot.PlayGame with 4 arguments", where)
	name := func(a ast.Expr) (string, []int) {
		ac, ok := a.(*ast.CallExpr)
		require.True(t, ok, "%s: argument %s is no call", where, call)
		sel, ok := ac.Fun.(*ast.SelectorExpr)
		require.True(t, ok, "%s: argument of %s", where, call)
		pkg, _ := sel.X.(*ast.Ident)
		require.NotNil(t, pkg, where)
		var ints []int
		for _, x := range ac.Args {
			lit, ok := x.(*ast.BasicLit)
			require.True(t, ok, "%s: an argument is no literal", where)
			n, err := strconv.Atoi(lit.Value)
			require.NoError(t, err, where)
			ints = append(ints, n)
		}
		return pkg.Name + "." + sel.Sel.Name, ints
	}
	rulesName, _ := name(c.Args[0])
	var r nardy.Rules
	for _, p := range variants.All() {
		if "variants."+docCamel(p.Name) == rulesName {
			r = p.Rules
		}
	}
	require.NotZero(t, r.Variant, "%s: no preset %s", where, rulesName)
	player := func(a ast.Expr) bot.Player {
		n, args := name(a)
		arg := func() int { require.Len(t, args, 1, where); return args[0] }
		switch n {
		case "bot.NewNeural":
			return bot.NewNeural(arg())
		case "bot.NewExpectimax":
			return bot.NewExpectimax(arg())
		case "bot.NewGreedy":
			return bot.NewGreedy()
		case "bot.NewRandom":
			return bot.NewRandom(uint64(arg()))
		}
		t.Fatalf("%s: player %s is not known to this test", where, n)
		return nil
	}
	white, black := player(c.Args[1]), player(c.Args[2])
	n, args := name(c.Args[3])
	require.Equal(t, "nardy.NewSeededDice", n, where)
	require.Len(t, args, 1, where)
	return r, white, black, nardy.NewSeededDice(uint64(args[0]))
}

// docCamel writes a preset's name as its function's: long-moscow is
// LongMoscow.
func docCamel(name string) string {
	var b strings.Builder
	for part := range strings.SplitSeq(name, "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}
