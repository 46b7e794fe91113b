// Package errtext cuts the input an error keeps to a small, fixed size, so
// that an error about a long hostile input does not hold that input in
// memory. Package nardy and the format packages (gnubg, xgid) build their
// [nardy.SyntaxError] values with it.
package errtext

import "unicode/utf8"

// MaxInput is the most bytes of its input an error keeps.
const MaxInput = 64

// CutLen returns the length of s cut to MaxInput bytes at the start of a
// UTF-8 character.
func CutLen[T string | []byte](s T) int {
	if len(s) <= MaxInput {
		return len(s)
	}
	n := MaxInput
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
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
