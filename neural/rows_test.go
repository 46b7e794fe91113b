package neural

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestAddRowsMatchesGo: the hidden sums of addRows (SSE on amd64) equal
// addRowsGo's bit for bit, for hidden layers of any size (the assembly
// takes multiples of 8, the rest fall back), inputs of value 1 and others,
// and sums that start anywhere. Training reproduces the committed weights
// only if they do.
func TestAddRowsMatchesGo(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		hid := rapid.OneOf(rapid.SampledFrom([]int{8, 16, 128, 256, MaxHidden}), rapid.IntRange(1, 40)).Draw(t, "hid")
		rows := rapid.IntRange(1, maxIn).Draw(t, "rows")
		seed := rapid.Uint64().Draw(t, "seed")
		rng := rand.New(rand.NewPCG(seed, 1))
		w := make([]float32, rows*hid)
		for i := range w {
			w[i] = float32(rng.NormFloat64() * 0.3)
		}
		n := rapid.IntRange(0, min(rows, maxIn)).Draw(t, "n")
		idx := make([]int16, n)
		val := make([]float32, n)
		for k := range idx {
			idx[k] = int16(rng.IntN(rows))
			switch rng.IntN(3) {
			case 0:
				val[k] = 1
			case 1:
				val[k] = float32(rng.IntN(13)) / 12
			default:
				val[k] = float32(rng.NormFloat64())
			}
		}
		start := make([]float32, hid)
		for j := range start {
			start[j] = float32(rng.NormFloat64())
		}
		got := append([]float32(nil), start...)
		want := append([]float32(nil), start...)
		addRows(got, w, hid, idx, val)
		addRowsGo(want, w, hid, idx, val)
		for j := range want {
			if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
				t.Fatalf("hid %d, sum %d: %v, want %v (bits %08x, %08x)", hid, j, got[j], want[j],
					math.Float32bits(got[j]), math.Float32bits(want[j]))
			}
		}
	})
}

// TestAddRowsRefusesOutOfRangeRows: an index past the weights' rows never
// reaches the assembly, which does not check it; addRowsGo's bounds check
// panics instead of reading memory that is not the network's.
func TestAddRowsRefusesOutOfRangeRows(t *testing.T) {
	w := make([]float32, 2*8)
	require.False(t, rowsInRange(w, 8, []int16{0, 2}))
	require.False(t, rowsInRange(w, 8, []int16{-1}))
	require.True(t, rowsInRange(w, 8, []int16{0, 1, 1}))
	require.Panics(t, func() { addRows(make([]float32, 8), w, 8, []int16{2}, []float32{1}) })
}

// TestAddRowsAllocatesNothing: the hidden sums are on the evaluation's hot
// path.
func TestAddRowsAllocatesNothing(t *testing.T) {
	w := make([]float32, 4*128)
	sum := make([]float32, 128)
	idx, val := []int16{0, 3, 1}, []float32{1, 0.5, -2}
	require.Zero(t, testing.AllocsPerRun(100, func() { addRows(sum, w, 128, idx, val) }))
}
