package nardy

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesJSONRefusesInvalid: rules read from JSON that Validate refuses
// are an error matching ErrInvalidRules, and the rules given are left as
// they were (they were read: a cube limit of 3, no variant, a table out
// of range).
func TestRulesJSONRefusesInvalid(t *testing.T) {
	for _, c := range []struct {
		name string
		onto Rules
		json string
	}{
		{"cube limit 3", DefaultRules(Long), `{"variant":"long","max_cube":3}`},
		{"no variant", Rules{}, `{"a":1}`},
		{"no variant, an option", Rules{}, `{"cube":true}`},
		{"scoring out of range", DefaultRules(Short), `{"scoring":{"oin":-1,"mars":2,"koks":3}}`},
	} {
		r := c.onto
		err := json.Unmarshal([]byte(c.json), &r)
		assert.ErrorIs(t, err, ErrInvalidRules, c.name)
		assert.Equal(t, c.onto, r, c.name)
	}
	// Options left out keep the values given: a valid overlay reads.
	r := DefaultRules(Short)
	require.NoError(t, json.Unmarshal([]byte(`{"max_cube":16}`), &r))
	want := DefaultRules(Short)
	want.MaxCube = 16
	assert.Equal(t, want, r)
}
