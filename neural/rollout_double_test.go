package neural

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// lastRollStdErr is the standard error of the mean of 36 trials that are
// worth +v in wins/36 of them and −v in the others, worked out by hand:
// the sample variance (Σx² − n·mean²)/(n − 1) over n.
func lastRollStdErr(wins int, v float64) float64 {
	mean := v * float64(2*wins-36) / 36
	return math.Sqrt((36*v*v - 36*mean*mean) / 35 / 36)
}

// TestRolloutCubeLastRoll (S6): the cube decisions of positions decided
// by White's roll, after which Black wins with its own (see
// TestRolloutCubefulLastRoll), rolled out on 36 stratified trials at
// 1-ply, so exactly. A player who wins q of the games with its last roll
// has, per unit of the cube, 2q − 1 without a double, 2(2q − 1) doubled
// and taken and 1 doubled and passed:
//
//   - q = 25/36 (checkers on the 3 and 2 points): 14/36, 28/36, 1: double
//     and take, the classic last-roll take;
//   - q = 34/36 (the 3 and 1 points): 32/36, 64/36, 1: double and pass;
//   - q = 4/36 (two checkers on the 6 point): −28/36, −56/36: no double
//     (and the opponent would take);
//   - the cube held by White at 2 changes none of these, per unit.
func TestRolloutCubeLastRoll(t *testing.T) {
	s := searcher(t, nardy.Short)
	ctx := context.Background()
	var black1 nardy.Side
	black1[1], black1[nardy.Off] = 1, 14
	whiteHolds := nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}
	for _, c := range []struct {
		name         string
		pos          nardy.Position
		cube         nardy.Cube
		wins         int
		double, take bool
	}{
		{"25/36, double and take", bearOff(t, []int{3, 2}, black1), nardy.Cube{}, 25, true, true},
		{"34/36, double and pass", lastRoll(t), nardy.Cube{}, 34, true, false},
		{"4/36, no double", doublesToWin(t, nardy.Short), nardy.Cube{}, 4, false, true},
		{"25/36, White redoubles and Black takes", bearOff(t, []int{3, 2}, black1), whiteHolds, 25, true, true},
		{"34/36, White redoubles and Black passes", lastRoll(t), whiteHolds, 34, true, false},
	} {
		r, err := s.RolloutCube(ctx, c.pos, RolloutOptions{Trials: 36, Ply: 1, Cube: c.cube, Seed: 5})
		require.NoError(t, err, c.name)
		q := float64(c.wins) / 36
		d := r.Decision
		assert.InDelta(t, 2*q-1, d.NoDouble, 1e-12, c.name)
		assert.InDelta(t, 2*(2*q-1), d.DoubleTake, 1e-12, c.name)
		assert.Equal(t, 1.0, d.DoublePass, c.name)
		assert.Equal(t, c.double, d.Double, "%s: double", c.name)
		assert.Equal(t, c.take, d.Take, "%s: take", c.name)
		assert.InDelta(t, lastRollStdErr(c.wins, 1), r.NoDoubleStdErr, 1e-12, c.name)
		assert.InDelta(t, lastRollStdErr(c.wins, 2), r.DoubleTakeStdErr, 1e-12, c.name)
		assert.Equal(t, 36, r.NoDouble.Trials, c.name)
		assert.InDelta(t, 2*q-1, r.DoubleTake.Cubeful, 1e-12, "%s: per unit of the doubled cube", c.name)
		assert.InDelta(t, 2*q-1, r.NoDouble.Equity, 1e-12, "%s: cubeless", c.name)
	}
}

// TestRolloutCubeMatch (S6) at 2-away 2-away, q = 25/36 (checkers on the
// 3 and 2 points): the doubled cube decides the match, so the take's
// match-winning chance is q itself; a pass or a single win leaves White
// 1-away against 2-away before the Crawford game, a single loss the
// reverse; and a double that Black takes, 25/36 of the match, is compared
// with the pass by the table. The normalised equities put a single win at
// +1 and a single loss at −1. Worked out by hand from the table's
// entries, which met_test.go checks.
func TestRolloutCubeMatch(t *testing.T) {
	s := searcher(t, nardy.Short)
	s.Match = ScoreFor(nardy.White, [2]int{2, 2}, 1)
	var black1 nardy.Side
	black1[1], black1[nardy.Off] = 1, 14
	r, err := s.RolloutCube(context.Background(), bearOff(t, []int{3, 2}, black1), RolloutOptions{Trials: 36, Ply: 1})
	require.NoError(t, err)
	m := met()
	const q = 25.0 / 36
	win, loss := m.At(1, 2, true), m.At(2, 1, true)
	norm := func(mwc float64) float64 { return (mwc - (win+loss)/2) / ((win - loss) / 2) }
	d := r.Decision
	assert.InDelta(t, q*win+(1-q)*loss, d.MWCNoDouble, 1e-12)
	assert.InDelta(t, q, d.MWCDoubleTake, 1e-12)
	assert.InDelta(t, win, d.MWCDoublePass, 1e-12)
	assert.InDelta(t, 2*q-1, d.NoDouble, 1e-12)
	assert.InDelta(t, norm(q), d.DoubleTake, 1e-12)
	assert.Equal(t, 1.0, d.DoublePass)
	assert.Equal(t, q <= win, d.Take)
	assert.Equal(t, min(q, win) > q*win+(1-q)*loss, d.Double)
	assert.True(t, d.Double, "with q above a half, doubling to the match gains")
	assert.InDelta(t, lastRollStdErr(25, 0.5)/((win-loss)/2), r.DoubleTakeStdErr, 1e-12,
		"the take's trials are worth 1 or 0 of the match")
}

// TestRolloutCubeRefuses: a double the cube, its limit, the Crawford game
// or the rules forbid cannot be rolled out, nor bad options.
func TestRolloutCubeRefuses(t *testing.T) {
	s := searcher(t, nardy.Short)
	ctx := context.Background()
	pos := lastRoll(t)
	for name, c := range map[string]struct {
		s   *Searcher
		opt RolloutOptions
	}{
		"Black holds the cube":  {s, RolloutOptions{Trials: 36, Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}}},
		"the cube at its limit": {s, RolloutOptions{Trials: 36, Cube: nardy.Cube{Value: s.Rules.CubeLimit(), Owned: true, Owner: nardy.White}}},
		"the Crawford game": {func() *Searcher {
			c := searcher(t, nardy.Short)
			c.Match = MatchScore{Away: [2]int{1, 3}, Crawford: true}
			return c
		}(), RolloutOptions{Trials: 36}},
		"bad trials": {s, RolloutOptions{Trials: -1}},
		"rules without the cube": {func() *Searcher {
			c := searcher(t, nardy.Short)
			c.Rules.Cube = false
			return c
		}(), RolloutOptions{Trials: 36}},
	} {
		_, err := c.s.RolloutCube(ctx, pos, c.opt)
		assert.ErrorIs(t, err, ErrBadRollout, name)
	}
}

// TestRolloutCubeBeaver (S6): where the rules allow beavers, a double of
// doublesToWin (4/36: double/take −56/36) leaves Black the favourite, and
// Black would beaver it: White would then drop the beaver (−2, where
// taking it is −112/36), so the beaver is worth −2 to White, who does not
// double; the 25/36 double is taken as before.
func TestRolloutCubeBeaver(t *testing.T) {
	s := searcher(t, nardy.Short)
	s.Rules.Beavers = true
	ctx := context.Background()
	opt := RolloutOptions{Trials: 36, Ply: 1}
	r, err := s.RolloutCube(ctx, doublesToWin(t, nardy.Short), opt)
	require.NoError(t, err)
	d := r.Decision
	assert.InDelta(t, -56.0/36, d.DoubleTake, 1e-12)
	assert.True(t, d.Beaver && d.Take, "%+v", d)
	assert.False(t, d.Double)
	d.Double = true
	assert.InDelta(t, -2, d.Equity(), 1e-12)
	take, eq := d.TakeBeaver()
	assert.False(t, take, "White drops the beaver")
	assert.InDelta(t, -112.0/36, eq, 1e-12, "taking it: twice the take")

	var black1 nardy.Side
	black1[1], black1[nardy.Off] = 1, 14
	r, err = s.RolloutCube(ctx, bearOff(t, []int{3, 2}, black1), opt)
	require.NoError(t, err)
	assert.True(t, r.Decision.Double && r.Decision.Take && !r.Decision.Beaver, "%+v", r.Decision)
}
