package nardy

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSyntaxErrorNamesTheTextGiven: a *SyntaxError's Input, Len and
// Offset are of the text given to the parser, as SyntaxError's doc says
// ("the start of the input", "the whole input"): ParsePosition gave the
// error of its key alone (What "key", Input the key, Len its length, the
// offset of a bad digit counted from the key's start), and a play written
// after its roll ("6-5: 24/18 13/x") showed the text with blanks in the
// roll's place, in the SyntaxError and in a refusal's message (helper-165).
func TestSyntaxErrorNamesTheTextGiven(t *testing.T) {
	const key = "00000000000000000000000f00/00000000000000000000000f00"
	for _, c := range []struct {
		name, text, fault string // fault: where the problem starts ("" for none known)
	}{
		{"a key digit not hex", "long w 00000000000000000000000g00/00000000000000000000000f00", "g00/"},
		{"a key digit not hex, after blanks", " short  b 00000000000000000000000f00/0000000000000x000000000f00", "x0"},
		{"a key of the wrong length", "long w 0000/0000", "0000/"},
		{"an unknown variant after blanks", "  longx w " + key, "longx"},
		{"an unknown turn", "long x " + key, "x "},
		// A field whose text the one before holds is found after it.
		{"an unknown turn of a letter of the variant", "long l " + key, "l "},
		{"an unknown turn of a letter of the variant, after blanks", " short  o " + key, "o "},
	} {
		for what, parse := range map[string]func(string) error{
			"ParsePosition": func(s string) error { _, err := ParsePosition(s); return err },
			"UnmarshalText": func(s string) error { var p Position; return p.UnmarshalText([]byte(s)) },
		} {
			err := parse(c.text)
			var se *SyntaxError
			require.ErrorAs(t, err, &se, "%s: %s", what, c.name)
			assert.Equal(t, "position", se.What, "%s: %s", what, c.name)
			assert.Equal(t, c.text, se.Input, "%s: %s", what, c.name)
			assert.Equal(t, len(c.text), se.Len, "%s: %s", what, c.name)
			assert.Equal(t, strings.Index(c.text, c.fault), se.Offset, "%s: %s", what, c.name)
			assert.Contains(t, err.Error(), `"`+c.text+`"`, "%s: %s", what, c.name)
		}
	}
	// ParseKey still reads a bare key, and names it.
	_, err := ParseKey(Long, White, "00000000000000000000000g00/00000000000000000000000f00")
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "key", se.What)
	assert.Equal(t, 23, se.Offset)

	// A play written after its roll (ParsePlay's "6-5: 24/18 13/8").
	r := DefaultRules(Short)
	start, err := StartPosition(Short, White)
	require.NoError(t, err)
	text := "6-5: 24/18 13/x"
	_, err = r.ParsePlay(start, MustRoll(6, 5), text)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, text, se.Input)
	assert.Equal(t, len(text), se.Len)
	assert.Equal(t, strings.Index(text, "x"), se.Offset)
	long := "6-5: " + strings.Repeat("13/7 ", 20)
	_, err = r.ParsePlay(start, MustRoll(6, 5), long)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, long[:64], se.Input, "the first 64 bytes of the text given")
	assert.Equal(t, len(long), se.Len)
	for _, text := range []string{"6-5: 24/7", "6-5: 24/18", "65: 24/18 13/7",
		"6-5: 13/18 24/18",  // a move backward (C3), refused before any search
		"6-5: 24/20 13/8"} { // no die of 4: no play of the roll (C3)
		_, err := r.ParsePlay(start, MustRoll(6, 5), text)
		assert.ErrorIs(t, err, ErrIllegalPlay, text)
		assert.ErrorContains(t, err, `"`+text+`"`, "the refusal quotes the text given")
	}
	// An ambiguous play (C8): 24/13 hits on the mover's 18 or 19.
	amb := MustParsePosition("short w 00000503000050000000000200/00003113000050000000000200")
	for _, text := range []string{"6-5: 24/13", "6-5:  24/13"} {
		_, err := r.ParsePlay(amb, MustRoll(6, 5), text)
		assert.ErrorIs(t, err, ErrIllegalPlay, text)
		assert.ErrorContains(t, err, `"`+text+`" could be`, "the refusal quotes the text given")
	}
}

// TestSyntaxErrorOfNoTextQuotesNothing: the message of an empty input
// names what was parsed and what is wanted, without a quoted "" (helper-196
// met `parsing .mat file "": no "N point match" line` from a file of blank
// lines); a non-empty input is still quoted.
func TestSyntaxErrorOfNoTextQuotesNothing(t *testing.T) {
	_, err := ParsePosition("")
	require.ErrorIs(t, err, ErrSyntax)
	assert.Equal(t, `nardy: parsing position: want "VARIANT TURN KEY", such as "long w 000...f00/000...f00"`, err.Error())
	_, err = ParseRoll("")
	require.ErrorIs(t, err, ErrSyntax)
	assert.Equal(t, "nardy: parsing roll: want two dice 1..6, such as 6-5", err.Error())
	_, err = ParseRoll(" ")
	assert.Contains(t, err.Error(), `parsing roll " "`)
}

// TestSyntaxErrorOfInputCutToNothing: an input whose first 64 bytes hold
// no start of a UTF-8 character is kept as an empty Input, cut; as the
// doc of Error says, it is shown as Input followed by "...", so the
// message still says there was an input, where an empty input is not
// shown. Mutation round of helper-198: TestSyntaxErrorOfNoTextQuotesNothing
// survived Error asking whether Input, not the text shown, is empty.
func TestSyntaxErrorOfInputCutToNothing(t *testing.T) {
	_, err := ParseRoll(strings.Repeat("\x80", 100))
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	require.Empty(t, se.Input, "cut at the start of a UTF-8 character: none")
	assert.Contains(t, err.Error(), `parsing roll "..."`)
}
