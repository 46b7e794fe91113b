package gnubg

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testmem"
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

// TestMatManyTokensLinear: lines of 2,000 tokens each (within MaxMatLine)
// cost an allocation proportional to the input, some tens of times its
// size: each cell's text was built by adding its tokens one by one, which
// cost 17.5 GB for a 15 MB file (helper-104); 400 such lines now take
// under 100 times their 1.6 MB.
func TestMatManyTokensLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 1.6 MB of long lines")
	}
	var b strings.Builder
	b.WriteString(" 1 point match\n\n Game 1\n a : 0                  b : 0\n")
	line := " 1) 31: " + strings.Repeat("x ", 2000) + "\n"
	for range 400 {
		b.WriteString(line)
	}
	in := b.String()
	var err error
	alloc := testmem.Allocated(func() { _, _, err = ReadMat(strings.NewReader(in), nardy.DefaultRules(nardy.Short)) })
	require.Error(t, err, "x is no move")
	assert.Less(t, alloc, uint64(100*len(in)), "%d bytes allocated for %d read", alloc, len(in))
}

// TestMatNameControlRefused: a player's name holding a control character
// (an escape sequence a terminal would run when nardy analyze prints it)
// is refused, as WriteMat refuses to write it (helper-104).
func TestMatNameControlRefused(t *testing.T) {
	for _, name := range []string{"\x1b[31mRED", "a\x07b", "x\u0085y"} {
		in := " 1 point match\n\n Game 1\n " + name + " : 0                  b : 0\n 1) 31: 8/5 6/5\n"
		_, _, err := ReadMat(strings.NewReader(in), nardy.DefaultRules(nardy.Short))
		require.ErrorIs(t, err, nardy.ErrSyntax, "%q", name)
		assert.ErrorContains(t, err, "control character")
	}
	in := " 1 point match\n\n Game 1\n Zoë Ünal : 0                  b : 0\n 1) 31: 8/5 6/5\n"
	_, info, err := ReadMat(strings.NewReader(in), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	assert.Equal(t, [2]string{"Zoë Ünal", "b"}, info.Players)
}

// TestMatTagErrorsCutTheValue: a tag value of thousands of bytes, within
// the line bound, is cut in the error (helper-104: a Variation tag's 4,000
// bytes were echoed whole).
func TestMatTagErrorsCutTheValue(t *testing.T) {
	long := strings.Repeat("x", 4000)
	_, _, err := ReadMat(strings.NewReader("; [Variation \""+long+"\"]\n 1 point match\n"), nardy.DefaultRules(nardy.Short))
	require.ErrorIs(t, err, ErrMat)
	assert.Less(t, len(err.Error()), 300, err.Error())
}

// TestMatByteOrderMark: a file that starts with a UTF-8 byte order mark,
// as Windows editors save one, reads as the same file without it, where
// ReadMat refused it and nardy analyze skipped it (helper-104).
func TestMatByteOrderMark(t *testing.T) {
	match, err := os.ReadFile("testdata/mat/gnubg-5p.mat")
	require.NoError(t, err)
	want, wantInfo, err := ReadMat(bytes.NewReader(match), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	got, info, err := ReadMat(bytes.NewReader(append([]byte("\xef\xbb\xbf"), match...)), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, wantInfo, info)
	_, _, err = ReadMat(strings.NewReader(" 1 point match\n\xef\xbb\xbf Game 1\n"), nardy.DefaultRules(nardy.Short))
	assert.Error(t, err, "a mark past the start is no mark")
}
