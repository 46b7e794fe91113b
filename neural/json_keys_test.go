package neural

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// snakeCase returns a Go field name in the library's JSON spelling: lower
// case, a "_" between words, an initialism one word (MWCNoDouble is
// mwc_no_double).
func snakeCase(name string) string {
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if i > 0 && unicode.IsUpper(c) &&
			(unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1]) || (i+1 < len(r) && unicode.IsLower(r[i+1]))) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}

// TestProbsAndCubeDecisionJSONKeysAreTheirFieldNames: every field of
// Probs and CubeDecision is written under its own name in snake_case, as
// the library's other JSON is (the CHANGELOG's snake_case tags): a key
// renamed, or a field written under another's name, is caught, where a
// check of the keys' shape alone lets a misspelt snake_case key through.
func TestProbsAndCubeDecisionJSONKeysAreTheirFieldNames(t *testing.T) {
	require.Equal(t, "mwc_no_double", snakeCase("MWCNoDouble"))
	require.Equal(t, "win_home_mars", snakeCase("WinHomeMars"))
	for _, v := range []any{
		Probs{Variant: nardy.Long, Win: 0.5},
		CubeDecision{NoDouble: 0.1},
	} {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		var got map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(b, &got))
		ty := reflect.TypeOf(v)
		var want []string
		for i := range ty.NumField() {
			want = append(want, snakeCase(ty.Field(i).Name))
		}
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		assert.ElementsMatch(t, want, keys, "%s: %s", ty.Name(), b)
	}
}
