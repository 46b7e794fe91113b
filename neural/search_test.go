package neural

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestSearcherNoEvaluation: a Searcher with no network, the zero
// Searcher, one whose network is of the other game than its rules, and a
// position of the other game give no evaluation: the zero Probs, as
// Net.Evaluate gives for a position of another variant, at every ply (a
// search averaged flipped zero Probs into a sure win, and a nil network
// panicked), choices that fall to the first play, worth 0, and rollouts
// that return an error.
func TestSearcherNoEvaluation(t *testing.T) {
	short, err := Default(nardy.Short)
	require.NoError(t, err)
	long, err := Default(nardy.Long)
	require.NoError(t, err)
	rs, rl := nardy.DefaultRules(nardy.Short), nardy.DefaultRules(nardy.Long)
	startS, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	startL, err := nardy.StartPosition(nardy.Long, nardy.White)
	require.NoError(t, err)
	playsS, err := rs.AppendLegal(nil, startS, nardy.MustRoll(3, 1))
	require.NoError(t, err)
	require.Greater(t, len(playsS), 1)
	chosen := playsS[len(playsS)-1]
	for name, s := range map[string]*Searcher{
		"no network":      NewSearcher(nil, rs),
		"zero":            {},
		"long net, short": NewSearcher(long, rs),
		"short net, long": NewSearcher(short, rl),
		"zero net":        NewSearcher(&Net{}, rs),
		"match, long net": {Net: long, Rules: rs, Match: ScoreFor(nardy.White, [2]int{3, 3}, 1)},
	} {
		for ply := range MaxPly + 1 {
			assert.NotPanics(t, func() {
				assert.Equal(t, Probs{}, s.Eval(startS, ply), "%s, ply %d", name, ply)
				i, p := s.Choose(playsS, ply)
				assert.Equal(t, 0, i, "%s, ply %d", name, ply)
				assert.Equal(t, Probs{}, p, "%s, ply %d", name, ply)
				r := s.Rank(playsS, ply)
				require.Len(t, r, len(playsS))
				for k, x := range r {
					assert.Equal(t, Ranked{Index: k}, x, "%s, ply %d", name, ply)
				}
				best, bestE, e := s.PlayEquities(playsS, chosen, ply)
				assert.Equal(t, [3]float64{0, 0, 0}, [3]float64{float64(best), bestE, e}, "%s, ply %d", name, ply)
				assert.Zero(t, PlayLoss(s, playsS, chosen, ply))
				d := s.SearchCube(startS, s.CubeInfo(startS, nardy.Cube{Value: 1}), ply)
				assert.Equal(t, CubeDecision{}, d, "%s, ply %d", name, ply)
			}, "%s, ply %d", name, ply)
		}
		_, err := s.Rollout(context.Background(), startS, RolloutOptions{Trials: 1, Truncate: 1})
		assert.ErrorIs(t, err, ErrBadRollout, name)
	}
	// A position of the other game than the Searcher's.
	s := NewSearcher(short, rs)
	for ply := range MaxPly + 1 {
		assert.Equal(t, Probs{}, s.Eval(startL, ply), "ply %d", ply)
	}
	assert.Equal(t, Probs{}, short.Evaluate(startL), "Net.Evaluate's answer")
	// The same Searcher evaluates its own game.
	assert.Greater(t, s.Eval(startS, 1).Win, 0.3)
	assert.Less(t, s.Eval(startS, 1).Win, 0.7)
}

// TestSearcherNoPlays: Rank of no plays is nil, Choose gives −1 and the
// zero Probs, PlayEquities −1 and zero equities, PlayLoss 0, at every
// ply (each indexed the first play and panicked).
func TestSearcherNoPlays(t *testing.T) {
	n, err := Default(nardy.Short)
	require.NoError(t, err)
	s := NewSearcher(n, nardy.DefaultRules(nardy.Short))
	var chosen nardy.Play
	for ply := range MaxPly + 1 {
		for _, plays := range [][]nardy.Play{nil, {}} {
			assert.NotPanics(t, func() {
				assert.Nil(t, s.Rank(plays, ply))
				i, p := s.Choose(plays, ply)
				assert.Equal(t, -1, i)
				assert.Equal(t, Probs{}, p)
				best, bestE, e := s.PlayEquities(plays, chosen, ply)
				assert.Equal(t, -1, best)
				assert.Zero(t, bestE)
				assert.Zero(t, e)
				assert.Zero(t, PlayLoss(s, plays, chosen, ply))
			}, "ply %d", ply)
		}
	}
}

// TestSearcherHugeWidth: a Width at least the number of plays searches
// every play deeper, however large: 2·Width overflowed to a negative bound
// from 2^62 on, and only the best play was searched at 1-ply.
func TestSearcherHugeWidth(t *testing.T) {
	n, err := Default(nardy.Short)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	plays, err := r.AppendLegal(nil, start, nardy.MustRoll(6, 5))
	require.NoError(t, err)
	require.Greater(t, len(plays), 2)
	for _, w := range []int{len(plays), 1<<62 - 1, 1 << 62, math.MaxInt} {
		s := NewSearcher(n, r)
		s.Width[1], s.Margin[1] = w, 0
		deep := 0
		for _, x := range s.Rank(plays, 1) {
			if x.Ply == 1 {
				deep++
			}
		}
		assert.Equal(t, len(plays), deep, "Width %d: plays searched at 1-ply", w)
	}
}
