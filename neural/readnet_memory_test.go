package neural

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testmem"
)

// TestReadNetMemory: ReadNet refuses 10 MB of hostile input (a valid
// network followed by junk, or junk alone) allocating a small amount that
// does not grow with the input, as the root package's TestReaderMemory
// checks its readers: it reads at most MaxWeightsSize bytes.
func TestReadNetMemory(t *testing.T) {
	n, err := NewNet(nardy.Long, 2, 1)
	require.NoError(t, err)
	var b bytes.Buffer
	_, err = n.WriteTo(&b)
	require.NoError(t, err)
	good := b.String()
	read := func(in string) error { _, err := ReadNet(strings.NewReader(in)); return err }
	testmem.CheckReaders(t, []testmem.Reader{
		{Name: "ReadNet junk", Input: func(n int) string { return strings.Repeat("x", n) }, Read: read},
		{Name: "ReadNet after a network", Input: func(n int) string { return good + strings.Repeat("\x00", n) }, Read: read},
	}, func(error) (int, bool) { return 0, false })
}
