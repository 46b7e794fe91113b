package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lastRollTake: white's checkers on its 3 and 2 points against black's
// last checker on its 1 point: white bears both off with 25 of the 36
// rolls (a 3 or more with a 2 or more, or a double but 1-1), else black
// wins. Worked out by hand.
const lastRollTake = "short w 0110000000000000000000000d/1000000000000000000000000e"

// TestEvalCommand (S6): at 1-ply a last roll is seen exactly, and its
// chances and cube verdict at 0-ply too, from the bear-off database,
// which the first line names. lastRoll
// (34/36): cubeless +32/36, no double +0.889, double/take +64/36, a double
// and a pass; lastRollTake (25/36): +14/36 and +28/36, a double and a
// take. The cube's owner, the Crawford game and the limit each stop the
// double; long nardy has no cube.
func TestEvalCommand(t *testing.T) {
	code, out, stderr := runCmd("eval", "-position", lastRoll)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(out, lastRoll+", white on roll, 1-ply (bear-off database): cubeless equity +0.889, win 94.4%"), out)
	assert.True(t, strings.HasSuffix(out, "\nno double    +0.889\ndouble/take  +1.778\ndouble/pass  +1.000\nproper cube action: double, pass (exact: the bear-off database)\n"), out)

	code, out, stderr = runCmd("eval", "-position", lastRollTake, "-ply", "2")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "2-ply (bear-off database): cubeless equity +0.389, win 69.4%")
	assert.True(t, strings.HasSuffix(out, "\nno double    +0.389\ndouble/take  +0.778\ndouble/pass  +1.000\nproper cube action: double, take (exact: the bear-off database)\n"), out)
	// At 0-ply too: the database counts the 25 rolls.
	code, out, stderr = runCmd("eval", "-position", lastRollTake, "-ply", "0")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "0-ply (bear-off database): cubeless equity +0.389, win 69.4% (gammon 0.0%, backgammon 0.0%) lose 30.6%")
	// and the cube verdict is the exact one (the cube model said +0.544
	// and +0.594)
	assert.True(t, strings.HasSuffix(out, "\nno double    +0.389\ndouble/take  +0.778\ndouble/pass  +1.000\nproper cube action: double, take (exact: the bear-off database)\n"), out)

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-cube", "2", "-owner", "black"}, "the cube: black holds it at 2\n"},
		{[]string{"-away", "1,2", "-crawford"}, "the cube: the Crawford game, nobody doubles\n"},
		{[]string{"-cube", "64", "-owner", "white"}, "the cube: at its limit of 64\n"},
	} {
		code, out, stderr = runCmd(append([]string{"eval", "-position", lastRoll}, c.args...)...)
		require.Equal(t, 0, code, stderr)
		assert.True(t, strings.HasSuffix(out, c.want), "%v: %s", c.args, out)
	}
	// In a match the three come with their match-winning chances: at
	// 2-away 1-away after the Crawford game a single win leaves 1-away
	// 1-away (50%), so no double is 34/36 of a half (47.2%), a pass 50%,
	// and a take plays for the match (94.4%): black passes.
	code, out, stderr = runCmd("eval", "-position", lastRoll, "-away", "2,1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "\nno double    +0.889  (match-winning chance 47.2%)\n")
	assert.Contains(t, out, "(match-winning chance 94.4%)\ndouble/pass  +1.000  (match-winning chance 50.0%)\nproper cube action: double, pass\n")

	code, out, stderr = runCmd("eval", "-variant", "long", "-ply", "0")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, 1, strings.Count(out, "\n"), "long nardy has no cube: %s", out)
}

// TestEvalCommandRoll: from the start 3-1 makes the 5 point (8/5 6/5), the
// best play by every backgammon reference, at 0 and 1 ply; it loses
// nothing against itself, and the others lose something.
func TestEvalCommandRoll(t *testing.T) {
	for _, ply := range []string{"0", "1"} {
		code, out, stderr := runCmd("eval", "-variant", "short", "-roll", "3-1", "-top", "3", "-ply", ply)
		require.Equal(t, 0, code, stderr)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		require.Len(t, lines, 4, out)
		assert.True(t, strings.HasSuffix(lines[0], "white on roll, 3-1 at "+ply+"-ply: 16 legal plays"), lines[0])
		assert.True(t, strings.HasPrefix(lines[1], " 1. 8/5 6/5 "), out)
		assert.Contains(t, lines[1], "(+0.000)")
		assert.Contains(t, lines[2], "(-0.")
	}
}

func TestEvalCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"eval", "-ply", "3"},
		{"eval", "-ply", "-1"},
		{"eval", "-top", "0"},
		{"eval", "-roll", "7-1"},
		{"eval", "-cube", "2"},
		{"eval", "-cube", "3", "-owner", "white"},
		{"eval", "-owner", "purple"},
		{"eval", "-away", "x"},
		{"eval", "-crawford"},
		{"eval", "-away", "1,3", "-crawford", "-cube", "2", "-owner", "white"}, // accepted before (helper-78)
		{"eval", "-away", ""},    // read as money play before (helper-78)
		{"rollout", "-away", ""}, // the same
		{"eval", "-position", "nonsense"},
		{"eval", "extra"},
	} {
		assertRefused(t, args)
	}
}

// chancesRE matches one side of a chances text: "win 59.7% (mars 13.6%,
// koks 5.2%)", the parenthesis optional.
var chancesRE = regexp.MustCompile(`(win|lose) ([0-9.]+)%(?: \(([^)]*)\))?`)

// printedChances reads the chances of a line of nardy eval: per side, the
// chance of winning (losing) and the chance of each kind named.
func printedChances(t *testing.T, line string) (win, lose map[string]float64) {
	t.Helper()
	i := strings.Index(line, "win ")
	require.Positive(t, i, line)
	m := chancesRE.FindAllStringSubmatch(line[i:], -1)
	require.Len(t, m, 2, line)
	sides := [2]map[string]float64{}
	for j, side := range m {
		kinds := map[string]float64{}
		all, err := strconv.ParseFloat(side[2], 64)
		require.NoError(t, err)
		kinds[side[1]] = all / 100
		if side[3] != "" {
			for _, part := range strings.Split(side[3], ", ") {
				k := strings.LastIndex(part, " ")
				v, err := strconv.ParseFloat(strings.TrimSuffix(part[k+1:], "%"), 64)
				require.NoError(t, err, part)
				kinds[part[:k]] = v / 100
			}
		}
		sides[j] = kinds
	}
	return sides[0], sides[1]
}

// scoredTable is a scoring table as docs/rules.md writes it: the points
// of each kind of win the table counts, by the name the commands print,
// and "oin" for a win that is none of them.
type scoredTable map[string]float64

// scoredPresets returns presets with the points of their scoring tables:
// the Moscow table (L8) counts mars but not koks and home mars, the
// Azerbaijani (L9) all three, backgammon's (S5) gammon and backgammon,
// tavla's (S7) no backgammon.
func scoredPresets() []struct {
	preset string
	points scoredTable
} {
	return []struct {
		preset string
		points scoredTable
	}{
		{"long-moscow", scoredTable{"oin": 1, "mars": 2}},
		{"long-azerbaijani", scoredTable{"oin": 1, "mars": 2, "home mars": 3, "koks": 4}},
		{"short-standard", scoredTable{"oin": 1, "gammon": 2, "backgammon": 3}},
		{"short-tavla", scoredTable{"oin": 1, "gammon": 2}},
	}
}

// assertScoredKinds checks a line of chances and equity printed under a
// table of points: it names the kinds of win the table counts and no
// other, and its equity is the points of the table over the chances
// printed, each kind nested in the one before it: oin for a win that is
// no mars, the mars points for a mars that is none of the higher kinds.
func assertScoredKinds(t *testing.T, points scoredTable, line, what string) {
	t.Helper()
	win, lose := printedChances(t, line)
	for _, side := range []map[string]float64{win, lose} {
		for k := range side {
			if k != "win" && k != "lose" {
				assert.Contains(t, points, k, "%s: %s is not scored: %s", what, k, line)
			}
		}
		for k := range points {
			if k != "oin" {
				assert.Contains(t, side, k, "%s: %s is scored: %s", what, k, line)
			}
		}
	}
	value := func(side map[string]float64, all string) float64 {
		mars := side["mars"] + side["gammon"]
		higher := 0.0
		for _, k := range []string{"koks", "home mars", "backgammon"} {
			higher += side[k]
		}
		return points["oin"]*(side[all]-mars) + (points["mars"]+points["gammon"])*(mars-higher) +
			points["koks"]*side["koks"] + points["home mars"]*side["home mars"] + points["backgammon"]*side["backgammon"]
	}
	m := regexp.MustCompile(`equity ([+-][0-9.]+)`).FindStringSubmatch(line)
	require.Len(t, m, 2, line)
	equity, err := strconv.ParseFloat(m[1], 64)
	require.NoError(t, err)
	// Each chance is printed to 0.05%: 8 of them, times at most 4 points.
	assert.InDelta(t, equity, value(win, "win")-value(lose, "lose"), 0.012, "%s: %s", what, line)
}

// TestEvalCommandScoredKinds (L8, L9, S5, S7): nardy eval names the kinds
// of win the preset's scoring table counts and no other
// (assertScoredKinds); a kind a table does not count scores as mars, so
// the mars chance holds it, and the equity printed is the one of the
// chances printed. The same holds of the plays of -roll.
func TestEvalCommandScoredKinds(t *testing.T) {
	for _, c := range scoredPresets() {
		roll := "6-5"
		for _, args := range [][]string{{"-ply", "0"}, {"-ply", "0", "-roll", roll, "-top", "1"}} {
			code, out, stderr := runCmd(append([]string{"eval", "-preset", c.preset}, args...)...)
			require.Equal(t, 0, code, stderr)
			line := strings.Split(out, "\n")[0]
			if len(args) > 2 {
				line = strings.Split(out, "\n")[1]
			}
			assertScoredKinds(t, c.points, line, fmt.Sprintf("%s %v", c.preset, args))
		}
	}
}
