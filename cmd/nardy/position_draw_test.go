package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPositionFlagsRefuseADrawnGame_L11: the last position of a game drawn
// by L11's last roll (both sides have borne off all fifteen) is refused as
// a game that is over, and the message says both sides are off: it named
// the player on roll alone, as though it had won.
func TestPositionFlagsRefuseADrawnGame_L11(t *testing.T) {
	const drawn = "long b 0000000000000000000000000f/0000000000000000000000000f"
	for _, args := range [][]string{
		{"legal", "-position", drawn, "-roll", "3-1"},
		{"eval", "-position", drawn},
		{"rollout", "-position", drawn, "-trials", "36"},
	} {
		code, out, stderr := runCmd(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Contains(t, stderr, "the game of this position is over: both sides have borne off every checker", "%v", args)
	}
}
