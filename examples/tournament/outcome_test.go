package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
)

// TestSeats: the package doc's seats, bot a White in even games and Black
// in odd ones: game i's outcome is that of the game played again here with
// a in that seat, from a's side (its win and its points).
func TestSeats(t *testing.T) {
	for _, pair := range [][3]string{{"long-moscow", "greedy", "random"}, {"short-standard", "random", "greedy"}, {"long-moscow", "random", "random"}} {
		preset := pair[0]
		c := config{a: pair[1], b: pair[2], preset: lookup(t, preset), n: 6, seed: 11, workers: 1}
		for i := range 6 {
			o, err := playOne(c, i)
			require.NoError(t, err)
			aColor, white, black, diceSeed := seated(t, c, i)
			g, _, err := bot.PlayGame(c.preset.Rules, white, black, nardy.NewSeededDice(diceSeed))
			require.NoError(t, err)
			res, ok := g.Result()
			require.True(t, ok)
			assert.Equal(t, res.Winner == aColor, o.aWon, "%s game %d: a's win", preset, i)
			want := outcome{games: 1, aWon: res.Winner == aColor}
			if want.aWon {
				want.aPoints = res.Points
			} else {
				want.bPoints = res.Points
			}
			assert.Equal(t, want, o, "%s game %d", preset, i)
		}
	}
}

// seated returns game i's seats as the package doc gives them, bot a
// White in even games and Black in odd ones, built here from the game's
// seeds: a's colour, the players of White and Black, and the dice's seed.
func seated(t *testing.T, c config, i int) (aColor nardy.Color, white, black bot.Player, diceSeed uint64) {
	t.Helper()
	diceSeed, sa, sb := seeds(c.seed, i)
	a, err := newBot(c, c.a, sa)
	require.NoError(t, err)
	b, err := newBot(c, c.b, sb)
	require.NoError(t, err)
	if i%2 == 1 {
		return nardy.Black, b, a, diceSeed
	}
	return nardy.White, a, b, diceSeed
}

// TestSeedsDiffer: splitmix64 derives independent seeds: no two games
// (of the first thousand) share a seed, and in a game the dice and the two
// bots have three different seeds.
func TestSeedsDiffer(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range 1000 {
		d, a, b := seeds(1, i)
		for _, s := range []uint64{d, a, b} {
			require.False(t, seen[s], "game %d: seed %#x used before", i, s)
			seen[s] = true
		}
	}
}

// TestMatchSeats: in a match the points are the final score, a's first
// whatever its colour.
func TestMatchSeats(t *testing.T) {
	c := config{a: "greedy", b: "random", preset: lookup(t, "short-standard"), n: 2, length: 3, seed: 5, workers: 1}
	for i := range 2 {
		o, err := playOne(c, i)
		require.NoError(t, err)
		aColor, white, black, diceSeed := seated(t, c, i)
		m, _, err := bot.PlayMatch(c.preset.Rules, c.length, white, black, nardy.NewSeededDice(diceSeed))
		require.NoError(t, err)
		w, bl := m.Score()
		score := map[nardy.Color]int{nardy.White: w, nardy.Black: bl}
		winner, _ := m.Winner()
		assert.Equal(t, outcome{aWon: winner == aColor, aPoints: score[aColor], bPoints: score[aColor.Other()], games: m.GameNumber()}, o, "match %d", i)
	}
}

// TestCheckBounds: the ends of the ranges the package doc gives are taken
// (-games 1..1000000, -workers 1..256, -match 0..64, -budget and -width 0
// or more), the next numbers past them refused.
func TestCheckBounds(t *testing.T) {
	good := config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 1, workers: 1}
	for name, change := range map[string]func(c *config){
		"games 1000000": func(c *config) { c.n = 1_000_000 },
		"workers 256":   func(c *config) { c.workers = 256 },
		"match 64":      func(c *config) { c.length = 64 },
		"match 1":       func(c *config) { c.length = 1 },
		"budget, width": func(c *config) { c.budget, c.width = 1, 1 },
	} {
		c := good
		change(&c)
		assert.NoError(t, c.check(), name)
	}
	for name, change := range map[string]func(c *config){
		"games 1000001": func(c *config) { c.n = 1_000_001 },
		"workers 257":   func(c *config) { c.workers = 257 },
		"width -1":      func(c *config) { c.width = -1 },
		"workers -1":    func(c *config) { c.workers = -1 },
	} {
		c := good
		change(&c)
		assert.Error(t, c.check(), name)
	}
}

// TestBudgetWithExpectimax: -budget and -width are taken when either bot
// is expectimax.
func TestBudgetWithExpectimax(t *testing.T) {
	for _, ab := range [][2]string{{"expectimax", "greedy"}, {"random", "expectimax"}} {
		c := config{a: ab[0], b: ab[1], n: 1, workers: 1}
		assert.NoError(t, c.setUp("long-moscow", "", map[string]bool{"budget": true, "width": true}), "%v", ab)
	}
}

// TestReportFigures: the points per game are each bot's own, over the
// games played (a match counts its games), and a single game has no
// interval (one game gives no spread).
func TestReportFigures(t *testing.T) {
	c := config{a: "greedy", b: "random", preset: lookup(t, "long-moscow"), n: 2, seed: 1}
	s := summarize([]outcome{{aWon: true, aPoints: 3, games: 1}, {bPoints: 1, games: 1}})
	var b bytes.Buffer
	report(&b, c, s)
	assert.Contains(t, b.String(), "points per game over 2 games: greedy 1.500, random 0.500, net +1.000 for greedy (95% CI ")
	c.length = 5
	s = summarize([]outcome{{aWon: true, aPoints: 5, bPoints: 2, games: 4}, {aPoints: 3, bPoints: 5, games: 3}})
	assert.Equal(t, 7, s.games)
	b.Reset()
	report(&b, c, s)
	assert.Contains(t, b.String(), "2 matches to 5")
	assert.Contains(t, b.String(), "points per game over 7 games: greedy 1.143, random 1.000, net +0.143 for greedy\n")
	c.length, c.n = 0, 1
	b.Reset()
	report(&b, c, summarize([]outcome{{bPoints: 2, games: 1}}))
	assert.True(t, strings.HasSuffix(b.String(), "net -2.000 for greedy\n"), b.String())
}

// TestWorkersShown: the time line says the goroutines used, no more than
// the games.
func TestWorkersShown(t *testing.T) {
	code, _, stderr := runTournament("-games", "2", "-workers", "3", "-a", "random")
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(stderr, "2 workers, "), stderr)
}
