package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestEvaluateOfADrawnGame_L11: the last position of a game drawn by L11's
// last roll (both sides have borne off every checker) is no side's win and
// no side's loss: the network is not asked, and its chances are an even
// game without marses, whose cubeless equity is 0 under every table, the
// money value of a 1–1 or ½–½ draw. It was the sure loss of the player on
// roll (the first player, who bore off first), so a last roll that drew
// was valued as a win, and a miss of the draw as a loss of 2 points.
func TestEvaluateOfADrawnGame_L11(t *testing.T) {
	n, err := Default(nardy.Long)
	require.NoError(t, err)
	s := NewSearcher(n, nardy.Rules{Variant: nardy.Long, TransientBlock: true, LastRollDraw: true})
	for _, text := range []string{
		"long w 0000000000000000000000000f/0000000000000000000000000f",
		"long b 0000000000000000000000000f/0000000000000000000000000f",
	} {
		pos, err := nardy.ParsePosition(text)
		require.NoError(t, err)
		want := Probs{Variant: nardy.Long, Win: 0.5}
		assert.Equal(t, want, n.Evaluate(pos), text)
		assert.Equal(t, want, want.Flip(), "the same for either player")
		for ply := range MaxPly + 1 {
			assert.Equal(t, want, s.Eval(pos, ply), "%s at %d-ply", text, ply)
		}
		for _, table := range []nardy.Scoring{{}, {Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}, {Oin: 2, Mars: 2}} {
			assert.Zero(t, n.Evaluate(pos).Equity(table), "%s under %+v", text, table)
		}
	}
}
