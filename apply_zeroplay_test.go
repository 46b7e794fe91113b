package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestC3_ApplyRefusesTheZeroPlayAsGamePlayDoes: the zero Play is no play
// of any roll (C3). Rules.Apply refuses it on a valid position with a
// *RuleError of C3 that names the zero Play and matches ErrIllegalPlay, as
// Game.Play refuses it, and not with the error of the zero Roll
// (ErrInvalidRoll, "build one with NewRoll"): the caller gave no roll. An
// invalid position, rules of no variant or a position of the other variant
// are still refused first, with their own errors, as for any play.
func TestC3_ApplyRefusesTheZeroPlayAsGamePlayDoes(t *testing.T) {
	for _, v := range []Variant{Long, Short} {
		r := DefaultRules(v)
		pos := mustPosition(StartPosition(v, White))
		after, err := r.Apply(pos, Play{})
		require.Error(t, err, "%v", v)
		assert.Equal(t, Position{}, after)
		assert.ErrorIs(t, err, ErrIllegalPlay, "%v", v)
		assert.NotErrorIs(t, err, ErrInvalidRoll, "%v: no roll was given", v)
		var re *RuleError
		require.ErrorAs(t, err, &re, "%v", v)
		assert.Equal(t, "C3", re.Rule)
		assert.Contains(t, err.Error(), "zero Play")

		// The game's refusal of the same play names the same rule.
		g := gmOpen(t, r, 3, 1)
		if g.Phase() == PhaseRoll { // C2 Reroll: the winner rolls afresh
			g, err = g.SetDice(MustRoll(3, 1))
			require.NoError(t, err)
		}
		require.Equal(t, PhasePlay, g.Phase())
		_, gerr := g.Play(Play{})
		var gre *RuleError
		require.ErrorAs(t, gerr, &gre)
		assert.Equal(t, re.Rule, gre.Rule)
	}
	// The inputs' own errors come first.
	_, err := DefaultRules(Long).Apply(Position{}, Play{})
	assert.ErrorIs(t, err, ErrInvalidPosition)
	_, err = Rules{}.Apply(mustPosition(StartPosition(Long, White)), Play{})
	assert.ErrorIs(t, err, ErrInvalidRules)
	_, err = DefaultRules(Short).Apply(mustPosition(StartPosition(Long, White)), Play{})
	assert.ErrorIs(t, err, ErrVariantMismatch)
}
