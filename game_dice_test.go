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
