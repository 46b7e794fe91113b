package nardy

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPlaysIteratesLegal_C5: Rules.Plays yields the plays of Legal, in its
// order, and a loop that breaks after k of them sees exactly k: the
// iterator stops when told to (a range loop's break) instead of calling
// yield again.
func TestPlaysIteratesLegal_C5(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genAnyRules().Draw(t, "rules")
		pos := genPosition(r).Draw(t, "pos")
		roll := genRoll().Draw(t, "roll")
		want, err := r.Legal(pos, roll)
		require.NoError(t, err)
		var got []Play
		for p, err := range r.Plays(pos, roll) {
			require.NoError(t, err)
			got = append(got, p)
		}
		require.Equal(t, want, got)

		k := rapid.IntRange(0, len(want)).Draw(t, "k")
		seen := 0
		for p := range r.Plays(pos, roll) {
			if seen == k {
				break
			}
			require.Equal(t, want[seen], p)
			seen++
		}
		require.Equal(t, k, seen)
	})
}
