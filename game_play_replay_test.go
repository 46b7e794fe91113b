package nardy

// Game.Play checks a play by replaying its packed steps on the turn the
// roll prepared (turnCtx.replay), falling back to Do of its steps. These
// tests hold the shortcut to what Do refuses: the phase, the play's
// position and roll (C8), the dice (C3, C5) and the rules of the steps.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestL9_GamePlayWhileAResignationWaitsIsRefused: a resignation offered
// during a play (L9) keeps the turn for after the answer, but the game
// waits for the answer: a legal play of the roll thrown is refused then
// (ErrWrongPhase), the game unchanged, and is accepted once the
// resignation is rejected.
func TestL9_GamePlayWhileAResignationWaitsIsRefused(t *testing.T) {
	r := DefaultRules(Short)
	playing := gmOpen(t, r, 3, 1) // White plays 3-1
	require.Equal(t, PhasePlay, playing.Phase())
	plays, err := r.Legal(playing.Position(), MustRoll(3, 1))
	require.NoError(t, err)
	require.NotEmpty(t, plays)
	p := plays[0]
	waiting := gmDo(t, playing, Action{Kind: ActResign, Player: White, Resign: Oin})
	after, err := waiting.Play(p)
	require.ErrorIs(t, err, ErrWrongPhase)
	assert.Equal(t, waiting, after, "the game is unchanged")
	resumed := gmDo(t, waiting, Action{Kind: ActReject, Player: Black})
	after, err = resumed.Play(p)
	require.NoError(t, err)
	assert.Equal(t, p.Result(), after.Position())
}

// TestGameZeroPlayOutsideAPlayIsRefused: the zero Play, which is no play
// of any roll, is refused by a game that waits for no play (the zero
// game, the opening throw, a roll, a game over), with the reason Do gives,
// the game unchanged; it is never taken for the empty play of a pass (C5).
func TestGameZeroPlayOutsideAPlayIsRefused(t *testing.T) {
	short := DefaultRules(Short)
	opening, err := NewGame(short)
	require.NoError(t, err)
	rolling := gmAt(t, short, mustPosition(StartPosition(Short, White)), White)
	playing := gmOpen(t, short, 3, 1)
	resign := gmDo(t, playing, Action{Kind: ActResign, Player: White, Resign: Oin})
	over := gmDo(t, resign, Action{Kind: ActAccept, Player: Black})
	for _, c := range []struct {
		name   string
		g      Game
		reason error
	}{
		{"zero game", Game{}, ErrWrongPhase},
		{"opening", opening, ErrWrongPhase},
		{"roll", rolling, ErrWrongPhase},
		{"resignation", resign, ErrWrongPhase},
		{"over", over, ErrGameOver},
	} {
		after, err := c.g.Play(Play{})
		require.ErrorIs(t, err, ErrActionRefused, c.name)
		assert.ErrorIs(t, err, c.reason, c.name)
		assert.Equal(t, c.g, after, "%s: the game is unchanged", c.name)
	}
}
