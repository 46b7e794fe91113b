package main

import (
	"fmt"
	"slices"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// spreadPosition is short nardy (backgammon) with white on roll, one white
// checker on each of its points 6 to 20 and black's three on each of its
// points 1 to 4 and 24 (white's 1): a die plays from many points, more
// than the network's first pass (neural.Searcher's Width at 1-ply, 8)
// keeps, and many plays leave blots to black's back checkers, so the
// plays' 0-ply equities spread beyond its Margin.
const spreadPosition = "short w 00000111111111111111000000/33330000000000000000000300"

// TestCompletePlayHintPlyOfAFilteredPlay: the hint of a complete play
// (every step taken, not yet posted) is that play alone with its own
// depth: a play the network's first pass left at 0-ply among the plays
// of its first step is judged at 0-ply, and the hint says 0, not the
// depth of the best play of its first step (1). No seeded game reached
// such a play (helper-161's gap OP4): onlyPlay keeping the best play's
// depth survived TestCompletePlayHintAndPost, whose play is one the first
// step's hint lists. The play is found by the library's ranking
// (neural.Searcher.Rank, at the hint's depth, of the plays the first step
// can become) and checked against the server's hint of the first step,
// which lists the plays searched deeper only.
func TestCompletePlayHintPlyOfAFilteredPlay(t *testing.T) {
	c := newClient(t, Config{})
	for seed := 1; seed <= 20; seed++ {
		st, white, _ := c.create(fmt.Sprintf(`{"preset":"short-standard","opponent":"human","seed":%d,"hints":true,"setup":{"position":%q}}`, seed, spreadPosition))
		require.Equal(t, "white", st.ToAct)
		st = white.act("roll", st, "")
		require.Equal(t, "play", st.Phase)
		_, preset, start, turn := hintedTurn(t, st, white)
		r, roll := preset.Rules, turn.Roll()
		if roll.IsDouble() {
			continue
		}
		legal, err := r.Legal(start, roll)
		require.NoError(t, err)
		s := neural.NewSearcher(nil, r)
		for first := range turn.NextSteps() {
			after, err := turn.Step(first)
			require.NoError(t, err)
			// The last step of each play the first step can become.
			last := map[nardy.Position]nardy.Step{}
			for n := range after.NextSteps() {
				u, err := after.Step(n)
				require.NoError(t, err)
				if p, err := u.Play(); err == nil && u.Done() {
					last[p.Result()] = n
				}
			}
			// As the hint ranks them: the legal plays the first step can
			// still become, in the library's order.
			var kept []nardy.Play
			for _, p := range legal {
				if _, ok := last[p.Result()]; ok {
					kept = append(kept, p)
				}
			}
			ranked := s.Rank(kept, hintPly)
			i := slices.IndexFunc(ranked, func(rk neural.Ranked) bool { return rk.Ply == 0 })
			if len(kept) < 2 || ranked[0].Ply != hintPly || i < 0 {
				continue
			}
			target := kept[ranked[i].Index]
			st = white.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, first.From, first.Die))
			h1 := white.hintOK()
			require.Equal(t, hintPly, h1.Ply, "the first step's hint is searched at the hint's depth")
			require.Positive(t, h1.MorePlays, "plays left at 0-ply are not listed")
			for _, hp := range h1.Plays {
				pl, err := r.ParsePlay(start, roll, hp.Play)
				require.NoError(t, err)
				require.NotEqual(t, target.Result(), pl.Result(), "%s was searched deeper after the first step", target)
			}

			n := last[target.Result()]
			st = white.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, n.From, n.Die))
			require.Contains(t, st.Allowed["white"], "play", "the play is complete")
			h2 := white.hintOK()
			require.Len(t, h2.Plays, 1)
			got := h2.Plays[0]
			pl, err := r.ParsePlay(start, roll, got.Play)
			require.NoError(t, err)
			assert.Equal(t, target.Result(), pl.Result(), "the play made")
			assert.Equal(t, 0, got.Ply, "the play's depth: the first pass left it at 0-ply")
			assert.Equal(t, 0, h2.Ply, "the hint's depth is the play's, not the first step's best play's (%d)", h1.Ply)
			assert.InDelta(t, ranked[i].Equity, got.Equity, 1e-9, "the play's 0-ply equity")
			assert.InDelta(t, ranked[i].Probs.Win, h2.Chances["win"], 1e-9, "the hint's chances are the play's")

			t.Logf("seed %d, roll %s: %s, left at 0-ply (rank %d of %d)", seed, roll, target, i+1, len(ranked))
			// Posted, the play is taken.
			st = white.act("play", st, "")
			assert.Equal(t, target.Result(), nardy.MustParsePosition(st.Position))
			return
		}
	}
	t.Fatal("no seed of 1..20 gave a roll with a play its first step's filter leaves at 0-ply")
}
