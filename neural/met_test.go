package neural

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMETAgainstGnubg: the computed table against the one GNU Backgammon
// 1.07 uses by default (Kazaross-XG2, from rollouts), as gnubg.met(7)
// reports it, rounded to 4 decimals: the leader's chance in the Crawford
// game, the trailer's post-Crawford, and the chance of the player a away
// against b away before the Crawford game, a < b. The model's three
// parameters were fitted to gnubg's table up to 15-away; every entry here
// is within 0.008 of it.
func TestMETAgainstGnubg(t *testing.T) {
	crawford := []float64{0.6774, 0.7508, 0.8144, 0.8418, 0.8873, 0.9072}    // 1-away vs 2..7
	postTrailer := []float64{0.4880, 0.3226, 0.3100, 0.1901, 0.1807, 0.1156} // 2..7 vs 1-away
	pre := map[[2]int]float64{
		{2, 3}: 0.5995, {2, 4}: 0.6687, {2, 5}: 0.7436, {2, 6}: 0.7994, {2, 7}: 0.8422,
		{3, 4}: 0.5715, {3, 5}: 0.6479, {3, 6}: 0.7112, {3, 7}: 0.7621,
		{4, 5}: 0.5773, {4, 6}: 0.6428, {4, 7}: 0.6992,
		{5, 6}: 0.5663, {5, 7}: 0.6264,
		{6, 7}: 0.5626,
	}
	m := met()
	worst := 0.0
	check := func(what string, a, b int, crawfordGame bool, gnubg float64) {
		d := m.At(a, b, crawfordGame) - gnubg
		worst = max(worst, math.Abs(d))
		assert.InDelta(t, gnubg, m.At(a, b, crawfordGame), 0.008, "%s %d-away %d-away", what, a, b)
	}
	for i, v := range crawford {
		check("Crawford", 1, i+2, true, v)
	}
	for i, v := range postTrailer {
		check("post-Crawford", i+2, 1, false, v)
	}
	for ab, v := range pre {
		check("pre-Crawford", ab[0], ab[1], false, v)
	}
	t.Logf("largest difference from gnubg's table: %.4f", worst)
}
