package bot

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sameArray reports whether two non-empty buffers share their backing
// array.
func sameArray[T any](a, b []T) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:1][0] == &b[:1][0]
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

// TestNeuralLeaderPostCrawfordRolls_S6: in a match to 5 at 4-0 after the
// Crawford game (S6: post-Crawford doubling is allowed), White needs one
// point: a single win at the cube's value gives it the match, so its cube
// is dead and the neural player rolls, never doubles, on its first turn
// in the game. The trailer at the other end of that score doubles at once
// (the cube is of no use to a leader at 1-away), so reading the score from
// the trailer's side would double here.
func TestNeuralLeaderPostCrawfordRolls_S6(t *testing.T) {
	r := preset(t, "short-standard")
	m, err := nardy.NewMatchAt(r, 5, nardy.MatchStart{Score: [2]int{4, 0}, CrawfordDone: true})
	require.NoError(t, err)
	require.False(t, m.IsCrawford())
	require.Equal(t, [2]int{1, 5}, m.Away(nardy.White))
	for _, dice := range [][2]int{{1, 6}, {6, 1}} {
		mm, err := m.Do(nardy.Action{Kind: nardy.ActOpening, Dice: dice})
		if err != nil {
			continue
		}
		g := mm.Game()
		if g.Position().OnRoll() != nardy.Black {
			continue
		}
		plays, err := g.Legal()
		require.NoError(t, err)
		mm, err = mm.Do(plays[0].Action())
		require.NoError(t, err)
		require.Equal(t, nardy.PhaseRoll, mm.Game().Phase())
		require.True(t, mm.Game().Can(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White}), "post-Crawford: the cube may turn")

		for _, ply := range []int{0, 1} {
			x := NewNeural(ply)
			x.SeeMatch(mm)
			a, err := x.Act(mm.Game(), nardy.White)
			require.NoError(t, err)
			assert.Equal(t, nardy.ActRoll, a.Kind, "neural%d: White, 1-away, rolls", ply)
		}
		return
	}
	t.Fatal("no opening throw gave Black the first turn")
}
