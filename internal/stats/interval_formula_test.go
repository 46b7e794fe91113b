package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// z95 is the 97.5% quantile of the standard normal distribution computed
// independently of the package's constant: Φ⁻¹(0.975) = √2·erf⁻¹(0.95).
var z95 = math.Sqrt2 * math.Erfinv(0.95)

// wilsonRoots returns the Wilson interval of k out of n as the roots of
// the quadratic Wilson (1927) solves, (k/n − p)² = z²·p(1 − p)/n, that is
// (1 + z²/n)p² − (2k/n + z²/n)p + (k/n)² = 0: another form of the
// interval than the centre ± half-width the package computes.
func wilsonRoots(k float64, n int) (lo, hi float64) {
	q, z2 := k/float64(n), z95*z95/float64(n)
	a, b, c := 1+z2, -(2*q + z2), q*q
	d := math.Sqrt(b*b - 4*a*c)
	return (-b - d) / (2 * a), (-b + d) / (2 * a)
}

// TestWilsonIsTheQuadraticsRoots: the 95% Wilson interval is the pair of
// roots of Wilson's quadratic with z = Φ⁻¹(0.975), to 1e-12, for whole
// and half (a draw) successes; 0 and n successes touch 0 and 1.
func TestWilsonIsTheQuadraticsRoots(t *testing.T) {
	for _, c := range []struct {
		k float64
		n int
	}{{50, 100}, {1, 3}, {0.5, 1}, {7.5, 20}, {123, 1000}, {999, 1000}, {0, 10}, {10, 10}, {1, 1}} {
		lo, hi := Wilson(c.k, c.n)
		wlo, whi := wilsonRoots(c.k, c.n)
		require.InDelta(t, wlo, lo, 1e-12, "%v of %d", c.k, c.n)
		require.InDelta(t, whi, hi, 1e-12, "%v of %d", c.k, c.n)
	}
}

// TestMeanHalfWidthIsNormal: the half-width is z = Φ⁻¹(0.975) times the
// standard error √(σ²/n), σ² the values' own variance (divided by n),
// computed here from the values themselves, to 1e-12.
func TestMeanHalfWidthIsNormal(t *testing.T) {
	values := []float64{2, -1, 0.5, 3, 3, -2, 1}
	var sum, sumSq, mean float64
	for _, v := range values {
		sum += v
		sumSq += v * v
		mean += v / float64(len(values))
	}
	var variance float64
	for _, v := range values {
		variance += (v - mean) * (v - mean) / float64(len(values))
	}
	gotMean, half := Mean(sum, sumSq, len(values))
	require.InDelta(t, mean, gotMean, 1e-12)
	require.InDelta(t, z95*math.Sqrt(variance/float64(len(values))), half, 1e-12)
}

// TestMeanOfEqualValues: values all equal have no variance, so the
// half-width is 0, though the sums' rounding makes sumSq/n − mean² a
// little below 0 for them (three values 0.1 give −1.7e-18): a square
// root of it would be NaN.
func TestMeanOfEqualValues(t *testing.T) {
	for _, c := range []struct {
		v float64
		n int
	}{{0.1, 3}, {0.7, 7}, {3.3, 7}, {0.7, 10}} {
		var sum, sumSq float64
		for range c.n {
			sum += c.v
			sumSq += c.v * c.v
		}
		mean, half := Mean(sum, sumSq, c.n)
		require.InDelta(t, c.v, mean, 1e-12, "%v ×%d", c.v, c.n)
		require.False(t, math.IsNaN(half), "%v ×%d", c.v, c.n)
		require.InDelta(t, 0, half, 1e-6, "%v ×%d", c.v, c.n)
	}
}
