// Package stats has the confidence intervals the project's measuring
// commands report: the win rates of nardy-strength and nardy-train, the
// scores of the tournament example, and the points per game of all three.
package stats

import "math"

// z is the 97.5% quantile of the standard normal distribution: the
// intervals are 95%.
const z = 1.959963984540054

// Wilson returns the 95% Wilson score interval of a proportion of k
// successes out of n (k may be fractional: a draw counts one half), within
// [0, 1]; for n = 0 it is [0, 1].
func Wilson(k float64, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := k / nf
	d := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / d
	half := z / d * math.Sqrt(max(0, p*(1-p))/nf+z*z/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}

// Mean returns the mean of n values given their sum and the sum of their
// squares, and the half-width of its 95% normal interval (mean ± half).
// The variance is the values' own (divided by n, not n−1): for the
// hundreds or thousands of games the commands play the two differ by less
// than 0.1% of the width, and one value (n = 1) gets a zero width instead
// of none. For n = 0 both are 0.
func Mean(sum, sumSq float64, n int) (mean, half float64) {
	if n <= 0 {
		return 0, 0
	}
	nf := float64(n)
	mean = sum / nf
	return mean, z * math.Sqrt(max(0, sumSq/nf-mean*mean)/nf)
}
