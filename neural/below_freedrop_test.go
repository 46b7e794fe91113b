package neural

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestBelowLowersByTheFewestUlps_L9: below(x, a, hi), for 0 <= a <= hi,
// keeps a + x <= hi in floating point by lowering x by the fewest ulps
// that do (ordered's home mars below the mars less the koks, L9): x is
// kept where a + x is already no more than hi (exactly hi included), and
// a lowered x is one that a single ulp more would put a + x above hi.
// Found by a mutation round (helper 171): lowering x also where a + x is
// exactly hi went unnoticed.
func TestBelowLowersByTheFewestUlps_L9(t *testing.T) {
	assert.Equal(t, 0.25, below(0.25, 0.5, 0.75), "0.5 + 0.25 is 0.75 exactly")
	assert.Equal(t, 0.0, below(0, 0.5, 0.5))
	rapid.Check(t, func(t *rapid.T) {
		hi := rapid.Float64Range(0, 1).Draw(t, "hi")
		a := rapid.Float64Range(0, hi).Draw(t, "a")
		x := hi - a // ordered's x: at most the mars less the koks
		if rapid.Bool().Draw(t, "less") {
			x = rapid.Float64Range(0, x).Draw(t, "x")
		}
		r := below(x, a, hi)
		require.LessOrEqual(t, a+r, hi)
		require.GreaterOrEqual(t, r, 0.0)
		require.LessOrEqual(t, r, x)
		if r < x {
			assert.Greater(t, a+math.Nextafter(r, math.Inf(1)), hi, "lowered by more ulps than needed: %v to %v", x, r)
		}
	})
}

// TestFreeDropWithoutSpread: freeDrop averages, over the leader's game
// chance p uniform on 0.5 ± w, the better of taking and dropping; with
// no spread (w = 0) p is 0.5, so the result is the better of the take at
// even chances (lose + 0.5·(1 − lose)) and the drop, which a spread
// shrinking to 0 approaches.
func TestFreeDropWithoutSpread(t *testing.T) {
	for _, c := range []struct{ lose, drop float64 }{{0.2, 0.3}, {0.2, 0.7}, {0.5, 0.74}, {0, 1}} {
		want := max(c.lose+0.5*(1-c.lose), c.drop)
		assert.InDelta(t, want, freeDrop(c.lose, c.drop, 0), 1e-15, "%+v", c)
		assert.InDelta(t, freeDrop(c.lose, c.drop, 1e-9), freeDrop(c.lose, c.drop, 0), 1e-8, "%+v: continuous at w = 0", c)
	}
}
