package nardy

import "testing"

// SeededMatchRecord is seededMatch for the tests of package nardy_test: a
// 3-point match of random legal actions (steps, undos, cube actions,
// accepted and rejected resignations) with seeded dice.
func SeededMatchRecord(t *testing.T, seed uint64) Record { return seededMatch(t, seed).Record() }
