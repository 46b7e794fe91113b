package neural

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// The digests below were recorded on amd64 (GOAMD64=v1, Go 1.26.8, the
// default build and -tags purego alike) by running these tests with the
// digest printed, on 2026-12-07. On amd64 they only repeat themselves;
// their use is on the other architectures and GOAMD64 levels, whose
// compilers may fuse a multiply with an add (arm64, ppc64le, s390x,
// riscv64, amd64 with GOAMD64=v3): every product the package adds is
// rounded by a conversion (float32(x*y), float64(x*y)), so they must give
// the same bits. CI runs them for arm64 under qemu user-mode emulation.

// digest is the SHA-256 of the bits of float64 values, in order.
type digest struct{ b []byte }

func (d *digest) add(xs ...float64) {
	for _, x := range xs {
		d.b = binary.LittleEndian.AppendUint64(d.b, math.Float64bits(x))
	}
}

func (d *digest) hex() string {
	s := sha256.Sum256(d.b)
	return hex.EncodeToString(s[:])
}

// TestLearnBitForBit: 100 steps of Learn on the embedded networks and on
// a new 37-unit network (a hidden size the amd64 assembly leaves to the
// Go loops) write the weights recorded on amd64, bit for bit: training
// reproduces the committed weights on any machine.
func TestLearnBitForBit(t *testing.T) {
	newShort37 := func() (*Net, error) { return NewNet(nardy.Short, 37, 7) }
	for _, c := range []struct {
		name string
		v    nardy.Variant
		net  func() (*Net, error)
		want string
	}{
		{"long", nardy.Long, func() (*Net, error) { return Default(nardy.Long) }, "6c0c1fa6e1034d6b21009f403e9ffe9d582480af3035aee3582ae84bd5edf2cf"},
		{"short", nardy.Short, func() (*Net, error) { return Default(nardy.Short) }, "3c4651d30858fd52cfb8c3a237cf167ce9b84d5d434fd29cd5e7049ed66fde50"},
		{"short 37 hidden units", nardy.Short, newShort37, "c436f4f1b13dc0a3f20a70b5454e58b5e8c36263be321dc7c3956334ef7eadd9"},
	} {
		t.Run(c.name, func(t *testing.T) {
			net, err := c.net()
			require.NoError(t, err)
			teacher, err := Default(c.v)
			require.NoError(t, err)
			pos := samplePositions(t, c.v, 100, 23)
			for i, p := range pos {
				net.Learn(p, teacher.Evaluate(pos[(i+7)%len(pos)]), 0.05)
			}
			var buf bytes.Buffer
			_, err = net.WriteTo(&buf)
			require.NoError(t, err)
			s := sha256.Sum256(buf.Bytes())
			assert.Equal(t, c.want, hex.EncodeToString(s[:]), "SHA-256 of the weights after 100 steps")
		})
	}
}

// TestEquitiesBitForBit: the match equity table, and for 16 positions of
// each game the equity, the cube efficiency and the cube decisions (money
// and a 5-away 3-away match, from the network's chances and from a 1-ply
// cubeful search) and the 1-ply evaluation, are the bits recorded on
// amd64.
func TestEquitiesBitForBit(t *testing.T) {
	var d digest
	m := ComputeMET()
	for a := range m.Pre {
		d.add(m.Pre[a][:]...)
	}
	d.add(m.PostCrawford[:]...)
	d.add(m.Crawford[:]...)
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		net, err := Default(v)
		require.NoError(t, err)
		s := NewSearcher(net, nardy.DefaultRules(v))
		for _, pos := range samplePositions(t, v, 16, 31) {
			p := net.Evaluate(pos)
			d.add(p.Equity(nardy.DefaultRules(v).Scoring), Efficiency(pos))
			ply1 := outOf(s.Eval(pos, 1))
			d.add(ply1[:]...)
			for _, ci := range []CubeInfo{
				{Cube: nardy.Cube{Value: 1}, OnRoll: pos.OnRoll(), Money: true, Jacoby: true, Efficiency: Efficiency(pos)},
				{Cube: nardy.Cube{Value: 1}, OnRoll: pos.OnRoll(), Away: [2]int{5, 3}, Efficiency: Efficiency(pos)},
			} {
				for _, dec := range []CubeDecision{DecideCube(p, ci), s.SearchCube(pos, ci, 1)} {
					d.add(dec.Equity(), dec.DoubleEquity())
				}
			}
		}
	}
	assert.Equal(t, "ee504b99692cfc829f9fb27903da2b674e78413296e4502299e1c3a38fffb113", d.hex())
}

// TestSigmoidTableBitForBit: the sigmoid's table, built at start-up from
// math.Exp, holds the float32 values recorded on amd64. math.Exp's last
// bit differs between architectures (arm64's assembly against amd64's)
// and on amd64 between CPUs with and without FMA; rounded to float32 the
// table is the same on all of them (and so is the sigmoid of every
// float32 beyond the table, from 12 − 1/256 to 110 and their negatives,
// where it takes math.Exp at run time: checked on 2026-12-07 on amd64
// with and without FMA and on arm64 under qemu, 27,004,929 values a side).
func TestSigmoidTableBitForBit(t *testing.T) {
	var d digest
	for _, x := range sigTable {
		d.add(float64(x))
	}
	assert.Equal(t, "8fac2fcf0ba0dbd10c18943352914e4e5c7347cb1a3a7614629ab9120949e79e", d.hex())
}
