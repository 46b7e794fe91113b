package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestJanowskiByHand: Janowski's live-cube equity with gammons worked by
// hand. A win averages W = 1.5 points and a loss L = 1.2, so the player's
// cash point is (L+1)/(W+L+½) = 2.2/3.2 = 0.6875 and the opponent's is at
// (L−½)/(W+L+½) = 0.7/3.2 = 0.21875. The fully live centred cube (x = 1)
// runs from −L at p = 0 to −1 at the opponent's cash point, to +1 at the
// player's, to W at p = 1 (too good to double: the player plays on for
// its gammons). Under the Jacoby rule a centred cube's game played to the
// end wins and loses single games (Wd = Ld = 1) while the cash points
// still use W and L: the ends are then −1 and +1, and the equity is flat
// below the opponent's cash point and above the player's.
func TestJanowskiByHand(t *testing.T) {
	const W, L = 1.5, 1.2
	j := newJanowski(W, L, 1)
	for _, c := range []struct{ p, want float64 }{
		{0, -1.2},
		{0.1, -1.2 + 0.2*0.1/0.21875}, // −1.10857…
		{0.21875, -1},
		{0.3, -1 + 2*(0.3-0.21875)/(0.6875-0.21875)},   // −0.65333…
		{0.45, -1 + 2*(0.45-0.21875)/(0.6875-0.21875)}, // −0.01333…
		{0.6875, 1},
		{0.9, 1 + 0.5*(0.9-0.6875)/0.3125}, // 1.34
		{1, 1.5},
	} {
		assert.InDelta(t, c.want, j.equity(centredCube, c.p), 1e-12, "centred p=%v", c.p)
	}
	// Half efficient (x = ½): half the live equity and half the cubeless
	// p·W − (1−p)·L: at p = 0.9 (1.34 + 1.23)/2.
	j.x = 0.5
	assert.InDelta(t, (1.34+(0.9*1.5-0.1*1.2))/2, j.equity(centredCube, 0.9), 1e-12)

	jac := newJanowski(W, L, 1)
	jac.Wd, jac.Ld = 1, 1
	for _, c := range []struct{ p, want float64 }{
		{0, -1}, {0.1, -1}, {0.21875, -1}, {0.3, -0.65333333333333333}, {0.6875, 1}, {0.9, 1}, {1, 1},
	} {
		assert.InDelta(t, c.want, jac.equity(centredCube, c.p), 1e-12, "Jacoby, centred p=%v", c.p)
	}
	// Half efficient under Jacoby: the dead half is the single-game 2p − 1.
	jac.x = 0.5
	assert.InDelta(t, (-1+(2*0.1-1))/2, jac.equity(centredCube, 0.1), 1e-12)
}

// TestPWLRepeatedNodes: pwl's p is non-decreasing, so two nodes may share
// a p (a jump, as the match-play line has where a cash point meets the
// opponent's). There f is one of the two values, never NaN, and off the
// jump it is the linear interpolation of its segment.
func TestPWLRepeatedNodes(t *testing.T) {
	for _, q := range []float64{0, 0.4} {
		var f pwl
		f.add(0, -1)
		f.add(q, -0.5)
		f.add(q, 0.5)
		f.add(1, 1)
		v := f.at(q)
		assert.True(t, v == -0.5 || v == 0.5 || (q == 0 && v == -1), "f(%v) = %v", q, v)
		assert.InDelta(t, 0.5+0.5*(0.7-q)/(1-q), f.at(0.7), 1e-12, "q=%v", q)
		if q > 0 {
			assert.InDelta(t, -1+0.5*0.2/q, f.at(0.2), 1e-12, "q=%v", q)
		}
	}
}

// TestPWLSolveLeastP: solve gives the least p at which f reaches y, also
// where f is flat at y (the live line is flat at −1 below the opponent's
// cash point under the Jacoby rule): at the start of the flat piece,
// whether it starts at p = 0 or further on.
func TestPWLSolveLeastP(t *testing.T) {
	var f pwl
	f.add(0, -1)
	f.add(0.3, -1)
	f.add(0.6, 0.5)
	f.add(1, 1)
	assert.Equal(t, 0.0, f.solve(-1))
	assert.Equal(t, 0.0, f.solve(-2))
	assert.InDelta(t, 0.3+0.3*0.5/1.5, f.solve(-0.5), 1e-12)
	assert.InDelta(t, 0.6, f.solve(0.5), 1e-12)
	assert.InDelta(t, 0.8, f.solve(0.75), 1e-12)
	assert.Equal(t, 1.0, f.solve(1.5))

	// Flat in the middle: the least p is where the flat piece starts.
	var g pwl
	g.add(0, -1)
	g.add(0.3, 0)
	g.add(0.6, 0)
	g.add(1, 1)
	assert.InDelta(t, 0.3, g.solve(0), 1e-12)
	assert.InDelta(t, 0.15, g.solve(-0.5), 1e-12)
	assert.InDelta(t, 0.8, g.solve(0.5), 1e-12)
}
