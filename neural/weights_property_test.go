package neural

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPropertyWeightsReadBack: what WriteTo writes ReadNet reads back
// (WriteTo: a Net it refuses is one "which ReadNet could not read back"):
// the same variant, shape and evaluations, a file written again the same,
// and the info text "cut to MaxInfo bytes at a character boundary" -- the
// whole text when it fits, else its longest start of at most MaxInfo
// bytes that ends where a character begins.
func TestPropertyWeightsReadBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(t, "variant")
		hidden := rapid.IntRange(1, 24).Draw(t, "hidden")
		n, err := NewNet(v, hidden, rapid.Uint64().Draw(t, "seed"))
		require.NoError(t, err)
		info := rapid.String().Draw(t, "info")
		if rapid.Bool().Draw(t, "long info") { // around the bound, in characters of 1 to 4 bytes
			r := rapid.SampledFrom([]string{"x", "é", "€", "𝄞"}).Draw(t, "char")
			size := MaxInfo + rapid.IntRange(-4, 4).Draw(t, "past")
			info = strings.Repeat(r, size/len(r)) + info
		}
		n.SetInfo(info)
		var file bytes.Buffer
		_, err = n.WriteTo(&file)
		require.NoError(t, err)
		first := bytes.Clone(file.Bytes())

		m, err := ReadNet(&file)
		require.NoError(t, err)
		require.Equal(t, v, m.Variant())
		require.Equal(t, hidden, m.Hidden())
		got := m.Info()
		if len(info) <= MaxInfo {
			require.Equal(t, info, got)
		} else {
			require.True(t, strings.HasPrefix(info, got), "the info read is no start of the info set")
			require.LessOrEqual(t, len(got), MaxInfo)
			require.True(t, utf8.RuneStart(info[len(got)]), "cut inside a character, at %d", len(got))
			for c := len(got) + 1; c <= MaxInfo; c++ {
				require.False(t, utf8.RuneStart(info[c]), "cut at %d where %d was a character boundary", len(got), c)
			}
		}
		var again bytes.Buffer
		_, err = m.WriteTo(&again)
		require.NoError(t, err)
		require.Equal(t, first, again.Bytes(), "the network read is written again as it was")

		pos, err := nardy.StartPosition(v, nardy.White)
		require.NoError(t, err)
		require.Equal(t, n.Evaluate(pos), m.Evaluate(pos))
	})
}
