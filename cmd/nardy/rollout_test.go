package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// doublesToWin: white has two checkers on its 6 point and black one on its
// 1 point, every other checker off. White wins only with 3-3, 4-4, 5-5 or
// 6-6: 4 of the 36 throws, worked out by hand.
const doublesToWin = "short w 0000020000000000000000000d/1000000000000000000000000e"

// TestRolloutCommand rolls out a position whose value is known exactly,
// and the best plays of the 3-1 opening.
func TestRolloutCommand(t *testing.T) {
	code, out, stderr := runCmd("rollout", "-position", doublesToWin, "-trials", "36")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, doublesToWin+", white on roll: equity -0.778 ± 0.106 (36 trials), "+
		"win 11.1% (gammon 0.0%, backgammon 0.0%) lose 88.9% (gammon 0.0%, backgammon 0.0%)\n", out)

	// 3-1 from the start: 8/5 6/5, making the 5 point, is the best play
	// by every backgammon reference (and by GNU Backgammon's rollouts).
	code, out, stderr = runCmd("rollout", "-variant", "short", "-roll", "3-1", "-top", "3", "-trials", "72", "-truncate", "2", "-reduce", "-workers", "2")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 4, out)
	assert.True(t, strings.HasSuffix(lines[0], "white on roll, 3-1: 3 plays rolled out"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "8/5 6/5 "), out)
	assert.Contains(t, lines[1], "(72 trials)")
}

func TestRolloutCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"rollout", "-trials", "-1"},
		{"rollout", "-ply", "3"},
		{"rollout", "-truncate", "-1"},
		{"rollout", "-workers", "1000"},
		{"rollout", "-roll", "7-1"},
		{"rollout", "-roll", "3-1", "-top", "0"},
		{"rollout", "-gnubg", "not an id"},
		{"rollout", "-gnubg", "4HPwATDgc/ABMA", "-position", doublesToWin},
		{"rollout", "-variant", "long", "-gnubg", "4HPwATDgc/ABMA"},
		{"rollout", "extra"},
	} {
		code, out, stderr := runCmd(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.True(t, strings.HasPrefix(stderr, "nardy rollout: ") || strings.Contains(stderr, "usage: nardy rollout"), "%v: %q", args, stderr)
	}
}
