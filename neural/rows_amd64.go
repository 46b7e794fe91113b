//go:build amd64 && !purego

package neural

// addRowsAsm runs addRows in SSE (rows_amd64.s) and reports true; the
// caller has checked that hid is a positive multiple of 8, that sum holds
// hid sums, that val is as long as idx and that every index is a row of w.
func addRowsAsm(sum, w []float32, hid int, idx []int16, val []float32) bool {
	if len(idx) > 0 {
		addRowsSSE(&sum[0], &w[0], hid, &idx[0], &val[0], len(idx))
	}
	return true
}

// addRowsSSE adds val[k]·(row idx[k] of w) to sum[0:hid] for k < n, four
// sums per instruction (MULPS, then ADDPS: no fused multiply-add).
//
//go:noescape
func addRowsSSE(sum, w *float32, hid int, idx *int16, val *float32, n int)
