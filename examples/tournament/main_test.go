package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/variants"
)

func lookup(t *testing.T, name string) variants.Preset {
	t.Helper()
	p, err := variants.Lookup(name)
	require.NoError(t, err)
	return p
}

// TestDeterministicAcrossWorkers: a seed gives the same outcomes, game by
// game, on 1, 2 or 5 goroutines.
func TestDeterministicAcrossWorkers(t *testing.T) {
	for _, c := range []config{
		{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 10, seed: 3},
		{a: "expectimax", b: "greedy", preset: lookup(t, "short-standard"), n: 6, seed: 4, budget: 5_000},
		{a: "greedy", b: "random", preset: lookup(t, "short-standard"), n: 5, length: 3, seed: 5},
	} {
		var runs [][]outcome
		for _, w := range []int{1, 2, 5} {
			c.workers = w
			out, err := play(c)
			require.NoError(t, err)
			require.Len(t, out, c.n)
			runs = append(runs, out)
		}
		assert.Equal(t, runs[0], runs[1], "%s %s-%s", c.preset.Name, c.a, c.b)
		assert.Equal(t, runs[0], runs[2], "%s %s-%s", c.preset.Name, c.a, c.b)
		c.seed++
		other, err := play(c)
		require.NoError(t, err)
		assert.NotEqual(t, runs[0], other, "another seed plays other games")
	}
}

// TestMatches: every match has a winner with at least length points.
func TestMatches(t *testing.T) {
	c := config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 4, length: 3, seed: 1, workers: 2}
	out, err := play(c)
	require.NoError(t, err)
	for _, o := range out {
		w := o.bPoints
		if o.aWon {
			w = o.aPoints
		}
		assert.GreaterOrEqual(t, w, 3)
		assert.GreaterOrEqual(t, o.games, 1)
	}
}

func TestRunErrors(t *testing.T) {
	_, err := play(config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 0})
	assert.Error(t, err)
	_, err = play(config{a: "gnubg", b: "random", preset: lookup(t, "long-moscow"), n: 1})
	assert.Error(t, err)
}

func TestReport(t *testing.T) {
	c := config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 4, seed: 9}
	s := summarize([]outcome{
		{aWon: true, aPoints: 2, games: 1},
		{aWon: true, aPoints: 1, games: 1},
		{bPoints: 1, games: 1},
		{draw: true, games: 1},
	})
	assert.Equal(t, summary{n: 4, aWins: 2, bWins: 1, draws: 1, aPoints: 3, bPoints: 1, games: 4, netSq: 4 + 1 + 1}, s)
	var b bytes.Buffer
	report(&b, c, s)
	assert.Contains(t, b.String(), "greedy wins 2, random wins 1, draws 1")
	assert.Contains(t, b.String(), "greedy win rate 62.5%") // (2 + 1/2) / 4
	assert.Contains(t, b.String(), "net +0.500 for greedy") // (3 - 1) / 4
}

// TestReportSameBot: a bot against itself is named by its seat of the
// pair, so its two lines can be told apart.
func TestReportSameBot(t *testing.T) {
	c := config{a: "random", b: "random", preset: lookup(t, "long-moscow"), n: 2, seed: 1}
	var b bytes.Buffer
	report(&b, c, summarize([]outcome{{aWon: true, aPoints: 1, games: 1}, {bPoints: 2, games: 1}}))
	assert.Contains(t, b.String(), "random (a) wins 1, random (b) wins 1")
}

// TestCheck: numbers no tournament can run with are refused before any
// game (-workers 0 ran and printed "0 workers"; -match -1 failed once a
// match; -match 1000000 failed only after minutes, past the match equity
// table's 64 points); the defaults pass.
func TestCheck(t *testing.T) {
	good := config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 1, workers: 1}
	require.NoError(t, good.check())
	for name, change := range map[string]func(c *config){
		"no games":        func(c *config) { c.n = 0 },
		"negative match":  func(c *config) { c.length = -1 },
		"huge match":      func(c *config) { c.length = 1_000_000 },
		"match past MET":  func(c *config) { c.length = 65 },
		"no workers":      func(c *config) { c.workers = 0 },
		"negative budget": func(c *config) { c.budget = -5 },
		"negative width":  func(c *config) { c.width = -1 },
	} {
		c := good
		change(&c)
		assert.Error(t, c.check(), name)
	}
}

// runTournament runs the command with args.
func runTournament(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestRunFlags: -h prints a synopsis and the flags on stdout (exit 0);
// wrong flags exit with 2 and a message naming the flag on stderr (then
// the usage, for what the flag package refuses), before any game; -variant takes a game (long, short) and plays
// its default preset, -preset a preset, and the two together are refused
// (-variant took a preset's name).
func TestRunFlags(t *testing.T) {
	for _, h := range []string{"-h", "-help"} {
		code, out, stderr := runTournament(h)
		assert.Equal(t, 0, code, h)
		assert.True(t, strings.HasPrefix(out, "usage: tournament [flags]\n\nPlays seeded games"), "%s: %q", h, out)
		for _, f := range []string{"-a", "-b", "-preset", "-variant", "-games", "-match", "-seed", "-workers", "-budget", "-width"} {
			assert.Contains(t, out, "  "+f+" ", h)
		}
		assert.Empty(t, stderr, h)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"stray"}, `unexpected argument "stray"`},
		{[]string{"-preset", "nope"}, `-preset: `},
		{[]string{"-variant", "long-moscow"}, `-variant "long-moscow": want long or short`},
		{[]string{"-variant", "long", "-preset", "long-moscow"}, "-preset long-moscow and -variant long: give one"},
		{[]string{"-match", "1000000"}, "-match 1000000: want 0 (single games) or a match length of 1..64 points"},
		{[]string{"-match", "65"}, "-match 65: want"},
		{[]string{"-match", "-1"}, "-match -1: want"},
		{[]string{"-games", "0"}, "-games 0: want 1..1000000"},
		{[]string{"-games", "1000000000000"}, "-games 1000000000000: want 1..1000000"},
		{[]string{"-workers", "0"}, "-workers 0: want 1..256"},
		{[]string{"-workers", "1000000000000"}, "-workers 1000000000000: want 1..256"},
		{[]string{"-budget", "-1"}, "-budget -1"},
		{[]string{"-width", "-1"}, "-width -1"},
		{[]string{"-budget", "5"}, "-budget: only expectimax has it"}, // it was ignored
		{[]string{"-width", "3", "-a", "random", "-b", "greedy"}, "-width: only expectimax has it"},
		{[]string{"-a", "nobody"}, `-a: bot: unknown bot "nobody"`},
		{[]string{"-b", "nobody"}, `-b: bot: unknown bot "nobody"`},
	} {
		code, out, stderr := runTournament(c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v: nothing is played", c.args)
		assert.Contains(t, stderr, c.msg, "%v", c.args)
		assert.Equal(t, 1, strings.Count(stderr, "tournament: "), "%v: said once: %q", c.args, stderr)
		if parsing := c.args[0] == "-bogus" || c.args[0] == "stray"; parsing {
			assert.Contains(t, stderr, "usage: tournament [flags]", "%v: the flag package refused it: the usage follows", c.args)
		} else {
			assert.NotContains(t, stderr, "usage:", "%v: a value refused once parsed: the message alone", c.args)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "long-moscow: greedy vs random, 2 games, seed 1"},
		{[]string{"-variant", "short"}, "short-standard: greedy vs random, 2 games, seed 1"},
		{[]string{"-variant", "long"}, "long-moscow: greedy vs random, 2 games, seed 1"},
		{[]string{"-preset", "short-tavla", "-match", "1"}, "short-tavla: greedy vs random, 2 matches to 1, seed 1"},
	} {
		code, out, stderr := runTournament(append(c.args, "-games", "2", "-workers", "1")...)
		require.Equal(t, 0, code, "%v: %s", c.args, stderr)
		assert.True(t, strings.HasPrefix(out, c.want+"\n"), "%v: %q", c.args, out)
		assert.Contains(t, stderr, "1 workers", "%v", c.args)
	}
}
