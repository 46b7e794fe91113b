package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResumeLogBoundEdge: -resume reads a log of "at most 1 MiB" (its
// flag's usage): a log of exactly maxLogBytes bytes, its checkpoint and
// comment lines, reads; one byte more is refused for its size, naming the
// bound. TestResumeLogBound wrote only a log some 100 bytes over: a bound
// taken one byte short (>= for >) passed it.
func TestResumeLogBoundEdge(t *testing.T) {
	require.Equal(t, 1<<20, maxLogBytes)
	const head = "# nardy-train -variant short -eval 0\n10\t1\t700\t-\t-\t-\t-\t-\t-\n"
	write := func(n int) string {
		pad := "# " + strings.Repeat("x", n-len(head)-3) + "\n"
		path := filepath.Join(t.TempDir(), "run.log")
		require.NoError(t, os.WriteFile(path, []byte(head+pad), 0o644))
		fi, err := os.Stat(path)
		require.NoError(t, err)
		require.EqualValues(t, n, fi.Size())
		return path
	}
	r, err := readResume(write(maxLogBytes))
	require.NoError(t, err, "a log of maxLogBytes bytes")
	assert.Len(t, r.curve, 1, "its checkpoint is read")
	_, err = readResume(write(maxLogBytes + 1))
	assert.ErrorContains(t, err, "longer than 1048576 bytes")
}
