package analysis

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// TestMissedDrawOfTheLastRollLosesOnePoint_L11: on its last roll Black
// (checkers on its points 3 and 1) rolls 3-1 and can bear both off,
// drawing the money game 1–1 (L11: each player scores a point, so neither
// gains), or leave one and lose an oin (−1). The drawing play is worth 0
// to Black and the other loses 1 point; the analysis judged the draw a win
// (+1) and the miss a loss of 2.
func TestMissedDrawOfTheLastRollLosesOnePoint_L11(t *testing.T) {
	r := variants.LongMoscow()
	r.LastRollDraw = true
	pos, err := nardy.ParsePosition("long w 1000000000000000000000000e/1010000000000000000000000d")
	require.NoError(t, err)
	for _, draw := range []bool{true, false} {
		rc, err := nardy.ResumeRecorder(r, 0, nardy.MatchStart{}, nardy.Setup{Position: pos, Starter: nardy.White}, nil)
		require.NoError(t, err)
		require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.White, Dice: [2]int{2, 1}}))
		plays, err := rc.Match().Game().Legal()
		require.NoError(t, err)
		require.NoError(t, rc.Do(plays[0].Action())) // White's last checker off
		require.True(t, rc.Match().Game().IsLastRoll())
		require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.Black, Dice: [2]int{3, 1}}))
		g := rc.Match().Game()
		plays, err = g.Legal()
		require.NoError(t, err)
		chosen := -1
		for i, p := range plays {
			if off := p.Result().Side(nardy.Black)[nardy.Off] == nardy.Checkers; off == draw {
				chosen = i
			}
		}
		require.NotEqual(t, -1, chosen, "a play that draws and one that does not")
		require.NoError(t, rc.Do(plays[chosen].Action()))
		res, _ := rc.Match().Game().Result()
		require.Equal(t, draw, res.Kind == nardy.Draw, "%v", res)

		for ply := range 2 {
			rep, err := Analyze(t.Context(), rc.Record(), Options{Ply: ply})
			require.NoError(t, err)
			require.Len(t, rep.Decisions, 1, "black's last roll: the only play with a choice")
			d := rep.Decisions[0]
			assert.Equal(t, nardy.Black, d.Player)
			assert.InDelta(t, 0, d.Equity, 1e-9, "the draw is worth 0 to either player (1–1)")
			wantLoss := 1.0
			if draw {
				wantLoss = 0
			}
			assert.InDelta(t, wantLoss, d.Loss, 1e-9, "draw %v at %d-ply", draw, ply)
		}
	}
}
