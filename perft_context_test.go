package nardy

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// errAfter is a context whose Err is nil for its first n calls and
// context.Canceled after: it stops a count at a known point, without a
// clock.
type errAfter struct {
	context.Context
	n, calls atomic.Int64
}

func newErrAfter(n int) *errAfter {
	c := &errAfter{Context: context.Background()}
	c.n.Store(int64(n))
	return c
}

func (c *errAfter) Err() error {
	if c.calls.Add(1) > c.n.Load() {
		return context.Canceled
	}
	return nil
}

// subtreeLeaves returns the leaves under each of the first ply's (roll,
// play) pairs from pos, depth plies deep in all, in their order (the
// rolls of AllRolls, each roll's plays as AppendLegal lists them), each
// counted by a perft of its own.
func subtreeLeaves(t *testing.T, r Rules, pos Position, depth int) []uint64 {
	t.Helper()
	var out []uint64
	for _, wr := range AllRolls() {
		plays, err := r.Legal(pos, wr.Roll)
		require.NoError(t, err)
		for _, p := range plays {
			n, err := r.Perft(p.Result(), depth-1, 1)
			require.NoError(t, err)
			out = append(out, n)
		}
	}
	return out
}

func sum(ns []uint64) uint64 {
	var s uint64
	for _, n := range ns {
		s += n
	}
	return s
}

// TestPerftContextStoppedCountsTheSubtreesWalked: a count stopped by its
// context returns, beside an error matching context.Canceled, the leaves
// under the first-ply pairs walked so far, in order: with one worker at
// depth 2 (the context asked once before the walk, then once a pair)
// after k pairs, the leaves of the first k pairs' subtrees (C8: each
// distinct play a leaf). A context that never ends counts the published
// figures (short 202,782 at depth 2).
func TestPerftContextStoppedCountsTheSubtreesWalked(t *testing.T) {
	r := DefaultRules(Short)
	start := mustPosition(StartPosition(Short, White))
	leaves := subtreeLeaves(t, r, start, 2)
	require.Len(t, leaves, 447)
	require.Equal(t, uint64(202_782), sum(leaves))
	for _, k := range []int{0, 1, 100, 446} {
		c, err := r.PerftContext(newErrAfter(1+k), start, 2, 1)
		require.ErrorIs(t, err, context.Canceled, "k=%d", k)
		assert.Equal(t, PerftCount{Leaves: sum(leaves[:k]), Subtrees: k, Total: 447}, c, "k=%d", k)
	}
	c, err := r.PerftContext(newErrAfter(0), start, 2, 1)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, PerftCount{Total: 447}, c, "ended already: nothing counted")

	c, err = r.PerftContext(context.Background(), start, 2, 3)
	require.NoError(t, err)
	assert.Equal(t, PerftCount{Leaves: 202_782, Subtrees: 447, Total: 447}, c)
	c, err = r.PerftContext(newErrAfter(0), start, 0, 1)
	require.NoError(t, err, "depth 0 is one leaf, nothing to walk")
	assert.Equal(t, PerftCount{Leaves: 1}, c)
}

// TestPerftContextStoppedWithWorkers: with several workers, a count
// stopped at any moment covers the subtrees walked in order from the
// first (one finished after a gap is left out): its leaves are the sum of
// the first Subtrees pairs' subtrees, whatever the workers did; and it
// stops soon after the context ends (short nardy's depth 3 takes seconds).
func TestPerftContextStoppedWithWorkers(t *testing.T) {
	r := DefaultRules(Short)
	start := mustPosition(StartPosition(Short, White))
	leaves := subtreeLeaves(t, r, start, 3)
	require.Equal(t, uint64(116_154_993), sum(leaves))
	for _, after := range []time.Duration{30 * time.Millisecond, 200 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		begin := time.Now()
		c, err := r.PerftContext(ctx, start, 3, 3)
		took := time.Since(begin)
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded, "after %v", after)
		assert.Less(t, c.Subtrees, 447)
		assert.Equal(t, 447, c.Total)
		assert.Equal(t, sum(leaves[:c.Subtrees]), c.Leaves, "after %v: the first %d subtrees", after, c.Subtrees)
		assert.Less(t, took, after+time.Second, "stopped soon after the deadline")
	}
}
