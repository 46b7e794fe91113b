package analysis

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestReportNamesTheBoardPositionInRollsAndDecisions: a roll's board in
// Report's JSON is "position", as a decision's is (both new since 0.2.0);
// it was "before" in "rolls" alone, so a client reading a board from both
// lists needed two names. The board is lastCheckers' set-up position, with
// White on roll (C5: the roll is thrown at the start of the turn).
func TestReportNamesTheBoardPositionInRollsAndDecisions(t *testing.T) {
	rec := lastCheckers(t, [2]int{6, 6})
	rep, err := Analyze(t.Context(), rec, Options{Ply: 0})
	require.NoError(t, err)
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	var doc struct {
		Rolls []map[string]json.RawMessage `json:"rolls"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	require.Len(t, doc.Rolls, 1)
	roll := doc.Rolls[0]
	assert.NotContains(t, roll, "before", "%s", b)
	require.Contains(t, roll, "position", "%s", b)
	var pos nardy.Position
	require.NoError(t, json.Unmarshal(roll["position"], &pos))
	assert.Equal(t, rec.Setup.Position, pos)
	assert.Equal(t, nardy.White, pos.OnRoll())
}
