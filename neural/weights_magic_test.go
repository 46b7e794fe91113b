package neural

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestReadNetNamesTheMagicFoundAndWanted: a file that is not a weights file
// is refused with a message that names the magic the file has, and the one a
// weights file has, as WeightsError.Msg's example ("not a weights file
// (magic \"GIF89a..\")") says; it named only the wanted one, so a PNG given by
// mistake read as a file whose magic was "NARDYNN1". A weights file cut
// inside its header is named so, not as a file of another kind.
func TestReadNetNamesTheMagicFoundAndWanted(t *testing.T) {
	_, err := ReadNet(strings.NewReader("GIF89a\x01\x00 and more bytes of a picture"))
	require.ErrorIs(t, err, ErrBadWeights)
	assert.Contains(t, err.Error(), `"GIF89a\x01\x00"`, "the magic found")
	assert.Contains(t, err.Error(), `"NARDYNN1"`, "the magic wanted")

	_, err = ReadNet(strings.NewReader("GIF"))
	require.ErrorIs(t, err, ErrBadWeights)
	assert.Contains(t, err.Error(), `"GIF"`, "a file shorter than the magic: all of it")

	n, err := NewNet(nardy.Long, 4, 1)
	require.NoError(t, err)
	var b bytes.Buffer
	_, err = n.WriteTo(&b)
	require.NoError(t, err)
	_, err = ReadNet(bytes.NewReader(b.Bytes()[:12])) // the magic and 4 of the header's 20 bytes
	require.ErrorIs(t, err, ErrBadWeights)
	assert.NotContains(t, err.Error(), "not a weights file")
	assert.Contains(t, err.Error(), "12 bytes")
}

// TestReadNetWholeHeaderWithoutWeights: the header is the magic and five
// 32-bit numbers (20 bytes); a file cut just after them has its header
// whole and is refused for the weights that do not follow, not as a
// header cut short; one byte less is.
func TestReadNetWholeHeaderWithoutWeights(t *testing.T) {
	n, err := NewNet(nardy.Long, 4, 1)
	require.NoError(t, err)
	var b bytes.Buffer
	_, err = n.WriteTo(&b)
	require.NoError(t, err)
	require.Equal(t, "", n.Info(), "no info text: the weights follow the header")
	header := len("NARDYNN1") + 5*4
	_, err = ReadNet(bytes.NewReader(b.Bytes()[:header]))
	require.ErrorIs(t, err, ErrBadWeights)
	assert.NotContains(t, err.Error(), "header", "the header is whole")
	assert.Contains(t, err.Error(), "bytes of weights", "the weights are missing")
	_, err = ReadNet(bytes.NewReader(b.Bytes()[:header-1]))
	require.ErrorIs(t, err, ErrBadWeights)
	assert.Contains(t, err.Error(), "header cut short")
}
