package nardy

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestRulesJSONOtherVariantTakesItsDefaults_S5_L8_L11: rules JSON of
// another variant than the rules it is read onto reads the parts that
// belong to one game from that variant's defaults, as UnmarshalJSON says:
// the long-nardy options and the scoring table (the kinds given replacing
// its own); the options both games have keep their values. Before, the
// long-nardy table stayed: {"variant":"short"} onto rules with a ½–½ draw
// or a home mars was refused, and onto the default long-nardy table read
// as short nardy without backgammons.
func TestRulesJSONOtherVariantTakesItsDefaults_S5_L8_L11(t *testing.T) {
	long := func(f func(r *Rules)) Rules {
		r := Rules{Variant: Long, TransientBlock: true, Scoring: Scoring{Oin: 1, Mars: 2}}
		f(&r)
		return r
	}
	drawHalf := long(func(r *Rules) { r.LastRollDraw, r.Scoring.DrawHalf = true, true })
	homeMars := long(func(r *Rules) { r.Scoring = Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4} })
	literal := long(func(r *Rules) {
		r.HeadException, r.BlockAhead, r.OpeningRoll, r.NextGameStarter = Literal, OpponentHome, UseOpeningDice, AlternateStarts
	})
	standard := Scoring{Oin: 1, Mars: 2, Koks: 3} // S5: single, gammon, backgammon
	for _, c := range []struct {
		name string
		onto Rules
		json string
		want Rules
	}{
		{"a draw of half a point", drawHalf, `{"variant":"short"}`,
			Rules{Variant: Short, Scoring: standard}},
		{"a home mars", homeMars, `{"variant":"short"}`,
			Rules{Variant: Short, Scoring: standard}},
		{"the default long table", long(func(*Rules) {}), `{"variant":"short"}`,
			Rules{Variant: Short, Scoring: standard}},
		{"options both games have are kept", literal, `{"variant":"short","cube":true}`,
			Rules{Variant: Short, Cube: true, OpeningRoll: UseOpeningDice, NextGameStarter: AlternateStarts, Scoring: standard}},
		{"the kinds given replace the default's", homeMars, `{"variant":"short","scoring":{"gammon":3}}`,
			Rules{Variant: Short, Scoring: Scoring{Oin: 1, Mars: 3, Koks: 3}}},
		{"short onto long: L5's transient block and the long table", Rules{Variant: Short, OpeningRoll: UseOpeningDice,
			Cube: true, Crawford: true, Scoring: standard}, `{"variant":"long"}`,
			Rules{Variant: Long, TransientBlock: true, OpeningRoll: UseOpeningDice, Cube: true, Crawford: true,
				Scoring: Scoring{Oin: 1, Mars: 2}}},
		{"the same variant keeps the table", homeMars, `{"variant":"long","cube":true}`,
			long(func(r *Rules) { r.Cube, r.Scoring = true, Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4} })},
		{"no variant keeps the table", drawHalf, `{"cube":true}`,
			long(func(r *Rules) { r.Cube, r.LastRollDraw, r.Scoring.DrawHalf = true, true, true })},
		{"a whole long table without draw_half has a 1-1 draw", drawHalf, `{"scoring":{"oin":1,"mars":2,"home_mars":0,"koks":3}}`,
			long(func(r *Rules) { r.LastRollDraw, r.Scoring = true, Scoring{Oin: 1, Mars: 2, Koks: 3} })},
		{"a whole table in short words has no home mars", homeMars, `{"scoring":{"single":1,"gammon":2,"backgammon":3}}`,
			long(func(r *Rules) { r.Scoring = standard })},
		{"a table in part keeps the rest", homeMars, `{"scoring":{"oin":1,"mars":2,"koks":5}}`,
			long(func(r *Rules) { r.Scoring = Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 5} })},
		// Short words in part are no whole table either: the home mars and
		// the ½–½ draw not named are kept.
		{"a table in part in short words keeps the home mars", homeMars, `{"scoring":{"single":1,"gammon":3}}`,
			long(func(r *Rules) { r.Scoring = Scoring{Oin: 1, Mars: 3, HomeMars: 3, Koks: 4} })},
		{"a table in part in short words keeps the draw", drawHalf, `{"scoring":{"single":1,"backgammon":3}}`,
			long(func(r *Rules) { r.LastRollDraw, r.Scoring = true, Scoring{Oin: 1, Mars: 2, Koks: 3, DrawHalf: true} })},
	} {
		r := c.onto
		if assert.NoError(t, json.Unmarshal([]byte(c.json), &r), c.name) {
			assert.Equal(t, c.want, r, c.name)
		}
	}
}

// genJSONRules draws a valid rule set of either game with any of its
// options, its scoring table among them (the zero table too).
func genJSONRules() *rapid.Generator[Rules] {
	return rapid.Custom(func(t *rapid.T) Rules {
		r := Rules{Variant: rapid.SampledFrom([]Variant{Long, Short}).Draw(t, "variant"),
			OpeningRoll:     OpeningRoll(rapid.IntRange(0, 1).Draw(t, "opening")),
			NextGameStarter: NextGameStarter(rapid.IntRange(0, 2).Draw(t, "next"))}
		if r.Cube = rapid.Bool().Draw(t, "cube"); r.Cube {
			r.Jacoby, r.Beavers, r.Crawford = rapid.Bool().Draw(t, "jacoby"), rapid.Bool().Draw(t, "beavers"), rapid.Bool().Draw(t, "crawford")
			r.MaxCube = rapid.SampledFrom([]int{0, 2, 64, 1 << 20}).Draw(t, "max")
		}
		if r.Variant == Long {
			r.HeadException = HeadException(rapid.IntRange(0, 2).Draw(t, "head"))
			r.TransientBlock = rapid.Bool().Draw(t, "transient")
			r.BlockAhead = BlockAhead(rapid.IntRange(0, 1).Draw(t, "ahead"))
			r.LastRollDraw = rapid.Bool().Draw(t, "lastroll")
		}
		if rapid.Bool().Draw(t, "table") {
			s := &r.Scoring
			s.Oin = rapid.IntRange(1, 4).Draw(t, "oin")
			if rapid.Bool().Draw(t, "mars") {
				s.Mars = rapid.IntRange(s.Oin, 8).Draw(t, "marspoints")
			}
			least := max(s.Oin, s.Mars)
			if r.Variant == Long && rapid.Bool().Draw(t, "homemars") {
				s.HomeMars = rapid.IntRange(least, 16).Draw(t, "homemarspoints")
			}
			if rapid.Bool().Draw(t, "koks") {
				s.Koks = rapid.IntRange(least, 16).Draw(t, "kokspoints")
			}
			s.DrawHalf = r.LastRollDraw && rapid.Bool().Draw(t, "half")
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("the generator drew invalid rules %+v: %v", r, err)
		}
		return r
	})
}

// TestRulesJSONReadsAsWrittenOntoAnyRules: the JSON MarshalJSON writes
// reads as the rule set it was written from onto any valid rules, of
// either game, as UnmarshalJSON says: the parts of one game follow the
// variant read, and a whole scoring table has no home mars or ½–½ draw
// it does not name (a long-nardy table left r's ½–½ draw, which its JSON
// leaves out, in place).
func TestRulesJSONReadsAsWrittenOntoAnyRules(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		written, onto := genJSONRules().Draw(t, "written"), genJSONRules().Draw(t, "onto")
		b, err := json.Marshal(written)
		require.NoError(t, err)
		r := onto
		require.NoError(t, json.Unmarshal(b, &r), "%s onto %+v", b, onto)
		assert.Equal(t, written, r, "%s onto %+v", b, onto)
	})
}

// TestRulesJSONScoringNotAnObjectNamed: a scoring table of the wrong JSON
// type is named "scoring", as encoding/json names a value, not "scoring."
// (the path of no field).
func TestRulesJSONScoringNotAnObjectNamed(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"scoring":[]}`, "scoring: want an object, not a JSON array"},
		{`{"scoring":"x"}`, "scoring: want an object, not a JSON string"},
		{`{"scoring":{"koks":true}}`, "scoring.koks: want a whole number, not a JSON bool"},
	} {
		r := DefaultRules(Long)
		err := json.Unmarshal([]byte(c.json), &r)
		var re *InvalidRulesError
		if assert.ErrorAs(t, err, &re, c.json) {
			assert.Equal(t, "scoring", re.Option, c.json)
			assert.Equal(t, c.want, re.Msg, c.json)
		}
	}
}
