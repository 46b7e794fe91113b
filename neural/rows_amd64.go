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

// dotsAsm writes to out[k] dot(h, row k of w) for k < n, as dot computes
// it bit for bit (dots_amd64.s), and reports true when the assembly can
// take the job: len(h) a positive multiple of 4, w holding n rows of
// len(h), out n long. Otherwise it reports false and does nothing.
func dotsAsm(h, w []float32, n int, out []float32) bool {
	hid := len(h)
	if hid <= 0 || hid%4 != 0 || n <= 0 || len(w) < n*hid || len(out) < n {
		return false
	}
	dotsSSE(&h[0], &w[0], hid, n, &out[0])
	return true
}

//go:noescape
func dotsSSE(h, w *float32, hid, n int, out *float32)
