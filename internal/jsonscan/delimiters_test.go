package jsonscan

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestValueEndAtDelimiters: ValueEnd stops a bare value at every delimiter
// its doc names (',', ':', white space, a closing bracket) and returns i
// when b[i] is one, as at the ':' after a key.
func TestValueEndAtDelimiters(t *testing.T) {
	for in, want := range map[string]string{
		`12:3`:   `12`,
		`true:1`: `true`,
		`:1`:     ``,
		"7\t":    `7`,
		"7\r\n":  `7`,
		`nul}`:   `nul`,
	} {
		assert.Equal(t, want, in[:ValueEnd([]byte(in), 0)], "%q", in)
	}
	b := []byte(`{"id" : "x"}`)
	assert.Equal(t, 5, ValueEnd(b, 5), "at the space after a key")
	assert.Equal(t, 6, ValueEnd(b, 6), "at the ':'")
}

// TestArrayNotAnArray: Array reports ok false when b does not start with
// an array (an object, a number, a string) and when an element is
// missing, as its doc says of "[,1]".
func TestArrayNotAnArray(t *testing.T) {
	for _, in := range []string{`{}`, `{"a":[1]}`, `1`, ` "[1]"`, `[,1]`, `[1,,2]`, ` [ , ]`} {
		called := 0
		_, ok, err := Array([]byte(in), func(int, []byte) error { called++; return nil })
		assert.NoError(t, err, "%q", in)
		assert.False(t, ok, "%q", in)
		if !strings.HasPrefix(strings.TrimSpace(in), "[") {
			assert.Zero(t, called, "%q: no element of a non-array", in)
		}
	}
	n, ok, _ := Array([]byte(`[1,,2]`), nil)
	assert.Equal(t, [2]any{1, false}, [2]any{n, ok}, "one element before the missing one")
}

// TestLongNumberSignedExponent: a number's exponent may carry a sign
// (RFC 8259: e, E, then - or +); the whole number is one run of bytes, so
// 1e+5 is four bytes, over a bound of 3, at the offset of its first byte.
// A number ended by a quote (invalid JSON, as an untrusted line may be)
// does not swallow the quote: the string after it is still a string and
// the number after that is found.
func TestLongNumberSignedExponent(t *testing.T) {
	for in, want := range map[string]int{
		`[1e+5]`:      1,
		`[1E-5]`:      1,
		`[1e5]`:       -1,
		`[2,-1e+1]`:   3,
		`[1"",12345]`: 5,
		`[1"12345"]`:  -1,
	} {
		assert.Equal(t, want, LongNumber([]byte(in), 3), "%s", in)
	}
}

// TestArrayStopsAtTheCallbacksError: Array stops at f's first error and
// returns it; the array itself is well formed, so ok is true (ok false
// is for a non-array or a missing element only).
func TestArrayStopsAtTheCallbacksError(t *testing.T) {
	stop := errors.New("stop")
	var seen []string
	_, ok, err := Array([]byte(`[1,"b",3]`), func(i int, elem []byte) error {
		seen = append(seen, string(elem))
		if i == 1 {
			return stop
		}
		return nil
	})
	assert.ErrorIs(t, err, stop)
	assert.True(t, ok)
	assert.Equal(t, []string{"1", `"b"`}, seen)
}
