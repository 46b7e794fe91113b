package analysis

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/variants"
)

// TestReportJSONKeysAndRoundTrip: a report written as JSON (nardy analyze
// -json) names every field in snake_case, at any depth (decisions, rolls,
// results, players, the setup and start), spells a colour, a variant and
// a result's kind and end as the core package's JSON does, and reads back
// into the same report. Checked on a short match from a .mat file and a
// long money game with L11's last roll.
func TestReportJSONKeysAndRoundTrip(t *testing.T) {
	resultAt := regexp.MustCompile(`^\.results\[\d+\]\.result$`) // a game result's kind
	long := variants.LongAzerbaijani()
	long.LastRollDraw = true
	longRep, err := Analyze(t.Context(), testgen.RandomMatchOf(t, long, 0, 7), Options{})
	require.NoError(t, err)
	enums := map[string][]string{"player": {"white", "black"}, "winner": {"white", "black"},
		"variant": {"long", "short"}, "end": {"bore_off", "resigned", "dropped"}}
	words := map[nardy.Variant][]string{nardy.Short: {"single", "gammon", "backgammon"},
		nardy.Long: {"oin", "mars", "home_mars", "koks", "draw"}}
	for name, rep := range map[string]Report{"club match": clubReport(t, Options{}), "long money game": longRep} {
		require.NotEmpty(t, rep.Decisions, name)
		require.NotEmpty(t, rep.Results, name)
		b, err := json.Marshal(rep)
		require.NoError(t, err, name)
		kinds := 0
		var v any
		require.NoError(t, json.Unmarshal(b, &v), name)
		testgen.WalkJSON(v, func(path string, _ map[string]any, k string, e any) {
			assert.Regexp(t, testgen.SnakeKey, k, "%s: key %s.%s", name, path, k)
			if s, ok := e.(string); ok {
				if want, ok := enums[k]; ok {
					assert.Contains(t, want, s, "%s: %s.%s", name, path, k)
				}
				if k == "kind" && resultAt.MatchString(path) {
					assert.Contains(t, words[rep.Variant], s, "%s: %s.%s", name, path, k)
					kinds++
				}
			}
		})
		assert.Positive(t, kinds, "%s: no result's kind checked", name)
		var back Report
		require.NoError(t, json.Unmarshal(b, &back), name)
		assert.Equal(t, rep, back, "%s: read back", name)
	}
}

// TestReportListsAreArraysWhenEmpty: a report of a record that finishes
// no game (here, of no action yet) writes "results" as [], as it writes
// "decisions" and "rolls"
// (it wrote null, which a client that counts them, results.length in
// JavaScript, cannot read as the empty list).
func TestReportListsAreArraysWhenEmpty(t *testing.T) {
	rec := nardy.Record{Rules: nardy.DefaultRules(nardy.Short), Actions: []nardy.Action{}}
	rep, err := Analyze(t.Context(), rec, Options{})
	require.NoError(t, err)
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	var v map[string]any
	require.NoError(t, json.Unmarshal(b, &v))
	for _, key := range []string{"decisions", "rolls", "results"} {
		assert.Equal(t, []any{}, v[key], "%s in %s", key, b)
	}
}
