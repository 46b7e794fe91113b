package main

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cancelled is an interrupt that has come already.
func cancelled() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx, cancel
}

// TestInterruptedJSON: a rollout -json or perft -json interrupted before
// it starts writes its document saying "interrupted", with no trial's
// result and a count of 0, says so on stderr and exits with 1, as analyze
// does (interrupt_partial_test.go: interrupted later).
func TestInterruptedJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 1, rolloutContext(cancelled, []string{"-json", "-variant", "short", "-trials", "36"}, &out, &errOut))
	var doc rolloutTopDoc
	decodeStrict(t, out.String(), &doc)
	assert.Equal(t, "context canceled", doc.Interrupted)
	assert.Zero(t, doc.Trials, "no result")
	assert.Equal(t, "white", doc.Player)
	assert.Equal(t, "nardy rollout: interrupted: context canceled; no trial played\n", errOut.String())

	for _, args := range [][]string{{"-roll", "3-1"}, {"-double"}} {
		out.Reset()
		errOut.Reset()
		require.Equal(t, 1, rolloutContext(cancelled, append([]string{"-json", "-variant", "short", "-trials", "36"}, args...), &out, &errOut), "%v", args)
		doc = rolloutTopDoc{}
		decodeStrict(t, out.String(), &doc)
		assert.Equal(t, "context canceled", doc.Interrupted, "%v", args)
		assert.Empty(t, doc.Plays)
		assert.Nil(t, doc.Cube)
	}

	out.Reset()
	errOut.Reset()
	require.Equal(t, 1, perftContext(cancelled, []string{"-json", "-depth", "5"}, &out, &errOut))
	var p perftDoc
	decodeStrict(t, out.String(), &p)
	assert.Equal(t, "context canceled", p.Interrupted)
	assert.Equal(t, uint64(0), p.Leaves, "nothing counted")
	assert.Equal(t, 0, p.Subtrees)
	assert.Equal(t, 22, p.OfSubtrees, "long nardy's first ply from the start")
	assert.Equal(t, 5, p.Depth)
	assert.Equal(t, "nardy perft: interrupted: context canceled; the count printed is partial: the leaves under the first 0 of the 22 first plies (roll, play)\n", errOut.String())
}

// interruptedBy returns an interrupt that comes after d (at once for
// 0), its cause cause, as signal.NotifyContext's context ends with the signal's.
func interruptedBy(d time.Duration, cause string) func() (context.Context, context.CancelFunc) {
	return func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancelCause(context.Background())
		if d == 0 {
			cancel(errors.New(cause))
		} else {
			time.AfterFunc(d, func() { cancel(errors.New(cause)) })
		}
		return ctx, func() { cancel(context.Canceled) }
	}
}

// TestInterruptedJSONSaysWhy: the document and the stderr line of an
// interrupted rollout -json or perft -json say what ended it (the
// context's cause: the signal), not only "context canceled"; and perft
// stops a count in progress (short nardy's depth 3 takes a second or
// more: here the interrupt comes after 20 ms).
func TestInterruptedJSONSaysWhy(t *testing.T) {
	const why = "interrupt signal received"
	var out, errOut bytes.Buffer
	require.Equal(t, 1, rolloutContext(interruptedBy(0, why), []string{"-json", "-variant", "short", "-trials", "36"}, &out, &errOut))
	var doc rolloutTopDoc
	decodeStrict(t, out.String(), &doc)
	assert.Equal(t, why, doc.Interrupted)
	assert.Equal(t, "nardy rollout: interrupted: "+why+"; no trial played\n", errOut.String())

	out.Reset()
	errOut.Reset()
	start := time.Now()
	require.Equal(t, 1, perftContext(interruptedBy(20*time.Millisecond, why), []string{"-json", "-variant", "short", "-depth", "3", "-workers", "1"}, &out, &errOut),
		"%s", out.String())
	var p perftDoc
	decodeStrict(t, out.String(), &p)
	assert.Equal(t, why, p.Interrupted)
	assert.Less(t, p.Subtrees, 447, "a partial count")
	assert.Less(t, p.Seconds, 1.0, "it stopped at the interrupt")
	assert.Less(t, time.Since(start), 2*time.Second)
	assert.Contains(t, errOut.String(), "nardy perft: interrupted: "+why+"; the count printed is partial: ")
}

// perftDoc is perft -json's document.
type perftDoc struct {
	Variant, Position, Interrupted string
	Depth, Workers                 int
	Leaves                         uint64
	Seconds                        float64
	Subtrees                       int
	OfSubtrees                     int `json:"of_subtrees"`
}
