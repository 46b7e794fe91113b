package main

// What the checks against gnubg judge: the cube check's scores and cube
// states, the positions the cube and plays checks count, and the
// candidates openings rolls out.

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/neural"
)

// TestCubeMatchScoresCycle: in match play the cube check asks about every
// score of 2..N away each, in turn, the player on roll's and its
// opponent's apart: a match to 5 goes through its 16 scores in 16
// positions, then again.
func TestCubeMatchScoresCycle(t *testing.T) {
	j := cubeJudge{match: 5}
	seen := map[[2]int]int{}
	for range 2 * 16 {
		away := j.nextAway()
		for _, a := range away {
			require.True(t, a >= 2 && a <= 5, "%v", away)
		}
		seen[away]++
	}
	assert.Len(t, seen, 16, "%v", seen)
	for away, n := range seen {
		assert.Equal(t, 2, n, "%v", away)
	}
}

// TestCubeCheckOwnedCube: with the cube at 2 owned by the player on roll
// (a redouble) the player on roll of a won race (two checkers on its
// 1-point, the opponent's fourteen on its 6-point) may redouble, and
// both the neural player and gnubg do; an opponent's cube it could not.
// Skips without gnubg.
func TestCubeCheckOwnedCube(t *testing.T) {
	skipWithoutGnubg(t)
	e, err := gnubgplay.Start(0)
	require.NoError(t, err)
	defer e.Close()
	net, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	var me, opp nardy.Side
	me[1], me[nardy.Off] = 2, 13
	opp[6], opp[nardy.Off] = 14, 1
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, me, opp)
	require.NoError(t, err)
	j := cubeJudge{e: e, s: neural.NewSearcher(net, cubeless(nardy.Short)), jacoby: true, threshold: 0.04}
	require.NoError(t, j.judge(pos))
	assert.Equal(t, 1, j.owned.n)
	assert.Equal(t, 1, j.owned.both, "both redouble: %+v", j.owned)
	assert.Equal(t, 1, j.centred.both, "both double: %+v", j.centred)
}

// checkCount returns the number that re finds in out (its first group).
func checkCount(t *testing.T, out, re string) int {
	t.Helper()
	m := regexp.MustCompile(re).FindStringSubmatch(out)
	require.NotNil(t, m, "%s in\n%s", re, out)
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	return n
}

// TestChecksCountTheirPositions: the cube and plays checks judge the
// seeded self-play games of the 0-ply neural player that judge replays
// with -player neural0 (the same games for the same -seed): the cube
// check every position before a play but each game's first (judge's
// plays less one a game), the plays check every play with more than one
// legal choice (judge's plays with a choice). Skips without gnubg.
func TestChecksCountTheirPositions(t *testing.T) {
	skipWithoutGnubg(t)
	const games = 2
	g := fmt.Sprint(games)
	judged := runOK(t, "judge", "-variant", "short", "-player", "neural0", "-judge", "0", "-games", g, "-seed", "3")
	plays := checkCount(t, judged, `(\d+) plays, \d+ with a choice`)
	choices := checkCount(t, judged, `\d+ plays, (\d+) with a choice`)
	require.Less(t, choices, plays, "some plays are forced, to check that they are left out")

	cube := runOK(t, "cube", "-games", g, "-seed", "3")
	assert.Equal(t, plays-games, checkCount(t, cube, `money, centred cube \(Jacoby\): (\d+) positions`))
	assert.Equal(t, plays-games, checkCount(t, cube, `money, cube 2 owned by the player on roll: (\d+) positions`))
	assert.Equal(t, choices, checkCount(t, runOK(t, "plays", "-games", g, "-seed", "3"), `all: (\d+) plays`))
}

// TestOpeningsRollsOutTheBestAt1Ply: openings rolls out the -top plays of
// each roll ranked at 1-ply; with -top 1 the rollout's best is the play
// of the best cubeless money equity at 1-ply, computed here play by play
// with Searcher.Eval, which at 0-ply is another play for 4-3 and 6-2,
// 6-3, 6-4. Skips without gnubg.
func TestOpeningsRollsOutTheBestAt1Ply(t *testing.T) {
	skipWithoutGnubg(t)
	out := runOK(t, "openings", "-top", "1", "-trials", "1")
	net, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	r := cubeless(nardy.Short)
	s := neural.NewSearcher(net, r)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	differ := 0
	for hi := 2; hi <= 6; hi++ {
		for lo := 1; lo < hi; lo++ {
			roll := nardy.MustRoll(hi, lo)
			plays, err := r.Legal(start, roll)
			require.NoError(t, err)
			best := [2]int{}
			for ply := range 2 {
				bestE := -10.0
				for i, pl := range plays {
					if e := s.Eval(pl.Result(), ply).Flip().Equity(r.Scoring); e > bestE {
						best[ply], bestE = i, e
					}
				}
			}
			if best[0] != best[1] {
				differ++
			}
			assert.Regexp(t, fmt.Sprintf(`(?m)^%s +%s +[+-]`, regexp.QuoteMeta(roll.String()), regexp.QuoteMeta(plays[best[1]].String())), out)
		}
	}
	assert.Positive(t, differ, "rolls whose best play at 0-ply is not the best at 1-ply, to check")
}

// TestPlayLossErrors: a play is an error when it loses more than the
// threshold (the report's "errors (loss > T)"): with -threshold 0 a play
// unlike gnubg's that loses nothing by its equities (two bear-offs its
// databases value alike) is none, and a loss of exactly the threshold is
// none either.
func TestPlayLossErrors(t *testing.T) {
	var pt playTally
	pt.addLoss(0, 0)
	pt.addLoss(0.04, 0.04)
	assert.Zero(t, pt.errs)
	pt.addLoss(0.05, 0.04)
	pt.addLoss(0.001, 0)
	assert.Equal(t, 2, pt.errs)
	assert.InDelta(t, 0.091, pt.loss, 1e-12)
}
