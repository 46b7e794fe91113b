package neural

import (
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
)

// samplePositions plays seeded random games and returns n positions met on
// the way (not finished ones).
func samplePositions(tb testing.TB, v nardy.Variant, n int, seed uint64) []nardy.Position {
	tb.Helper()
	r := nardy.DefaultRules(v)
	rng := rand.New(rand.NewPCG(seed, 1))
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	var out []nardy.Position
	var pos nardy.Position
	for len(out) < n {
		if !pos.IsValid() || pos.IsOver() {
			pos = nardy.MustPosition(nardy.StartPosition(v, nardy.White))
		}
		roll := nardy.MustRoll(1+rng.IntN(6), 1+rng.IntN(6))
		plays, err := r.AppendLegal(buf[:0], pos, roll)
		if err != nil {
			tb.Fatal(err)
		}
		pos = plays[rng.IntN(len(plays))].Result()
		if !pos.IsOver() {
			out = append(out, pos)
		}
	}
	return out
}

func benchNet(b *testing.B, v nardy.Variant) {
	net, err := Default(v)
	if err != nil {
		b.Fatal(err)
	}
	pos := samplePositions(b, v, 1024, 1)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		net.Evaluate(pos[i&1023])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
}

func BenchmarkEvaluateShort(b *testing.B) { benchNet(b, nardy.Short) }
func BenchmarkEvaluateLong(b *testing.B)  { benchNet(b, nardy.Long) }
