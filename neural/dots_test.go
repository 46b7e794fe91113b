package neural

import (
	"math"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// TestDotsMatchesGo: the assembly of the output layer (dotsAsm, amd64)
// gives dot's sums bit for bit, for any hidden size that is a multiple of
// 4 and any number of outputs, with hidden values down to e^-20 as the
// sigmoid gives them.
func TestDotsMatchesGo(t *testing.T) {
	if !dotsAsm(make([]float32, 4), make([]float32, 4), 1, make([]float32, 1)) {
		t.Skip("no output-layer assembly on this architecture or build (purego): dot is used")
	}
	rapid.Check(t, func(t *rapid.T) {
		hid := 4 * rapid.IntRange(1, 128).Draw(t, "hid4")
		n := rapid.IntRange(1, maxOut).Draw(t, "n")
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))
		h := make([]float32, hid)
		w := make([]float32, n*hid)
		for i := range h {
			h[i] = float32(rng.Float64())
			if rng.IntN(5) == 0 {
				h[i] = float32(math.Exp(-20 * rng.Float64()))
			}
		}
		for i := range w {
			w[i] = float32(rng.NormFloat64() * 2)
		}
		out := make([]float32, n)
		if !dotsAsm(h, w, n, out) {
			t.Fatal("the assembly did not take a multiple of 4")
		}
		for k := range n {
			want := dot(h, w[k*hid:(k+1)*hid])
			if math.Float32bits(out[k]) != math.Float32bits(want) {
				t.Fatalf("hid %d n %d k %d: %v, dot gives %v", hid, n, k, out[k], want)
			}
		}
	})
}
