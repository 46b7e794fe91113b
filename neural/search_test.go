package neural

import (
	"context"
	"fmt"
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
		"no network":          {Rules: rs},
		"nil net, no variant": NewSearcher(nil, nardy.Rules{}),
		"zero":                {},
		"long net, short":     NewSearcher(long, rs),
		"short net, long":     NewSearcher(short, rl),
		"zero net":            NewSearcher(&Net{}, rs),
		"match, long net":     {Net: long, Rules: rs, Match: ScoreFor(nardy.White, [2]int{3, 3}, 1)},
		// rules of no variant, without the cube, in a match: no cubeless
		// match table to take (PlayEquities dereferenced a nil one)
		"match, no rules":  {Match: MatchScore{Away: [2]int{3, 5}}},
		"match, variant 9": {Rules: nardy.Rules{Variant: 9}, Match: MatchScore{Away: [2]int{3, 5}}},
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

// TestSearcherMixedPlays: plays of the Searcher's game given with a play
// of the other game and the zero Play, anywhere in the list: those two get
// no evaluation and come last, in order, with the zero Probs at equity 0
// and 0-ply (as every play does with no evaluation at all), and the
// others are ranked and chosen as they are alone. A chosen play without
// evaluation is worth 0. Rank, Choose, PlayEquities and PlayLoss panicked
// (a play of the other game indexed past the network's weights), and a
// zero Play was given a made-up evaluation.
func TestSearcherMixedPlays(t *testing.T) {
	long, err := Default(nardy.Long)
	require.NoError(t, err)
	rl, rs := nardy.DefaultRules(nardy.Long), nardy.DefaultRules(nardy.Short)
	startS, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	own, err := rl.AppendLegal(nil, samplePositions(t, nardy.Long, 11, 2)[10], nardy.MustRoll(5, 3))
	require.NoError(t, err)
	require.Greater(t, len(own), 4)
	shortPlays, err := rs.AppendLegal(nil, startS, nardy.MustRoll(6, 5))
	require.NoError(t, err)
	strangers := []nardy.Play{shortPlays[0], {}}
	s := NewSearcher(long, rl)
	for _, at := range [][2]int{{0, 1}, {1, 0}, {len(own) + 1, 2}} {
		// mixed holds strangers[0] at at[0], strangers[1] at at[1] and
		// own in order around them; idx maps own's indexes to mixed's.
		var mixed []nardy.Play
		var idx []int
		for i := range len(own) + 2 {
			switch i {
			case at[0]:
				mixed = append(mixed, strangers[0])
			case at[1]:
				mixed = append(mixed, strangers[1])
			default:
				idx = append(idx, i)
				mixed = append(mixed, own[len(idx)-1])
			}
		}
		last := []Ranked{{Index: min(at[0], at[1])}, {Index: max(at[0], at[1])}}
		for ply := range MaxPly + 1 {
			name := fmt.Sprintf("strangers at %v, ply %d", at, ply)
			require.NotPanics(t, func() {
				want := s.Rank(own, ply)
				got := s.Rank(mixed, ply)
				require.Len(t, got, len(mixed), name)
				for k, x := range want {
					x.Index = idx[x.Index]
					assert.Equal(t, x, got[k], "%s: rank %d", name, k)
				}
				assert.Equal(t, last, got[len(own):], name)

				i, p := s.Choose(own, ply)
				j, q := s.Choose(mixed, ply)
				assert.Equal(t, idx[i], j, name)
				assert.Equal(t, p, q, name)

				best, bestE, e := s.PlayEquities(own, own[1], ply)
				best2, bestE2, e2 := s.PlayEquities(mixed, own[1], ply)
				assert.Equal(t, [3]float64{float64(idx[best]), bestE, e}, [3]float64{float64(best2), bestE2, e2}, name)
				for _, c := range strangers {
					best2, bestE2, e2 = s.PlayEquities(mixed, c, ply)
					assert.Equal(t, [3]float64{float64(idx[best]), bestE, 0}, [3]float64{float64(best2), bestE2, e2}, name)
					assert.Equal(t, max(0, bestE), PlayLoss(s, mixed, c, ply), name)
				}
			}, name)
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

// TestSearcherLiteral: a Searcher literal with a network and rules
// evaluates, chooses, judges the cube and rolls out as NewSearcher's with
// the same filters (the literal's Width and Margin 0): it averaged 21 zero
// rolls of weight 0, so its 1-ply and 2-ply evaluations were the zero
// Probs, a sure loss, and its cube verdicts and 1-ply rollouts followed.
func TestSearcherLiteral(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		n, err := Default(v)
		require.NoError(t, err)
		r := nardy.DefaultRules(v)
		lit := &Searcher{Net: n, Rules: r}
		ns := NewSearcher(n, r)
		ns.Width, ns.Margin = lit.Width, lit.Margin
		pos, err := nardy.StartPosition(v, nardy.White)
		require.NoError(t, err)
		plays, err := r.AppendLegal(nil, pos, nardy.MustRoll(6, 5))
		require.NoError(t, err)
		pos = plays[0].Result()
		for ply := 0; ply <= MaxPly; ply++ {
			got, want := lit.Eval(pos, ply), ns.Eval(pos, ply)
			assert.Equal(t, want, got, "%s: Eval at %d-ply", v, ply)
			assert.Greater(t, got.Win, 0.2, "%s: Eval at %d-ply: a position of the opening is no sure loss", v, ply)
		}
		plays, err = r.AppendLegal(nil, pos, nardy.MustRoll(4, 2))
		require.NoError(t, err)
		for ply := 0; ply <= 1; ply++ {
			gi, gp := lit.Choose(plays, ply)
			wi, wp := ns.Choose(plays, ply)
			assert.Equal(t, wi, gi, "%s: Choose at %d-ply", v, ply)
			assert.Equal(t, wp, gp, "%s: Choose at %d-ply", v, ply)
		}
		opt := RolloutOptions{Trials: 36, Ply: 1, Truncate: 4, Seed: 3}
		got, err := lit.Rollout(context.Background(), pos, opt)
		require.NoError(t, err)
		want, err := ns.Rollout(context.Background(), pos, opt)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%s: Rollout at 1-ply", v)
		if v == nardy.Short {
			ci := ns.CubeInfo(pos, nardy.Cube{Value: 1})
			gd, wd := lit.SearchCube(pos, ci, 1), ns.SearchCube(pos, ci, 1)
			assert.Equal(t, wd, gd, "SearchCube at 1-ply")
			assert.Greater(t, gd.NoDouble, -0.5, "SearchCube at 1-ply: no sure loss")
		}
	}
}

// TestSearcherPlyOutOfRange: a ply below 0 or above MaxPly is read as 0
// or MaxPly by every method that takes one (Rank read the plies of its
// filters at the ply given and panicked from 3 on: helper-77).
func TestSearcherPlyOutOfRange(t *testing.T) {
	short, err := Default(nardy.Short)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	s := NewSearcher(short, r)
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	plays, err := r.Legal(pos, nardy.MustRoll(3, 1))
	require.NoError(t, err)
	for _, c := range []struct{ ply, as int }{{-1, 0}, {math.MinInt, 0}, {MaxPly + 1, MaxPly}, {100, MaxPly}, {math.MaxInt, MaxPly}} {
		require.NotPanics(t, func() {
			assert.Equal(t, s.Eval(pos, c.as), s.Eval(pos, c.ply), "Eval at %d", c.ply)
			assert.Equal(t, s.Rank(plays, c.as), s.Rank(plays, c.ply), "Rank at %d", c.ply)
			i, p := s.Choose(plays, c.ply)
			j, q := s.Choose(plays, c.as)
			assert.Equal(t, [2]any{j, q}, [2]any{i, p}, "Choose at %d", c.ply)
			assert.Equal(t, PlayLoss(s, plays, plays[3], c.as), PlayLoss(s, plays, plays[3], c.ply), "PlayLoss at %d", c.ply)
			ci := s.CubeInfo(pos, nardy.Cube{Value: 1})
			assert.Equal(t, s.SearchCube(pos, ci, c.as), s.SearchCube(pos, ci, c.ply), "SearchCube at %d", c.ply)
		}, "ply %d", c.ply)
	}
}

// TestNewSearcherNilIsTheDefault: NewSearcher with a nil network searches
// with the embedded one of its rules' variant, as bot.Neural and package
// analysis take a nil network; it gave no evaluation at all, silently.
func TestNewSearcherNilIsTheDefault(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		r := nardy.DefaultRules(v)
		net, err := Default(v)
		require.NoError(t, err)
		pos, err := nardy.StartPosition(v, nardy.White)
		require.NoError(t, err)
		want := NewSearcher(net, r).Eval(pos, 1)
		require.NotEqual(t, Probs{}, want)
		assert.Equal(t, want, NewSearcher(nil, r).Eval(pos, 1), "%v", v)
	}
}
