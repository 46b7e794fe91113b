package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestSearcherOnAFinishedPosition_C7: a finished position (one side has
// borne off every checker) is its known outcome, for the player on roll,
// at every ply of Eval, in every trial of a rollout (standard error 0),
// and SearchCube never advises a double there, in money play (with and
// without Jacoby and beavers) and in a match. The outcomes are those of
// L8, L9 and S5: the loser's home mars (no checker off, all home), its
// backgammon (none off, checkers on the bar), its single (checkers off).
func TestSearcherOnAFinishedPosition_C7(t *testing.T) {
	for _, c := range []struct {
		pos  string
		want Probs
	}{
		// Black on roll has lost: White's fifteen are off; Black's are all home.
		{"long b 33322200000000000000000000/0000000000000000000000000f", Probs{Variant: nardy.Long, LoseMars: 1, LoseHomeMars: 1}},
		{"long w 0000000000000000000000000f/33322200000000000000000000", Probs{Variant: nardy.Long, Win: 1, WinMars: 1, WinHomeMars: 1}},
		// Black has two checkers on the bar and none off: a backgammon.
		{"short b 00000d00000000000000000020/0000000000000000000000000f", Probs{Variant: nardy.Short, LoseMars: 1, LoseKoks: 1}},
		{"short w 0000000000000000000000000f/00000d00000000000000000020", Probs{Variant: nardy.Short, Win: 1, WinMars: 1, WinKoks: 1}},
		// Black has thirteen off: a single game.
		{"short b 1000000000000000000000001d/0000000000000000000000000f", Probs{Variant: nardy.Short}},
	} {
		pos, err := nardy.ParsePosition(c.pos)
		require.NoError(t, err)
		n, err := Default(pos.Variant())
		require.NoError(t, err)
		r := nardy.DefaultRules(pos.Variant())
		r.Cube, r.MaxCube = true, 64
		assert.Equal(t, c.want, n.Evaluate(pos), c.pos)
		for _, jacoby := range []bool{false, true} {
			r.Jacoby, r.Beavers = jacoby, jacoby
			s := NewSearcher(n, r)
			for ply := range MaxPly + 1 {
				assert.Equal(t, c.want, s.Eval(pos, ply), "%s at %d-ply", c.pos, ply)
				for _, away := range [][2]int{{}, {3, 5}, {1, 1}, {2, 1}} {
					s.Match = ScoreFor(pos.OnRoll(), away, 1)
					d := s.SearchCube(pos, s.CubeInfo(pos, nardy.Cube{Value: 1}), ply)
					assert.False(t, d.Double, "%s at %d-ply, away %v: %+v", c.pos, ply, away, d)
				}
				s.Match = MatchScore{}
			}
			res, err := s.Rollout(t.Context(), pos, RolloutOptions{Trials: 72, Cubeful: true})
			require.NoError(t, err)
			assert.Equal(t, c.want, res.Probs, c.pos)
			assert.Zero(t, res.StdErr, c.pos)
			assert.InDelta(t, c.want.Equity(r.Scoring), res.Equity, 1e-12, c.pos)
		}
	}
}
