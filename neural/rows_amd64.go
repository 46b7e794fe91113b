//go:build amd64 && !purego

package neural

// addRowsAsm runs addRows in SSE (rows_amd64.s) and reports true, when
// the assembly can take the job: hid a positive multiple of 8, sum holding
// hid sums, val as long as idx and every index a row of w (the assembly
// checks no bounds). Otherwise it reports false and does nothing.
func addRowsAsm(sum, w []float32, hid int, idx []int16, val []float32) bool {
	if hid <= 0 || hid%8 != 0 || len(sum) < hid || len(val) < len(idx) || !rowsInRange(w, hid, idx) {
		return false
	}
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
