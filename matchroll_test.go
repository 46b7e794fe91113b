package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatchRoll: Match.Roll throws as Game.Roll and performs as Match.Do
// (its doc): a 3-point match played with it is the match played by
// throwing with its game and doing the action, throw for throw; it refuses
// a throw with no dice, in the play phase, in the zero Match and after the
// end, the match unchanged.
func TestMatchRoll(t *testing.T) {
	r := DefaultRules(Short)
	byRoll, err := NewMatch(r, 3)
	require.NoError(t, err)
	byHand := byRoll
	d1, d2 := NewSeededDice(7), NewSeededDice(7)
	throws := 0
	for !byRoll.IsOver() {
		require.Less(t, throws, 5000, "the match never ends")
		switch byRoll.Game().Phase() {
		case PhaseOpening, PhaseRoll:
			throws++
			var a1, a2 Action
			byRoll, a1, err = byRoll.Roll(d1)
			require.NoError(t, err)
			_, a2, err = byHand.Game().Roll(d2)
			require.NoError(t, err)
			byHand, err = byHand.Do(a2)
			require.NoError(t, err)
			require.Equal(t, a2, a1)
		case PhasePlay:
			_, _, err := byRoll.Roll(d1)
			require.ErrorIs(t, err, ErrWrongPhase, "a throw while a roll is played")
			plays, err := byRoll.Game().Legal()
			require.NoError(t, err)
			byRoll, err = byRoll.Do(plays[len(plays)-1].Action())
			require.NoError(t, err)
			byHand, err = byHand.Do(plays[len(plays)-1].Action())
			require.NoError(t, err)
		default:
			t.Fatalf("phase %s: nobody doubles", byRoll.Game().Phase())
		}
		require.Equal(t, byHand, byRoll)
	}
	assert.Greater(t, throws, 40)
	n, a, err := byRoll.Roll(d1)
	assert.ErrorIs(t, err, ErrGameOver, "after the end")
	assert.Equal(t, byRoll, n)
	assert.Zero(t, a)

	_, _, err = Match{}.Roll(d1)
	assert.ErrorIs(t, err, ErrWrongPhase, "the zero Match")
	assert.ErrorIs(t, err, ErrActionRefused)

	m, err := NewMatch(r, 3)
	require.NoError(t, err)
	n, _, err = m.Roll(nil)
	assert.ErrorIs(t, err, ErrInvalidRoll, "no dice")
	assert.Equal(t, m, n)
}
