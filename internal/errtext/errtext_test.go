package errtext

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// TestCutLen: an input is cut to at most MaxInput bytes, at the start of a
// character and no more than a character's last 3 bytes short of it;
// short inputs are whole.
func TestCutLen(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(rapid.String(), rapid.StringN(60, 80, -1),
			rapid.Map(rapid.SliceOfN(rapid.Byte(), 0, 100), func(b []byte) string { return string(b) })).Draw(t, "s")
		n := CutLen(s)
		if len(s) <= MaxInput {
			assert.Equal(t, len(s), n)
			return
		}
		assert.LessOrEqual(t, n, MaxInput)
		assert.GreaterOrEqual(t, n, MaxInput-3, "a cut drops at most the first 3 bytes of one character")
		assert.True(t, utf8.RuneStart(s[n]), "cut at %d, inside a character", n)
		assert.Equal(t, n, CutLen([]byte(s)), "strings and bytes alike")
	})
}

// TestCharAt: a character is named whole, a byte that is no UTF-8 by its
// value.
func TestCharAt(t *testing.T) {
	assert.Equal(t, `'é'`, CharAt("4Hé", 2))
	assert.Equal(t, `'A'`, CharAt("A", 0))
	assert.Equal(t, `'\xc3'`, CharAt("x\xc3", 1), "the first byte of a character cut short")
	assert.Equal(t, `'\xff'`, CharAt("\xff", 0))
	assert.Equal(t, `'٦'`, CharAt("1٦", 1))
}

// TestQuote: a short text is quoted whole; a long one is cut to MaxInput
// bytes at a character and marked "...".
func TestQuote(t *testing.T) {
	assert.Equal(t, `"gnubg"`, Quote("gnubg"))
	long := strings.Repeat("é", 100)
	got := Quote(long)
	assert.Equal(t, `"`+strings.Repeat("é", MaxInput/2)+`..."`, got)
}

// TestShortenTo: a text longer than max is cut at a character's start,
// with "..." after the cut; a shorter one is left whole.
func TestShortenTo(t *testing.T) {
	assert.Equal(t, "abc", ShortenTo("abc", 3))
	assert.Equal(t, "ab...", ShortenTo("abc", 2))
	assert.Equal(t, "a...", ShortenTo("aé", 2), "é is two bytes: not split")
	assert.Equal(t, "", ShortenTo("", 0))
}
