package neural

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// opening31 returns the legal plays of 3-1 from the start of short nardy,
// White on roll.
func opening31(t *testing.T, s *Searcher) []nardy.Play {
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	plays, err := s.Rules.Legal(start, nardy.MustRoll(3, 1))
	require.NoError(t, err)
	return plays
}

// TestRolloutPlaysOpening: of the best three plays of the 3-1 opening at
// 1-ply, rolled out on the same dice, 8/5 6/5 (making the 5 point) comes
// first, as in every backgammon reference and GNU Backgammon's rollouts.
// Each result is the rollout of the play's result seen by the player who
// made it, and the list is ordered by the value asked for.
func TestRolloutPlaysOpening(t *testing.T) {
	s := searcher(t, nardy.Short)
	ctx := context.Background()
	plays := opening31(t, s)
	var top []nardy.Play
	for _, c := range s.Rank(plays, 1)[:3] {
		top = append(top, plays[c.Index])
	}
	for _, cubeful := range []bool{false, true} {
		opt := RolloutOptions{Trials: 72, Truncate: 2, Reduce: true, Seed: 2, Cubeful: cubeful}
		got, err := s.RolloutPlays(ctx, top, opt)
		require.NoError(t, err)
		require.Len(t, got, 3)
		assert.Equal(t, "8/5 6/5", got[0].Play.String(), "cubeful %v", cubeful)
		for i, pr := range got {
			res, err := s.Rollout(ctx, pr.Play.Result(), opt)
			require.NoError(t, err)
			assert.InDelta(t, -res.Equity, pr.Result.Equity, 1e-12)
			assert.InDelta(t, -res.Cubeful, pr.Result.Cubeful, 1e-12)
			assert.InDelta(t, res.Probs.Lose(), pr.Result.Probs.Win, 1e-12)
			assert.Equal(t, res.StdErr, pr.Result.StdErr)
			if i > 0 {
				if cubeful {
					assert.LessOrEqual(t, pr.Result.Cubeful, got[i-1].Result.Cubeful)
				} else {
					assert.LessOrEqual(t, pr.Result.Equity, got[i-1].Result.Equity)
				}
			}
		}
	}
}

// TestRolloutPlaysErrors: no plays, plays of two players, and the errors
// of Rollout are errors matching ErrBadRollout, never a panic.
func TestRolloutPlaysErrors(t *testing.T) {
	s := searcher(t, nardy.Short)
	ctx := context.Background()
	white := opening31(t, s)
	black, err := s.Rules.Legal(white[0].Result(), nardy.MustRoll(6, 4))
	require.NoError(t, err)
	for name, c := range map[string]struct {
		plays []nardy.Play
		opt   RolloutOptions
	}{
		"no plays":        {nil, RolloutOptions{}},
		"two players":     {[]nardy.Play{white[0], black[0]}, RolloutOptions{Trials: 36, Truncate: 1}},
		"bad options":     {white[:2], RolloutOptions{Trials: -1}},
		"the zero play":   {[]nardy.Play{{}}, RolloutOptions{Trials: 36}},
		"a zero play too": {[]nardy.Play{white[0], {}}, RolloutOptions{Trials: 36, Truncate: 1}},
	} {
		got, err := s.RolloutPlays(ctx, c.plays, c.opt)
		assert.ErrorIs(t, err, ErrBadRollout, name)
		assert.Nil(t, got, name)
	}
}
