package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// finishedGame returns a long-nardy game that White has just won by
// bearing off its last checker (C7).
func finishedGame(t *testing.T) Game {
	t.Helper()
	pos := mustPosition(ParsePosition("long w 1000000000000000000000000e/0000000000000000000000a005"))
	g, err := NewGameAt(DefaultRules(Long), Setup{Position: pos})
	require.NoError(t, err)
	g, err = g.SetDice(MustRoll(2, 1))
	require.NoError(t, err)
	plays, err := g.Legal()
	require.NoError(t, err)
	require.Len(t, plays, 1)
	g, err = g.Play(plays[0])
	require.NoError(t, err)
	require.True(t, g.IsOver())
	return g
}

// TestGameLegalOfAFinishedGameSaysGameOver_C7: Game.Legal of a finished
// game says the game is over, as Do says of every action asked of it
// (ErrGameOver); it still matches ErrWrongPhase, as it did. It said only
// ErrWrongPhase.
func TestGameLegalOfAFinishedGameSaysGameOver_C7(t *testing.T) {
	g := finishedGame(t)
	_, err := g.Legal()
	require.ErrorIs(t, err, ErrGameOver)
	assert.ErrorIs(t, err, ErrWrongPhase)
	assert.ErrorIs(t, err, ErrActionRefused)
	_, err = g.Do(Action{Kind: ActPlay, Player: g.Position().OnRoll()})
	assert.ErrorIs(t, err, ErrGameOver, "Do of a finished game")

	// A game in another phase is refused as before, without ErrGameOver.
	pos := mustPosition(ParsePosition("long w 1000000000000000000000000e/0000000000000000000000a005"))
	live, err := NewGameAt(DefaultRules(Long), Setup{Position: pos})
	require.NoError(t, err)
	_, err = live.Legal()
	require.ErrorIs(t, err, ErrWrongPhase)
	assert.NotErrorIs(t, err, ErrGameOver)
}
