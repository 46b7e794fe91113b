package nardy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMaxCubeBound_S6: MaxCube is a power of two from 2 to 2^20
// (1,048,576), as Rules documents: 2^20 validates, 2^21 is refused with an
// *InvalidRulesError naming "max_cube", in Validate and in the JSON.
func TestMaxCubeBound_S6(t *testing.T) {
	r := DefaultRules(Short)
	r.MaxCube = 1 << 20
	require.NoError(t, r.Validate())
	r.MaxCube = 1 << 21
	var ie *InvalidRulesError
	require.ErrorAs(t, r.Validate(), &ie)
	assert.Equal(t, "max_cube", ie.Option)

	var back Rules
	require.NoError(t, json.Unmarshal([]byte(`{"variant":"short","max_cube":1048576}`), &back))
	assert.Equal(t, 1<<20, back.MaxCube)
	err := json.Unmarshal([]byte(`{"variant":"short","max_cube":2097152}`), &back)
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "max_cube", ie.Option)
	assert.ErrorIs(t, err, ErrInvalidRules)
}

// TestRulesJSONSizeBound: Rules.UnmarshalJSON refuses more than 4 KiB:
// a rule set padded with spaces to 4,096 bytes exactly reads, one byte
// more is refused with an *InvalidRulesError and the rules unchanged.
func TestRulesJSONSizeBound(t *testing.T) {
	const bound = 4 << 10
	js := `{"variant":"long","last_roll_draw":true}`
	pad := func(n int) []byte { return []byte(js + strings.Repeat(" ", n-len(js))) }
	var r Rules
	require.NoError(t, r.UnmarshalJSON(pad(bound)), "4 KiB exactly is read")
	assert.Equal(t, Long, r.Variant)
	assert.True(t, r.LastRollDraw)

	var over Rules
	err := over.UnmarshalJSON(pad(bound + 1))
	var ie *InvalidRulesError
	assert.ErrorAs(t, err, &ie)
	assert.ErrorIs(t, err, ErrInvalidRules)
	assert.Equal(t, Rules{}, over, "the rules are left as they were")
}
