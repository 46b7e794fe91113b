package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// endsAfter is a context whose Err is nil for its first n calls and
// context.Canceled after: a rollout asks it before each trial, a perft
// before each first-ply subtree (at depth 2), so it interrupts them at a
// known point, without a clock.
type endsAfter struct {
	context.Context
	n, calls atomic.Int64
}

func (c *endsAfter) Err() error {
	if c.calls.Add(1) > c.n.Load() {
		return context.Canceled
	}
	return nil
}

// interruptAfter returns an interrupt that comes after n calls of its
// context's Err.
func interruptAfter(n int) func() (context.Context, context.CancelFunc) {
	return func() (context.Context, context.CancelFunc) {
		c := &endsAfter{Context: context.Background()}
		c.n.Store(int64(n))
		return c, func() {}
	}
}

// TestRolloutInterruptedPrintsTheTrialsPlayed: a rollout interrupted
// after 40 of 100 trials prints the figures of those 40, which are the
// figures of a rollout of 40 trials with the same seed (the first 40
// trials), says they are partial (a last line, "interrupted" in -json,
// stderr) and exits with 1, as an interrupted rollout of GNU Backgammon
// reports the games rolled out so far.
func TestRolloutInterruptedPrintsTheTrialsPlayed(t *testing.T) {
	args := []string{"-variant", "short", "-truncate", "6", "-seed", "3", "-cubeful"}
	code, want, stderr := runCmd(append([]string{"rollout", "-trials", "40"}, args...)...)
	require.Equal(t, 0, code, stderr)

	var out, errOut bytes.Buffer
	require.Equal(t, 1, rolloutContext(interruptAfter(40), append([]string{"-trials", "100"}, args...), &out, &errOut))
	assert.Equal(t, want+"interrupted (context canceled): partial figures, 40 of 100 trials\n", out.String())
	assert.Contains(t, want, "(40 trials)")
	assert.Equal(t, "nardy rollout: interrupted: context canceled; the figures printed are partial (40 of 100 trials)\n", errOut.String())

	code, wantJSON, stderr := runCmd(append([]string{"rollout", "-json", "-trials", "40"}, args...)...)
	require.Equal(t, 0, code, stderr)
	var full, doc rolloutTopDoc
	decodeStrict(t, wantJSON, &full)
	out.Reset()
	errOut.Reset()
	require.Equal(t, 1, rolloutContext(interruptAfter(40), append([]string{"-json", "-trials", "100"}, args...), &out, &errOut))
	decodeStrict(t, out.String(), &doc)
	assert.Equal(t, "context canceled", doc.Interrupted)
	assert.Equal(t, 40, doc.Trials)
	doc.Interrupted = ""
	assert.Equal(t, full, doc, "the figures of the first 40 trials")
}

// TestRolloutInterruptedPlaysAndCube: rollout -roll rolls the plays out
// one after the other: interrupted in the second, it prints the first
// complete and the second with its trials, leaving the third out; rollout
// -double plays no double, then double/take: interrupted in the second,
// it prints both and the verdict of the trials played; in the first, the
// no-double rollout alone.
func TestRolloutInterruptedPlaysAndCube(t *testing.T) {
	args := []string{"-variant", "short", "-trials", "36", "-truncate", "4", "-json"}
	var out, errOut bytes.Buffer
	require.Equal(t, 1, rolloutContext(interruptAfter(36+10), append([]string{"-roll", "3-1", "-top", "3"}, args...), &out, &errOut))
	var doc rolloutTopDoc
	decodeStrict(t, out.String(), &doc)
	require.Len(t, doc.Plays, 2)
	trials := []int{doc.Plays[0].Trials, doc.Plays[1].Trials}
	assert.ElementsMatch(t, []int{36, 10}, trials)
	assert.Equal(t, "context canceled", doc.Interrupted)
	assert.Contains(t, errOut.String(), "2 of 3 plays rolled out")

	out.Reset()
	errOut.Reset()
	require.Equal(t, 1, rolloutContext(interruptAfter(36+5), append([]string{"-double"}, args...), &out, &errOut))
	doc = rolloutTopDoc{}
	decodeStrict(t, out.String(), &doc)
	require.NotNil(t, doc.Rollouts)
	assert.Equal(t, 36, doc.Rollouts.NoDouble.Trials)
	assert.Equal(t, 5, doc.Rollouts.DoubleTake.Trials)
	assert.NotNil(t, doc.Cube, "the verdict of the trials played")

	out.Reset()
	errOut.Reset()
	require.Equal(t, 1, rolloutContext(interruptAfter(5), []string{"-variant", "short", "-trials", "36", "-truncate", "4", "-double"}, &out, &errOut))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3, out.String())
	assert.Contains(t, lines[0], "cube decision, 5 and 0 trials")
	assert.Regexp(t, `^no double: cubeful [-+]\d\.\d{3} ± \d\.\d{3}, cubeless equity .*\(5 trials\)`, lines[1])
	assert.Equal(t, "interrupted (context canceled): partial figures, no double 5 of 36 trials, double/take 0 of 36 trials", lines[2])
}

// TestPerftInterruptedPrintsTheCountSoFar: perft interrupted after 100 of
// the 447 first-ply (roll, play) pairs of short nardy (depth 2, one
// worker) prints the leaves under those 100, counted here pair by pair,
// says the count is partial and what it covers, and exits with 1.
func TestPerftInterruptedPrintsTheCountSoFar(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	start := startOf(t, nardy.Short)
	var want uint64
	pairs := 0
	for _, wr := range nardy.AllRolls() {
		plays, err := r.Legal(start, wr.Roll)
		require.NoError(t, err)
		for _, p := range plays {
			if pairs < 100 {
				n, err := r.Perft(p.Result(), 1, 1)
				require.NoError(t, err)
				want += n
			}
			pairs++
		}
	}
	require.Equal(t, 447, pairs)

	var out, errOut bytes.Buffer
	// One call before the walk, then one before each pair's subtree.
	require.Equal(t, 1, perftContext(interruptAfter(1+100), []string{"-variant", "short", "-depth", "2", "-workers", "1"}, &out, &errOut))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2, out.String())
	assert.Regexp(t, `^perft short depth 2: `+strconv.FormatUint(want, 10)+` \(\S+, 1 worker\)$`, lines[0])
	assert.Equal(t, "interrupted (context canceled): a partial count, the leaves under the first 100 of the 447 first plies (roll, play)", lines[1])
	assert.Contains(t, errOut.String(), "nardy perft: interrupted: context canceled; the count printed is partial")

	out.Reset()
	errOut.Reset()
	require.Equal(t, 1, perftContext(interruptAfter(1+100), []string{"-json", "-variant", "short", "-depth", "2", "-workers", "1"}, &out, &errOut))
	var doc perftDoc
	decodeStrict(t, out.String(), &doc)
	assert.Equal(t, want, doc.Leaves)
	assert.Equal(t, 100, doc.Subtrees)
	assert.Equal(t, 447, doc.OfSubtrees)
	assert.Equal(t, "context canceled", doc.Interrupted)
}
