package neural

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
)

// TestRollEquitiesLastCheckers: White (on roll) has two checkers on its
// 6-point and 13 off, Black one checker on its 1-point and 14 off. A
// double of 3 or more bears White's two checkers off (C7: 3-3 takes
// 6/3/0 twice), a single win worth +1; every other roll leaves White a
// checker that Black, bearing its last one off with any roll, beats by a
// single game: −1. Values from the rules alone, not from the code.
func TestRollEquitiesLastCheckers(t *testing.T) {
	var me, opp nardy.Side
	me[6], me[nardy.Off] = 2, 13
	opp[1], opp[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, me, opp)
	require.NoError(t, err)
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	s := NewSearcher(net, nardy.DefaultRules(nardy.Short))
	eq, err := s.RollEquities(pos)
	require.NoError(t, err)
	mean := 0.0
	for i, wr := range nardy.AllRolls() {
		want := -1.0
		if wr.Roll.IsDouble() && wr.Roll.High() >= 3 {
			want = 1
		}
		assert.InDelta(t, want, eq[i], 1e-9, "roll %s", wr.Roll)
		mean += eq[i] * wr.Probability()
	}
	assert.InDelta(t, (4-32)/36.0, mean, 1e-9)
}

// TestRollEquitiesMeanIsOnePly: the rolls' equities, weighted by their
// chances, average to the 1-ply equity of the position (Eval at ply 1),
// in money play and in a match; and each is the best 0-ply equity among
// the legal plays of its roll, as PlayEquities finds it.
func TestRollEquitiesMeanIsOnePly(t *testing.T) {
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	rapid.Check(t, func(t *rapid.T) {
		pos := testgen.ShortPosition().Draw(t, "pos")
		if pos.IsOver() {
			t.Skip("finished")
		}
		s := NewSearcher(net, r)
		if rapid.Bool().Draw(t, "match") {
			s.Match = ScoreFor(pos.OnRoll(), [2]int{rapid.IntRange(1, 7).Draw(t, "me"), rapid.IntRange(1, 7).Draw(t, "opp")}, 1)
		}
		eq, err := s.RollEquities(pos)
		require.NoError(t, err)
		mean := 0.0
		for i, wr := range nardy.AllRolls() {
			mean += eq[i] * wr.Probability()
			plays, err := r.AppendLegal(nil, pos, wr.Roll)
			require.NoError(t, err)
			_, bestE, _ := s.PlayEquities(plays, plays[0], 0)
			assert.InDelta(t, bestE, eq[i], 1e-12, "roll %s", wr.Roll)
		}
		s.prepare()
		assert.InDelta(t, s.equity(s.Eval(pos, 1), pos.OnRoll()), mean, 1e-9)
	})
}

// TestRollEquitiesRefused: a finished game and a position of the other
// game are errors; a Searcher without a network gives zeros.
func TestRollEquitiesRefused(t *testing.T) {
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	s := NewSearcher(net, nardy.DefaultRules(nardy.Short))
	var me, opp nardy.Side
	me[nardy.Off] = 15
	opp[1], opp[nardy.Off] = 1, 14
	over, err := nardy.NewPosition(nardy.Short, nardy.Black, opp, me)
	require.NoError(t, err)
	require.True(t, over.IsOver())
	_, err = s.RollEquities(over)
	assert.True(t, errors.Is(err, nardy.ErrGameOver), "%v", err)

	long := testgen.Start(t, nardy.Long, nardy.White)
	_, err = s.RollEquities(long)
	assert.True(t, errors.Is(err, nardy.ErrVariantMismatch), "%v", err)

	eq, err := (&Searcher{Rules: nardy.DefaultRules(nardy.Short)}).RollEquities(testgen.Start(t, nardy.Short, nardy.White))
	require.NoError(t, err)
	assert.Equal(t, [21]float64{}, eq)
	var nilSearcher *Searcher
	eq, err = nilSearcher.RollEquities(testgen.Start(t, nardy.Short, nardy.White))
	require.NoError(t, err)
	assert.Equal(t, [21]float64{}, eq)
}
