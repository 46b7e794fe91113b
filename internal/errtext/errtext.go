// Package errtext cuts the input an error keeps to a small, fixed size, so
// that an error about a long hostile input does not hold that input in
// memory, and names a character of it whole. Package nardy and the format
// packages (gnubg, xgid) build their
// [github.com/nardylab/nardy.SyntaxError] values with it.
package errtext

import (
	"fmt"
	"unicode/utf8"
)

// MaxInput is the most bytes of its input an error keeps.
const MaxInput = 64

// CutLen returns the length of s cut to MaxInput bytes at the start of a
// UTF-8 character.
func CutLen[T string | []byte](s T) int { return cutLen(s, MaxInput) }

// cutLen returns the length of s cut to max bytes at the start of a UTF-8
// character.
func cutLen[T string | []byte](s T, max int) int {
	if len(s) <= max {
		return len(s)
	}
	n := max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}

// ShortenTo returns s cut to max bytes at the start of a UTF-8 character,
// with "..." after a cut: a whole message that quotes a caller's text.
func ShortenTo(s string, max int) string {
	if n := cutLen(s, max); n < len(s) {
		return s[:n] + "..."
	}
	return s
}

// Cut returns the start of s that an error keeps (see CutLen), copied so
// that the error does not keep the whole input alive.
func Cut[T string | []byte](s T) string {
	n := CutLen(s)
	if n == len(s) {
		return string(s)
	}
	return string([]byte(s[:n]))
}

// CharAt quotes the character of s at byte i for a message: the whole
// character, not its first byte ('é', not 'Ã'), or the byte where it is
// not UTF-8 ('\xff').
func CharAt(s string, i int) string {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf(`'\x%02x'`, s[i])
	}
	return fmt.Sprintf("%q", r)
}

// Shorten returns s cut to MaxInput bytes (see CutLen) with "..." after
// a cut: a name, text or number a caller gave, however long.
func Shorten(s string) string { return ShortenTo(s, MaxInput) }

// Quote quotes s for a message, shortened (see Shorten).
func Quote(s string) string { return fmt.Sprintf("%q", Shorten(s)) }
