package bot

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestEvaluationsBitForBit: Evaluate of 60 positions of each game, for
// each side, gives the bits recorded on amd64 (GOAMD64=v1, Go 1.26.8, on
// 2026-12-07, by running this test with the digest printed). Every
// product it adds is rounded by a conversion (float64(x*y)), so a
// compiler that fuses a multiply with an add (arm64, ppc64le, s390x,
// riscv64, amd64 with GOAMD64=v3) must give the same bits; CI runs this
// test for arm64 under qemu user-mode emulation. WinChance, and so
// Expectimax's expectations, are left out: they take math.Exp, whose last
// bit differs between architectures (and on amd64 between CPUs with and
// without FMA).
func TestEvaluationsBitForBit(t *testing.T) {
	var b []byte
	add := func(xs ...float64) {
		for _, x := range xs {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
		}
	}
	rng := rand.New(rand.NewPCG(41, 1))
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		r := nardy.DefaultRules(v)
		var pos nardy.Position
		for n := 0; n < 60; {
			if !pos.IsValid() || pos.IsOver() {
				var err error
				pos, err = nardy.StartPosition(v, nardy.White)
				require.NoError(t, err)
			}
			plays, err := r.AppendLegal(buf[:0], pos, nardy.MustRoll(1+rng.IntN(6), 1+rng.IntN(6)))
			require.NoError(t, err)
			pos = plays[rng.IntN(len(plays))].Result()
			if pos.IsOver() {
				continue
			}
			n++
			for _, me := range []nardy.Color{nardy.White, nardy.Black} {
				add(Evaluate(pos, me))
			}
		}
	}
	s := sha256.Sum256(b)
	assert.Equal(t, "b330e20b3b1e76b631734d28d4ae87b47359f75c6b7035ffcb72f7d28e5d03b1", hex.EncodeToString(s[:]))
}
