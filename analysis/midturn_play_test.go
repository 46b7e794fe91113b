package analysis

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHintMidTurnPlaysArePlayable: after a step, each play of the hint (a
// whole play from the turn's start the turn can still become) is taken by
// the game as it stands, step taken, and gives the game where the play was
// made whole before the step (C8); so is the hint's play given as an
// ActPlay of its steps.
func TestHintMidTurnPlaysArePlayable(t *testing.T) {
	start := shortGameAt(t, 0, [2]int{6, 4})
	g, err := start.Step(nardy.Step{From: 6, To: 2, Die: 4})
	require.NoError(t, err)
	h, err := HintFor(g, [2]int{}, Options{})
	require.NoError(t, err)
	require.NotEmpty(t, h.Plays)
	for _, p := range h.Plays {
		want, err := start.Play(p.Play)
		require.NoError(t, err, p.Text)
		got, err := g.Play(p.Play)
		require.NoError(t, err, "%s after 6/2", p.Text)
		assert.Equal(t, want, got, p.Text)
		got, err = g.Do(p.Play.Action())
		require.NoError(t, err, "%s after 6/2", p.Text)
		assert.Equal(t, want, got, p.Text)
	}
}

// TestAnalyzeWholePlayAfterAStep: a record where a step is taken before
// each whole play (testgen.StepBeforePlays) is judged as the record
// without the steps: the same decisions, at the plays' own actions.
func TestAnalyzeWholePlayAfterAStep(t *testing.T) {
	rec := record(t, variants.ShortStandard(), 0, bot.NewNeural(0), bot.NewRandom(3), 6, false)
	stepped, n := testgen.StepBeforePlays(t, rec)
	require.Positive(t, n)
	want, err := Analyze(t.Context(), rec, Options{})
	require.NoError(t, err)
	got, err := Analyze(t.Context(), stepped, Options{})
	require.NoError(t, err)
	require.Len(t, got.Decisions, len(want.Decisions))
	for i := range want.Decisions {
		w, g := want.Decisions[i], got.Decisions[i]
		assert.Equal(t, rec.Actions[w.Action], stepped.Actions[g.Action], "decision %d at its action", i)
		w.Action, g.Action = 0, 0
		assert.Equal(t, w, g, "decision %d", i)
	}
}
