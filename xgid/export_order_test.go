package xgid

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
)

// TestFromGameOrderOfRefusals: a game of match play is refused for its
// score (ErrInvalidRules: FromMatch writes it) only when FromMatch could
// write it: a finished game of a match is ErrGameOver, as a finished money
// game is (no ID holds a finished game, C7), and a long-nardy game of a
// match ErrVariantMismatch. A short game of a match in progress is still
// ErrInvalidRules, and FromMatch writes it.
func TestFromGameOrderOfRefusals(t *testing.T) {
	short := nardy.DefaultRules(nardy.Short)
	over, moneyOver := testgen.ResignedAtOnce(t, short)
	require.True(t, over.Game().IsOver())
	require.False(t, over.Game().IsMoney(), "a game of a match")
	_, err := FromGame(over.Game())
	assert.ErrorIs(t, err, nardy.ErrGameOver, "a finished game of a match")
	assert.NotErrorIs(t, err, nardy.ErrInvalidRules, "a finished game of a match: FromMatch would not write it either")
	_, err = FromMatch(over)
	assert.ErrorIs(t, err, nardy.ErrGameOver)

	require.True(t, moneyOver.IsOver())
	_, err = FromGame(moneyOver)
	assert.ErrorIs(t, err, nardy.ErrGameOver, "a finished money game")

	playing := testgen.OpenedMatch(t, short, 5)
	_, err = FromGame(playing.Game())
	assert.ErrorIs(t, err, nardy.ErrInvalidRules, "a game of a match in progress: its score")
	_, err = FromMatch(playing)
	assert.NoError(t, err, "FromMatch writes it")

	long := testgen.OpenedMatch(t, nardy.DefaultRules(nardy.Long), 5)
	_, err = FromGame(long.Game())
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch, "a long-nardy game of a match")
	assert.NotErrorIs(t, err, nardy.ErrInvalidRules, "FromMatch would not write it either")
}

// TestFromGameOrderOfAFinishedGame: FromGame's doc gives its refusals in
// order: a long-nardy game (ErrVariantMismatch) and another scoring table
// (ErrInvalidRules) before a finished game (ErrGameOver). A finished game
// of a match that is long nardy, or scores another table, is refused for
// that, not for being over, as the same game of money play is.
func TestFromGameOrderOfAFinishedGame(t *testing.T) {
	other := nardy.DefaultRules(nardy.Short)
	other.Scoring = nardy.Scoring{Oin: 1, Mars: 2, Koks: 2}
	require.NotEqual(t, nardy.DefaultRules(nardy.Short).Scoring, other.Scoring)
	for _, c := range []struct {
		name string
		r    nardy.Rules
		want error
	}{
		{"long nardy", nardy.DefaultRules(nardy.Long), nardy.ErrVariantMismatch},
		{"another scoring table", other, nardy.ErrInvalidRules},
	} {
		m, g := testgen.ResignedAtOnce(t, c.r)
		for what, g := range map[string]nardy.Game{"of a match": m.Game(), "of money play": g} {
			require.True(t, g.IsOver(), "%s %s", c.name, what)
			_, err := FromGame(g)
			assert.ErrorIs(t, err, c.want, "%s: a finished game %s", c.name, what)
			assert.NotErrorIs(t, err, nardy.ErrGameOver, "%s: a finished game %s", c.name, what)
		}
		// The finished match of such a game, from FromMatch, says the same,
		// as gnubg.FromMatch does.
		require.True(t, m.IsOver(), c.name)
		_, err := FromMatch(m)
		assert.ErrorIs(t, err, c.want, "%s: a finished match", c.name)
		assert.NotErrorIs(t, err, nardy.ErrGameOver, "%s: a finished match", c.name)
	}
}
