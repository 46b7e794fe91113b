package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nardylab/nardy"
)

// TestJanowskiTakePoints: without gammons the take point of a dead cube is
// 25% and of a fully live cube 20% (the classic money take points), and
// the three formulas meet there.
func TestJanowskiTakePoints(t *testing.T) {
	for _, c := range []struct{ x, tp float64 }{{0, 0.25}, {1, 0.20}} {
		// The doubler wins with 1−tp: a take is then worth exactly a drop.
		assert.InDelta(t, 1, 2*oppOwns(1-c.tp, 1, 1, c.x), 1e-12, "x=%v", c.x)
		// Live cube: the centred cube runs from −1 at the taker's cash
		// point to +1 at the doubler's.
		if c.x == 1 {
			assert.InDelta(t, 1, centred(1-c.tp, 1, 1, 1), 1e-12)
			assert.InDelta(t, -1, centred(c.tp, 1, 1, 1), 1e-12)
		}
	}
	// Dead cube: every formula is the cubeless equity 2p−1.
	for _, p := range []float64{0, 0.3, 0.5, 0.9} {
		assert.InDelta(t, 2*p-1, centred(p, 1, 1, 0), 1e-12)
		assert.InDelta(t, 2*p-1, owned(p, 1, 1, 0), 1e-12)
		assert.InDelta(t, 2*p-1, oppOwns(p, 1, 1, 0), 1e-12)
	}
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

// TestMET: the table is a chance, symmetric (a's chance against b plus
// b's against a is 1) and grows as a player needs fewer points.
func TestMET(t *testing.T) {
	m := DefaultMET()
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
