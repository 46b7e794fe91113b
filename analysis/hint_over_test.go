package analysis

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestHintOfAFinishedGameSaysGameOver_C7: a finished game has no hint, and
// the error says the game is over (nardy.ErrGameOver, as Game.Do and the
// bots say of a finished game), besides ErrWrongPhase as before; the
// opening throw's error does not say so. It said ErrWrongPhase alone.
func TestHintOfAFinishedGameSaysGameOver_C7(t *testing.T) {
	pos, err := nardy.ParsePosition("short w 1000000000000000000000000e/00000d00000000000000000020")
	require.NoError(t, err)
	g, err := nardy.NewGameAt(nardy.DefaultRules(nardy.Short), nardy.Setup{Position: pos})
	require.NoError(t, err)
	g, err = g.SetDice(nardy.MustRoll(2, 1))
	require.NoError(t, err)
	plays, err := g.Legal()
	require.NoError(t, err)
	g, err = g.Play(plays[0])
	require.NoError(t, err)
	require.True(t, g.IsOver(), "the last checker off, against checkers on the bar")

	_, err = HintFor(g, [2]int{}, Options{})
	require.ErrorIs(t, err, nardy.ErrGameOver)
	assert.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.Contains(t, err.Error(), "analysis: no hint")

	_, err = HintFor(shortGameAt(t, 0, [2]int{3, 3}), [2]int{}, Options{}) // equal opening dice: the opening goes on
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.NotErrorIs(t, err, nardy.ErrGameOver)
}
