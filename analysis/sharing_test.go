package analysis

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// TestConcurrentAnalyses: one record and one Options (its
// network and its rollout options behind pointers) shared by 8 goroutines,
// each analysing the record and asking hints at once, give what one
// goroutine alone gets and leave the record and the options as they were
// (run with -race).
func TestConcurrentAnalyses(t *testing.T) {
	r := variants.ShortStandard()
	rec := record(t, r, 0, bot.NewNeural(0), bot.NewRandom(5), 21, false)
	net, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	rollout := neural.RolloutOptions{Trials: 36, Truncate: 2, Seed: 3}
	opt := Options{Net: net, Rollout: &rollout, Threshold: 0.3}
	opening := shortGameAt(t, 0, [2]int{6, 4})
	midTurn, err := opening.Step(nardy.Step{From: 6, To: 2, Die: 4})
	require.NoError(t, err)
	recWas, err := json.Marshal(rec)
	require.NoError(t, err)

	work := func() (string, error) {
		rep, err := Analyze(t.Context(), rec, opt)
		if err != nil {
			return "", err
		}
		out := []any{rep}
		hintOpt := opt
		hintOpt.Rollout, hintOpt.Ply = nil, 1
		for _, g := range []nardy.Game{opening, midTurn} {
			h, err := HintFor(g, [2]int{}, hintOpt)
			if err != nil {
				return "", err
			}
			out = append(out, h)
		}
		j, err := json.Marshal(out)
		return string(j), err
	}
	want, err := work()
	require.NoError(t, err)
	var rolled int
	var rep []json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(want), &rep))
	var first Report
	require.NoError(t, json.Unmarshal(rep[0], &first))
	for _, d := range first.Decisions {
		if d.RolledOut {
			rolled++
		}
	}
	require.Positive(t, rolled, "decisions judged again by rollouts")

	const n = 8
	got := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i], errs[i] = work() })
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i])
		assert.JSONEq(t, want, got[i], "goroutine %d", i)
	}
	recNow, err := json.Marshal(rec)
	require.NoError(t, err)
	assert.JSONEq(t, string(recWas), string(recNow))
	assert.Equal(t, neural.RolloutOptions{Trials: 36, Truncate: 2, Seed: 3}, rollout)
}
