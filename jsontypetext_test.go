package nardy

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJSONTypeTextSaysTheRangeOfEachWholeNumber: a whole number out of the
// range of its field is said with that range, two's complement for the
// signed kinds up to int64 and 0..2^n−1 for the unsigned ones, computed
// here from the widths (no wire struct holds an int64 today: the message
// must still be right for one).
func TestJSONTypeTextSaysTheRangeOfEachWholeNumber(t *testing.T) {
	const big = `{"A":99999999999999999999}` // past every whole-number kind
	for _, c := range []struct {
		v    any
		want string
	}{
		{new(struct{ A int8 }), "a whole number in -128..127"},
		{new(struct{ A int32 }), "a whole number in -2147483648..2147483647"},
		{new(struct{ A int64 }), "a whole number in -9223372036854775808..9223372036854775807"},
		{new(struct{ A uint8 }), "a whole number in 0..255"},
		{new(struct{ A uint64 }), "a whole number in 0..18446744073709551615"},
	} {
		err := json.Unmarshal([]byte(big), c.v)
		require.Error(t, err, "%T", c.v)
		msg, ok := jsonTypeText(err)
		require.True(t, ok, "%T: %v", c.v, err)
		assert.Contains(t, msg, c.want, "%T", c.v)
	}
}
