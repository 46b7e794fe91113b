package nardy

import "testing"

// WorstForTest gives the external tests (gnubg_test.go) the positions and
// rolls of worstCases.
func WorstForTest(tb testing.TB) ([]Position, []Roll) {
	var ps []Position
	var rs []Roll
	for _, p := range worstPairs(tb) {
		ps, rs = append(ps, p.pos), append(rs, p.roll)
	}
	return ps, rs
}
