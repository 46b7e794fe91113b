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
		assertKeysAreSnakeFields(t, v)
	}
}

// TestRolloutJSONKeysAreTheirFieldNames: RolloutResult, PlayRollout and
// CubeRollout, new since 0.2.0, are written in the library's snake_case
// too ("std_err", "cubeful_std_err", "no_double_std_err"...), the names
// nardy rollout -json and analyze -json use, where they wrote Go's field
// names ("StdErr") around their Probs' snake_case keys.
func TestRolloutJSONKeysAreTheirFieldNames(t *testing.T) {
	res := RolloutResult{Probs: Probs{Variant: nardy.Short, Win: 0.5}, Equity: 0.1, StdErr: 0.01, Trials: 36}
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	roll, err := nardy.ParseRoll("3-1")
	require.NoError(t, err)
	play, err := nardy.DefaultRules(nardy.Short).ParsePlay(start, roll, "8/5 6/5")
	require.NoError(t, err)
	for _, v := range []any{
		res,
		PlayRollout{Play: play, Result: res},
		CubeRollout{Decision: CubeDecision{NoDouble: 0.1}, NoDouble: res, DoubleTake: res},
	} {
		assertKeysAreSnakeFields(t, v)
	}
	// The documented names decode: a client reading "std_err" gets it.
	var doc struct {
		Trials int     `json:"trials"`
		StdErr float64 `json:"std_err"`
		Probs  struct {
			Win float64 `json:"win"`
		} `json:"probs"`
	}
	b, err := json.Marshal(PlayRollout{Play: play, Result: res})
	require.NoError(t, err)
	var pr struct {
		Play   string          `json:"play"`
		Result json.RawMessage `json:"result"`
	}
	require.NoError(t, json.Unmarshal(b, &pr))
	assert.Equal(t, "8/5 6/5", pr.Play)
	require.NoError(t, json.Unmarshal(pr.Result, &doc))
	assert.Equal(t, 36, doc.Trials)
	assert.Equal(t, 0.01, doc.StdErr)
	assert.Equal(t, 0.5, doc.Probs.Win)
}

// assertKeysAreSnakeFields checks that v, a struct, is written in JSON
// with one key a field, each its Go name in snake_case.
func assertKeysAreSnakeFields(t *testing.T, v any) {
	t.Helper()
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
