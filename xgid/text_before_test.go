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

// TestParseTextBeforeCounts: the refusal of a label before an XGID says
// how many fields it counted before the first space ("Position:" is two,
// "see" one), and a single-quoted XGID of too few fields is refused like a
// double-quoted one, without a word of text dropped (Parse reads one pair
// of quotes, double or single, around the XGID). Two mutants (the count
// one short; the single quote taken for dropped text) passed every test
// (helper-189).
func TestParseTextBeforeCounts(t *testing.T) {
	const id = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
	for text, want := range map[string]string{
		"Position: " + id:            "have 2 before the first space",
		"see\t" + id:                 "have 1 before the first space",
		"a:b:c " + id + " (to play)": "have 3 before the first space",
	} {
		_, err := Parse(text)
		assert.ErrorContains(t, err, want, text)
	}
	for _, text := range []string{`'XGID=junk'`, ` 'XGID=a:b:c' `} {
		_, err := Parse(text)
		assert.ErrorIs(t, err, nardy.ErrSyntax, text)
		assert.ErrorContains(t, err, "want 10 fields separated by ':', have", text)
		assert.NotContains(t, err.Error(), "before the first space", text)
	}
}
