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
