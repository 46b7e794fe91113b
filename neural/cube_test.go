package neural

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
)

// TestJanowskiTakePoints: without gammons the take point of a dead cube is
// 25% and of a fully live cube 20% (the classic money take points), and
// the three formulas meet there.
func TestJanowskiTakePoints(t *testing.T) {
	for _, c := range []struct{ x, tp float64 }{{0, 0.25}, {1, 0.20}} {
		j := newJanowski(1, 1, c.x)
		// The doubler wins with 1−tp: a take is then worth exactly a drop.
		assert.InDelta(t, 1, 2*j.equity(oppCube, 1-c.tp), 1e-12, "x=%v", c.x)
		// Live cube: the centred cube runs from −1 at the taker's cash
		// point to +1 at the doubler's.
		if c.x == 1 {
			assert.InDelta(t, 1, j.equity(centredCube, 1-c.tp), 1e-12)
			assert.InDelta(t, -1, j.equity(centredCube, c.tp), 1e-12)
			assert.InDelta(t, 1, j.equity(ownCube, 1-c.tp), 1e-12)
		}
	}
	// Dead cube: every formula is the cubeless equity 2p−1.
	j := newJanowski(1, 1, 0)
	for _, p := range []float64{0, 0.3, 0.5, 0.9} {
		for _, s := range []cubeState{centredCube, ownCube, oppCube} {
			assert.InDelta(t, 2*p-1, j.equity(s, p), 1e-12)
		}
	}
}

// TestJanowskiPieces: Janowski's linear formulas between the cash points
// (Janowski 1993: owned p(W+L+x/2)−L, held by the opponent
// p(W+L+x/2)−L−x/2), and at the ends of the game the cubeless points
// whatever the cube: −L at p = 0 and W at p = 1.
func TestJanowskiPieces(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		W := rapid.Float64Range(1, 3).Draw(t, "W")
		L := rapid.Float64Range(1, 3).Draw(t, "L")
		x := rapid.Float64Range(0, 1).Draw(t, "x")
		j := newJanowski(W, L, x)
		drop, cash := (L-0.5)/(W+L+0.5), (L+1)/(W+L+0.5)
		p := rapid.Float64Range(drop, cash).Draw(t, "p")
		assert.InDelta(t, p*(W+L+x/2)-L, j.equity(ownCube, p), 1e-9)
		assert.InDelta(t, p*(W+L+x/2)-L-x/2, j.equity(oppCube, p), 1e-9)
		for _, s := range []cubeState{centredCube, ownCube, oppCube} {
			assert.InDelta(t, -L, j.equity(s, 0), 1e-9)
			assert.InDelta(t, W, j.equity(s, 1), 1e-9)
		}
	})
}

func gammonless(w float64) Probs { return Probs{Variant: nardy.Short, Win: w} }

// TestDecideCubeMoney: no double at 50%, double and take at 75%, double
// and pass at 90%; the opponent's take follows the take point.
func TestDecideCubeMoney(t *testing.T) {
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true}
	d := DecideCube(gammonless(0.5), ci)
	assert.False(t, d.Double)
	assert.True(t, d.Take)
	d = DecideCube(gammonless(0.75), ci)
	assert.True(t, d.Double && d.Take, "%+v", d)
	d = DecideCube(gammonless(0.9), ci)
	assert.True(t, d.Double, "%+v", d)
	assert.False(t, d.Take, "%+v", d)
	// The opponent owns the cube: no double.
	ci.Cube = nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}
	assert.False(t, DecideCube(gammonless(0.75), ci).Double)
	// At the cube limit: no double.
	ci.Cube = nardy.Cube{Value: 64, Owned: true, Owner: nardy.White}
	assert.False(t, DecideCube(gammonless(0.75), ci).Double)
	// Too good: nearly all wins are gammons; playing on beats cashing.
	ci.Cube = nardy.Cube{Value: 1}
	tg := Probs{Variant: nardy.Short, Win: 0.95, WinMars: 0.8}
	d = DecideCube(tg, ci)
	assert.False(t, d.Double, "%+v", d)
	assert.Greater(t, d.NoDouble, 1.0)
}

// TestDecideCubeNoDoubleByHolder: NoDouble is the equity of playing on
// with the cube where it is. Without gammons (W = L = 1) Janowski's live
// equity at p = 0.6 is +0.5 when the player on roll holds the cube (−1 at
// p = 0 to +1 at its cash point 0.8), 0 when the opponent holds it (−1 at
// its cash point 0.2 to +1 at p = 1); the dead equity is 2p − 1 = 0.2, and
// x = 0.68 weighs them: 0.404 and 0.064. Worked out by hand.
func TestDecideCubeNoDoubleByHolder(t *testing.T) {
	ci := CubeInfo{Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, OnRoll: nardy.White, Money: true}
	assert.InDelta(t, 0.68*0.5+0.32*0.2, DecideCube(gammonless(0.6), ci).NoDouble, 1e-12)
	ci.Cube.Owner = nardy.Black
	d := DecideCube(gammonless(0.6), ci)
	assert.InDelta(t, 0.32*0.2, d.NoDouble, 1e-12)
	assert.False(t, d.Double)
}

// TestCubeDecisionEquity: the cubeful equity of a verdict is the
// double's, answered as the opponent does best, when it doubles.
func TestCubeDecisionEquity(t *testing.T) {
	assert.Equal(t, 0.4, CubeDecision{NoDouble: 0.4, DoubleTake: 0.6, DoublePass: 1}.Equity())
	assert.Equal(t, 0.6, CubeDecision{NoDouble: 0.4, DoubleTake: 0.6, DoublePass: 1, Double: true, Take: true}.Equity())
	assert.Equal(t, 1.0, CubeDecision{NoDouble: 0.9, DoubleTake: 1.3, DoublePass: 1, Double: true}.Equity())
}

// TestDecideCubeMatch: the Crawford game never doubles; post-Crawford the
// trailer at 2-away doubles (a win at 2 is the match, a win at 1 only
// reaches 1-away 1-away) and the leader takes a 45% double; at 2-away
// 2-away the game after a take is for the match, so the take point is the
// trailer's chance at 2-away 1-away Crawford (1 − MET 1-away 2-away).
func TestDecideCubeMatch(t *testing.T) {
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{3, 1}, Crawford: true}
	assert.False(t, DecideCube(gammonless(0.6), ci).Double)
	ci.Crawford, ci.Away = false, [2]int{2, 1}
	d := DecideCube(gammonless(0.45), ci)
	assert.True(t, d.Double, "post-Crawford trailer: %+v", d)
	assert.True(t, d.Take)
	assert.InDelta(t, 0.45, d.MWCDoubleTake, 1e-9)
	ci.Away = [2]int{2, 2}
	tp := 1 - DefaultMET().At(1, 2, true)
	d = DecideCube(gammonless(1-tp-0.02), ci)
	assert.True(t, d.Double && d.Take, "%+v", d)
	assert.InDelta(t, 1-tp-0.02, d.MWCDoubleTake, 1e-9, "2-away 2-away: a take plays for the match")
	d = DecideCube(gammonless(1-tp+0.02), ci)
	assert.True(t, d.Double, "%+v", d)
	assert.False(t, d.Take, "%+v", d)
}

// TestDecideCubeDeadCube_S6: a double that changes nothing is not given.
// At double match point (1-away 1-away) every win is the match, so no
// chance makes a double worth anything; in a 3-point match at 1-away
// 3-away the leader gains nothing by doubling a 2-cube. A game already won
// single, with the cube centred, cashes no more by a double than by
// playing on.
func TestDecideCubeDeadCube_S6(t *testing.T) {
	for _, w := range []float64{0.1, 0.5, 0.8, 0.99, 1} {
		ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{1, 1}}
		d := DecideCube(gammonless(w), ci)
		assert.False(t, d.Double, "double match point, %.2f: %+v", w, d)
		assert.True(t, d.Take, "a pass at double match point loses the match: %+v", d)
		ci = CubeInfo{Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, OnRoll: nardy.White, Away: [2]int{1, 3}}
		assert.False(t, DecideCube(gammonless(w), ci).Double, "1-away 3-away, cube 2, %.2f", w)
	}
	d := DecideCube(gammonless(1), CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Jacoby: true})
	assert.False(t, d.Double, "%+v", d)
}

// TestMET: the table is a chance, symmetric (a's chance against b plus
// b's against a is 1) and grows as a player needs fewer points.
func TestMET(t *testing.T) {
	m := met()
	for a := 1; a <= MaxAway; a++ {
		for b := 1; b <= MaxAway; b++ {
			for _, cr := range []bool{false, true} {
				v := m.At(a, b, cr)
				assert.True(t, v >= 0 && v <= 1)
				if a == 1 || b == 1 {
					assert.InDelta(t, 1, v+m.At(b, a, cr), 1e-12, "%d %d", a, b)
				}
			}
			if a > 1 && b > 1 {
				assert.InDelta(t, 1, m.At(a, b, false)+m.At(b, a, false), 1e-9, "%d-away %d-away", a, b)
				if a > 2 {
					assert.Greater(t, m.At(a-1, b, false), m.At(a, b, false))
				}
			}
		}
	}
	assert.InDelta(t, 0.5, m.At(2, 2, false), 1e-12)
	assert.Equal(t, 1.0, m.At(0, 3, false))
	assert.Equal(t, 0.0, m.At(3, -1, false))
}

// TestDecideCubeGnubg: money-play cube equities of GNU Backgammon 1.07
// (cfevaluate at 0-ply, Jacoby on as in the default rules) for positions of
// its own games, given its cubeless chances and the cube efficiency its
// manual gives for the position: the model reproduces them (to the 5
// decimals the chances were recorded with). Centred cubes under Jacoby,
// owned cubes too good to redouble, races at x 0.6.
func TestDecideCubeGnubg(t *testing.T) {
	for _, c := range []struct {
		owned                bool
		x                    float64
		w, wg, wbg, lg, lbg  float64
		noDouble, doubleTake float64
	}{
		{false, 0.68, 0.62575, 0.00471, 0, 0.00437, 0, 0.3658, 0.2492},
		{false, 0.68, 0.56550, 0.20357, 0.01243, 0.11844, 0.00513, 0.2742, 0.1514},
		{false, 0.68, 0.79853, 0.61410, 0.12647, 0, 0, 0.8711, 2.5383},
		{true, 0.68, 0.71593, 0.00797, 0, 0.00428, 0, 0.6790, 0.6779},
		{true, 0.68, 0.95975, 0.16438, 0.00726, 0, 0, 1.1315, 2.1549},
		{true, 0.68, 0.79389, 0.63717, 0.13507, 0.00058, 0, 1.4547, 2.5787},
		{true, 0.60, 0.71313, 0, 0, 0, 0, 0.6402, 0.6804},
		{false, 0.6012, 0.96508, 0, 0, 0, 0, 0.9721, 1.8393},
	} {
		p := Probs{Variant: nardy.Short, Win: c.w, WinMars: c.wg, WinKoks: c.wbg, LoseMars: c.lg, LoseKoks: c.lbg}
		ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Jacoby: true, Efficiency: c.x}
		if c.owned {
			ci.Cube = nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}
		}
		d := DecideCube(p, ci)
		assert.InDelta(t, c.noDouble, d.NoDouble, 5e-4, "%+v", c)
		assert.InDelta(t, c.doubleTake, d.DoubleTake, 5e-4, "%+v", c)
	}
}

// TestDecideCubeMatchLiveCube: at 4-away 2-away the leader's cube, once
// taken, is dead (a win at 2 is the match), so the trailer has no double
// at 40% however many gammons it has (GNU Backgammon: no double, take).
func TestDecideCubeMatchLiveCube(t *testing.T) {
	p := Probs{Variant: nardy.Short, Win: 0.400, WinMars: 0.115, WinKoks: 0.008, LoseMars: 0.217, LoseKoks: 0.015}
	d := DecideCube(p, CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{4, 2}})
	assert.False(t, d.Double, "%+v", d)
	assert.True(t, d.Take, "%+v", d)
}

// TestEfficiency: contact positions 0.68; races by the pip count of the
// player on roll, 0.6 at 40 and 0.7 at 120 pips, linear between.
func TestEfficiency(t *testing.T) {
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	assert.NoError(t, err)
	assert.Equal(t, CubeEfficiency, Efficiency(start))
	var opp nardy.Side
	opp[6] = 15
	for _, c := range []struct {
		side nardy.Side
		x    float64
	}{
		{nardy.Side{nardy.Off: 5, 4: 10}, 0.6},
		{nardy.Side{nardy.Off: 1, 5: 4, 6: 10}, 0.65},
		{nardy.Side{8: 15}, 0.7},
		{nardy.Side{12: 15}, 0.7},
	} {
		pos, err := nardy.NewPosition(nardy.Short, nardy.White, c.side, opp)
		assert.NoError(t, err)
		assert.InDelta(t, c.x, Efficiency(pos), 1e-12, "%v", c.side)
	}
	long, err := nardy.StartPosition(nardy.Long, nardy.White)
	assert.NoError(t, err)
	assert.Equal(t, CubeEfficiency, Efficiency(long))
	// CubeInfo.Efficiency of 0 or NaN is CubeEfficiency (NaN gave NaN
	// equities and no double, no take); past 0..1 it is clamped.
	p := Probs{Variant: nardy.Short, Win: 0.72, WinMars: 0.2, LoseMars: 0.05}
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, Money: true}
	want := DecideCube(p, ci)
	for _, x := range []float64{math.NaN(), CubeEfficiency} {
		ci.Efficiency = x
		assert.Equal(t, want, DecideCube(p, ci), "efficiency %v", x)
	}
	ci.Efficiency = 1
	live := DecideCube(p, ci)
	for _, x := range []float64{2, math.Inf(1)} {
		ci.Efficiency = x
		assert.Equal(t, live, DecideCube(p, ci), "efficiency %v", x)
	}
}

// TestPWL: solve inverts at on a rising piecewise-linear function, and
// clamps outside its range.
func TestPWL(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var f pwl
		v := rapid.Float64Range(-1, 1).Draw(t, "v0")
		f.add(0, v)
		p := 0.0
		for i := range rapid.IntRange(0, 2).Draw(t, "mid") {
			p = rapid.Float64Range(p+0.01, p+0.3).Draw(t, fmt.Sprint("p", i))
			v = rapid.Float64Range(v+0.01, v+1).Draw(t, fmt.Sprint("v", i))
			f.add(p, v)
		}
		f.add(1, rapid.Float64Range(v+0.01, v+1).Draw(t, "v1"))
		q := rapid.Float64Range(0, 1).Draw(t, "q")
		assert.InDelta(t, q, f.solve(f.at(q)), 1e-9)
		assert.Equal(t, 0.0, f.solve(f.v[0]-1))
		assert.Equal(t, 1.0, f.solve(f.v[f.n-1]+1))
	})
}

// TestContactPairs: contact means some checker of the mover and some
// checker of the opponent must still pass each other: the mover's checker
// on its point p and the opponent's on its q (the bar 25 for both) with
// p + q > 25. Checked on positions of random games, races included.
func TestContactPairs(t *testing.T) {
	races := 0
	for _, pos := range samplePositions(t, nardy.Short, 3000, 11) {
		me, opp := pos.Mover(), pos.Opponent()
		want := false
		for p := nardy.Bar; p > nardy.Off; p-- {
			for q := nardy.Bar; q > nardy.Off; q-- {
				want = want || (me[p] > 0 && opp[q] > 0 && p+q > 25)
			}
		}
		assert.Equal(t, want, contact(pos), "%v", pos)
		if !want {
			races++
		}
	}
	assert.Positive(t, races, "no race among the positions")
}

// TestDecideCubeBeaver (S6): with beavers, in money play, the opponent
// beavers a double that leaves it the favourite after the take. Without
// gammons, at x = 0.68, a take leaves the doubler Janowski's
// p(W + L + x/2) − L − x/2 a cube, doubled: at p = 0.4, 2(0.936 − 1.34) =
// −0.808, a beaver, which makes the double worth −1.616; at p = 0.6,
// 2(1.404 − 1.34) = +0.128, a take. Worked out by hand. No beaver without
// the option, in a match, or where four times the cube would pass the
// limit.
func TestDecideCubeBeaver(t *testing.T) {
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Beavers: true}
	d := DecideCube(gammonless(0.4), ci)
	assert.InDelta(t, -0.808, d.DoubleTake, 1e-12)
	assert.True(t, d.Beaver && d.Take, "%+v", d)
	assert.False(t, d.Double)
	d.Double = true
	assert.InDelta(t, -1.616, d.Equity(), 1e-12, "a beavered double")
	d = DecideCube(gammonless(0.6), ci)
	assert.InDelta(t, 0.128, d.DoubleTake, 1e-12)
	assert.False(t, d.Beaver, "%+v", d)
	assert.True(t, d.Take)
	// Where the doubler would lose more than 2 a cube after the take (at
	// 5 % of wins and 90 % of gammons lost), a beaver would make it twice
	// that, but the doubler then drops the beaver for −2, so the opponent
	// takes (more than 2 to it) rather than beaver (2); the cube model
	// beavered it (helper-89; GNU Backgammon says take).
	d = DecideCube(Probs{Variant: nardy.Short, Win: 0.05, LoseMars: 0.9}, ci)
	require.Less(t, d.DoubleTake, -2.0, "%+v", d)
	assert.Equal(t, -2.0, d.DoubleBeaver, "the doubler drops the beaver")
	assert.True(t, d.Take && !d.Beaver, "%+v", d)
	take, eq := d.TakeBeaver()
	assert.False(t, take)
	assert.Equal(t, 2*d.DoubleTake, eq)

	off := ci
	off.Beavers = false
	assert.False(t, DecideCube(gammonless(0.4), off).Beaver, "beavers not allowed")
	match := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Beavers: true, Away: [2]int{5, 5}}
	assert.False(t, DecideCube(gammonless(0.4), match).Beaver, "match play")
	high := ci
	high.Cube = nardy.Cube{Value: 32, Owned: true, Owner: nardy.White}
	assert.False(t, DecideCube(gammonless(0.4), high).Beaver, "128 passes the limit of 64")
	high.Cube.Value = 16
	assert.True(t, DecideCube(gammonless(0.4), high).Beaver, "64 is within it")
}

// TestCubeActionBeaver (S6): after white's 3-1 opening made its 5 point,
// black, on roll, is the underdog (every backgammon reference beavers a
// double there): doubled, white beavers where the rules allow it, and
// takes where they do not.
func TestCubeActionBeaver(t *testing.T) {
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	for _, beavers := range []bool{true, false} {
		r := nardy.DefaultRules(nardy.Short)
		r.Beavers = beavers
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}}) // white's 3 against black's 1
		require.NoError(t, err)
		roll, _ := g.Dice()
		require.Equal(t, "3-1", roll.String())
		play, err := r.ParsePlay(g.Position(), roll, "8/5 6/5")
		require.NoError(t, err)
		g, err = g.Play(play)
		require.NoError(t, err)
		g, err = g.Act(nardy.ActDouble)
		require.NoError(t, err)
		s := NewSearcher(net, r)
		a, err := CubeAction(s, g, nardy.White, 0, [2]int{})
		require.NoError(t, err)
		want := nardy.ActTake
		if beavers {
			want = nardy.ActBeaver
		}
		assert.Equal(t, want, a.Kind, "beavers %v", beavers)
		_, err = g.Do(a)
		assert.NoError(t, err, "the game accepts it")
	}
}

// TestDecideCubeBeaverProperty (S6): a beavered double is worth to the
// player on roll the better of taking the beaver, 2·DoubleTake, and
// dropping it, −2·DoublePass; the opponent beavers where that is below
// the take, DoubleTake < 0, and the drop, so where −2·DoublePass <
// DoubleTake < 0 (below, a beaver would be dropped, worth less to the
// beaver than the take); and a double is advised only where it beats no
// double. Without Jacoby that never happens: after a take the
// opponent holds the cube, which is worth no more to the player on roll
// than the cube where it is now, so a double/take below zero (what makes a
// beaver) is below no double, and the beaver's 2·DoubleTake further
// still. Under Jacoby it can: a double that makes the player's gammons
// count may be worth a beaver (at 33 % of wins, all gammons, with a
// nearly dead cube: no double −0.336, beavered 2·(−0.033) = −0.065).
func TestDecideCubeBeaverProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		win := rapid.Float64Range(0, 1).Draw(t, "win")
		wg := rapid.Float64Range(0, win).Draw(t, "winGammon")
		lg := rapid.Float64Range(0, 1-win).Draw(t, "loseGammon")
		p := Probs{Variant: nardy.Short, Win: win, WinMars: wg, LoseMars: lg}
		ci := CubeInfo{OnRoll: nardy.White, Money: true, Beavers: true,
			Jacoby:     rapid.Bool().Draw(t, "jacoby"),
			Efficiency: rapid.Float64Range(0, 1).Draw(t, "x")}
		ci.Cube = nardy.Cube{Value: 1}
		if v := rapid.IntRange(0, 4).Draw(t, "owned"); v > 0 {
			ci.Cube = nardy.Cube{Value: 1 << v, Owned: true, Owner: nardy.White}
		}
		d := DecideCube(p, ci)
		assert.Equal(t, d.DoubleTake < 0 && d.DoubleTake > -2*d.DoublePass, d.Beaver, "%+v", d)
		assert.Equal(t, max(2*d.DoubleTake, -2*d.DoublePass), d.DoubleBeaver, "%+v", d)
		if d.Beaver {
			assert.Equal(t, d.DoubleBeaver, d.DoubleEquity())
		}
		take, eq := d.TakeBeaver()
		assert.Equal(t, 2*d.DoubleTake > -2*d.DoublePass, take, "%+v", d)
		assert.Equal(t, 2*d.DoubleTake, eq, "%+v", d)
		assert.Equal(t, d.DoubleEquity() > d.NoDouble+cubeTie, d.Double)
		if !ci.Jacoby || !ci.Cube.Centred() {
			assert.False(t, d.Double && d.Beaver, "%+v", d)
		}
	})
	d := DecideCube(Probs{Variant: nardy.Short, Win: 0.33, WinMars: 0.33},
		CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Beavers: true, Jacoby: true, Efficiency: 0.02})
	assert.True(t, d.Double && d.Beaver, "%+v", d)
}

// TestCubeHugeValues_S6: a cube near the largest int, or no limit at all,
// ends: every doubling is checked against the limit before it is made (2
// × 2^62 wrapped to a negative value, and the match model doubled it on
// for ever, a stack overflow that killed the process), and a double past
// the limit is never advised.
func TestCubeHugeValues_S6(t *testing.T) {
	n, err := Default(nardy.Short)
	require.NoError(t, err)
	s := NewSearcher(n, nardy.DefaultRules(nardy.Short))
	s.Match = ScoreFor(nardy.White, [2]int{3, 3}, 1)
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	for ply := range 2 {
		d := s.SearchCube(pos, s.CubeInfo(pos, nardy.Cube{Value: 1 << 62}), ply)
		assert.False(t, d.Double, "ply %d: %+v", ply, d)
		assertCubeFinite(t, d)
	}
	// Neither side may ever pass the limit: the recursion of the match
	// model over cube values ends at the largest int.
	d := DecideCube(Probs{Variant: nardy.Short, Win: 0.6},
		CubeInfo{Away: [2]int{math.MaxInt, math.MaxInt}, MaxCube: math.MaxInt})
	assertCubeFinite(t, d)
	// A sure backgammon at 3-away wins the match whatever the cube: its 3
	// points times 2^62 must not wrap to a negative score.
	sure := Probs{Variant: nardy.Short, Win: 1, WinMars: 1, WinKoks: 1}
	d = DecideCube(sure, CubeInfo{Cube: nardy.Cube{Value: 1 << 62}, Away: [2]int{3, 3},
		Scoring: nardy.Scoring{Oin: 1, Mars: 2, Koks: 3}})
	assert.Equal(t, 1.0, d.MWCNoDouble, "%+v", d)
	assert.False(t, d.Double)
}

// TestDecideCubeAnyInput: DecideCube and a 0-ply SearchCube end and give
// numbers for any cube state, however odd (cube values and limits from
// negative to the largest int, any score, any colour on roll), and never
// advise a double the cube, the limit or the Crawford game forbids.
func TestDecideCubeAnyInput(t *testing.T) {
	n, err := Default(nardy.Short)
	require.NoError(t, err)
	s := NewSearcher(n, nardy.DefaultRules(nardy.Short))
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	anyInt := rapid.OneOf(rapid.IntRange(-3, 70), rapid.IntRange(math.MaxInt/4-2, math.MaxInt/4+2),
		rapid.IntRange(math.MaxInt/2-2, math.MaxInt/2+2), rapid.IntRange(math.MaxInt-4, math.MaxInt),
		rapid.IntRange(math.MinInt, math.MinInt+4), rapid.Int())
	rapid.Check(t, func(t *rapid.T) {
		win := rapid.Float64Range(0, 1).Draw(t, "win")
		wg := rapid.Float64Range(0, win).Draw(t, "winGammon")
		lg := rapid.Float64Range(0, 1-win).Draw(t, "loseGammon")
		p := Probs{Variant: nardy.Short, Win: win, WinMars: wg, LoseMars: lg}
		ci := CubeInfo{
			Cube: nardy.Cube{Value: anyInt.Draw(t, "value"), Owned: rapid.Bool().Draw(t, "owned"),
				Owner: nardy.Color(rapid.IntRange(0, 2).Draw(t, "owner"))},
			OnRoll:     nardy.Color(rapid.IntRange(0, 2).Draw(t, "onRoll")),
			Money:      rapid.Bool().Draw(t, "money"),
			Jacoby:     rapid.Bool().Draw(t, "jacoby"),
			Beavers:    rapid.Bool().Draw(t, "beavers"),
			Away:       [2]int{anyInt.Draw(t, "a"), anyInt.Draw(t, "b")},
			Crawford:   rapid.Bool().Draw(t, "crawford"),
			MaxCube:    anyInt.Draw(t, "limit"),
			Efficiency: rapid.Float64Range(-1, 2).Draw(t, "x"),
		}
		for _, d := range []CubeDecision{DecideCube(p, ci), s.SearchCube(pos, ci, 0)} {
			if d.Double {
				assert.True(t, ci.Cube.MayDouble(ci.OnRoll) && !ci.Crawford, "%+v", ci)
				assert.LessOrEqual(t, ci.Cube.Value, ci.limit()/2, "%+v", ci)
			}
			assert.False(t, math.IsNaN(d.NoDouble) || math.IsNaN(d.DoubleTake), "%+v", d)
		}
	})
}

// assertCubeFinite checks that the equities and chances of d are numbers.
func assertCubeFinite(t *testing.T, d CubeDecision) {
	t.Helper()
	for _, x := range []float64{d.NoDouble, d.DoubleTake, d.DoublePass, d.DoubleBeaver,
		d.MWCNoDouble, d.MWCDoubleTake, d.MWCDoublePass} {
		assert.False(t, math.IsNaN(x) || math.IsInf(x, 0), "%+v", d)
	}
}

// TestResignationAtTheScore_S6: offered a resignation in a game of a
// match, CubeAction accepts whenever the offer wins the match (its points
// at the cube reach what the player still needs), whatever the position;
// and in money play it accepts an offer of the most the table scores
// (nothing can be worth more).
func TestResignationAtTheScore_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	positions := samplePositions(t, nardy.Short, 200, 17)
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	s := NewSearcher(net, r)
	points := map[nardy.ResultKind]int{nardy.Oin: 1, nardy.Mars: 2, nardy.Koks: 3}
	rapid.Check(t, func(t *rapid.T) {
		pos := rapid.SampledFrom(positions).Draw(t, "pos")
		kind := rapid.SampledFrom([]nardy.ResultKind{nardy.Oin, nardy.Mars, nardy.Koks}).Draw(t, "kind")
		cube := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "cube")
		me := pos.OnRoll().Other() // offered by the player on roll
		setup := nardy.Setup{Position: pos, Match: true}
		if cube > 1 {
			setup.Cube = nardy.Cube{Value: cube, Owned: true, Owner: me}
		}
		g, err := nardy.NewGameAt(r, setup)
		if err != nil {
			t.Skip("a setup NewGameAt refuses:", err)
		}
		g, err = g.Do(nardy.Action{Kind: nardy.ActResign, Player: pos.OnRoll(), Resign: kind})
		require.NoError(t, err)
		won := points[kind] * cube
		away := [2]int{rapid.IntRange(1, won).Draw(t, "my away"), rapid.IntRange(1, 9).Draw(t, "their away")}
		ply := rapid.IntRange(0, 1).Draw(t, "ply")
		a, err := CubeAction(s, g, me, ply, away)
		require.NoError(t, err)
		assert.Equal(t, nardy.ActAccept, a.Kind, "%s offered at cube %d, away %v: it wins the match", kind, cube, away)

		money, err := nardy.NewGameAt(r, nardy.Setup{Position: pos})
		require.NoError(t, err)
		money, err = money.Do(nardy.Action{Kind: nardy.ActResign, Player: pos.OnRoll(), Resign: nardy.Koks})
		require.NoError(t, err)
		a, err = CubeAction(s, money, me, ply, [2]int{})
		require.NoError(t, err)
		assert.Equal(t, nardy.ActAccept, a.Kind, "a backgammon offered in money play")
	})
}

// TestCubeActionAnswersABeaver_S6: after a beaver the doubler answers it
// as a double: at the start, where playing on at four times the cube
// costs it little, it takes; with its fifteen checkers on its 24-point
// against an opponent with one checker left on its 2-point, a sure backgammon
// (four cubes of 3 points, −12 a cube) against −2 for the drop, it
// drops. GameCubeInfo gives the decision's cube: the one before the
// double.
func TestCubeActionAnswersABeaver_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers, r.Jacoby = true, false
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	var back, home nardy.Side
	back[24] = 15
	home[2], home[nardy.Off] = 1, 14
	lost, err := nardy.NewPosition(nardy.Short, nardy.White, back, home)
	require.NoError(t, err)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		pos  nardy.Position
		want nardy.ActionKind
	}{{"start", start, nardy.ActTake}, {"lost", lost, nardy.ActDrop}} {
		g, err := nardy.NewGameAt(r, nardy.Setup{Position: c.pos, Starter: nardy.White})
		require.NoError(t, err)
		g, err = g.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
		require.NoError(t, err)
		g, err = g.Do(nardy.Action{Kind: nardy.ActBeaver, Player: nardy.Black})
		require.NoError(t, err)
		require.True(t, g.Beavered())
		assert.Equal(t, nardy.Cube{Value: 1}, GameCubeInfo(g, nardy.White, [2]int{}).Cube, c.name)
		for ply := range MaxPly + 1 {
			a, err := CubeAction(NewSearcher(net, r), g, nardy.White, ply, [2]int{})
			require.NoError(t, err)
			assert.Equal(t, nardy.Action{Kind: c.want, Player: nardy.White}, a, "%s, ply %d", c.name, ply)
			_, err = g.Do(a)
			assert.NoError(t, err)
		}
		_, err = CubeAction(NewSearcher(net, r), g, nardy.Black, 0, [2]int{})
		assert.ErrorIs(t, err, nardy.ErrNotYourTurn, "the beaver waits for the doubler")
	}
}
