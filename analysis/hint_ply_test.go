package analysis

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// TestHintPlyOfASinglePlay (C5): a play hint with a single play left to
// choose (here the one play a turn in progress can still become) is not
// searched deeper, as neural.Searcher.Rank ranks a single play at 0-ply:
// its Ply says 0 at every Options.Ply, as its play's does, and its chances
// are the 0-ply chances of the play's result, for the player making it.
// White, bearing off from 2 checkers on its 1-point and one on its
// 2-point, rolls 2-1 and steps 2/1 with the 1: one play is left, 2/off
// (a checker of the 1-point off with the 2). Its Ply said Options.Ply.
func TestHintPlyOfASinglePlay(t *testing.T) {
	r := variants.ShortStandard()
	var white, black nardy.Side
	white[1], white[2], white[nardy.Off] = 2, 1, 12
	black[13] = 15 // not home: the network's chances, not the bear-off database's
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, white, black)
	require.NoError(t, err)
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Starter: nardy.White})
	require.NoError(t, err)
	g, err = g.SetDice(nardy.MustRoll(2, 1))
	require.NoError(t, err)
	g, err = g.Step(nardy.Step{From: 2, To: 1, Die: 1})
	require.NoError(t, err)
	for ply := 0; ply <= neural.MaxPly; ply++ {
		h, err := HintFor(g, [2]int{}, Options{Ply: ply})
		require.NoError(t, err)
		require.Len(t, h.Plays, 1, "one way to finish the turn")
		assert.Equal(t, 0, h.Plays[0].Ply, "Options.Ply %d: the play", ply)
		assert.Equal(t, 0, h.Ply, "Options.Ply %d: the hint", ply)
		want := neural.NewSearcher(nil, r).Eval(h.Plays[0].Play.Result(), 0).Flip()
		assert.Equal(t, want, h.Probs, "Options.Ply %d: the 0-ply chances", ply)
	}
}

// TestHintPlaysByPly: at 2 ply a hint's plays are those searched at 2 ply,
// then those the 2-ply round dropped at 1 ply, then the rest at 0-ply,
// each group best first by its own equity, as Hint.Plays and PlayHint say
// (they said the plays not searched at Ply were all at 0-ply;
// helper-165). White's first roll of a money game of short nardy.
func TestHintPlaysByPly(t *testing.T) {
	g, err := nardy.NewGame(nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{4, 2}})
	require.NoError(t, err)
	require.Equal(t, nardy.PhasePlay, g.Phase())
	h, err := HintFor(g, [2]int{}, Options{Ply: 2})
	require.NoError(t, err)
	legal, err := g.Legal()
	require.NoError(t, err)
	require.Len(t, h.Plays, len(legal))
	count := map[int]int{}
	for i, p := range h.Plays {
		count[p.Ply]++
		if i == 0 {
			continue
		}
		prev := h.Plays[i-1]
		assert.LessOrEqual(t, p.Ply, prev.Ply, "%d: %s after %s", i, p.Text, prev.Text)
		if p.Ply == prev.Ply {
			assert.LessOrEqual(t, p.Equity, prev.Equity, "%d: %s after %s", i, p.Text, prev.Text)
		}
	}
	assert.Positive(t, count[2], "searched at 2 ply")
	assert.Positive(t, count[1], "dropped by the 2-ply round, at 1 ply")
	assert.Positive(t, count[0], "dropped at 0-ply")
	assert.Equal(t, h.Plays[0].Text, h.Advice)
}
