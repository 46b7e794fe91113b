package main

import (
	"bytes"
	"context"
	"testing"

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
	var p struct {
		Variant, Position, Interrupted string
		Depth, Workers                 int
		Leaves                         *uint64
		Seconds                        float64
	}
	decodeStrict(t, out.String(), &p)
	assert.Equal(t, "context canceled", p.Interrupted)
	assert.Nil(t, p.Leaves, "no count")
	assert.Equal(t, 5, p.Depth)
	assert.Equal(t, "nardy perft: interrupted: context canceled; no count\n", errOut.String())
}
