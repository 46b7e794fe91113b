package neural

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadNetSizeBoundEdge: ReadNet reads "at most MaxWeightsSize bytes"
// (its doc): the largest file the format has, the largest network with
// the longest info text, is within it and reads, and a file of
// MaxWeightsSize+1 bytes is refused for its size ("file longer than"),
// not for what it says, an error matching ErrBadWeights that errors.As
// finds a *WeightsError in.
func TestReadNetSizeBoundEdge(t *testing.T) {
	largest := 0
	for _, c := range []struct {
		v       nardy.Variant
		in, out uint32
	}{{nardy.Short, shortIn, shortOut}, {nardy.Long, longIn, longOut}, {nardy.Short, maxIn, shortOut}} {
		data := weightsFile(uint32(c.v), c.in, MaxHidden, c.out, strings.Repeat("i", MaxInfo), -1)
		largest = max(largest, len(data))
	}
	require.LessOrEqual(t, largest, MaxWeightsSize)

	data := weightsFile(uint32(nardy.Short), shortIn, MaxHidden, shortOut, strings.Repeat("i", MaxInfo), -1)
	over := append(data, make([]byte, MaxWeightsSize+1-len(data))...)
	require.Len(t, over, MaxWeightsSize+1)
	_, err := ReadNet(bytes.NewReader(over))
	var we *WeightsError
	require.ErrorAs(t, err, &we)
	assert.ErrorIs(t, err, ErrBadWeights)
	assert.Equal(t, fmt.Sprintf("file longer than %d bytes", MaxWeightsSize), we.Msg)

	at := over[:MaxWeightsSize]
	_, err = ReadNet(bytes.NewReader(at))
	require.ErrorAs(t, err, &we, "padding after the weights is refused, but not for the size")
	assert.NotContains(t, we.Msg, "longer than")
}
