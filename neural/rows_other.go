//go:build !amd64 || purego

package neural

// addRowsAsm has no assembly on this architecture (or with the build tag
// purego) and reports false: addRows uses addRowsGo.
func addRowsAsm(sum, w []float32, hid int, idx []int16, val []float32) bool {
	return false
}

func dotsAsm(h, w []float32, n int, out []float32) bool { return false }
