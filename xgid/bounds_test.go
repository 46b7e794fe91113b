package xgid

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReaderMemory: Parse and UnmarshalText refuse 10 MB of hostile input
// with an error while allocating a small amount that does not grow with
// the input: 20 MB cost no more than 10 MB (issue 9 item 6). The error
// keeps at most 64 bytes of the input.
func TestReaderMemory(t *testing.T) {
	fill := func(s string) func(n int) string { return func(n int) string { return strings.Repeat(s, n/len(s)) } }
	parse := func(in string) error { _, err := Parse(in); return err }
	testmem.CheckReaders(t, []testmem.Reader{
		{Name: "Parse colons", Input: fill(":"), Read: parse},
		{Name: "Parse long field", Input: func(n int) string { return prefix + strings.Repeat("a", n-len(prefix)) }, Read: parse},
		{Name: "ID.UnmarshalText", Input: fill("x"), Read: func(in string) error {
			return new(ID).UnmarshalText(unsafe.Slice(unsafe.StringData(in), len(in)))
		}},
	}, testgen.SyntaxInputLen)
}

// TestTextBound: Parse reads a text of nardy.MaxTextLen bytes (and finds
// it malformed) and refuses one byte more unread, as too long.
func TestTextBound(t *testing.T) {
	for _, s := range []string{strings.Repeat("x", nardy.MaxTextLen), strings.Repeat("x", nardy.MaxTextLen+1)} {
		_, err := Parse(s)
		var se *nardy.SyntaxError
		require.ErrorAs(t, err, &se)
		assert.Equal(t, len(s) > nardy.MaxTextLen, strings.Contains(se.Msg, "longer than"), "%d bytes: %v", len(s), err)
		n, _ := testgen.SyntaxInputLen(err)
		assert.LessOrEqual(t, n, 64)
	}
}
