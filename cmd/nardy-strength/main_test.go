package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/neural"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
)

// TestVsSmoke: a few games of each kind of match run and report.
func TestVsSmoke(t *testing.T) {
	for _, v := range []string{"short", "long"} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"vs", "-variant", v, "-a", "neural0", "-b", "greedy", "-games", "4", "-workers", "2"}, &stdout, &stderr)
		require.Equal(t, 0, code, stderr.String())
		assert.Contains(t, stdout.String(), "neural0 vs greedy, "+v+" nardy, 4 cubeless games")
		assert.Contains(t, stdout.String(), "points per game")
	}
	// Matches: a player against itself with the same dice in both chairs
	// wins exactly half, by a margin of 0.
	out := mirrorMatches(t, "-variant", "long", "-a", "neural0", "-b", "neural0", "-match", "3", "-games", "2")
	assert.Contains(t, out, "neural0 vs neural0, long nardy, 2 matches to 3 points")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"vs", "-a", "neural0", "-b", "neural0-moneyplays", "-match", "3", "-games", "2"}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "neural0 vs neural0-moneyplays, short nardy, 2 matches to 3 points with the cube")
	stdout.Reset()
	require.Equal(t, 0, run([]string{"judge", "-variant", "long", "-player", "greedy", "-judge", "0", "-games", "1"}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "error rate")
}

// TestUsage: -h prints the commands on standard output and succeeds; no
// command or an unknown one prints them on standard error and fails.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"help"}, {"--help"}} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 0, run(args, &stdout, &stderr), "%v", args)
		assert.Contains(t, stdout.String(), "usage: nardy-strength vs|judge|cube", "%v", args)
	}
	for _, args := range [][]string{{}, {"nosuch"}} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(args, &stdout, &stderr), "%v", args)
		assert.Empty(t, stdout.String())
		assert.Contains(t, stderr.String(), "usage: nardy-strength vs|judge|cube", "%v", args)
	}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 0, run([]string{"vs", "-h"}, &stdout, &stderr), "a command's own -h")
}

// TestHelpCommand: "nardy-strength help COMMAND" prints what
// "nardy-strength COMMAND -h" prints, with exit status 0, as "go help
// build" does (helper-196: it printed the list of commands whatever the
// command named); an unknown COMMAND is a usage error.
func TestHelpCommand(t *testing.T) {
	for _, cmd := range []string{"vs", "judge", "cube", "plays", "openings", "evalcheck", "calibration"} {
		var want, wantErr, got, gotErr bytes.Buffer
		require.Equal(t, 0, run([]string{cmd, "-h"}, &want, &wantErr), cmd)
		assert.Equal(t, 0, run([]string{"help", cmd}, &got, &gotErr), cmd)
		assert.True(t, strings.HasPrefix(got.String(), "usage: nardy-strength "+cmd), "%s: %.60q", cmd, got.String())
		assert.Equal(t, want.String(), got.String(), cmd)
		assert.Empty(t, gotErr.String(), cmd)
	}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 2, run([]string{"help", "nosuch"}, &stdout, &stderr))
	assert.Empty(t, stdout.String())
	assert.Contains(t, stderr.String(), `unknown command "nosuch"`)
}

// TestHelpCommandTakesOneCommand: "nardy-strength help" takes one command
// at most: a second is refused as "nardy-strength help: unexpected
// argument", status 2, on standard error with the list of commands,
// whatever comes after it, and nothing is run. Mutation round of
// helper-198: TestHelpCommand never gave two, so help running the first
// command's -h, or listing the commands with status 0, survived.
func TestHelpCommandTakesOneCommand(t *testing.T) {
	for _, args := range [][]string{{"help", "vs", "judge"}, {"help", "vs", "-h", "x"}} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(args, &stdout, &stderr), "%q", args)
		assert.Empty(t, stdout.String(), "%q", args)
		line, rest, _ := strings.Cut(stderr.String(), "\n")
		assert.Equal(t, fmt.Sprintf("nardy-strength help: unexpected argument %q", args[2]), line, "%q", args)
		assert.True(t, strings.HasPrefix(rest, "usage: nardy-strength vs|judge|cube"), "%q: %s", args, rest)
	}
}

// skipWithoutGnubg skips a test that needs GNU Backgammon when it is not
// installed.
func skipWithoutGnubg(t *testing.T) {
	t.Helper()
	testgen.GnubgOrSkip(t)
}

// runOK runs the command args, which must succeed, and returns its output.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(args, &stdout, &stderr), stderr.String())
	return stdout.String()
}

// mirrorMatches runs vs with args, a player against itself in matches with
// the same dice in both chairs, checks that each side wins exactly half
// by a margin of 0, and returns the report.
func mirrorMatches(t *testing.T, args ...string) string {
	t.Helper()
	out := runOK(t, append([]string{"vs"}, args...)...)
	assert.Contains(t, out, "wins 50.0% of the matches")
	assert.Contains(t, out, "match points won minus lost +0.00 per match")
	return out
}

// TestGnubgSmoke is CI's check of the match against GNU Backgammon: a few
// dozen cubeless games of the 0-ply neural player against gnubg's 0-ply
// player. It skips, loudly, when gnubg is not installed.
func TestGnubgSmoke(t *testing.T) {
	testgen.GnubgOrSkip(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"vs", "-variant", "short", "-a", "neural0", "-b", "gnubg", "-games", "24"}, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	out := stdout.String()
	assert.Contains(t, out, "neural0 vs gnubg, short nardy, 24 cubeless games")
	assert.True(t, strings.Contains(out, "gnubg wins by kind"), out)
	t.Log(out)
}

// TestGnubgCubeSmoke: the cube check against GNU Backgammon runs, in
// money and match play, and the cube model given gnubg's own chances makes
// gnubg's money decisions (it reproduces gnubg's formulas; only its exact
// two-sided bear-off equities may differ). Skips without gnubg.
func TestGnubgCubeSmoke(t *testing.T) {
	skipWithoutGnubg(t)
	out := runOK(t, "cube", "-games", "4")
	assert.Contains(t, out, "money, centred cube (Jacoby)")
	assert.Contains(t, out, "money, cube 2 owned by the player on roll")
	agree := regexp.MustCompile(`on gnubg's chances: double agrees ([0-9.]+)%`).FindAllStringSubmatch(out, -1)
	require.Len(t, agree, 2, out)
	for _, m := range agree {
		v, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, v, 98.0, out)
	}
	assert.Contains(t, runOK(t, "cube", "-games", "2", "-match", "5"), "match to 5, centred cube")
	// Cubeful money games: both sides double, take and pass.
	out = runOK(t, "vs", "-a", "neural0", "-b", "gnubg", "-cube", "-games", "6")
	assert.Contains(t, out, "6 cubeful money games")
	assert.Contains(t, out, "on average at the end")
	// Matches: gnubg against itself with the same dice in both chairs wins
	// exactly half (its match play is deterministic and sees the score
	// from each chair), and the neural player plays a match against it.
	mirrorMatches(t, "-a", "gnubg", "-b", "gnubg", "-match", "3", "-games", "4")
	out = runOK(t, "vs", "-a", "neural0", "-b", "gnubg", "-match", "3", "-games", "2")
	assert.Contains(t, out, "neural0 vs gnubg, short nardy, 2 matches to 3 points")
}

// TestGnubgPlaysSmoke: the plays check runs, and its judgement makes
// sense: the neural player makes gnubg's play most of the time and loses
// little by gnubg's equities (a comparison from the wrong side would find
// it choosing the worst plays). Skips without gnubg.
func TestGnubgPlaysSmoke(t *testing.T) {
	skipWithoutGnubg(t)
	out := runOK(t, "plays", "-games", "3", "-worst", "4")
	m := regexp.MustCompile(`all: (\d+) plays, gnubg's play ([0-9.]+)%.* loss ([0-9.]+) per play`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	same, err := strconv.ParseFloat(m[2], 64)
	require.NoError(t, err)
	loss, err := strconv.ParseFloat(m[3], 64)
	require.NoError(t, err)
	assert.Greater(t, same, 50.0, out)
	assert.Less(t, loss, 0.05, out)
	assert.Contains(t, out, "contact: ")
	assert.Regexp(t, `the [1-4] plays that lose most`, out)
	// Where the network's play is not gnubg's, gnubg's own play is at
	// least as good by its equities (it chose it by them), so the losses
	// are not all 0 unless every play were gnubg's; the loss per game is
	// the loss per play times the plays a game.
	require.Less(t, same, 100.0, out)
	assert.Greater(t, loss, 0.0, out)
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	perGame := regexp.MustCompile(`all: .* per play, ([0-9.]+) per game`).FindStringSubmatch(out)
	require.NotNil(t, perGame, out)
	g, err := strconv.ParseFloat(perGame[1], 64)
	require.NoError(t, err)
	assert.InDelta(t, loss*float64(n)/3, g, 0.00005*float64(n)/3+0.00005, out)
}

// TestGnubgOpeningsSmoke: the openings check runs on all 15 opening rolls
// and agrees with gnubg on 3-1 (8/5 6/5, making the 5 point, is every
// reference's play). Skips without gnubg.
func TestGnubgOpeningsSmoke(t *testing.T) {
	skipWithoutGnubg(t)
	out := runOK(t, "openings", "-trials", "36", "-top", "2", "-workers", "2")
	assert.Regexp(t, `(?m)^3-1 +8/5 6/5 +[+-]`, out)
	assert.Regexp(t, `same play as gnubg: \d+ of 15;`, out)
	assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 18, out)
	// The summary adds up the rows: the rolls where the rollout's best is
	// gnubg's play, and what the rollout's best loses against gnubg's own
	// by gnubg's equities (nothing where it is better).
	rows := regexp.MustCompile(`(?m)^\d-\d   (.{22}) [+-][0-9.]+ ± [0-9.]+    (.{22}) ([+-][0-9.]+), ([+-][0-9.]+)$`).FindAllStringSubmatch(out, -1)
	require.Len(t, rows, 15, out)
	same, lost := 0, 0.0
	for _, r := range rows {
		if strings.TrimSpace(r[1]) == strings.TrimSpace(r[2]) {
			same++
		}
		best, err := strconv.ParseFloat(r[3], 64)
		require.NoError(t, err)
		own, err := strconv.ParseFloat(r[4], 64)
		require.NoError(t, err)
		lost += max(0, own-best)
	}
	m := regexp.MustCompile(`same play as gnubg: (\d+) of 15; equity lost by gnubg's judgement: ([0-9.]+) in all`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	assert.Equal(t, strconv.Itoa(same), m[1], out)
	total, err := strconv.ParseFloat(m[2], 64)
	require.NoError(t, err)
	assert.InDelta(t, lost, total, 0.0155, out)
}

// TestEvalCheckSmoke: the evaluation check runs in both games, and its
// evaluations and rollouts are of the same side: with the sides mixed up
// they would differ by twice the equity, far more than the noise of 36
// trials.
func TestEvalCheckSmoke(t *testing.T) {
	for _, v := range []string{"short", "long"} {
		out := runOK(t, "evalcheck", "-variant", v, "-games", "1", "-every", "6", "-trials", "36", "-workers", "2")
		m := regexp.MustCompile(`(\d+) positions from 1 self-play games`).FindStringSubmatch(out)
		require.NotNil(t, m, out)
		n, err := strconv.Atoi(m[1])
		require.NoError(t, err)
		assert.Greater(t, n, 3, out)
		for ply := range 3 {
			m := regexp.MustCompile(fmt.Sprintf(`%d-ply: mean \|evaluation - rollout\| ([0-9.]+)`, ply)).FindStringSubmatch(out)
			require.NotNil(t, m, out)
			d, err := strconv.ParseFloat(m[1], 64)
			require.NoError(t, err)
			assert.Less(t, d, 0.3, "%s %d-ply: %s", v, ply, out)
		}
	}
}

// TestEvalCheckBearoffSmoke: -bearoff keeps some of the positions of the
// same games, not all, and compares the network's own evaluation too.
func TestEvalCheckBearoffSmoke(t *testing.T) {
	count := func(out string) int {
		m := regexp.MustCompile(`(\d+) positions from 2 self-play games`).FindStringSubmatch(out)
		require.NotNil(t, m, out)
		n, err := strconv.Atoi(m[1])
		require.NoError(t, err)
		return n
	}
	args := []string{"evalcheck", "-games", "2", "-every", "1", "-trials", "36"}
	all := count(runOK(t, args...))
	out := runOK(t, append(args, "-bearoff")...)
	races := count(out)
	assert.Positive(t, races, out)
	assert.Less(t, races, all, out)
	assert.Regexp(t, `network alone, 0-ply: mean \|evaluation - rollout\| [0-9.]+`, out)
}

// TestEvalCheckCubefulSmoke: with -cubeful the cubeless lines are those
// of the cubeless run, and the cubeful equities of the network's cube
// model and of GNU Backgammon are compared with the cubeful rollouts.
func TestEvalCheckCubefulSmoke(t *testing.T) {
	skipWithoutGnubg(t)
	args := []string{"evalcheck", "-games", "1", "-every", "6", "-trials", "36", "-workers", "2"}
	plain := runOK(t, args...)
	out := runOK(t, append(args, "-cubeful", "-gnubg-plies", "0")...)
	assert.True(t, strings.HasPrefix(out, plain), "the cubeless part:\n%s\n%s", plain, out)
	for _, row := range []string{"0-ply, cube model", "1-ply, cube model", "2-ply, cube model", "gnubg 0-ply"} {
		m := regexp.MustCompile(regexp.QuoteMeta(row) + `: mean \|evaluation - rollout\| ([0-9.]+)`).FindStringSubmatch(out)
		require.NotNil(t, m, "%s: %s", row, out)
		d, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)
		assert.Less(t, d, 0.4, "%s: %s", row, out)
	}
}

// TestEvalCheckDecisionsSmoke: with -decisions the cubeless lines are
// still those of the cubeless run (the no-double rollouts' cubeless part),
// and every verdict is judged against the cube rollouts: agreement rates
// are percentages, losses are not negative.
func TestEvalCheckDecisionsSmoke(t *testing.T) {
	skipWithoutGnubg(t)
	args := []string{"evalcheck", "-games", "1", "-every", "6", "-trials", "36", "-workers", "2"}
	plain := runOK(t, args...)
	out := runOK(t, append(args, "-cubeful", "-decisions", "-gnubg-plies", "0")...)
	assert.True(t, strings.HasPrefix(out, plain), "the cubeless part:\n%s\n%s", plain, out)
	assert.Contains(t, out, "cube verdicts against the cube rollouts' proper action")
	for _, row := range []string{"0-ply, cube model", "1-ply, cube model", "2-ply, cube model", "gnubg 0-ply"} {
		m := regexp.MustCompile(regexp.QuoteMeta(row) + `: double agrees ([0-9.]+)% \(\d+ wrong doubles, \d+ missed\), take agrees ([0-9.]+)%, ` +
			`mean loss by the rollouts ([0-9.]+) doubling, ([0-9.]+) taking`).FindStringSubmatch(out)
		require.NotNil(t, m, "%s: %s", row, out)
		for _, f := range m[1:3] {
			p, err := strconv.ParseFloat(f, 64)
			require.NoError(t, err)
			assert.LessOrEqual(t, p, 100.0, "%s: %s", row, out)
		}
	}
}

// TestEvalCheckList: with -list every position listed has a verdict that
// differs from the rollouts' in the double or the take, its key reads
// back as a short-nardy position, and every verdict row is there.
func TestEvalCheckList(t *testing.T) {
	out := runOK(t, "evalcheck", "-games", "1", "-every", "6", "-trials", "36", "-workers", "2", "-cubeful", "-decisions", "-list")
	verdict := `(no double, take|too good to double, pass|double, take|double, pass)`
	head := regexp.MustCompile(`(?m)^position (\S+) \(pips \d+-\d+\): 0-ply win .*\n` +
		`  rollouts: no double [-+][0-9.]+ \([0-9.]+\), double/take [-+][0-9.]+ \([0-9.]+\), double/pass [-+][0-9.]+: ` + verdict + `\n` +
		`((?:  [^:\n]+: no double [-+][0-9.]+, double/take [-+][0-9.]+: .*\n){5})`)
	blocks := head.FindAllStringSubmatch(out, -1)
	require.NotEmpty(t, blocks, "no position listed in:\n%s", out)
	assert.Len(t, regexp.MustCompile(`(?m)^position `).FindAllString(out, -1), len(blocks), "every block whole:\n%s", out)
	row := regexp.MustCompile(`: ` + verdict + `\n`)
	for _, b := range blocks {
		_, err := nardy.ParseKey(nardy.Short, nardy.White, b[1])
		assert.NoError(t, err, b[1])
		differs := false
		for _, m := range row.FindAllStringSubmatch(b[3], -1) {
			differs = differs || m[1] != b[2]
		}
		assert.True(t, differs, "listed, yet every verdict is the rollouts':\n%s", b[0])
	}
}

// TestKeepWorst: the list keeps the n largest losses, largest first.
func TestKeepWorst(t *testing.T) {
	var list []bigLoss
	for _, l := range []float64{0.1, 0.5, 0.05, 0.3, 0.7, 0.2} {
		list = keepWorst(list, bigLoss{loss: l}, 3)
	}
	var got []float64
	for _, b := range list {
		got = append(got, b.loss)
	}
	assert.Equal(t, []float64{0.7, 0.5, 0.3}, got)
}

// TestStrengthFlags: bad commands and flags fail.
func TestStrengthFlags(t *testing.T) {
	for _, args := range [][]string{{}, {"nope"}, {"vs", "-variant", "medium"}, {"vs", "-variant", "long", "-b", "gnubg"}, {"vs", "-a", "nobody", "-games", "2"}, {"cube", "-match", "1"}, {"cube", "-nope"}, {"vs", "-variant", "long", "-cube"}, {"vs", "-match", "-1"}, {"vs", "-match", "65"}, {"plays", "-nope"}, {"vs", "-b", "greedy-moneyplays", "-games", "2"}, {"openings", "-top", "0"}, {"openings", "-trials", "-1"}, {"evalcheck", "-every", "0"}, {"evalcheck", "-variant", "medium"}, {"evalcheck", "-trials", "-1", "-games", "1"}, {"evalcheck", "-variant", "long", "-cubeful"}, {"evalcheck", "-gnubg-plies", "0"}, {"evalcheck", "-decisions"}, {"evalcheck", "-cubeful", "-list"}} {
		var stdout, stderr bytes.Buffer
		assert.NotEqual(t, 0, run(args, &stdout, &stderr), "%v", args)
	}
}

// TestAddMatchCapsScores: a match's points count only up to its length,
// so a 1-point match won by a gammon is +1 for the winner, not +2.
func TestAddMatchCapsScores(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	found := false
	for seed := range uint64(200) {
		m, _, err := bot.PlayMatch(r, 1, bot.NewGreedy(), bot.NewRandom(seed), nardy.NewSeededDice(seed))
		require.NoError(t, err)
		white, black := m.Score()
		if max(white, black) < 2 {
			continue
		}
		found = true
		var a, b tally
		a.addMatch(m, nardy.White)
		b.addMatch(m, nardy.Black)
		want := 1.0
		if black > white {
			want = -1
		}
		assert.Equal(t, want, a.sum, "score %d-%d", white, black)
		assert.Equal(t, -want, b.sum)
		break
	}
	require.True(t, found, "no match in 200 ended by more than a single game")
}

// TestVerdictTally: two verdicts, a (no double, take) and b (double,
// pass), judged by the rollouts of two positions, worked by hand. First
// no double 0.5, double/take 0.8, double/pass 1: double, take; a loses
// 0.8 − 0.5 = 0.3 for the doubler, b's pass costs the taker 1 − 0.8 =
// 0.2. Then 0.9, 1.2, 1: the double gains min(1.2, 1) − 0.9 = 0.1, and
// the taker should pass; a loses 0.1 more not doubling and 1.2 − 1 = 0.2
// taking, b is right.
func TestVerdictTally(t *testing.T) {
	vt := newVerdictTally("a", "b")
	r := neural.CubeDecision{NoDouble: 0.5, DoubleTake: 0.8, DoublePass: 1, Double: true, Take: true}
	assert.True(t, vt.add(r, []neural.CubeDecision{{Take: true}, {Double: true}}), "both differ")
	r2 := neural.CubeDecision{NoDouble: 0.9, DoubleTake: 1.2, DoublePass: 1, Double: true}
	assert.True(t, vt.add(r2, []neural.CubeDecision{{Take: true}, {Double: true}}), "a differs")
	assert.False(t, newVerdictTally("a", "b").add(r2, []neural.CubeDecision{{Double: true}, {Double: true}}), "both agree")
	assert.Equal(t, 2, vt.n)
	assert.Equal(t, 2, vt.doubles)
	assert.Equal(t, 1, vt.passes)
	assert.Equal(t, []int{0, 2}, vt.doubleOK)
	assert.Equal(t, []int{2, 0}, vt.missed)
	assert.Equal(t, []int{0, 0}, vt.wrong)
	assert.Equal(t, []int{1, 1}, vt.takeOK)
	assert.InDelta(t, 0.4, vt.doublerLoss[0], 1e-12)
	assert.InDelta(t, 0, vt.doublerLoss[1], 1e-12)
	assert.InDelta(t, 0.2, vt.takerLoss[0], 1e-12, "takes a pass worth 1.2 against 1")
	assert.InDelta(t, 0.2, vt.takerLoss[1], 1e-12, "passes a take worth 0.8 against 1")

	// A cash the player can as well make next turn: no double 1, double
	// pass 1; either verdict agrees and loses nothing.
	assert.False(t, vt.add(neural.CubeDecision{NoDouble: 1, DoubleTake: 2, DoublePass: 1}, []neural.CubeDecision{{}, {Double: true}}),
		"a tie: neither verdict differs")
	assert.Equal(t, 1, vt.ties)
	assert.Equal(t, []int{1, 3}, vt.doubleOK)
	assert.Equal(t, []int{0, 0}, vt.wrong)
	assert.InDelta(t, 0, vt.doublerLoss[1], 1e-12)
}

// TestVsLabelsNetworks: a neural player with its own weights file is
// named with the file in the report, so that two players of one depth are
// told apart (both read "neural0"); a 1-point match is one point.
func TestVsLabelsNetworks(t *testing.T) {
	long := filepath.Join("..", "..", "neural", "weights", "long.nn")
	out := runOK(t, "vs", "-variant", "long", "-a", "neural0", "-net-a", long, "-b", "neural0", "-games", "2")
	assert.Contains(t, out, "neural0 (long.nn) vs neural0, long nardy")
	assert.Contains(t, out, "neural0 (long.nn) wins")
	out = runOK(t, "vs", "-variant", "long", "-a", "greedy", "-b", "random", "-match", "1", "-games", "2")
	assert.Contains(t, out, "2 matches to 1 point without the cube")
}
