package gnubg_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
)

// TestFromGameOrderOfRefusals: a game of match play is refused for its
// score (ErrInvalidRules: FromMatch writes it) only when FromMatch could
// write it: a finished game of a match is ErrGameOver, as from FromMatch
// (C7), and a long-nardy game of a match ErrVariantMismatch. A short game
// of a match in progress is still ErrInvalidRules.
func TestFromGameOrderOfRefusals(t *testing.T) {
	short := nardy.DefaultRules(nardy.Short)
	over, _ := testgen.ResignedAtOnce(t, short)
	require.True(t, over.Game().IsOver())
	_, _, err := gnubg.FromGame(over.Game())
	assert.ErrorIs(t, err, nardy.ErrGameOver, "a finished game of a match")
	assert.NotErrorIs(t, err, nardy.ErrInvalidRules, "FromMatch would not write it either")
	_, _, err = gnubg.FromMatch(over)
	assert.ErrorIs(t, err, nardy.ErrGameOver)

	_, _, err = gnubg.FromGame(testgen.OpenedMatch(t, short, 5).Game())
	assert.ErrorIs(t, err, nardy.ErrInvalidRules, "a game of a match in progress: its score")

	_, _, err = gnubg.FromGame(testgen.OpenedMatch(t, nardy.DefaultRules(nardy.Long), 5).Game())
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch, "a long-nardy game of a match")
	assert.NotErrorIs(t, err, nardy.ErrInvalidRules, "FromMatch would not write it either")
}

// TestFromGameOfAFinishedGameAsFromMatch: a finished game of a match that
// is long nardy, or scores another table than backgammon's, gets from
// FromGame the error of that (ErrVariantMismatch, ErrInvalidRules), as
// FromMatch gives it (its errors list both before a finished game), and
// as the same game of money play gets: not ErrGameOver.
func TestFromGameOfAFinishedGameAsFromMatch(t *testing.T) {
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
		require.True(t, m.Game().IsOver(), c.name)
		_, _, err := gnubg.FromMatch(m)
		assert.ErrorIs(t, err, c.want, "%s: FromMatch", c.name)
		for what, g := range map[string]nardy.Game{"of a match": m.Game(), "of money play": g} {
			require.True(t, g.IsOver(), "%s %s", c.name, what)
			_, _, err = gnubg.FromGame(g)
			assert.ErrorIs(t, err, c.want, "%s: a finished game %s", c.name, what)
			assert.NotErrorIs(t, err, nardy.ErrGameOver, "%s: a finished game %s", c.name, what)
		}
	}
}
