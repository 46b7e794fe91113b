package main

import (
	"bytes"
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
			out, err := run(c)
			require.NoError(t, err)
			require.Len(t, out, c.n)
			runs = append(runs, out)
		}
		assert.Equal(t, runs[0], runs[1], "%s %s-%s", c.preset.Name, c.a, c.b)
		assert.Equal(t, runs[0], runs[2], "%s %s-%s", c.preset.Name, c.a, c.b)
		c.seed++
		other, err := run(c)
		require.NoError(t, err)
		assert.NotEqual(t, runs[0], other, "another seed plays other games")
	}
}

// TestMatches: every match has a winner with at least length points.
func TestMatches(t *testing.T) {
	c := config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 4, length: 3, seed: 1, workers: 2}
	out, err := run(c)
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
	_, err := run(config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 0})
	assert.Error(t, err)
	_, err = run(config{a: "gnubg", b: "random", preset: lookup(t, "long-moscow"), n: 1})
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
// match); the defaults pass.
func TestCheck(t *testing.T) {
	good := config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 1, workers: 1}
	require.NoError(t, good.check())
	for name, change := range map[string]func(c *config){
		"no games":        func(c *config) { c.n = 0 },
		"negative match":  func(c *config) { c.length = -1 },
		"no workers":      func(c *config) { c.workers = 0 },
		"negative budget": func(c *config) { c.budget = -5 },
		"negative width":  func(c *config) { c.width = -1 },
	} {
		c := good
		change(&c)
		assert.Error(t, c.check(), name)
	}
}
