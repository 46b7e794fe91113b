// Package stats has the confidence intervals the project's measuring
// commands report: the win rates of nardy-strength and nardy-train, the
// scores of the tournament example.
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
