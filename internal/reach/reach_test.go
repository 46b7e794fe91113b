package reach

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func mask(points ...int) uint32 {
	var m uint32
	for _, p := range points {
		if p >= 1 && p <= 24 {
			m |= 1 << p
		}
	}
	return m
}

// TestPointsOneChecker: one hitter reaches each die, their sum (when one of
// the two middle points is open), and for a double up to four steps until
// a closed point stops it; never beyond point 24.
func TestPointsOneChecker(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.IntRange(0, 23).Draw(t, "source") // 0: the bar
		d1 := rapid.IntRange(1, 6).Draw(t, "d1")
		d2 := rapid.IntRange(1, 6).Draw(t, "d2")
		closed := rapid.Uint32().Draw(t, "closed") & board
		open := func(p int) bool { return closed&(1<<p) == 0 }
		var want []int
		if d1 == d2 {
			for k := 1; k <= 4 && s+k*d1 <= 24; k++ {
				want = append(want, s+k*d1)
				if !open(s + k*d1) {
					break
				}
			}
		} else {
			want = append(want, s+d1, s+d2)
			if (s+d1 <= 24 && open(s+d1)) || (s+d2 <= 24 && open(s+d2)) {
				want = append(want, s+d1+d2)
			}
		}
		assert.Equal(t, mask(want...), Points(uint32(1)<<s, closed, d1, d2), "source %d, roll %d-%d", s, d1, d2)
	})
}

// TestPointsExamples: worked cases.
func TestPointsExamples(t *testing.T) {
	assert.Equal(t, mask(9, 10, 14), Points(mask(5), 0, 4, 5))
	assert.Equal(t, mask(9, 10), Points(mask(5), mask(9, 10), 4, 5), "both middle points closed: no sum")
	assert.Equal(t, mask(8, 11), Points(mask(5), mask(11), 3, 3), "a closed point stops a double")
	assert.Equal(t, mask(24), Points(mask(20), 0, 4, 6), "nothing beyond 24")
	assert.Zero(t, Points(0, 0, 6, 6))
}

// TestPointsEdges: cases a random single hitter seldom draws: from the bar
// (0) a 1 reaches point 1; a double's fourth step; two hitters whose
// reaches overlap (each point reached once is reached).
func TestPointsEdges(t *testing.T) {
	const bar = 1 // bit 0
	assert.Equal(t, mask(1, 2, 3), Points(bar, 0, 1, 2), "point 1 from the bar")
	assert.Equal(t, mask(1, 2, 3, 4), Points(bar, 0, 1, 1), "a double's four steps")
	assert.Equal(t, mask(2, 4, 6, 8), Points(bar, 0, 2, 2))
	assert.Equal(t, mask(3, 5, 7, 9, 11), Points(mask(1, 3), 0, 2, 2), "two hitters on one line")
	assert.Equal(t, mask(3, 5), Points(mask(1, 3), mask(5), 2, 2), "5 closed: reached, not passed")
}
