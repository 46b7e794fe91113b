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

// TestInterruptedJSON: an interrupted rollout -json or perft -json writes
// its document saying "interrupted", with no result, says so on stderr
// and exits with 1, as analyze does.
func TestInterruptedJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 1, rolloutContext(cancelled, []string{"-json", "-variant", "short", "-trials", "36"}, &out, &errOut))
	var doc rolloutTopDoc
	decodeStrict(t, out.String(), &doc)
	assert.Equal(t, "context canceled", doc.Interrupted)
	assert.Zero(t, doc.Trials, "no result")
	assert.Equal(t, "white", doc.Player)
	assert.Equal(t, "nardy rollout: interrupted: context canceled; no result\n", errOut.String())

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
	assert.Nil(t, p.Leaves, "no count")
	assert.Equal(t, 5, p.Depth)
	assert.Equal(t, "nardy perft: interrupted: context canceled; no count\n", errOut.String())
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
// stops waiting for a count in progress (short nardy's depth 3 takes a
// second or more: here the interrupt comes after 20 ms).
func TestInterruptedJSONSaysWhy(t *testing.T) {
	const why = "interrupt signal received"
	var out, errOut bytes.Buffer
	require.Equal(t, 1, rolloutContext(interruptedBy(0, why), []string{"-json", "-variant", "short", "-trials", "36"}, &out, &errOut))
	var doc rolloutTopDoc
	decodeStrict(t, out.String(), &doc)
	assert.Equal(t, why, doc.Interrupted)
	assert.Equal(t, "nardy rollout: interrupted: "+why+"; no result\n", errOut.String())

	out.Reset()
	errOut.Reset()
	start := time.Now()
	require.Equal(t, 1, perftContext(interruptedBy(20*time.Millisecond, why), []string{"-json", "-variant", "short", "-depth", "3", "-workers", "1"}, &out, &errOut),
		"%s", out.String())
	var p perftDoc
	decodeStrict(t, out.String(), &p)
	assert.Equal(t, why, p.Interrupted)
	assert.Nil(t, p.Leaves, "no count")
	assert.Less(t, p.Seconds, 1.0, "it stopped waiting at the interrupt")
	assert.Less(t, time.Since(start), 2*time.Second)
	assert.Equal(t, "nardy perft: interrupted: "+why+"; no count\n", errOut.String())
}

// perftDoc is perft -json's document.
type perftDoc struct {
	Variant, Position, Interrupted string
	Depth, Workers                 int
	Leaves                         *uint64
	Seconds                        float64
}
