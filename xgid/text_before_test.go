package xgid

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
)

// TestParseTextBeforeSaysSo: an XGID pasted after a label ("Position:
// XGID=..."), which Parse refuses, is refused with a message that says why.
// Parse reads only up to the first space, so the field count it saw is that
// of the label ("have 1", or 2 for "Position:"), while the text holds an XGID of ten fields; the
// refusal said no more than "have 1" and left the user to guess (helper-185,
// writing a trainer from the docs). A text without anything after its first
// space keeps the plain message.
func TestParseTextBeforeSaysSo(t *testing.T) {
	const id = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
	for _, text := range []string{
		"Position: " + id,
		"The position: " + id + " (white to play)",
		`"Position: ` + id + `"`,
		"see\t" + id,
	} {
		_, err := Parse(text)
		assert.ErrorIs(t, err, nardy.ErrSyntax, text)
		assert.Regexp(t, `have \d+ before the first space`, err.Error(), text)
		assert.ErrorContains(t, err, "no text before the XGID", text)
	}
	for _, text := range []string{"XGID=", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0", "  XGID=junk  ", `"XGID=junk"`} {
		_, err := Parse(text)
		assert.ErrorIs(t, err, nardy.ErrSyntax, text)
		assert.ErrorContains(t, err, "want 10 fields separated by ':', have", text)
		assert.NotContains(t, err.Error(), "before the first space", text)
	}
}
