package main

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// TestRefusedThrowSpendsNoDice: every opening throw and roll of the record
// takes the next two dice of the fair dice (README, "Provably fair dice"),
// so a throw the game refuses must not move the dice on: after the
// opening throw (and, in a second game, a roll), a throw refused by the
// game, then the next roll, the record still replays with every die
// checked against the seed (nardy.Replay). The refusal is made here
// directly (over the API the server checks a roll before throwing, and
// the recorder refuses one only at its bound of actions, after
// nardy.MaxRecordActions); kills the dice counted again after it without
// the opening throws, or one die a throw.
func TestRefusedThrowSpendsNoDice(t *testing.T) {
	p, err := variants.Lookup("long-moscow")
	require.NoError(t, err)
	for seed := range 4 {
		g, err := newGame(p, 0, nardy.MatchStart{}, nil, [2]string{"human", "human"}, "")
		require.NoError(t, err)
		g.seed = newSeed()
		require.NoError(t, g.setSeed(nardy.White, fmt.Sprintf("w%d", seed)))
		require.NoError(t, g.roll(nardy.White)) // the opening throw
		for range seed % 2 {                    // and in odd games a roll played out
			c, _ := g.game().ToAct()
			require.NoError(t, g.roll(c))
			r, _ := g.game().Dice()
			plays, err := p.Rules.Legal(g.game().Position(), r)
			require.NoError(t, err)
			require.NoError(t, g.do(nardy.Action{Kind: nardy.ActPlay, Player: c, Steps: slices.Collect(plays[0].Steps())}))
		}
		require.Error(t, g.do(nardy.Action{Kind: nardy.ActOpening, Dice: g.throw()}), "no opening throw now")
		c, ok := g.game().ToAct()
		require.True(t, ok)
		require.NoError(t, g.roll(c))
		rec := g.record()
		rec.Fair.Seed = fmt.Sprintf("%x", g.seed[:]) // as shown once the match is over
		_, err = nardy.Replay(rec)
		require.NoError(t, err, "game %d: every die is the next one derived", seed)
	}
}
