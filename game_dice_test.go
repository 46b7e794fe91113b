package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDiceOutOfRangeRefused_C1: a die is a six-sided die (C1): an opening
// throw or a roll with either die 7, or either die 0 beside a real one,
// is refused with ErrInvalidRoll and the game is unchanged, whichever of
// the two dice is wrong.
func TestDiceOutOfRangeRefused_C1(t *testing.T) {
	opening, err := NewGame(DefaultRules(Long))
	require.NoError(t, err)
	roll, err := opening.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	require.Equal(t, PhaseRoll, roll.Phase())
	for _, d := range [][2]int{{7, 1}, {1, 7}, {7, 7}, {0, 3}, {3, 0}, {6, 7}, {7, 6}} {
		for _, c := range []struct {
			g Game
			a Action
		}{
			{opening, Action{Kind: ActOpening, Dice: d}},
			{roll, Action{Kind: ActRoll, Player: White, Dice: d}},
		} {
			got, err := c.g.Do(c.a)
			assert.ErrorIs(t, err, ErrInvalidRoll, "%v", c.a)
			assert.ErrorIs(t, err, ErrActionRefused, "%v", c.a)
			assert.Equal(t, c.g, got, "%v: the game is unchanged", c.a)
		}
	}
}

// TestRollFromABrokenSourceSaysSo_C1: Game.Roll, Match.Roll and
// Recorder.Roll from a source that throws 0s (a nil *SeededDice does) or
// 7s refuse the throw with ErrInvalidRoll and a message that blames the
// source, as Throw's does. Game.Roll said "no dice (a bot's ActRoll
// carries none: throw them with Game.Roll)" of a source's 0-0: advice to
// call what the caller had called.
func TestRollFromABrokenSourceSaysSo_C1(t *testing.T) {
	opening, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	rolled, err := opening.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	plays, err := rolled.Legal()
	require.NoError(t, err)
	onRoll, err := rolled.Play(plays[0])
	require.NoError(t, err)
	var nilSeeded *SeededDice
	for _, src := range []DiceSource{nilSeeded, constDice(0), constDice(7)} {
		for _, g := range []Game{opening, onRoll} {
			got, _, err := g.Roll(src)
			assert.ErrorIs(t, err, ErrInvalidRoll, "%T", src)
			assert.ErrorIs(t, err, ErrActionRefused, "%T", src)
			assert.ErrorContains(t, err, "the dice source gave an impossible throw", "%T", src)
			assert.NotContains(t, err.Error(), "throw them with Game.Roll", "%T", src)
			assert.Equal(t, g, got, "the game is unchanged")
		}
		m, err := NewMatch(DefaultRules(Short), 3)
		require.NoError(t, err)
		_, _, err = m.Roll(src)
		assert.ErrorContains(t, err, "the dice source gave an impossible throw", "%T", src)
		rc, err := NewRecorder(DefaultRules(Long), 0, nil)
		require.NoError(t, err)
		err = rc.Roll(src)
		assert.ErrorContains(t, err, "the dice source gave an impossible throw", "%T", src)
		assert.Empty(t, rc.Record().Actions)
	}
}
