package main

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// TestOnePlyTarget: with -target 1ply a position learns toward the
// average, over the 36 throws of two dice, of the network's evaluation
// after the play with the best cubeless equity for each, computed here
// throw by throw with Net.Evaluate; the game's first position, whose
// roll is the opening dice, keeps the sampled target; with td0 every
// position does.
func TestOnePlyTarget(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	net, err := neural.NewNet(nardy.Short, 16, 9)
	require.NoError(t, err)
	one := newTrainer(net, r, 1, target1Ply)
	td0 := newTrainer(net, r, 1, targetTD0)
	sampled := neural.Probs{Variant: nardy.Short, Win: 0.25}
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	assert.Equal(t, sampled, one.target(pos, true, sampled), "opening dice")
	for ply := 0; ply < 30 && !pos.IsOver(); ply++ {
		assert.Equal(t, sampled, td0.target(pos, false, sampled))
		want := averageAfterBest(t, net, r, pos)
		got := one.target(pos, false, sampled)
		for i, w := range fields(want) {
			assert.InDelta(t, w, fields(got)[i], 1e-5, "ply %d, field %d", ply, i)
		}
		plays, err := r.Legal(pos, nardy.MustRoll(1+ply%6, 1+(ply*5)%6))
		require.NoError(t, err)
		pos = plays[len(plays)/2].Result()
	}
}

func averageAfterBest(t *testing.T, net *neural.Net, r nardy.Rules, pos nardy.Position) neural.Probs {
	var sum [7]float64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			plays, err := r.Legal(pos, nardy.MustRoll(a, b))
			require.NoError(t, err)
			var best neural.Probs
			for i, pl := range plays {
				p := net.Evaluate(pl.Result()).Flip()
				if i == 0 || p.Equity(r.Scoring) > best.Equity(r.Scoring) {
					best = p
				}
			}
			for i, f := range fields(best) {
				sum[i] += f / 36
			}
		}
	}
	return neural.Probs{Variant: pos.Variant(), Win: sum[0], WinMars: sum[1], WinKoks: sum[2],
		WinHomeMars: sum[3], LoseMars: sum[4], LoseKoks: sum[5], LoseHomeMars: sum[6]}
}

func fields(p neural.Probs) [7]float64 {
	return [7]float64{p.Win, p.WinMars, p.WinKoks, p.WinHomeMars, p.LoseMars, p.LoseKoks, p.LoseHomeMars}
}

// TestBestByEquity: the 0-ply choice is the play with the highest
// cubeless equity under the table, the first of equals, whatever the
// sign of the equities.
func TestBestByEquity(t *testing.T) {
	table := nardy.DefaultRules(nardy.Short).Scoring
	p := func(win, winGammon float64) neural.Probs {
		return neural.Probs{Variant: nardy.Short, Win: win, WinMars: winGammon}
	}
	// equities 2w − 1 + wg: −0.6, −0.2, −0.4
	assert.Equal(t, 1, bestByEquity([]neural.Probs{p(0.2, 0), p(0.4, 0), p(0.3, 0)}, table), "all below 0")
	// −0.2, +0.4, +0.4: the first of the two best
	assert.Equal(t, 1, bestByEquity([]neural.Probs{p(0.4, 0), p(0.7, 0), p(0.7, 0)}, table), "equals")
	assert.Equal(t, 0, bestByEquity([]neural.Probs{p(0.5, 0)}, table), "one play")
}

// TestTrainingRolls (C2): the training games' first roll is never a
// double when the rules throw the opening dice (short nardy's); later
// rolls, and every roll of long nardy's games, are any of the 36,
// doubles included.
func TestTrainingRolls(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		r := nardy.DefaultRules(v)
		opening := r.OpeningRoll == nardy.UseOpeningDice
		assert.Equal(t, v == nardy.Short, opening)
		tr := newTrainer(nil, r, 1, targetTD0)
		doubles, firstDoubles := 0, 0
		for range 360 {
			if first := tr.roll(true); first.High() == first.Low() {
				firstDoubles++
			}
			if later := tr.roll(false); later.High() == later.Low() {
				doubles++
			}
		}
		assert.Greater(t, doubles, 20, "%s: %d doubles in 360 later rolls, about 60 expected", v, doubles)
		if opening {
			assert.Zero(t, firstDoubles, "%s: a first roll a double", v)
		} else {
			assert.Greater(t, firstDoubles, 20, "%s: %d doubles in 360 first rolls", v, firstDoubles)
		}
	}
}

// TestTD0GameLearnsTowardThePlayMade: a self-play game is TD(0) as
// docs/training.md describes it, replayed here on a copy of the network
// with the trainer's own dice: before each play the position (its player
// on roll) learns, at the game's rate, toward the network's chances for
// that player after the play with the best cubeless equity (the first of
// equals), which is the play made; a finished game's chances are its
// outcome. Both networks end the game evaluating alike.
func TestTD0GameLearnsTowardThePlayMade(t *testing.T) {
	const rate = 0.1
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		r := nardy.DefaultRules(v)
		trained, err := neural.NewNet(v, 6, 4)
		require.NoError(t, err)
		replayed, err := neural.NewNet(v, 6, 4)
		require.NoError(t, err)
		tr := newTrainer(trained, r, 7, targetTD0)
		require.NoError(t, tr.game(rate))

		dice := newTrainer(nil, r, 7, targetTD0) // the same generator, for the colour and the dice
		pos, err := nardy.StartPosition(v, nardy.Color(dice.rng.IntN(2)))
		require.NoError(t, err)
		var seen []nardy.Position
		for first := true; !pos.IsOver(); first = false {
			plays, err := r.Legal(pos, dice.roll(first))
			require.NoError(t, err)
			best, bestE := 0, math.Inf(-1)
			var target neural.Probs
			for i, pl := range plays {
				p := replayed.Evaluate(pl.Result()).Flip()
				if e := p.Equity(r.Scoring); e > bestE {
					best, bestE, target = i, e, p
				}
			}
			replayed.Learn(pos, target, rate)
			seen = append(seen, pos)
			pos = plays[best].Result()
		}
		assert.Equal(t, len(seen), tr.plies, "%s: plies", v)
		for i, p := range seen {
			a, b := fields(trained.Evaluate(p)), fields(replayed.Evaluate(p))
			for k := range a {
				require.InDelta(t, b[k], a[k], 1e-5, "%s: position %d, field %d", v, i, k)
			}
		}
	}
}

// TestTrainRateSchedule: the learning rate falls linearly from -rate at
// the first game to -rate-end at game -games (0.5, 0.3, 0.1 over 3
// games), and -stop ends the run on that schedule: the weights are those
// of a network of the run's seed trained game by game at those rates,
// with the trainer of the run's seed.
func TestTrainRateSchedule(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		extra []string
		rates []float64
	}{{nil, []float64{0.5, 0.3, 0.1}}, {[]string{"-stop", "2"}, []float64{0.5, 0.3}}} {
		out := filepath.Join(dir, fmt.Sprint(len(c.rates)))
		args := append([]string{"-variant", "short", "-hidden", "4", "-games", "3", "-seed", "3", "-rate", "0.5", "-rate-end", "0.1",
			"-every", "3", "-eval", "0", "-out", out}, c.extra...)
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, run(args, &stdout, &stderr), stderr.String())

		r := nardy.DefaultRules(nardy.Short)
		net, err := neural.NewNet(nardy.Short, 4, 3)
		require.NoError(t, err)
		tr := newTrainer(net, r, 3, targetTD0)
		for _, rate := range c.rates {
			require.NoError(t, tr.game(rate))
		}
		assert.Equal(t, weightsOnly(t, net), weightsOnly(t, readNetFile(t, out+".nn")), "%v", args)
	}
}
