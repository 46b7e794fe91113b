package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPositionFlagsRefuse: a position flag given empty is a position to
// parse, not the start (-gnubg "" evaluated the start position), and a
// position whose game is over (white has borne off its 15 checkers, key
// digit 26 'f') is refused by every command that takes one: it has no
// plays, and its "evaluation" was the result.
func TestPositionFlagsRefuse(t *testing.T) {
	const over = "0000000000000000000000000f/00000503000050000000000200"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"legal", "-gnubg", "", "-roll", "3-1"}, "Position ID"},
		{[]string{"eval", "-gnubg", ""}, "Position ID"},
		{[]string{"eval", "-variant", "short", "-key", ""}, "key"},
		{[]string{"eval", "-position", ""}, "position"},
		{[]string{"legal", "-variant", "short", "-key", over, "-roll", "3-1"}, "the game of this position is over: white has borne off every checker"},
		{[]string{"eval", "-variant", "short", "-key", over}, "is over"},
		{[]string{"rollout", "-variant", "short", "-key", over, "-trials", "36"}, "is over"},
		{[]string{"eval", "-top", "3"}, "-top ranks the plays of a -roll"},
		{[]string{"rollout", "-top", "3", "-trials", "36"}, "-top rolls out the best plays of a -roll"},
	} {
		code, out, stderr := runCmd(c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Contains(t, stderr, c.want, "%v", c.args)
	}
}

// TestEvalForcedPlay: a roll with one legal play (white's last checker, on
// its 1 point, bears off) says the play was not searched at the -ply
// asked for, and counts "1 legal play".
func TestEvalForcedPlay(t *testing.T) {
	code, out, stderr := runCmd("eval", "-variant", "short", "-key", "1000000000000000000000000e/000000000000f0000000000000", "-roll", "6-6", "-ply", "2")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "6-6 at 2-ply: 1 legal play, forced: not searched, its 0-ply evaluation\n")
	assert.Contains(t, out, "1. 1/off")
	assert.Contains(t, out, "at 0-ply")
}

// TestL5_PositionFlagsRefuseAHeldBlock: docs/rules.md §4 refuses a long
// position whose mover already holds a six-block that L5 forbids (the
// conformance case invalid-011: six points of two on the mover's 1..6,
// three on its 7, the opponent's fifteen on its head, none ahead). Like
// any position the rules refuse, it is a bad flag value: every command
// that takes a position refuses it before any work, on stderr with exit
// status 2 (README), where legal exited 1 and eval evaluated it.
func TestL5_PositionFlagsRefuseAHeldBlock(t *testing.T) {
	const held = "22222230000000000000000000/00000000000000000000000f00"
	for _, args := range [][]string{
		{"legal", "-key", held, "-roll", "6-6"},
		{"legal", "-position", "long w " + held, "-roll", "3-1"},
		{"eval", "-key", held},
		{"eval", "-key", held, "-roll", "6-6", "-ply", "0"},
		{"rollout", "-key", held, "-trials", "36", "-ply", "0"},
	} {
		code, out, stderr := runCmd(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Contains(t, stderr, "six-block", "%v", args)
	}
}
