package gnubg

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatLineBound: a line of MaxMatLine bytes is read, whatever its line
// ending, and one of MaxMatLine+1 is refused with the line named. A line
// of 4,096 bytes, and one of 4,095 ending in "\r\n", were refused as
// "longer than 4096 bytes" (helper-80 found the bound untested).
func TestMatLineBound(t *testing.T) {
	match, err := os.ReadFile("testdata/mat/gnubg-5p.mat")
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	for _, end := range []string{"\n", "\r\n"} {
		for _, n := range []int{MaxMatLine - 1, MaxMatLine, MaxMatLine + 1} {
			comment := ";" + strings.Repeat("x", n-1) // n bytes
			_, _, err := ReadMat(strings.NewReader(comment+end+string(match)), r)
			if n <= MaxMatLine {
				assert.NoError(t, err, "a line of %d bytes ending %q", n, end)
				continue
			}
			var me *MatError
			if assert.ErrorAs(t, err, &me, "a line of %d bytes", n) {
				assert.Equal(t, 1, me.Line)
				assert.ErrorIs(t, err, ErrMat)
				assert.Contains(t, err.Error(), "line longer than 4096 bytes")
			}
		}
	}
}

// TestMatFileBound: a file of MaxMatBytes bytes is read, one byte more is
// refused as too long (no test reached the bound: the hostile inputs of
// TestReaderMemory are smaller, helper-80).
func TestMatFileBound(t *testing.T) {
	match, err := os.ReadFile("testdata/mat/gnubg-5p.mat")
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	pad := func(total int) []byte {
		var b bytes.Buffer
		line := ";" + strings.Repeat(" ", 1000) + "\n"
		for b.Len()+len(match)+len(line) <= total {
			b.WriteString(line)
		}
		b.WriteString(";" + strings.Repeat(" ", total-len(match)-b.Len()-2) + "\n")
		b.Write(match)
		require.Equal(t, total, b.Len())
		return b.Bytes()
	}
	_, _, err = ReadMat(bytes.NewReader(pad(MaxMatBytes)), r)
	assert.NoError(t, err, "a file of MaxMatBytes")
	_, _, err = ReadMat(bytes.NewReader(pad(MaxMatBytes+1)), r)
	assert.ErrorIs(t, err, ErrMat)
	assert.ErrorContains(t, err, "file longer than 16777216 bytes")
}
