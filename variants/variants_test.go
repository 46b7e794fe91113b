package variants

import (
	"encoding/json"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAllPresets(t *testing.T) {
	all := All()
	require.NotEmpty(t, all)
	names := Names()
	assert.True(t, slices.IsSorted(names))
	assert.Len(t, slices.Compact(slices.Clone(names)), len(all), "names are unique")
	for _, p := range all {
		assert.NoError(t, p.Rules.Validate(), p.Name)
		assert.NotEmpty(t, p.Source, p.Name)
		got, err := Lookup(p.Name)
		require.NoError(t, err)
		assert.Equal(t, p, got)
		// Every preset plays: a game starts under it.
		_, err = nardy.NewGame(p.Rules)
		assert.NoError(t, err, p.Name)
	}
	_, err := Lookup("long-nonsense")
	assert.ErrorIs(t, err, nardy.ErrInvalidRules)
	var re *nardy.InvalidRulesError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "preset", re.Option)
	// A name of a megabyte is quoted cut (it was quoted whole: helper-77).
	_, err = Lookup("long-" + strings.Repeat("x", 1<<20))
	require.ErrorIs(t, err, nardy.ErrInvalidRules)
	assert.Less(t, len(err.Error()), 1000)
	assert.Contains(t, err.Error(), `"long-xxx`)
}

// TestPresetOptions checks each preset against the options its source
// names (docs/rules.md L5, L8-L10, S5-S7).
func TestPresetOptions(t *testing.T) {
	m := LongMoscow()
	assert.Equal(t, nardy.Long, m.Variant)
	assert.True(t, m.TransientBlock)
	assert.False(t, m.Cube, "federation matches have no cube")
	assert.Equal(t, nardy.WinnerStarts, m.NextGameStarter)
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2}, m.Scoring)
	assert.Equal(t, nardy.Reroll, m.OpeningRoll, "Moscow: the winner of the opening throws both dice")

	c := LongClassic()
	assert.False(t, c.TransientBlock, "the Turkish article, art. 3.5")
	assert.Equal(t, nardy.AlternateStarts, c.NextGameStarter, "the Turkish article, art. 1.4")
	assert.False(t, c.LastRollDraw, "available, off by default")
	c.LastRollDraw = true
	assert.NoError(t, c.Validate())

	l := LongAzerbaijani()
	assert.Equal(t, nardy.OpponentHome, l.BlockAhead)
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}, l.Scoring)
	assert.Equal(t, nardy.Reroll, l.OpeningRoll, "the Azerbaijani article's main rule")

	s := ShortStandard()
	assert.True(t, s.Cube)
	assert.True(t, s.Jacoby)
	assert.True(t, s.Crawford)
	assert.Equal(t, 64, s.MaxCube)
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2, Koks: 3}, s.Scoring)
	assert.Equal(t, nardy.UseOpeningDice, s.OpeningRoll)

	tv := ShortTavla()
	assert.False(t, tv.Cube, "S7: no cube")
	assert.Equal(t, 2, tv.Scoring.Mars)
	assert.False(t, tv.Scoring.Uses(nardy.Koks), "S7: no koks")

	assert.Equal(t, 4, KolaScoring().HomeMars)
	assert.Equal(t, 3, KolaScoring().Koks)
	assert.Equal(t, 4, AzerbaijaniScoring().Koks)
	assert.Equal(t, 3, BackgammonScoring().Koks)
	assert.Equal(t, TavlaScoring(), FederationScoring())
}

// TestPresetsAreFresh: changing a returned preset changes no other caller's.
func TestPresetsAreFresh(t *testing.T) {
	a := ShortStandard()
	a.Cube = false
	assert.True(t, ShortStandard().Cube)
	all := All()
	all[0].Rules.MaxCube = 2
	assert.NotEqual(t, 2, All()[0].Rules.MaxCube)
}

func TestRulesValidateUserRules_S6(t *testing.T) {
	r := ShortStandard()
	r.Cube = false
	assert.ErrorIs(t, r.Validate(), nardy.ErrInvalidRules, "jacoby without the cube")
	r = ShortTavla()
	r.Beavers = true
	assert.ErrorIs(t, r.Validate(), nardy.ErrInvalidRules, "beavers without the cube")
	r = LongMoscow()
	r.Cube, r.MaxCube = true, 16
	assert.NoError(t, r.Validate(), "long nardy with a cube is a valid choice")
	r.MaxCube = 12
	assert.ErrorIs(t, r.Validate(), nardy.ErrInvalidRules)
	r = ShortStandard()
	r.TransientBlock = true
	assert.ErrorIs(t, r.Validate(), nardy.ErrInvalidRules)
	r = LongClassic()
	r.Scoring.DrawHalf = true
	assert.ErrorIs(t, r.Validate(), nardy.ErrInvalidRules, "a draw's points without the draw (L11)")
	r.LastRollDraw = true
	assert.NoError(t, r.Validate(), "½–½ for money play")
}

// TestNameOf: the name of every preset is found again from its rules, also
// after the rules' JSON round trip (as in a record) and with defaults left
// at zero; rules that are no preset's have no name.
func TestNameOf(t *testing.T) {
	for _, p := range All() {
		assert.Equal(t, p.Name, NameOf(p.Rules))
		b, err := json.Marshal(p.Rules)
		require.NoError(t, err)
		var back nardy.Rules
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, p.Name, NameOf(back), "%s after JSON", p.Name)
	}
	r := LongMoscow()
	r.Scoring = nardy.Scoring{}
	assert.Equal(t, "long-moscow", NameOf(r), "the zero table is the default one")
	r = ShortStandard()
	r.MaxCube = 0
	assert.Equal(t, "short-standard", NameOf(r), "MaxCube 0 is the default limit")
	r.MaxCube = 16
	assert.Empty(t, NameOf(r), "a custom cube limit")
	r = LongAzerbaijani()
	r.LastRollDraw = true
	assert.Empty(t, NameOf(r), "a custom rule set")
	assert.Empty(t, NameOf(nardy.Rules{}))
}

// TestPresetsPlayMatches plays a match of every preset through the public
// API (seeded dice, the first legal play) and replays its record.
func TestPresetsPlayMatches(t *testing.T) {
	for _, p := range All() {
		seed := uint64(len(p.Name))
		rc, err := nardy.NewRecorder(p.Rules, 3, &seed)
		require.NoError(t, err)
		src := nardy.NewSeededDice(seed)
		for i := 0; !rc.Match().IsOver(); i++ {
			require.Less(t, i, 100000, p.Name)
			g := rc.Match().Game()
			switch g.Phase() {
			case nardy.PhaseOpening, nardy.PhaseRoll:
				require.NoError(t, rc.Roll(src))
			case nardy.PhasePlay:
				plays, err := g.Legal()
				require.NoError(t, err)
				require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActPlay, Player: g.Position().OnRoll(),
					Steps: slices.Collect(plays[i%len(plays)].Steps())}))
			default:
				t.Fatalf("%s: phase %s", p.Name, g.Phase())
			}
		}
		m, err := nardy.Replay(rc.Record())
		require.NoError(t, err, p.Name)
		assert.Equal(t, rc.Match(), m, p.Name)
		w, b := m.Score()
		assert.GreaterOrEqual(t, max(w, b), 3, p.Name)
	}
}

// TestLongAzerbaijaniOpeningDice: the Azerbaijani article's variant of C2, the
// opening winner moving with the two opening dice, is a preset of its own:
// LongAzerbaijani but for OpeningRoll. Played through the game layer, its first
// roll is the opening throw (never a double); under LongAzerbaijani the winner
// throws again.
func TestLongAzerbaijaniOpeningDice(t *testing.T) {
	p, err := Lookup("long-azerbaijani-opening-dice")
	require.NoError(t, err)
	assert.Equal(t, LongAzerbaijaniOpeningDice(), p.Rules)
	want := LongAzerbaijani()
	want.OpeningRoll = nardy.UseOpeningDice
	assert.Equal(t, want, p.Rules, "LongAzerbaijani but for the opening")

	first := func(r nardy.Rules, seed uint64) (nardy.Roll, [2]int) {
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		src := nardy.NewSeededDice(seed)
		for g.Phase() == nardy.PhaseOpening {
			g, _, err = g.Roll(src)
			require.NoError(t, err)
		}
		if g.Phase() == nardy.PhaseRoll {
			g, _, err = g.Roll(src)
			require.NoError(t, err)
		}
		roll, ok := g.Dice()
		require.True(t, ok)
		w, b, _ := g.Opening()
		return roll, [2]int{w, b}
	}
	differ := false
	for seed := uint64(1); seed <= 40; seed++ {
		roll, opening := first(p.Rules, seed)
		assert.Equal(t, nardy.MustRoll(opening[0], opening[1]), roll, "seed %d", seed)
		assert.False(t, roll.IsDouble())
		roll, opening = first(LongAzerbaijani(), seed)
		differ = differ || roll != nardy.MustRoll(opening[0], opening[1])
	}
	assert.True(t, differ, "LongAzerbaijani rerolls after the opening throw")
}

// TestDocsNameSources: the presets and tables describe their sources by
// what they are, never by the project's internal file names ("seed 001_*"
// means nothing to a user); every exported constant, table and preset of
// the package cites a source (FederationMatchLength, a match length no
// source gives, is gone); and the kola table says which of its values are
// a reading of the Turkish article rather than its text.
func TestDocsNameSources(t *testing.T) {
	internal := regexp.MustCompile(`(?i:\bseeds?\b|\b00[0-9]_)|RULES\.md`)
	sources := regexp.MustCompile(`Moscow|Turkish|Azerbaijani|backgammon`)
	for _, p := range All() {
		assert.NotRegexp(t, internal, p.Source, p.Name)
		assert.Regexp(t, sources, p.Source, p.Name)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "variants.go", nil, parser.ParseComments)
	require.NoError(t, err)
	pkg, err := doc.NewFromFiles(fset, []*ast.File{f}, "github.com/nardylab/nardy/variants")
	require.NoError(t, err)
	assert.NotRegexp(t, internal, pkg.Doc)
	data := map[string]string{} // every exported constant, table and rule set
	for _, c := range pkg.Consts {
		for _, n := range c.Names {
			data[n] = c.Doc
		}
	}
	for _, fn := range pkg.Funcs {
		if res := fn.Decl.Type.Results; res != nil && len(res.List) == 1 {
			if sel, ok := res.List[0].Type.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Rules" || sel.Sel.Name == "Scoring") {
				data[fn.Name] = fn.Doc
			}
		}
	}
	for _, typ := range pkg.Types {
		for _, fn := range typ.Funcs {
			data[fn.Name] = fn.Doc
		}
	}
	assert.Contains(t, data, "LongMoscow")
	assert.Contains(t, data, "KolaScoring")
	for name, d := range data {
		d = strings.Join(strings.Fields(d), " ")
		data[name] = d
		if name == "All" || name == "Lookup" {
			continue // the list of presets, not one
		}
		assert.NotRegexp(t, internal, d, name)
		assert.Regexp(t, sources, d, "%s cites its source", name)
		assert.Regexp(t, `\b[CLS]\d+\b|§\d`, d, "%s cites the rules it sets", name)
	}
	assert.NotContains(t, data, "FederationMatchLength")
	assert.Contains(t, data["KolaScoring"], `"up to 4 points"`)
	assert.Contains(t, data["KolaScoring"], "reading")
}

// TestScoringTables: each table is what its doc comment gives: Federation
// oin 1, mars 2 (L8); Azerbaijani 1, 2, home mars 3, koks 4 (L9); Kola oin
// 1, mars 2, koks 3, home mars 4 (L9, the library's reading); backgammon
// single 1, gammon 2, backgammon 3 (S5); tavla 1, 2, no koks (S7). Kills
// variants.go:36 (Kola's mars 3) and :40 (backgammon's oin 0, gammon 1).
func TestScoringTables(t *testing.T) {
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2}, FederationScoring())
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}, AzerbaijaniScoring())
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2, Koks: 3, HomeMars: 4}, KolaScoring())
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2, Koks: 3}, BackgammonScoring())
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2}, TavlaScoring())
}

// TestLongMoscowLiteral_L4: after White opens 5-5 (one checker from the
// head to its point 4, which is Black's 16), Black's 4-4 on its first
// turn: under LongMoscow (Classic) the lone head checker is stopped by
// White's checker, not by White's head, so only one leaves and plays one
// four (docs/rules.md L4); under LongMoscowLiteral one checker cannot play
// the whole roll, so a second leaves: 24/20(2). LongClassic is the Turkish
// article's rule set, whose note to art. 3.1 is this case (docs/rules.md §5):
// 24/20, three fours lost (it fails with the preset's HeadException
// Literal).
func TestLongMoscowLiteral_L4(t *testing.T) {
	assert.Equal(t, nardy.Classic, LongClassic().HeadException)
	for _, c := range []struct {
		r    nardy.Rules
		want []nardy.Step
	}{
		{LongMoscow(), []nardy.Step{{From: 24, To: 20}}},
		{LongClassic(), []nardy.Step{{From: 24, To: 20}}},
		{LongMoscowLiteral(), []nardy.Step{{From: 24, To: 20}, {From: 24, To: 20}}},
	} {
		g, err := nardy.NewGame(c.r)
		require.NoError(t, err)
		for _, a := range []nardy.Action{
			{Kind: nardy.ActOpening, Dice: [2]int{6, 1}}, // white starts
			{Kind: nardy.ActRoll, Player: nardy.White, Dice: [2]int{5, 5}},
		} {
			g, err = g.Do(a)
			require.NoError(t, err)
		}
		plays, err := g.Legal()
		require.NoError(t, err)
		require.Len(t, plays, 1, "white's 5-5: one checker 24/4")
		g, err = g.Play(plays[0])
		require.NoError(t, err)
		g, err = g.Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.Black, Dice: [2]int{4, 4}})
		require.NoError(t, err)
		plays, err = g.Legal()
		require.NoError(t, err)
		require.Len(t, plays, 1, NameOf(c.r))
		var got []nardy.Step
		for s := range plays[0].Steps() {
			got = append(got, nardy.Step{From: s.From, To: s.To})
		}
		assert.Equal(t, c.want, got, NameOf(c.r))
	}
}
