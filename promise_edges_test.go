package nardy

import (
	"encoding"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests of promises of doc comments written in sessions 50–52 that a
// mutation round (helper 171) found no test holding: each was seen to
// fail with the code changed to break the promise.

// TestCubeMarshalJSONWritesTheLargestCube_S6: Cube.MarshalJSON refuses
// only a cube no game holds under any rules, a value not a power of two
// in 1..2^20 (the largest Rules.MaxCube): an owned cube of 2^20, which
// NewGameAt takes under rules whose limit is 2^20, is written and reads
// back; 2^21 is refused as NewGameAt refuses it.
func TestCubeMarshalJSONWritesTheLargestCube_S6(t *testing.T) {
	r := DefaultRules(Short)
	r.MaxCube = 1 << 20
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	largest := Cube{Value: 1 << 20, Owned: true, Owner: Black}
	_, err = NewGameAt(r, Setup{Position: pos, Cube: largest})
	require.NoError(t, err, "a game holds the cube of its limit")
	b, err := json.Marshal(largest)
	require.NoError(t, err)
	var back Cube
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, largest, back)

	over := Cube{Value: 1 << 21, Owned: true, Owner: Black}
	_, err = json.Marshal(over)
	assert.ErrorIs(t, err, ErrInvalidPosition)
}

// TestRulesJSONLongOntoShortRulesTakesLongDefaults_L4_L5_L11: JSON of
// long nardy read onto short-nardy rules (not the zero Rules) reads the
// long-nardy options it leaves out as long nardy's defaults (L4's head
// exception, L5's transient block and reading of "ahead", no L11 draw),
// "as if r had that variant's defaults", whatever r held in those fields,
// and keeps r's values of the options both games have. The r here holds
// long-nardy options Validate refuses in short nardy (a caller's struct
// built in parts): they are not read into the long rules.
func TestRulesJSONLongOntoShortRulesTakesLongDefaults_L4_L5_L11(t *testing.T) {
	onto := Rules{Variant: Short, HeadException: Literal, TransientBlock: false, BlockAhead: OpponentHome,
		LastRollDraw: true, OpeningRoll: UseOpeningDice, Cube: true, Scoring: Scoring{Oin: 1, Mars: 2, Koks: 3}}
	r := onto
	require.NoError(t, json.Unmarshal([]byte(`{"variant":"long"}`), &r))
	d := DefaultRules(Long)
	assert.Equal(t, d.HeadException, r.HeadException, "L4")
	assert.Equal(t, d.TransientBlock, r.TransientBlock, "L5 transient")
	assert.Equal(t, d.BlockAhead, r.BlockAhead, "L5 ahead")
	assert.Equal(t, d.LastRollDraw, r.LastRollDraw, "L11")
	assert.Equal(t, d.Scoring, r.Scoring, "the long table")
	assert.Equal(t, Long, r.Variant)
	assert.True(t, r.Cube, "an option both games have keeps r's value")
	assert.Equal(t, UseOpeningDice, r.OpeningRoll, "an option both games have keeps r's value")
}

// TestRulesJSONWholeShortTableWithHomeMarsHasNoDraw_L8_L11: a scoring
// table given whole in short nardy's words is the whole table even with
// long nardy's "home_mars" beside it (either game's words are read): the
// ½–½ draw of L11 it does not name ("draw_half") is not kept from the
// rules it is read onto, as for the whole table without home_mars.
func TestRulesJSONWholeShortTableWithHomeMarsHasNoDraw_L8_L11(t *testing.T) {
	onto := Rules{Variant: Long, TransientBlock: true, LastRollDraw: true,
		Scoring: Scoring{Oin: 1, Mars: 2, DrawHalf: true}}
	for _, c := range []struct {
		json string
		want Scoring
	}{
		{`{"scoring":{"single":1,"gammon":2,"backgammon":4}}`, Scoring{Oin: 1, Mars: 2, Koks: 4}},
		{`{"scoring":{"single":1,"gammon":2,"backgammon":4,"home_mars":3}}`, Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}},
		{`{"scoring":{"home_mars":3,"single":1,"gammon":2,"backgammon":4,"draw_half":true}}`,
			Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4, DrawHalf: true}},
	} {
		r := onto
		if assert.NoError(t, json.Unmarshal([]byte(c.json), &r), c.json) {
			assert.Equal(t, c.want, r.Scoring, c.json)
			assert.True(t, r.LastRollDraw, "%s: L11's draw itself is kept", c.json)
		}
	}
}

// TestRuleOptionStringsOfEveryValue: the String of a rule option
// (HeadException, BlockAhead, OpeningRoll, NextGameStarter) is, for each
// of the 256 values of its byte, the name MarshalText writes for a value
// it names, and "invalid(N)" for every other, as their doc comments say:
// no value panics (the largest included).
func TestRuleOptionStringsOfEveryValue(t *testing.T) {
	for v := range 256 {
		for _, o := range []interface {
			fmt.Stringer
			encoding.TextMarshaler
		}{HeadException(v), BlockAhead(v), OpeningRoll(v), NextGameStarter(v)} {
			var got string
			require.NotPanics(t, func() { got = o.String() }, "%T(%d)", o, v)
			if text, err := o.MarshalText(); err == nil {
				assert.Equal(t, string(text), got, "%T(%d)", o, v)
			} else {
				assert.ErrorIs(t, err, ErrInvalidRules, "%T(%d)", o, v)
				assert.Equal(t, fmt.Sprintf("invalid(%d)", v), got, "%T(%d)", o, v)
			}
		}
	}
}
