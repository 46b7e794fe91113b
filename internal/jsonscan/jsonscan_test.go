package jsonscan

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestValueEnd(t *testing.T) {
	for in, want := range map[string]string{
		`"a\"b",1`:        `"a\"b"`,
		`{"a":[1,"]"]} x`: `{"a":[1,"]"]}`,
		`123,`:            `123`,
		`NaN}`:            `NaN`,
		`true `:           `true`,
		`"cut`:            `"cut`,
		`[1,[2`:           `[1,[2`,
		`,`:               ``,
		`]`:               ``,
	} {
		assert.Equal(t, want, in[:ValueEnd([]byte(in), 0)], in)
	}
}

// FuzzArray: on a valid JSON array, Array finds the elements that
// encoding/json finds.
func FuzzArray(f *testing.F) {
	for _, s := range []string{`[]`, ` [ 1 , "a,]" , {"b":[2,3]} , null ]`, `[[],[[]]]`, `["\\",1]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var want []json.RawMessage
		if json.Unmarshal(b, &want) != nil || want == nil {
			_, _, _ = Array(b, func(int, []byte) error { return nil })
			return
		}
		var got []string
		n, ok, err := Array(b, func(i int, elem []byte) error {
			got = append(got, string(elem))
			return nil
		})
		if !ok || err != nil || n != len(want) {
			t.Fatalf("Array(%q) = %d, %v, %v; want %d elements", b, n, ok, err, len(want))
		}
		for i, w := range want {
			if got[i] != string(w) {
				t.Fatalf("Array(%q) element %d = %q, want %q", b, i, got[i], w)
			}
		}
	})
}

// TestLongNumber: numbers longer than the bound are found, in any place
// but a string; shorter ones and digits inside strings are not.
func TestLongNumber(t *testing.T) {
	long := strings.Repeat("9", 65)
	for _, c := range []struct {
		in   string
		want int
	}{
		{`{"length":7,"seed":18446744073709551615}`, -1},
		{`{"length":` + long + `}`, 10},
		{`[1,-` + long + `]`, 3},
		{`{"a":"` + long + `","b":1e` + long + `}`, 77},
		{`{"a":"\"` + long + `"}`, -1},
		{`{"a":1.` + strings.Repeat("0", 62) + `}`, -1},
	} {
		assert.Equal(t, c.want, LongNumber([]byte(c.in), 64), "%.40s", c.in)
	}
}

// TestSkipSpace: JSON white space is space, tab, newline and carriage
// return (RFC 8259); SkipSpace skips every one of them, and stops at the
// end of b, also for b all white space or empty.
func TestSkipSpace(t *testing.T) {
	for in, want := range map[string]int{
		"":          0,
		"  ":        2,
		"\t":        1,
		"\n":        1,
		"\r":        1,
		" \t\n\r x": 5,
		"x ":        0,
	} {
		assert.NotPanics(t, func() { assert.Equal(t, want, SkipSpace([]byte(in), 0), "%q", in) }, "%q", in)
	}
	assert.Equal(t, 4, SkipSpace([]byte("ab\t\nc"), 2), "from i")
}

// TestArrayCutShort: Array never reads past the end of b: on empty or
// all-space input it finds no array (ok false), and on an array cut short
// ("[", "[1", "[1 ", "[1,") it counts the elements it has seen; tabs and
// newlines count as space between elements.
func TestArrayCutShort(t *testing.T) {
	for _, c := range []struct {
		in string
		n  int
		ok bool
	}{
		{"", 0, false},
		{"  ", 0, false},
		{"\t\n", 0, false},
		{"[", 0, true},
		{"[1", 1, true},
		{"[1 ", 1, true},
		{"[1,", 1, true},
		{"[ 1 ,\t2\n,\r\n3 ]", 3, true},
		{"\n\t[1]", 1, true},
	} {
		assert.NotPanics(t, func() {
			n, ok, err := Array([]byte(c.in), nil)
			assert.NoError(t, err)
			assert.Equal(t, c.n, n, "%q", c.in)
			assert.Equal(t, c.ok, ok, "%q", c.in)
		}, "%q", c.in)
	}
}

// TestLongNumberSmallBound: with a bound of 3, digits inside a string are
// not a number, a number that starts with 0 is one (as "0.1234" is), and
// the offset is that of the number's first byte.
func TestLongNumberSmallBound(t *testing.T) {
	for in, want := range map[string]int{
		`"12345"`:            -1,
		`["12345",1]`:        -1,
		`["ab12345"]`:        -1,
		`[0.1234]`:           1,
		`{"x":0123}`:         5,
		`{"x":"1","y":1234}`: 13,
		`[12]`:               -1,
	} {
		assert.Equal(t, want, LongNumber([]byte(in), 3), "%s", in)
	}
}
