package main

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/stats"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// config is one tournament: bots a and b play n games (or matches to
// length points) of preset's rules, every dice throw and random choice
// seeded from seed, on workers goroutines.
type config struct {
	a, b    string
	preset  variants.Preset
	n       int
	length  int // 0: single games of money play
	seed    uint64
	workers int
	budget  int // node budget of expectimax, 0: its default
	width   int // candidates of expectimax, 0: its default
}

// outcome is the end of one game or match, from a's side.
type outcome struct {
	aWon, draw bool
	aPoints    int // points scored by a (a match: its final score)
	bPoints    int
	games      int // games played (1 for a single game)
}

// summary adds up the outcomes.
type summary struct {
	n, aWins, bWins, draws int
	aPoints, bPoints       int
	games                  int
	netSq                  float64 // sum of squares of a's net points per game or match
}

// maxMatch is the longest match -match takes: the longest the match
// equity table of package neural covers (its bots' match play reads it).
const maxMatch = neural.MaxAway

// splitmix64 derives independent seeds from the tournament seed.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// seeds returns the seeds of game i: the dice, bot a and bot b.
func seeds(seed uint64, i int) (dice, a, b uint64) {
	base := splitmix64(seed ^ splitmix64(uint64(i)))
	return base, splitmix64(base ^ 0xa), splitmix64(base ^ 0xb)
}

func newBot(c config, name string, seed uint64) (bot.Player, error) {
	if name == "expectimax" {
		x := bot.NewExpectimax(c.budget)
		if c.width > 0 {
			x.Width = c.width
		}
		return x, nil
	}
	return bot.New(name, seed)
}

// playOne plays game (or match) i. Bot a plays White in even games and
// Black in odd ones.
func playOne(c config, i int) (outcome, error) {
	diceSeed, sa, sb := seeds(c.seed, i)
	a, err := newBot(c, c.a, sa)
	if err != nil {
		return outcome{}, err
	}
	b, err := newBot(c, c.b, sb)
	if err != nil {
		return outcome{}, err
	}
	white, black, aColor := a, b, nardy.White
	if i%2 == 1 {
		white, black, aColor = b, a, nardy.Black
	}
	dice := nardy.NewSeededDice(diceSeed)
	if c.length == 0 {
		g, _, err := bot.PlayGame(c.preset.Rules, white, black, dice)
		if err != nil {
			return outcome{}, fmt.Errorf("game %d: %w", i, err)
		}
		res, _ := g.Result()
		o := outcome{games: 1, draw: res.Kind == nardy.Draw}
		switch {
		case o.draw:
		case res.Winner == aColor:
			o.aWon, o.aPoints = true, res.Points
		default:
			o.bPoints = res.Points
		}
		return o, nil
	}
	m, _, err := bot.PlayMatch(c.preset.Rules, c.length, white, black, dice)
	if err != nil {
		return outcome{}, fmt.Errorf("match %d: %w", i, err)
	}
	w, bl := m.Score()
	winner, _ := m.Winner()
	o := outcome{games: m.GameNumber(), aWon: winner == aColor, aPoints: w, bPoints: bl}
	if aColor == nardy.Black {
		o.aPoints, o.bPoints = bl, w
	}
	return o, nil
}

// play plays the tournament on c.workers goroutines. Game i always gets the
// same seeds, so the outcomes do not depend on the number of workers.
func play(c config) ([]outcome, error) {
	if c.n < 1 {
		return nil, errors.New("need one game or more")
	}
	workers := min(max(c.workers, 1), c.n)
	out := make([]outcome, c.n)
	errs := make([]error, c.n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				out[i], errs[i] = playOne(c, i)
			}
		})
	}
	for i := range c.n {
		next <- i
	}
	close(next)
	wg.Wait()
	return out, errors.Join(errs...)
}

func summarize(out []outcome) summary {
	var s summary
	for _, o := range out {
		s.n++
		switch {
		case o.draw:
			s.draws++
		case o.aWon:
			s.aWins++
		default:
			s.bWins++
		}
		s.aPoints += o.aPoints
		s.bPoints += o.bPoints
		net := float64(o.aPoints - o.bPoints)
		s.netSq += net * net
		s.games += o.games
	}
	return s
}

// maxGames and maxWorkers bound -games (the outcome of each is kept) and
// -workers (a goroutine each).
const (
	maxGames   = 1_000_000
	maxWorkers = 256
)

// check refuses numbers no tournament can run with, before any game.
func (c config) check() error {
	switch {
	case c.n < 1 || c.n > maxGames:
		return fmt.Errorf("-games %d: want 1..%d", c.n, maxGames)
	case c.length < 0 || c.length > maxMatch:
		return fmt.Errorf("-match %d: want 0 (single games) or a match length of 1..%d points", c.length, maxMatch)
	case c.workers < 1 || c.workers > maxWorkers:
		return fmt.Errorf("-workers %d: want 1..%d", c.workers, maxWorkers)
	case c.budget < 0 || c.width < 0:
		return fmt.Errorf("-budget %d, -width %d: want 0 (the default) or more", c.budget, c.width)
	}
	return nil
}

// report writes the tournament's figures.
func report(w io.Writer, c config, s summary) {
	if c.a == c.b { // a bot against itself: say which seat of the pair is which
		c.a, c.b = c.a+" (a)", c.b+" (b)"
	}
	unit := "games"
	if c.length > 0 {
		unit = fmt.Sprintf("matches to %d", c.length)
	}
	fmt.Fprintf(w, "%s: %s vs %s, %d %s, seed %d\n", c.preset.Name, c.a, c.b, s.n, unit, c.seed)
	score := float64(s.aWins) + float64(s.draws)/2
	lo, hi := stats.Wilson(score, s.n)
	fmt.Fprintf(w, "%s wins %d, %s wins %d, draws %d\n", c.a, s.aWins, c.b, s.bWins, s.draws)
	fmt.Fprintf(w, "%s win rate %.1f%% (95%% CI %.1f%%..%.1f%%, Wilson)\n", c.a, 100*score/float64(s.n), 100*lo, 100*hi)
	g := float64(s.games)
	fmt.Fprintf(w, "points per game over %d games: %s %.3f, %s %.3f, net %+.3f for %s",
		s.games, c.a, float64(s.aPoints)/g, c.b, float64(s.bPoints)/g, float64(s.aPoints-s.bPoints)/g, c.a)
	if c.length == 0 && s.n > 1 {
		mean, half := stats.Mean(float64(s.aPoints-s.bPoints), s.netSq, s.n)
		fmt.Fprintf(w, " (95%% CI %+.3f..%+.3f)", mean-half, mean+half)
	}
	fmt.Fprintln(w)
}
