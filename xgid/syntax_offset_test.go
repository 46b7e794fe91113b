package xgid

import (
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSyntaxErrorOffsetAndLen: a malformed XGID's *nardy.SyntaxError
// gives, as its doc says, the byte offset of the problem in the whole
// input (found here by looking for the fault) and the whole input's length
// (also when the input is longer than the Input it keeps).
func TestSyntaxErrorOffsetAndLen(t *testing.T) {
	const good = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
	_, err := Parse(good)
	require.NoError(t, err)
	for name, c := range map[string]struct{ input, fault string }{
		"a checker":       {strings.Replace(good, "-C-", "-!-", 1), "!"},
		"the turn":        {strings.Replace(good, ":0:1:52:", ":0:0:52:", 1), "0:52"},
		"the dice":        {strings.Replace(good, ":52:", ":5x:", 1), "5x"},
		"an integer":      {strings.Replace(good, ":3:0:10", ":3:0:zz", 1), "zz"},
		"without XGID= a": {strings.Replace(strings.TrimPrefix(good, "XGID="), "-C-", "-!-", 1), "!"},
	} {
		_, err := Parse(c.input)
		var se *nardy.SyntaxError
		require.ErrorAs(t, err, &se, name)
		assert.Equal(t, strings.Index(c.input, c.fault), se.Offset, "%s: %v", name, err)
		assert.Equal(t, len(c.input), se.Len, name)
	}
	long := good + strings.Repeat(":0", 100)
	_, err = Parse(long)
	var se *nardy.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, len(long), se.Len, "the whole input's length")
	assert.Less(t, len(se.Input), len(long), "Input is cut")
}
