package neural

import (
	"math"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
)

// TestMETOneAwayPastTheTable: against a side at 1-away, a side past
// MaxAway reads as MaxAway away (MET.At's documentation), on both sides
// of the board, in the Crawford game and after it, and the two sides'
// chances add up to 1.
func TestMETOneAwayPastTheTable(t *testing.T) {
	for _, m := range []*MET{met(), metNoCrawford()} {
		for _, cr := range []bool{false, true} {
			for _, n := range []int{MaxAway + 1, MaxAway + 2, 100, 1 << 40, math.MaxInt} {
				assert.Equal(t, m.At(1, MaxAway, cr), m.At(1, n, cr), "1-away %d-away crawford %v", n, cr)
				assert.Equal(t, m.At(MaxAway, 1, cr), m.At(n, 1, cr), "%d-away 1-away crawford %v", n, cr)
				assert.InDelta(t, 1, m.At(1, n, cr)+m.At(n, 1, cr), 1e-12, "%d crawford %v", n, cr)
			}
		}
	}
}

// TestFreeDrop: freeDrop is, as documented, the average over the leader's
// game-winning chance p, uniform on 0.5 ± w, of the better of taking
// (lose + (1−lose)·p) and dropping (drop); here integrated numerically
// (midpoint rule), for drop points inside and outside the range. With no
// spread it is the better of the two at p = 0.5.
func TestFreeDrop(t *testing.T) {
	avg := func(lose, drop, w float64) float64 {
		const steps = 200000
		var s float64
		for i := range steps {
			p := 0.5 - w + 2*w*(float64(i)+0.5)/steps
			s += max(lose+(1-lose)*p, drop)
		}
		return s / steps
	}
	for _, c := range []struct{ lose, drop, w float64 }{
		{0, 0.5, 0.048},    // 2-away post-Crawford: drop at p = 0.5
		{0.2, 0.55, 0.048}, // drop point inside the range
		{0.2, 0.58, 0.1},
		{0.3, 0.3, 0.048},  // always take
		{0.1, 0.95, 0.048}, // always drop
		{0.25, 0.6, 0.2},
	} {
		assert.InDelta(t, avg(c.lose, c.drop, c.w), freeDrop(c.lose, c.drop, c.w), 1e-8, "%+v", c)
	}
	assert.InDelta(t, 0.6, freeDrop(0.2, 0.6, 0), 1e-12)
	assert.InDelta(t, 0.6, freeDrop(0.2, 0.5, 0), 1e-12)
}

// TestMETPostCrawfordTwoAway: at 1-away against 2-away after the Crawford
// game the trailer doubles at once; the leader takes and wins the match
// with its game's chance p, or drops to 1-away 1-away (0.5): by hand in
// the table's model, p uniform on 0.5 ± metSpread, the leader's chance is
// the average of max(p, 0.5), 0.5 + metSpread/4. GNU Backgammon's table
// (Kazaross-XG2) gives the trailer 0.4880, the leader 0.5120.
func TestMETPostCrawfordTwoAway(t *testing.T) {
	m := met()
	assert.InDelta(t, 0.5+metSpread/4, m.At(1, 2, false), 1e-12)
	assert.InDelta(t, 0.5120, m.At(1, 2, false), 1e-4)
	assert.InDelta(t, 0.4880, m.At(2, 1, false), 1e-4)
}

// TestAwayAfter: as awayAfter's documentation says, the winner's away
// less the points, and 0 where the points reach it (however many: no
// overflow); points below 0 count as none, so a game "won" or "lost" by
// −1 or fewer points leaves the score as it is.
func TestAwayAfter(t *testing.T) {
	for _, pts := range []int{-1, -2, -100, math.MinInt} {
		for _, won := range []bool{false, true} {
			a, b := awayAfter(5, 3, pts, won)
			assert.Equal(t, [2]int{5, 3}, [2]int{a, b}, "%d points, won %v", pts, won)
		}
	}
	a, b := awayAfter(5, 3, 0, true)
	assert.Equal(t, [2]int{5, 3}, [2]int{a, b})
	// The winner's away less pts, and 0 where pts reach it.
	for _, c := range []struct {
		pts          int
		won          bool
		wantA, wantB int
	}{{2, true, 3, 3}, {5, true, 0, 3}, {7, true, 0, 3}, {math.MaxInt, true, 0, 3},
		{2, false, 5, 1}, {3, false, 5, 0}, {9, false, 5, 0}, {math.MaxInt, false, 5, 0}} {
		a, b := awayAfter(5, 3, c.pts, c.won)
		assert.Equal(t, [2]int{c.wantA, c.wantB}, [2]int{a, b}, "%+v", c)
	}
}

// TestMETEqualScoresExactlyEven: the model is symmetric (even games, both
// sides alike), so at equal scores, in the table and past it, each side
// has exactly 0.5 (a Crawford flag means nothing there), and within the
// table the two sides' chances add up to exactly 1: the tables of matches
// with and without the Crawford rule and the cubeless ones of both games.
func TestMETEqualScoresExactlyEven(t *testing.T) {
	tables := map[string]*MET{"Crawford": ComputeMET(), "no Crawford": metWith(true),
		"cubeless long": cubelessMETs()[nardy.Long], "cubeless short": cubelessMETs()[nardy.Short]}
	for name, m := range tables {
		for n := 1; n <= 3*MaxAway; n++ {
			for _, cr := range []bool{false, true} {
				assert.Equal(t, 0.5, m.At(n, n, cr), "%s: %d-away %d-away, crawford %v", name, n, n, cr)
			}
		}
		for a := 2; a <= MaxAway; a++ {
			for b := 2; b <= MaxAway; b++ {
				if m.At(a, b, false)+m.At(b, a, false) != 1 {
					t.Errorf("%s: %d-away %d-away: %v and %v do not add up to 1", name, a, b, m.At(a, b, false), m.At(b, a, false))
					return
				}
			}
		}
	}
}

// TestMETMirroredExactly: each table is computed for a < b and mirrored,
// as the MET doc says: Pre[b][a] is exactly 1 − Pre[a][b] (the float
// subtraction, no other rounding), in the tables of matches with and
// without the Crawford rule and the cubeless ones of both games. A sum
// Pre[a][b] + Pre[b][a] rounds to 1 even where Pre[b][a] is an ulp or two
// off, so the sum alone does not show it.
func TestMETMirroredExactly(t *testing.T) {
	tables := map[string]*MET{"Crawford": ComputeMET(), "no Crawford": metWith(true),
		"cubeless long": cubelessMETs()[nardy.Long], "cubeless short": cubelessMETs()[nardy.Short]}
	for name, m := range tables {
		bad := 0
		for a := 2; a <= MaxAway; a++ {
			for b := a + 1; b <= MaxAway; b++ {
				if m.Pre[b][a] != 1-m.Pre[a][b] {
					bad++
					if bad <= 3 {
						t.Errorf("%s: Pre[%d][%d] = %v, want 1 − Pre[%d][%d] = %v", name, b, a, m.Pre[b][a], a, b, 1-m.Pre[a][b])
					}
				}
			}
		}
		assert.Zero(t, bad, "%s: entries not mirrored", name)
	}
}
