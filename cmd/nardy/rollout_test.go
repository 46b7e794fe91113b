package main

import (
	"fmt"
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
// the best plays of the 3-1 opening, and the one play of a roll.
func TestRolloutCommand(t *testing.T) {
	code, out, stderr := runCmd("rollout", "-position", doublesToWin, "-trials", "36")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, doublesToWin+", white on roll: equity -0.778 ± 0.106 (36 trials), "+
		"win 11.1% (gammon 0.0%, backgammon 0.0%) lose 88.9% (gammon 0.0%, backgammon 0.0%)\n", out)
	// Asked to stop at a standard error of 0.1: two groups of 36, whose
	// 8 wins and 64 losses give √(72/71 · (1 − (56/72)²)) / √72 = 0.075.
	code, out, stderr = runCmd("rollout", "-position", doublesToWin, "-stop", "0.1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "equity -0.778 ± 0.075 (72 trials)")

	// 3-1 from the start: 8/5 6/5, making the 5 point, is the best play
	// by every backgammon reference (and by GNU Backgammon's rollouts).
	code, out, stderr = runCmd("rollout", "-variant", "short", "-roll", "3-1", "-top", "3", "-trials", "72", "-truncate", "2", "-reduce", "-workers", "2")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 4, out)
	assert.True(t, strings.HasSuffix(lines[0], "white on roll, 3-1: 3 plays rolled out"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "8/5 6/5 "), out)
	assert.Contains(t, lines[1], "(72 trials)")

	// 2-1 has one play, whichever way the dice are played: 3/off, the
	// last checker left on the 1 point for black to win.
	code, out, stderr = runCmd("rollout", "-position", lastRoll, "-roll", "2-1", "-trials", "36")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, lastRoll+", white on roll, 2-1: 1 play rolled out\n"+
		"3/off                    equity -1.000 ± 0.000 (36 trials), win 0.0% (gammon 0.0%, backgammon 0.0%) lose 100.0% (gammon 0.0%, backgammon 0.0%)\n", out)
}

// TestRolloutCommandScoredKinds (L8, L9, S5, S7): nardy rollout names
// the kinds of win the preset's scoring table counts and no other, as
// nardy eval does (assertScoredKinds): a kind the table does not count
// scores as mars and is in its chance, and the equity printed is the one
// of the chances printed. The same holds of the plays of -roll.
func TestRolloutCommandScoredKinds(t *testing.T) {
	for _, c := range scoredPresets() {
		for _, args := range [][]string{{"-trials", "36"}, {"-trials", "36", "-truncate", "8", "-roll", "6-5", "-top", "1"}} {
			code, out, stderr := runCmd(append([]string{"rollout", "-preset", c.preset}, args...)...)
			require.Equal(t, 0, code, stderr)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			line := lines[len(lines)-1] // the position's line, or the play's after the roll's
			assertScoredKinds(t, c.points, line, fmt.Sprintf("%s %v", c.preset, args))
		}
	}
}

// lastRoll: white has checkers on its 3 and 1 points, black one on its 1
// point, every other checker off. White bears off with every roll but 2-1
// (34/36), so it doubles and black passes: +1 cubeful, +32/36 cubeless
// (trials of +1 and −1: a standard error of √(36/35 · (1 − (32/36)²)) / 6
// = 0.077). Held by black, the cube stays put and the game is played for
// it.
const lastRoll = "short w 1010000000000000000000000d/1000000000000000000000000e"

// TestRolloutCommandCubeful (S6): the cubeful equity beside the cubeless.
func TestRolloutCommandCubeful(t *testing.T) {
	code, out, stderr := runCmd("rollout", "-position", lastRoll, "-trials", "36", "-cubeful")
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(out, lastRoll+", white on roll: cubeful +1.000 ± 0.000, cubeless equity +0.889 ± 0.077 (36 trials)"), out)
	code, out, stderr = runCmd("rollout", "-position", lastRoll, "-trials", "36", "-cubeful", "-cube", "2", "-owner", "black")
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(out, lastRoll+", white on roll: cubeful +0.889 ± 0.077, cubeless equity +0.889 ± 0.077 (36 trials)"), out)
	code, out, stderr = runCmd("rollout", "-variant", "short", "-roll", "3-1", "-top", "2", "-trials", "36", "-truncate", "2", "-cubeful")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 3, out)
	assert.Contains(t, lines[1], " cubeful ")
	assert.Contains(t, lines[2], " cubeful ")
}

// TestRolloutCommandMatch (S6): at 2-away 1-away after the Crawford game,
// white on 4/36 doubles and black takes, for the match: white's chance
// 4/36 is (4/36 − 1/4) / (1/4) = −0.556 in normalised match equity (a
// single win leaves 1-away 1-away, a chance of 1/2; a loss ends the
// match). In the Crawford game nobody doubles: −0.778, as cubeless.
func TestRolloutCommandMatch(t *testing.T) {
	code, out, stderr := runCmd("rollout", "-position", doublesToWin, "-trials", "72", "-cubeful", "-away", "2,1")
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(out, doublesToWin+", white on roll, 2-away 1-away: cubeful -0.556 ± "), out)
	assert.Contains(t, out, "cubeless equity -0.778 ± ")
	code, out, stderr = runCmd("rollout", "-position", doublesToWin, "-trials", "72", "-cubeful", "-away", "2,1", "-crawford")
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(out, doublesToWin+", white on roll, 2-away 1-away (Crawford): cubeful -0.778 ± "), out)
}

// TestRolloutCommandDouble (S6): the cube decisions of last-roll
// positions, worked out by hand. White wins 34/36 of lastRoll: no double
// +32/36, double/take +64/36, so double and pass; with the cube held by
// black, white may not double. White wins 4/36 of doublesToWin: no double
// −28/36, double/take −56/36, so no double (and black would take); the
// standard errors are those of trials worth ±1 and ±2 (0.077 and 0.155,
// 0.106 and 0.212). At 2-away 1-away after the Crawford game the trailer
// doubles at once: taken, the cube decides the match, 4/36 of it (−0.556
// in normalised match equity, as in TestRolloutCommandMatch), while
// without a double a win leaves 1-away 1-away, 2/36 of the match (−0.778).
func TestRolloutCommandDouble(t *testing.T) {
	code, out, stderr := runCmd("rollout", "-position", lastRoll, "-trials", "36", "-double")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, lastRoll+", white on roll: cube decision, 36 and 36 trials\n"+
		"no double    +0.889 ± 0.077\n"+
		"double/take  +1.778 ± 0.155\n"+
		"double/pass  +1.000\n"+
		"proper cube action: double, pass\n", out)
	code, out, stderr = runCmd("rollout", "-position", doublesToWin, "-trials", "36", "-double", "-cube", "2", "-owner", "white")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "no double    -0.778 ± 0.106\ndouble/take  -1.556 ± 0.212\n")
	assert.True(t, strings.HasSuffix(out, "proper cube action: no double, take\n"), out)
	code, out, stderr = runCmd("rollout", "-position", doublesToWin, "-trials", "72", "-double", "-away", "2,1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, ", white on roll, 2-away 1-away: cube decision, 72 and 72 trials\n")
	assert.Contains(t, out, "no double    -0.778 ± 0.075  (match-winning chance 5.6%)\n")
	assert.Contains(t, out, "double/take  -0.556 ± ")
	assert.Contains(t, out, "(match-winning chance 11.1%)\n")
	assert.True(t, strings.HasSuffix(out, "proper cube action: double, take\n"), out)

	code, _, stderr = runCmd("rollout", "-position", lastRoll, "-double", "-cube", "2", "-owner", "black")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "holds the cube")
}

func TestRolloutCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"rollout", "-trials", "-1"},
		{"rollout", "-trials", "0"}, // the help says 1..MaxTrials
		{"rollout", "-trials", "1048577"},
		{"rollout", "-ply", "3"},
		{"rollout", "-truncate", "-1"},
		{"rollout", "-workers", "1000"},
		{"rollout", "-workers", "0"}, // read as 1 (helper-78); the help says 1..256
		{"rollout", "-workers", "300"},
		{"rollout", "-roll", "7-1"},
		{"rollout", "-roll", "3-1", "-top", "0"},
		{"rollout", "-gnubg", "not an id"},
		{"rollout", "-gnubg", "4HPwATDgc/ABMA", "-position", doublesToWin},
		{"rollout", "-variant", "long", "-gnubg", "4HPwATDgc/ABMA"},
		{"rollout", "extra"},
		{"rollout", "-cube", "2", "-owner", "white"},
		{"rollout", "-cubeful", "-owner", "purple"},
		{"rollout", "-cubeful", "-cube", "2"},
		{"rollout", "-cubeful", "-cube", "3", "-owner", "white"},
		{"rollout", "-variant", "long", "-cubeful"},
		{"rollout", "-away", "3"},
		{"rollout", "-stop", "-1"},
		{"rollout", "-stop", "NaN"},
		{"rollout", "-away", "0,2"},
		{"rollout", "-away", "2,x"},
		{"rollout", "-away", "65,2"},
		{"rollout", "-crawford"},
		{"rollout", "-away", "1,1", "-crawford"},
		{"rollout", "-cubeful", "-away", "1,3", "-crawford", "-cube", "2", "-owner", "black"},
		{"rollout", "-away", "2,3", "-crawford"},
		{"rollout", "-double", "-roll", "3-1"},
		{"rollout", "-double", "-away", "2,1", "-crawford"},
		{"rollout", "-double", "-cube", "64", "-owner", "white"},
	} {
		assertRefused(t, args)
	}
}

// assertRefused runs the command of args (its name first) and checks that
// it is refused as a bad invocation: exit status 2, nothing on standard
// output, and on standard error the command's message or its usage.
func assertRefused(t *testing.T, args []string) {
	t.Helper()
	code, out, stderr := runCmd(args...)
	assert.Equal(t, 2, code, "%v", args)
	assert.Empty(t, out, "%v", args)
	assert.True(t, strings.HasPrefix(stderr, "nardy "+args[0]+": ") || strings.Contains(stderr, "usage: nardy "+args[0]),
		"%v: %q", args, stderr)
}
