package neural

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestHugeWeightsGiveChances: weights that ReadNet accepts (finite) but so
// large that the output sums overflow, one lane to +Inf and another to
// −Inf, gave NaN chances, and an analysis report built on them did not
// marshal (helper-77). Every chance stays in 0..1.
func TestHugeWeightsGiveChances(t *testing.T) {
	n, err := NewNet(nardy.Short, 8, 1)
	require.NoError(t, err)
	for i := range n.w1 {
		n.w1[i] = 0
	}
	for i := range n.b1 {
		n.b1[i] = 50
	}
	for i := range n.w2 {
		n.w2[i] = 3e38
		if i%4 == 1 {
			n.w2[i] = -3e38
		}
	}
	var b bytes.Buffer
	_, err = n.WriteTo(&b)
	require.NoError(t, err)
	n, err = ReadNet(&b)
	require.NoError(t, err, "the weights are finite")
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	p := n.Evaluate(pos)
	for k, x := range [...]float64{p.Win, p.WinMars, p.WinKoks, p.LoseMars, p.LoseKoks, p.WinHomeMars, p.LoseHomeMars} {
		assert.True(t, x >= 0 && x <= 1, "chance %d of %+v", k, p)
	}
	assert.False(t, math.IsNaN(p.Equity(nardy.DefaultRules(nardy.Short).Scoring)))
}

// TestLearnClampsTargets: a finite target chance outside 0..1 is read as
// the nearest end: three steps toward a Win of 3e38 left weights that were
// not numbers, which WriteTo wrote and ReadNet refused (helper-77); they
// now move the network as a Win of 1 does.
func TestLearnClampsTargets(t *testing.T) {
	pos := samplePositions(t, nardy.Short, 1, 4)[0]
	huge, err := NewNet(nardy.Short, 8, 3)
	require.NoError(t, err)
	one := huge.Clone()
	for range 3 {
		huge.Learn(pos, Probs{Variant: nardy.Short, Win: 3e38, WinMars: -5}, 1)
		one.Learn(pos, Probs{Variant: nardy.Short, Win: 1}, 1)
	}
	var a, b bytes.Buffer
	_, err = huge.WriteTo(&a)
	require.NoError(t, err)
	_, err = one.WriteTo(&b)
	require.NoError(t, err)
	assert.Equal(t, b.Bytes(), a.Bytes())
	_, err = ReadNet(&a)
	assert.NoError(t, err)
}

// TestWriteToRefusesNonFinite: a Net with a weight that is not a finite
// number is not written (ReadNet would refuse the file).
func TestWriteToRefusesNonFinite(t *testing.T) {
	for _, x := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))} {
		n, err := NewNet(nardy.Long, 8, 1)
		require.NoError(t, err)
		n.b2[0] = x
		var b bytes.Buffer
		_, err = n.WriteTo(&b)
		require.ErrorIs(t, err, ErrBadWeights, "%v", x)
		var we *WeightsError
		require.ErrorAs(t, err, &we)
		assert.Zero(t, b.Len(), "nothing written")
	}
}

// TestWriteToCutsInfoAtACharacter: Info past MaxInfo is cut at a
// character boundary (it was cut mid-character, so the text read back was
// not UTF-8: helper-77).
func TestWriteToCutsInfoAtACharacter(t *testing.T) {
	n, err := NewNet(nardy.Short, 8, 1)
	require.NoError(t, err)
	info := "x" + strings.Repeat("é", MaxInfo)
	n.SetInfo(info)
	var b bytes.Buffer
	_, err = n.WriteTo(&b)
	require.NoError(t, err)
	m, err := ReadNet(&b)
	require.NoError(t, err)
	got := m.Info()
	assert.True(t, utf8.ValidString(got))
	assert.True(t, strings.HasPrefix(info, got))
	assert.Equal(t, MaxInfo-1, len(got), "the last whole character within MaxInfo bytes")
}

// TestZeroProbsIsNoEvaluation: the zero Probs, which the evaluations give
// where they have none, is no evaluation everywhere: Flip keeps it (it
// read as a sure win), Lose and Equity are 0 (1 and −1: a sure loss), and
// DecideCube gives the zero decision (it advised a take of a pass at −2),
// as the Searcher's own equities and cube search do (helper-81).
func TestZeroProbsIsNoEvaluation(t *testing.T) {
	var p Probs
	assert.Equal(t, Probs{}, p.Flip())
	assert.Zero(t, p.Lose())
	assert.Zero(t, p.Equity(nardy.Scoring{}))
	assert.Equal(t, "no evaluation", p.Flip().String())
	ci := CubeInfo{Money: true, Scoring: nardy.DefaultRules(nardy.Short).Scoring}
	assert.Equal(t, CubeDecision{}, DecideCube(p, ci))

	// A real evaluation keeps its meaning: a sure loss is a sure loss.
	loss := Probs{Variant: nardy.Short}
	assert.Equal(t, 1.0, loss.Lose())
	assert.Equal(t, -1.0, loss.Equity(nardy.Scoring{}))
	assert.Equal(t, 1.0, loss.Flip().Win)
}

// TestNilNetEveryMethod: every method of a nil *Net answers without a panic, as
// Evaluate, EvaluatePlays and WriteTo did; Clone, Variant, Hidden, Info,
// SetInfo and Learn panicked (helper-81).
func TestNilNetEveryMethod(t *testing.T) {
	var n *Net
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	assert.NotPanics(t, func() {
		assert.Nil(t, n.Clone())
		assert.Zero(t, n.Variant())
		assert.Zero(t, n.Hidden())
		assert.Empty(t, n.Info())
		n.SetInfo("x")
		n.Learn(pos, Probs{Variant: nardy.Short, Win: 1}, 0.1)
		assert.Equal(t, Probs{}, n.Evaluate(pos))
	})
}

// TestReadNetCutShort: a weights file cut inside its info text says it is
// cut short, and where (it said "info length 112", helper-87); cut in the
// weights, how many bytes it has of how many.
func TestReadNetCutShort(t *testing.T) {
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	var b bytes.Buffer
	_, err = net.WriteTo(&b)
	require.NoError(t, err)
	full := b.Bytes()
	header := len(magic) + 20
	info := int(binary.LittleEndian.Uint32(full[header-4:]))
	require.Positive(t, info)
	_, err = ReadNet(bytes.NewReader(full[:header+info-1]))
	assert.ErrorIs(t, err, ErrBadWeights)
	assert.ErrorContains(t, err, fmt.Sprintf("cut short: the info text needs %d bytes, %d follow the header", info, info-1))
	_, err = ReadNet(bytes.NewReader(full[:len(full)-1]))
	assert.ErrorContains(t, err, fmt.Sprintf("%d bytes of weights, want %d", len(full)-header-info-1, len(full)-header-info))
}
