package bot

import (
	"testing"
	"unsafe"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sameArray reports whether two non-empty buffers share their backing
// array.
func sameArray[T any](a, b []T) bool {
	return cap(a) > 0 && cap(b) > 0 && unsafe.SliceData(a[:1]) == unsafe.SliceData(b[:1])
}

// playPhase returns a short-nardy game with White to play 6-1 from the
// start.
func playPhase(t *testing.T) nardy.Game {
	t.Helper()
	g, err := nardy.NewGame(preset(t, "short-standard"))
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{6, 1}})
	require.NoError(t, err)
	require.Equal(t, nardy.PhasePlay, g.Phase())
	return g
}

// TestCopyBuildsItsOwnBuffers: the players' docs say a copy (p2 := *p)
// "builds buffers of its own at its first call, so copies can play in
// different goroutines". After a copy's first play, no buffer of the copy
// is the original's. (Kills dropping the reset of the buffers in
// Greedy.Act, which TestConcurrentCopies under GOMAXPROCS=1 did not.)
func TestCopyBuildsItsOwnBuffers(t *testing.T) {
	g := playPhase(t)

	orig := NewGreedy()
	_, err := orig.Act(g, nardy.White)
	require.NoError(t, err)
	require.NotEmpty(t, orig.buf[:1], "the original built its buffer")
	cp := *orig
	_, err = cp.Act(g, nardy.White)
	require.NoError(t, err)
	assert.False(t, sameArray(orig.buf, cp.buf), "greedy: the copy plays in the original's buffer")

	x := NewExpectimax(2_000)
	_, err = x.Act(g, nardy.White)
	require.NoError(t, err)
	xc := *x
	_, err = xc.Act(g, nardy.White)
	require.NoError(t, err)
	assert.False(t, sameArray(x.mine, xc.mine), "expectimax: mine shared")
	assert.False(t, sameArray(x.reply, xc.reply), "expectimax: reply shared")
	assert.False(t, sameArray(x.cands, xc.cands), "expectimax: cands shared")

	n := NewNeural(0)
	_, err = n.Act(g, nardy.White)
	require.NoError(t, err)
	nc := *n
	_, err = nc.Act(g, nardy.White)
	require.NoError(t, err)
	assert.False(t, sameArray(n.buf, nc.buf), "neural: buf shared")
	assert.NotSame(t, n.s, nc.s, "neural: the Searcher (and its buffers) shared")
}
