package neural

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// weightsFile builds a weights file by hand from the format documented in
// weights.go (magic, variant, inputs, hidden, outputs, info length, info,
// then the float32 weights), not with WriteTo: weight i of the file is
// float32(i%97)/100, and count weights are written (−1: as many as the
// shape takes, in*hid + hid + out*hid + out).
func weightsFile(variant, in, hid, out uint32, info string, count int) []byte {
	var b bytes.Buffer
	b.WriteString("NARDYNN1")
	for _, x := range []uint32{variant, in, hid, out, uint32(len(info))} {
		_ = binary.Write(&b, binary.LittleEndian, x)
	}
	b.WriteString(info)
	if count < 0 {
		count = int(in*hid + hid + out*hid + out)
	}
	w := make([]float32, count)
	for i := range w {
		w[i] = float32(i%97) / 100
	}
	_ = binary.Write(&b, binary.LittleEndian, w)
	return b.Bytes()
}

// The shapes of the two encodings, from docs/training.md ("The networks"):
// short nardy 208 inputs and 5 outputs, long nardy 200 and 7.
const (
	shortIn, shortOut = 208, 5
	longIn, longOut   = 200, 7
)

// TestReadNetHandBuilt: a file written by hand in the documented format is
// read with its weights in the documented order: input→hidden (a row of
// hidden weights per input), hidden biases, hidden→output (a row per
// output), output biases.
func TestReadNetHandBuilt(t *testing.T) {
	for _, c := range []struct {
		v       nardy.Variant
		in, out uint32
	}{{nardy.Short, shortIn, shortOut}, {nardy.Long, longIn, longOut}} {
		const hid = 3
		n, err := ReadNet(bytes.NewReader(weightsFile(uint32(c.v), c.in, hid, c.out, "hand-built", -1)))
		require.NoError(t, err, c.v)
		assert.Equal(t, c.v, n.Variant())
		assert.Equal(t, hid, n.Hidden())
		assert.Equal(t, "hand-built", n.Info())
		i := 0
		for _, s := range [][]float32{n.w1, n.b1, n.w2, n.b2} {
			for _, x := range s {
				require.Equal(t, float32(i%97)/100, x, "%s weight %d", c.v, i)
				i++
			}
		}
		assert.Equal(t, int(c.in*hid+hid+c.out*hid+c.out), i, c.v)
	}
}

// TestReadNetAtItsBounds: the documented bounds hold exactly, each on a
// file that is otherwise well formed (the right number of weights after
// the header): hidden units in 1..MaxHidden, info text of at most MaxInfo
// bytes, the variant's own inputs and outputs, variant 1 or 2 (as a
// uint32: 257 is not 1), finite weights. Each bad file is refused with an
// error matching ErrBadWeights.
func TestReadNetAtItsBounds(t *testing.T) {
	full := strings.Repeat("i", MaxInfo)
	// The largest network with the longest info text is read.
	for _, c := range []struct {
		v       nardy.Variant
		in, out uint32
	}{{nardy.Short, shortIn, shortOut}, {nardy.Long, longIn, longOut}} {
		data := weightsFile(uint32(c.v), c.in, MaxHidden, c.out, full, -1)
		require.LessOrEqual(t, len(data), MaxWeightsSize, "MaxWeightsSize bounds the largest file")
		n, err := ReadNet(bytes.NewReader(data))
		require.NoError(t, err, c.v)
		assert.Equal(t, MaxHidden, n.Hidden())
		assert.Equal(t, full, n.Info())
	}

	bad := map[string][]byte{
		"hidden 0":             weightsFile(2, shortIn, 0, shortOut, "", -1),
		"hidden MaxHidden+1":   weightsFile(2, shortIn, MaxHidden+1, shortOut, "", -1),
		"info MaxInfo+1":       weightsFile(2, shortIn, 2, shortOut, full+"i", -1),
		"long with 5 outputs":  weightsFile(1, longIn, 2, shortOut, "", -1),
		"short with 7 outputs": weightsFile(2, shortIn, 2, longOut, "", -1),
		"short with 200 in":    weightsFile(2, longIn, 2, shortOut, "", -1),
		"variant 0":            weightsFile(0, shortIn, 2, shortOut, "", -1),
		"variant 3":            weightsFile(3, shortIn, 2, shortOut, "", -1),
		"variant 257":          weightsFile(257, longIn, 2, longOut, "", -1),
		"variant 258":          weightsFile(258, shortIn, 2, shortOut, "", -1),
		"variant 1<<31+2":      weightsFile(1<<31+2, shortIn, 2, shortOut, "", -1),
	}
	for _, x := range []float32{float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())} {
		for _, at := range []int{0, 1} { // the first input weight, the last output bias
			data := weightsFile(2, shortIn, 2, shortOut, "", -1)
			i := len(data) - 4
			if at == 0 {
				i = 8 + 20
			}
			binary.LittleEndian.PutUint32(data[i:], math.Float32bits(x))
			bad["weight "+strings.Repeat("last ", at)+float32String(x)] = data
		}
	}
	for name, data := range bad {
		require.LessOrEqual(t, len(data), MaxWeightsSize, name)
		n, err := ReadNet(bytes.NewReader(data))
		assert.ErrorIs(t, err, ErrBadWeights, name)
		assert.Nil(t, n, name)
	}
}

func float32String(x float32) string {
	switch {
	case math.IsNaN(float64(x)):
		return "NaN"
	case x > 0:
		return "+Inf"
	}
	return "-Inf"
}

// TestReadNetEveryPrefix: every prefix of a well-formed file, the empty
// one and those cut inside the header among them, is refused with an
// error matching ErrBadWeights, never a panic, and a file that ends right
// after its info text lacks its weights, not its info.
func TestReadNetEveryPrefix(t *testing.T) {
	data := weightsFile(2, shortIn, 1, shortOut, "info", -1)
	for k := range len(data) {
		var err error
		require.NotPanics(t, func() { _, err = ReadNet(bytes.NewReader(data[:k])) }, "prefix of %d bytes", k)
		require.ErrorIs(t, err, ErrBadWeights, "prefix of %d bytes", k)
	}
	_, err := ReadNet(bytes.NewReader(data[:8+20+len("info")]))
	assert.ErrorContains(t, err, "0 bytes of weights")
}

// TestWriteToInfoAtMaxInfo: an info text of exactly MaxInfo bytes is
// written whole; one byte more is cut to MaxInfo bytes (ASCII: every byte
// a character boundary), so that ReadNet reads either file back.
func TestWriteToInfoAtMaxInfo(t *testing.T) {
	for _, size := range []int{MaxInfo - 1, MaxInfo, MaxInfo + 1, MaxInfo + 2} {
		n, err := NewNet(nardy.Short, 2, 1)
		require.NoError(t, err)
		info := strings.Repeat("a", size)
		n.SetInfo(info)
		var b bytes.Buffer
		_, err = n.WriteTo(&b)
		require.NoError(t, err, size)
		assert.Equal(t, uint32(min(size, MaxInfo)), binary.LittleEndian.Uint32(b.Bytes()[8+16:]), "info length field, %d bytes", size)
		m, err := ReadNet(&b)
		require.NoError(t, err, size)
		assert.Equal(t, info[:min(size, MaxInfo)], m.Info(), size)
	}
}
