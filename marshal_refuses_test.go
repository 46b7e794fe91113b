package nardy

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestCubeMarshalJSONRefusesWhatNoGameHolds_S6: Cube.MarshalJSON refuses a
// cube that NewGameAt refuses under rules allowing the largest cube (a
// value not a power of two in 1..2^20, owned at 1, centred above 1, an
// owner that is no colour), with a *PositionError matching
// ErrInvalidPosition as NewGameAt's, and writes every cube NewGameAt takes
// and the zero Cube (a Setup's cube centred at 1). Cube{Value: 3} was
// written.
func TestCubeMarshalJSONRefusesWhatNoGameHolds_S6(t *testing.T) {
	r := DefaultRules(Short)
	r.MaxCube = 1 << 20
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	// Fixed cases besides rapid's draws: centred above 1 at its smallest,
	// a value of 0 that is not the zero Cube, and the one negative value
	// whose bits pass the power-of-two test (math.MinInt & (math.MinInt-1)
	// is 0).
	for _, c := range []Cube{{Value: 3}, {Value: 4}, {Value: 1, Owned: true}, {Value: 128 << 20, Owned: true},
		{Value: 2}, {Value: 0, Owned: true}, {Value: 0, Owner: Black}, {Value: math.MinInt, Owned: true}} {
		_, err := json.Marshal(c)
		assert.ErrorIs(t, err, ErrInvalidPosition, "%+v", c)
	}
	rapid.Check(t, func(t *rapid.T) {
		c := Cube{Value: rapid.SampledFrom([]int{-4, -1, 0, 1, 2, 3, 6, 64, 96, 1 << 20, 1 << 21}).Draw(t, "value"),
			Owned: rapid.Bool().Draw(t, "owned"), Owner: Color(rapid.IntRange(0, 3).Draw(t, "owner"))}
		if rapid.Bool().Draw(t, "zero") {
			c = Cube{}
		}
		_, gameErr := NewGameAt(r, Setup{Position: pos, Cube: c})
		b, err := json.Marshal(c)
		if gameErr != nil {
			require.Error(t, err, "%+v, which NewGameAt refuses (%v), written as %s", c, gameErr, b)
			assert.ErrorIs(t, err, ErrInvalidPosition)
			var pe *PositionError
			if assert.ErrorAs(t, err, &pe) {
				assert.Equal(t, "S6", pe.Rule)
			}
			return
		}
		require.NoError(t, err, "%+v, which NewGameAt takes", c)
		var back Cube
		require.NoError(t, json.Unmarshal(b, &back))
		if !c.Owned {
			c.Owner = White // a centred cube's owner is not written
		}
		assert.Equal(t, c, back)
	})
}

// TestRulesMarshalJSONRefusesWhatValidateRefuses: Rules.MarshalJSON
// refuses a rule set Validate refuses, with Validate's error (an
// *InvalidRulesError naming the option), where it wrote the zero Rules
// alone off: a cube limit of 3 or a table scoring −5 were written, and
// UnmarshalJSON refused them. What it writes reads back as the rule set.
func TestRulesMarshalJSONRefusesWhatValidateRefuses(t *testing.T) {
	for _, c := range []struct {
		option string
		change func(r *Rules)
	}{
		{"max_cube", func(r *Rules) { r.Cube, r.MaxCube = true, 3 }},
		{"scoring", func(r *Rules) { r.Scoring.Oin = -5 }},
		{"scoring", func(r *Rules) { r.Scoring.DrawHalf = true }},
		{"cube", func(r *Rules) { r.Crawford = true }},
		{"next_game_starter", func(r *Rules) { r.NextGameStarter = 9 }},
		{"variant", func(r *Rules) { *r = Rules{} }},
	} {
		r := DefaultRules(Long)
		c.change(&r)
		_, err := json.Marshal(r)
		var re *InvalidRulesError
		if assert.ErrorAs(t, err, &re, "%+v", r) {
			assert.Equal(t, c.option, re.Option)
			assert.ErrorIs(t, err, ErrInvalidRules)
		}
	}
	r := DefaultRules(Short)
	r.TransientBlock = true // MarshalJSON left it out of short nardy's JSON
	_, err := json.Marshal(r)
	assert.ErrorIs(t, err, ErrInvalidRules)
}

// TestRulesMarshalJSONWritesWhatValidateTakes: of rule sets with any
// values, MarshalJSON writes those Validate takes, which read back as
// themselves into the zero Rules, and refuses the others.
func TestRulesMarshalJSONWritesWhatValidateTakes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := Rules{Variant: Variant(rapid.IntRange(0, 3).Draw(t, "variant")),
			HeadException: HeadException(rapid.IntRange(0, 3).Draw(t, "head")), TransientBlock: rapid.Bool().Draw(t, "transient"),
			BlockAhead: BlockAhead(rapid.IntRange(0, 2).Draw(t, "ahead")), OpeningRoll: OpeningRoll(rapid.IntRange(0, 2).Draw(t, "opening")),
			Cube: rapid.Bool().Draw(t, "cube"), MaxCube: rapid.SampledFrom([]int{0, 1, 2, 3, 64}).Draw(t, "max"),
			Jacoby: rapid.Bool().Draw(t, "jacoby"), Crawford: rapid.Bool().Draw(t, "crawford"),
			Scoring: Scoring{Oin: rapid.IntRange(-1, 2).Draw(t, "oin"), Mars: rapid.IntRange(0, 3).Draw(t, "mars"),
				Koks: rapid.IntRange(0, 4).Draw(t, "koks"), DrawHalf: rapid.Bool().Draw(t, "half")},
			NextGameStarter: NextGameStarter(rapid.IntRange(0, 3).Draw(t, "next")), LastRollDraw: rapid.Bool().Draw(t, "last")}
		b, err := json.Marshal(r)
		if r.Validate() != nil {
			require.ErrorIs(t, err, ErrInvalidRules, "%+v written as %s", r, b)
			return
		}
		require.NoError(t, err)
		var back Rules
		require.NoError(t, json.Unmarshal(b, &back), "%s", b)
		assert.Equal(t, r, back)
	})
}
