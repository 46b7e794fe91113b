package analysis

import (
	"encoding/json"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/neural"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonKeys returns every object key in the JSON value v, at any depth.
func jsonKeys(v any) []string {
	var keys []string
	testgen.WalkJSON(v, func(_ string, _ map[string]any, k string, _ any) { keys = append(keys, k) })
	return keys
}

// TestHintJSONKeysAreSnakeCase: a hint sent to a client as JSON names
// every field as the library's other JSON does (lower case, words joined
// by "_"), the chances and the cube verdict inside it too, and reads back
// into the same chances and verdict.
func TestHintJSONKeysAreSnakeCase(t *testing.T) {
	play := shortGameAt(t, 0, [2]int{6, 4})
	cube := shortGameAt(t, 0, [2]int{6, 4})
	plays, err := cube.Legal()
	require.NoError(t, err)
	cube, err = cube.Play(plays[0])
	require.NoError(t, err)
	require.Equal(t, nardy.PhaseRoll, cube.Phase())
	for name, g := range map[string]nardy.Game{"play": play, "cube": cube} {
		h, err := HintFor(g, [2]int{}, Options{})
		require.NoError(t, err, name)
		b, err := json.Marshal(h)
		require.NoError(t, err, name)
		var v any
		require.NoError(t, json.Unmarshal(b, &v), name)
		keys := jsonKeys(v)
		assert.Contains(t, keys, "win", name)
		bad := map[string]bool{}
		for _, k := range keys {
			if !testgen.SnakeKey.MatchString(k) {
				bad[k] = true
			}
		}
		assert.Empty(t, bad, name)
		var back struct {
			Probs neural.Probs         `json:"probs"`
			Cube  *neural.CubeDecision `json:"cube"`
		}
		require.NoError(t, json.Unmarshal(b, &back), name)
		assert.Equal(t, h.Probs, back.Probs, name)
		assert.Equal(t, h.Cube, back.Cube, name)
		if name == "cube" {
			assert.Contains(t, keys, "double_take", name)
		}
	}
}

// TestZeroProbsJSON: the zero Probs (no evaluation) is written, without a
// variant, and read back as the zero Probs.
func TestZeroProbsJSON(t *testing.T) {
	b, err := json.Marshal(neural.Probs{})
	require.NoError(t, err)
	assert.NotContains(t, string(b), "variant")
	var p neural.Probs
	require.NoError(t, json.Unmarshal(b, &p))
	assert.Equal(t, neural.Probs{}, p)
}
