package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestEvaluateOfADrawnGame_L11: the last position of a game drawn under
// L11 (both sides have borne off every checker) is neither side's win:
// Evaluate scores it 0 and WinChance gives 0.5 for either player, whoever
// is on roll, while a won game still scores ±1000 (C7). Evaluate scored
// the draw as a win of the player on roll, so a greedy player on its last
// roll valued the draw no better than the loss.
func TestEvaluateOfADrawnGame_L11(t *testing.T) {
	for _, s := range []string{
		"long w 0000000000000000000000000f/0000000000000000000000000f",
		"long b 0000000000000000000000000f/0000000000000000000000000f",
	} {
		pos, err := nardy.ParsePosition(s)
		require.NoError(t, err)
		for _, me := range []nardy.Color{nardy.White, nardy.Black} {
			assert.Zero(t, Evaluate(pos, me), "%s for %s", s, me)
			assert.InDelta(t, 0.5, WinChance(pos, me), 1e-12, "%s for %s", s, me)
		}
	}
	won, err := nardy.ParsePosition("long b 1000000000000000000000000e/0000000000000000000000000f")
	require.NoError(t, err)
	assert.Equal(t, -1000.0, Evaluate(won, nardy.Black), "an oin lost")
	assert.Equal(t, 1000.0, Evaluate(won, nardy.White), "an oin won")
}
