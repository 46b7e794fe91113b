package neural

// addRows adds to sum, for each active input k in order, val[k] times the
// weight row of input idx[k] (row i is w[i*hid : i*hid+hid]): the hidden
// layer's sums. Every index must be a row of w.
//
// On amd64 the work is done four sums at a time with SSE (rows_amd64.s)
// when hid is a multiple of 8; elsewhere, and with the build tag purego,
// by addRowsGo. Both give the same sums bit for bit: each term x·w is
// rounded before it is added (x·w is w exactly when x is 1), the terms are
// added in the order of idx, and neither fuses a multiply with an add
// (addRowScaled's float32(x * w) forbids the compiler to: the Go specification
// lets it fuse x*w + s unless a conversion rounds the product, and
// arm64's does). So the committed weights train and evaluate alike on
// every machine.
func addRows(sum, w []float32, hid int, idx []int16, val []float32) {
	if !addRowsAsm(sum, w, hid, idx, val) {
		addRowsGo(sum, w, hid, idx, val)
	}
}

// rowsInRange reports whether every index is a whole row of w.
func rowsInRange(w []float32, hid int, idx []int16) bool {
	rows := len(w) / hid
	for _, i := range idx {
		if i < 0 || int(i) >= rows {
			return false
		}
	}
	return true
}

// addRowsGo is addRows in Go, row by row.
func addRowsGo(sum, w []float32, hid int, idx []int16, val []float32) {
	hs := sum[:hid:hid]
	for k, i := range idx {
		row := w[int(i)*hid : int(i)*hid+hid : int(i)*hid+hid]
		if x := val[k]; x == 1 {
			addRow(hs, row)
		} else {
			addRowScaled(hs, row, x)
		}
	}
}
