package analysis

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// endsAfter is a context that ends (canceled) at the (k+1)-th call of its
// Err: it stops an analysis at a point the test chooses, without timing.
type endsAfter struct {
	context.Context
	k     int64
	calls atomic.Int64
	once  sync.Once
	done  chan struct{}
}

func newEndsAfter(k int) *endsAfter {
	return &endsAfter{Context: context.Background(), k: int64(k), done: make(chan struct{})}
}

func (c *endsAfter) Done() <-chan struct{} { return c.done }

func (c *endsAfter) Err() error {
	if c.calls.Add(1) <= c.k {
		return nil
	}
	c.once.Do(func() { close(c.done) })
	return context.Canceled
}

// TestAnalyzeDoneBefore: a context done before the call stops Analyze
// before it judges anything, with ctx's error (canceled, or a deadline
// passed), even on a 2-ply analysis of a long-nardy game that would take
// seconds; the report names the judge and has no decisions.
func TestAnalyzeDoneBefore(t *testing.T) {
	rec := record(t, variants.LongMoscow(), 0, bot.NewNeural(0), bot.NewRandom(3), 7, false)
	canceled, cancel := context.WithCancel(t.Context())
	cancel()
	past, cancelPast := context.WithDeadline(t.Context(), time.Now().Add(-time.Second))
	defer cancelPast()
	for ctx, want := range map[context.Context]error{canceled: context.Canceled, past: context.DeadlineExceeded} {
		rep, err := Analyze(ctx, rec, Options{Ply: 2})
		require.ErrorIs(t, err, want)
		assert.Equal(t, Report{Variant: nardy.Long, Ply: 2, Threshold: DefaultThreshold, Decisions: []Decision{}, Rolls: []Luck{}, Results: []GameResult{}}, rep)
	}
	// A bad record is reported first.
	rec.Actions = append(rec.Actions[:5:5], nardy.Action{Kind: nardy.ActTake, Player: nardy.White})
	_, err := Analyze(canceled, rec, Options{})
	assert.ErrorIs(t, err, nardy.ErrBadRecord)
}

// TestAnalyzeStopsWhereCtxEnds: when ctx ends before action k (its Err
// found non-nil at the (k+1)-th check, one a judged action), Analyze
// returns ctx's error and the report of the record cut before action k,
// which judges the same decisions at those actions; a context that never
// ends gives the whole record's report. In money play and a match of short
// nardy with the cube (cube decisions included), a record made step by step
// (whose plays are judged at their last step), and long nardy.
func TestAnalyzeStopsWhereCtxEnds(t *testing.T) {
	r := variants.ShortStandard()
	recs := map[string]nardy.Record{
		"money":         record(t, r, 0, bot.NewNeural(0), bot.NewRandom(3), 6, false),
		"match":         record(t, r, 3, bot.NewNeural(0), bot.NewRandom(3), 20, false),
		"step by step":  record(t, r, 0, bot.NewRandom(1), bot.NewNeural(0), 8, true),
		"long":          record(t, variants.LongMoscow(), 0, bot.NewNeural(0), bot.NewRandom(3), 7, false),
		"long, 1 point": record(t, variants.LongMoscow(), 1, bot.NewNeural(0), bot.NewRandom(3), 7, false),
	}
	for name, rec := range recs {
		opt := Options{}
		full, err := Analyze(t.Context(), rec, opt)
		require.NoError(t, err, name)
		if name == "match" {
			assert.True(t, slices.ContainsFunc(full.Decisions, func(d Decision) bool { return d.Kind != "play" }), "cube decisions")
		}
		never, err := Analyze(newEndsAfter(len(rec.Actions)), rec, opt)
		require.NoError(t, err, name)
		assert.Equal(t, full, never, name)
		// Where to stop: the ends, and on either side of the first, a
		// middle and the last decision (its action judged or not).
		ks := []int{0, 1, len(rec.Actions) / 2, len(rec.Actions) - 1}
		require.NotEmpty(t, full.Decisions, name)
		for _, d := range []Decision{full.Decisions[0], full.Decisions[len(full.Decisions)/2], full.Decisions[len(full.Decisions)-1]} {
			ks = append(ks, d.Action, d.Action+1)
		}
		for _, k := range ks {
			if k >= len(rec.Actions) {
				continue
			}
			got, err := Analyze(newEndsAfter(k), rec, opt)
			require.ErrorIs(t, err, context.Canceled, "%s, k %d", name, k)
			cut := rec
			cut.Actions = rec.Actions[:k]
			want, err := Analyze(t.Context(), cut, opt)
			require.NoError(t, err, name)
			assert.Equal(t, want, got, "%s, stopped before action %d", name, k)
			judged := []Decision{}
			for _, d := range full.Decisions {
				if d.Action < k {
					judged = append(judged, d)
				}
			}
			assert.Equal(t, judged, got.Decisions, "%s, stopped before action %d: as the whole analysis judged them", name, k)
		}
	}
}

// TestAnalyzeStopsInARollout: a context that ends during the rollout of
// a decision stops the rollout; the report returned has the decisions
// judged before that one, as the whole analysis judges them, and not it.
func TestAnalyzeStopsInARollout(t *testing.T) {
	rec := record(t, variants.ShortStandard(), 0, bot.NewNeural(0), bot.NewRandom(3), 6, false)
	opt := Options{Rollout: &neural.RolloutOptions{Trials: 36, Truncate: 2, Workers: 1}}
	full, err := Analyze(t.Context(), rec, opt)
	require.NoError(t, err)
	first := -1 // the first decision rolled out
	for i, d := range full.Decisions {
		if d.RolledOut {
			first = i
			break
		}
	}
	require.Positive(t, first, "a decision rolled out after others")
	// Err is checked once before each action, then before each trial of
	// the rollout: end ctx at the tenth trial of the first decision rolled
	// out.
	a := full.Decisions[first].Action
	rep, err := Analyze(newEndsAfter(a+1+9), rec, opt)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, full.Decisions[:first], rep.Decisions)
	n := 0
	for _, ps := range rep.Players {
		n += ps.Plays + ps.Cube
	}
	assert.Equal(t, first, n, "the players' sums are of the decisions returned")
}
