package nardy_test

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/variants"
)

// TestSameFaultSameError: the zero Position is the same fault whichever
// entry point meets it and whatever rules are at hand (issue 10: the rules
// derived from its variant once said "unknown variant"), §4.
func TestSameFaultSameError(t *testing.T) {
	var zero nardy.Position
	roll := nardy.MustRoll(3, 1)
	for name, r := range map[string]nardy.Rules{
		"rules of its variant": nardy.DefaultRules(zero.Variant()),
		"long":                 variants.LongMoscow(),
		"short":                variants.ShortStandard(),
	} {
		var errs []error
		_, err := r.Legal(zero, roll)
		errs = append(errs, err)
		_, err = r.AppendLegal(nil, zero, roll)
		errs = append(errs, err)
		_, err = r.Apply(zero, nardy.Play{})
		errs = append(errs, err)
		_, err = r.PlayOf(zero, roll)
		errs = append(errs, err)
		_, err = r.NewTurn(zero, roll)
		errs = append(errs, err)
		_, err = r.ParsePlay(zero, roll, "8/5 6/5")
		errs = append(errs, err)
		_, err = r.Perft(zero, 1, 1)
		errs = append(errs, err)
		errs = append(errs, r.CheckPosition(zero))
		for i, err := range errs {
			require.Error(t, err, "%s, entry point %d", name, i)
			var pe *nardy.PositionError
			require.True(t, errors.As(err, &pe), "%s, entry point %d: %v", name, i, err)
			assert.Equal(t, errs[0].Error(), err.Error(), "%s, entry point %d", name, i)
		}
	}
	_, err := gnubg.PositionID(zero)
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition)

	// A long position in a short-nardy format speaks of variants, not rules.
	long, err := nardy.StartPosition(nardy.Long, nardy.White)
	require.NoError(t, err)
	_, err = gnubg.PositionID(long)
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch)
	assert.NotContains(t, err.Error(), "rules")
}

// TestJSONErrorsSayJSON: a bad action, rules, game, match or record in
// JSON is refused with its sentinel (and an action's with a
// *SyntaxError), in a message that names "nardy:" once and says a wrong
// type in JSON's words, not in the Go types of the wire structs.
func TestJSONErrorsSayJSON(t *testing.T) {
	cases := []struct {
		name, json string
		into       any
		is         error
		says       string
	}{
		{"action kind", `{"kind":"zap","player":"white"}`, new(nardy.Action), nardy.ErrSyntax, `"zap"`},
		{"action player", `{"kind":"roll","player":"red"}`, new(nardy.Action), nardy.ErrSyntax, `player "red"`},
		{"action dice", `{"kind":"roll","player":"white","dice":[1,2,3]}`, new(nardy.Action), nardy.ErrSyntax, "dice with 3 values"},
		{"action dice type", `{"kind":"roll","player":"white","dice":"x"}`, new(nardy.Action), nardy.ErrSyntax, "dice: want an array, not a JSON string"},
		{"step of five numbers", `{"kind":"step","player":"white","steps":[[8,5,3,99,100]]}`, new(nardy.Action), nardy.ErrSyntax, "want [from,to,die]"},
		{"step of two numbers", `{"kind":"step","player":"white","steps":[[8,5]]}`, new(nardy.Action), nardy.ErrSyntax, "want [from,to,die]"},
		{"rules variant", `{"variant":"medium"}`, new(nardy.Rules), nardy.ErrInvalidRules, `"medium"`},
		{"rules variant type", `{"variant":3}`, new(nardy.Rules), nardy.ErrInvalidRules, "variant: want a string, not a JSON number"},
		{"rules cube type", `{"variant":"short","cube":"yes"}`, new(nardy.Rules), nardy.ErrInvalidRules, "cube: want true or false, not a JSON string"},
		{"rules optional bool type", `{"variant":"long","transient_block":1}`, new(nardy.Rules), nardy.ErrInvalidRules, "transient_block: want true or false, not a JSON number"},
		{"game type", `{"rules":{"variant":"short"},"plays":"many"}`, new(nardy.Game), nardy.ErrBadRecord, "plays: want a whole number, not a JSON string"},
		{"match length type", `{"rules":{"variant":"short"},"length":"seven"}`, new(nardy.Match), nardy.ErrBadRecord, "want a whole number, not a JSON string"},
		{"record length type", `{"rules":{"variant":"short"},"length":[7]}`, new(nardy.Record), nardy.ErrBadRecord, "length: want a whole number, not a JSON array"},
		// A number that is no whole number of the field's range says so,
		// with the range where the number is whole (it said "want a
		// number, not a JSON number"), and no Go name ("plain.seed").
		{"record length fraction", `{"rules":{"variant":"short"},"length":1.5}`, new(nardy.Record), nardy.ErrBadRecord, "length: want a whole number, not the JSON number 1.5"},
		{"record seed negative", `{"rules":{"variant":"short"},"seed":-5}`, new(nardy.Record), nardy.ErrBadRecord, "seed: want a whole number in 0..18446744073709551615, as a number or a string of digits, not the JSON number -5"},
		{"rules max cube exponent", `{"variant":"short","max_cube":1e2}`, new(nardy.Rules), nardy.ErrInvalidRules, "max_cube: want a whole number, not the JSON number 1e2"},
		{"rules max cube too large", `{"variant":"short","max_cube":99999999999999999999}`, new(nardy.Rules), nardy.ErrInvalidRules, "max_cube: want a whole number in -9223372036854775808..9223372036854775807, not the JSON number 99999999999999999999"},
		{"action die fraction", `{"kind":"roll","player":"white","dice":[1.5,2]}`, new(nardy.Action), nardy.ErrSyntax, "dice: want a whole number, not the JSON number 1.5"},
		{"record action", `{"rules":{"variant":"long"},"length":0,"actions":[{"kind":"zap","player":"white"}]}`, new(nardy.Record), nardy.ErrSyntax, `action 0: parsing action "zap"`},
	}
	for _, c := range cases {
		err := json.Unmarshal([]byte(c.json), c.into)
		require.Error(t, err, c.name)
		assert.ErrorIs(t, err, c.is, c.name)
		msg := err.Error()
		assert.Contains(t, msg, c.says, c.name)
		assert.Equal(t, 1, strings.Count(msg, "nardy: "), "%s: %s", c.name, msg)
		assert.NotContains(t, msg, "Go struct", c.name)
		assert.NotContains(t, msg, "plain", c.name)
		if _, ok := c.into.(*nardy.Action); ok {
			var se *nardy.SyntaxError
			assert.ErrorAs(t, err, &se, c.name)
		}
	}
}

// TestTypedErrorsZeroValue: a program may build the typed errors itself
// (in a test double, say); their zero values, whose wrapped error is nil,
// must still say something, without a panic and without "<nil>". The
// zero RecordError and MatError panicked on their nil Err.
func TestTypedErrorsZeroValue(t *testing.T) {
	for _, c := range []struct {
		err    error
		prefix string
	}{
		{&nardy.PositionError{}, "nardy: invalid position"},
		{&nardy.RuleError{}, "nardy: illegal play"},
		{&nardy.RuleError{Step: -1}, "nardy: illegal play"},
		{&nardy.SyntaxError{}, "nardy: parsing"},
		{&nardy.ActionError{}, "nardy: action refused"},
		{&nardy.RecordError{}, "nardy: bad record"},
		{&nardy.RecordError{Index: -1}, "nardy: bad record"},
		{&nardy.RecordError{Index: 3, Action: nardy.Action{Kind: nardy.ActRoll}}, "nardy: bad record: action 3 (roll)"},
		{&gnubg.MatError{}, "gnubg: .mat file"},
		{&gnubg.MatError{Line: 7}, "gnubg: .mat file (.mat line 7)"},
		{&bot.PlayerError{Bot: "greedy"}, "bot greedy: no reason given"},
		{&bot.PlayerError{Bot: "greedy", Action: nardy.Action{Kind: nardy.ActPlay}}, "bot greedy: action play refused: no reason given"},
	} {
		var msg string
		if strings.HasPrefix(c.prefix, "gnubg:") {
			assert.ErrorIs(t, c.err, gnubg.ErrMat, "%#v: says ErrMat's text, so matches it", c.err)
		}
		require.NotPanics(t, func() { msg = c.err.Error() }, "%#v", c.err)
		assert.True(t, strings.HasPrefix(msg, c.prefix), "%#v: %q", c.err, msg)
		assert.NotContains(t, msg, "<nil>", "%#v", c.err)
	}
}

// TestMarshalInvalidRules: marshalling rules without a valid variant (the
// zero Rules, a variant past Short) fails with ErrInvalidRules, alone or
// inside a record, as Validate says it; the variant
// alone is a value of a position (ErrInvalidPosition, §4).
func TestMarshalInvalidRules(t *testing.T) {
	for _, v := range []nardy.Variant{0, 3, 255} {
		r := nardy.Rules{Variant: v}
		_, err := json.Marshal(r)
		assert.ErrorIs(t, err, nardy.ErrInvalidRules, "rules of variant %d", v)
		assert.NotErrorIs(t, err, nardy.ErrInvalidPosition, "rules of variant %d", v)
		assert.Equal(t, r.Validate().Error(), errors.Unwrap(err).Error(), "the message Validate gives, variant %d", v)
		_, err = json.Marshal(nardy.Record{Rules: r})
		assert.ErrorIs(t, err, nardy.ErrInvalidRules, "a record's rules of variant %d", v)
		_, err = v.MarshalText()
		assert.ErrorIs(t, err, nardy.ErrInvalidPosition, "variant %d alone", v)
	}
}

// TestActionErrorSaysNardyOnce: a refused action's message names the
// package once, where the reason's own "nardy: " followed the action's
// (helper-79: "nardy: action refused: undo by white in phase play: nardy:
// illegal play: no step to undo").
func TestActionErrorSaysNardyOnce(t *testing.T) {
	g, err := nardy.NewGame(nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	_, err = g.Do(nardy.Action{Kind: nardy.ActUndo, Player: nardy.White})
	require.Error(t, err)
	assert.Equal(t, 1, strings.Count(err.Error(), "nardy:"), err.Error())
	assert.True(t, strings.HasPrefix(err.Error(), "nardy: action refused: undo by white in phase play: "), err.Error())
	assert.ErrorIs(t, err, nardy.ErrIllegalPlay)
}

// TestSentinelsNameTheirPackage: the text of every exported sentinel error
// of the module's library packages (an Err… made with errors.New) starts
// with its package's name, "nardy: …", "analysis: …", so that an error
// passed up through another package still says where it comes from (a
// stranger found errors of xgid, gnubg, neural and the example server
// starting with a bare "action not possible now: …": ErrWrongPhase,
// ErrNotYourTurn and ErrRecordFull lacked the prefix). The sentinels are
// read from the source, so that a new one is checked too.
func TestSentinelsNameTheirPackage(t *testing.T) {
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "cmd" || name == "examples") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" {
			return nil
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !strings.HasPrefix(name.Name, "Err") || i >= len(vs.Values) {
						continue
					}
					call, ok := vs.Values[i].(*ast.CallExpr)
					if !ok {
						continue
					}
					if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "New" || len(call.Args) != 1 {
						continue
					}
					lit, ok := call.Args[0].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					text, err := strconv.Unquote(lit.Value)
					require.NoError(t, err)
					checked++
					assert.True(t, strings.HasPrefix(text, f.Name.Name+": "), "%s: %s.%s is %q", path, f.Name.Name, name.Name, text)
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, checked, 20, "sentinels found")
}

// TestSentinelTextsSayTheirPackageOnce: errors built from two of nardy's
// sentinels, or passed up through another package, do not say "nardy: "
// twice in a row (Game.Legal of a finished game matches ErrGameOver and
// ErrWrongPhase).
func TestSentinelTextsSayTheirPackageOnce(t *testing.T) {
	g, err := nardy.NewGame(nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActResign, Player: nardy.White, Resign: nardy.Oin})
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActAccept, Player: nardy.Black})
	require.NoError(t, err)
	require.Equal(t, nardy.PhaseOver, g.Phase())
	_, err = g.Legal()
	require.ErrorIs(t, err, nardy.ErrGameOver)
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.Equal(t, 1, strings.Count(err.Error(), "nardy:"), err.Error())
	_, err = analysis.HintFor(g, [2]int{}, analysis.Options{})
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.True(t, strings.HasPrefix(err.Error(), "analysis: "), err.Error())
	assert.NotContains(t, err.Error(), "nardy: game is over: nardy:", "said twice in a row")
}
