package neural

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
)

// TestSearchCubeLastRoll (S6): at 1-ply the cubeful search sees the last
// roll exactly, as the cube rollouts of TestRolloutCubeLastRoll do: a
// player who wins q of the games with its roll has 2q − 1 without a
// double, 2(2q − 1) doubled and taken, 1 doubled and passed, and the
// opponent, sure to win when it rolls, gains nothing by doubling then.
// Worked out by hand. These are bear-offs of at most five checkers a side,
// so SearchCube answers them at every ply from the bear-off database's
// exact tables, to float32 rounding; the search itself (searchCube, which
// the database answers only below the root) is checked on them too.
func TestSearchCubeLastRoll(t *testing.T) {
	s := searcher(t, nardy.Short)
	var black1 nardy.Side
	black1[1], black1[nardy.Off] = 1, 14
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Jacoby: true}
	for _, c := range []struct {
		name         string
		pos          nardy.Position
		wins         int
		double, take bool
	}{
		{"25/36, double and take", bearOff(t, []int{3, 2}, black1), 25, true, true},
		{"34/36, double and pass", lastRoll(t), 34, true, false},
		{"4/36, no double", doublesToWin(t, nardy.Short), 4, false, true},
	} {
		q := float64(c.wins) / 36
		check := func(d CubeDecision, delta float64, how string, ply int) {
			assert.InDelta(t, 2*q-1, d.NoDouble, delta, "%s: %s at %d-ply", c.name, how, ply)
			assert.InDelta(t, 2*(2*q-1), d.DoubleTake, delta, "%s: %s at %d-ply", c.name, how, ply)
			assert.Equal(t, 1.0, d.DoublePass)
			assert.Equal(t, c.double, d.Double, "%s: %s at %d-ply", c.name, how, ply)
			assert.Equal(t, c.take, d.Take, "%s: %s at %d-ply", c.name, how, ply)
		}
		for _, ply := range []int{0, 1, 2} {
			check(s.SearchCube(c.pos, ci, ply), 1e-7, "SearchCube", ply)
			if ply > 0 {
				check(s.searchCube(c.pos, ci, ply, true), 1e-12, "the search", ply)
			}
		}
	}
}

// TestSearchCubeMatch (S6) at 2-away 2-away, q = 25/36, as in
// TestRolloutCubeMatch: the take's match-winning chance is q, no double
// q·MET(1, 2) + (1 − q)·MET(2, 1) (Crawford next), the pass MET(1, 2);
// worked out from the table's entries. (Within 0.001: after a failed roll
// the search takes the network's chance that Black wins with its last
// checker, which is 1 to within a few parts in ten thousand, and the match
// cube model, unlike the money one, does not cap it.)
func TestSearchCubeMatch(t *testing.T) {
	s := searcher(t, nardy.Short)
	s.Match = ScoreFor(nardy.White, [2]int{2, 2}, 1)
	var black1 nardy.Side
	black1[1], black1[nardy.Off] = 1, 14
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{2, 2}}
	d := s.SearchCube(bearOff(t, []int{3, 2}, black1), ci, 1)
	m := met()
	const q = 25.0 / 36
	win, loss := m.At(1, 2, true), m.At(2, 1, true)
	assert.InDelta(t, q*win+(1-q)*loss, d.MWCNoDouble, 1e-3)
	assert.InDelta(t, q, d.MWCDoubleTake, 1e-3)
	assert.InDelta(t, win, d.MWCDoublePass, 1e-12)
	assert.InDelta(t, 2*q-1, d.NoDouble, 1e-2)
	assert.Equal(t, q <= win, d.Take)
}

// TestSearchCubeStart: nobody doubles from the start, at any depth, and
// the equity of no double is near the cubeless one (+0.05 or so for the
// player on roll).
func TestSearchCubeStart(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Jacoby: true}
	for ply := range 3 {
		d := s.SearchCube(pos, ci, ply)
		assert.False(t, d.Double, "no double from the start at %d-ply: %+v", ply, d)
		assert.True(t, d.Take)
		assert.Less(t, d.NoDouble, 0.3)
		assert.Greater(t, d.NoDouble, -0.3)
	}
}

// TestSearchCubeOwnership (S6): in money play without Jacoby, holding the
// cube is worth something and facing the opponent's costs something: at
// 1-ply, per unit of the cube, no double with the cube held by the player
// on roll is worth at least as much as with the cube centred, and that at
// least as much as with the opponent holding it (the opponent's options at
// every position reached only shrink as the player's grow). Every double
// the search advises gains, and the take is the double/take's comparison
// with the pass.
func TestSearchCubeOwnership(t *testing.T) {
	s := searcher(t, nardy.Short)
	rapid.Check(t, func(rt *rapid.T) {
		pos := samplePositions(t, nardy.Short, 1, rapid.Uint64().Draw(rt, "game"))[0]
		me := pos.OnRoll()
		nd := func(c nardy.Cube) CubeDecision {
			return s.SearchCube(pos, CubeInfo{Cube: c, OnRoll: me, Money: true}, 1)
		}
		mine := nd(nardy.Cube{Value: 2, Owned: true, Owner: me})
		centred := nd(nardy.Cube{Value: 1})
		theirs := nd(nardy.Cube{Value: 2, Owned: true, Owner: me.Other()})
		assert.GreaterOrEqual(t, mine.NoDouble, centred.NoDouble-1e-9)
		assert.GreaterOrEqual(t, centred.NoDouble, theirs.NoDouble-1e-9)
		assert.False(t, theirs.Double, "the opponent's cube")
		for _, d := range []CubeDecision{mine, centred} {
			assert.Equal(t, d.DoubleTake <= d.DoublePass, d.Take)
			if d.Double {
				assert.Greater(t, d.DoubleEquity(), d.NoDouble)
			}
			assert.LessOrEqual(t, math.Abs(d.NoDouble), 3.0, "within a backgammon")
			assert.LessOrEqual(t, math.Abs(d.DoubleTake), 6.0, "within a doubled backgammon")
		}
	})
}
