package main

import (
	"math/rand/v2"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// trainer plays self-play games and trains the network by TD(0): before
// each play the network's evaluation of the position (for the player on
// roll) is moved toward the evaluation of the position after the play the
// network chooses (for the same player), and toward the exact outcome when
// the play ends the game. Plays are chosen greedily at 0-ply by cubeless
// equity; the dice are the only randomness, as in TD-Gammon.
//
// With a searcher (-target 1ply) the target is instead the position's
// 1-ply evaluation: the average over all 21 rolls of the evaluation after
// the play chosen at 0-ply for each, the expectation of which TD(0)'s
// target is one sample. It costs about 22 times as much a position and
// takes the roll's noise out of the target. The first position of a game
// whose first roll is the opening dice (never a double) keeps the TD(0)
// target, as its rolls are not the 21 of the average.
type trainer struct {
	net    *neural.Net
	rules  nardy.Rules
	rng    *rand.Rand
	buf    []nardy.Play
	probs  []neural.Probs
	plies  int
	search *neural.Searcher // nil: TD(0) targets
}

func newTrainer(n *neural.Net, r nardy.Rules, seed uint64, target string) *trainer {
	t := &trainer{net: n, rules: r, rng: rand.New(rand.NewPCG(seed, 0x7464)),
		buf: make([]nardy.Play, 0, nardy.MaxPlays)}
	if target == target1Ply {
		t.search = neural.NewSearcher(n, r)
	}
	return t
}

// The targets of -target.
const (
	targetTD0  = "td0"
	target1Ply = "1ply"
)

func (t *trainer) roll(first bool) nardy.Roll {
	for {
		a, b := 1+t.rng.IntN(6), 1+t.rng.IntN(6)
		if first && a == b && t.rules.OpeningRoll == nardy.UseOpeningDice {
			continue // C2: the opening dice are the first roll, never a double
		}
		return nardy.MustRoll(a, b)
	}
}

// game plays one self-play game from the start, learning at rate.
func (t *trainer) game(rate float64) error {
	pos, err := nardy.StartPosition(t.rules.Variant, nardy.Color(t.rng.IntN(2)))
	if err != nil {
		return err
	}
	table := t.rules.Scoring
	for first := true; !pos.IsOver(); first = false {
		plays, err := t.rules.AppendLegal(t.buf[:0], pos, t.roll(first))
		if err != nil {
			return err
		}
		t.probs = t.net.EvaluatePlays(plays, t.probs[:0])
		best := bestByEquity(t.probs, table)
		t.net.Learn(pos, t.target(pos, first, t.probs[best]), rate)
		pos = plays[best].Result()
		t.plies++
	}
	return nil
}

// bestByEquity returns the index of the chances with the highest equity
// under table (the first of equals): the 0-ply choice among plays.
func bestByEquity(probs []neural.Probs, table nardy.Scoring) int {
	best, bestE := 0, 0.0
	for i, p := range probs {
		if e := p.Equity(table); i == 0 || e > bestE {
			best, bestE = i, e
		}
	}
	return best
}

// target returns what pos (before its roll; first: the game's first)
// learns toward: sampled, the evaluation after the play made with the
// roll thrown, or with a searcher the 1-ply evaluation.
func (t *trainer) target(pos nardy.Position, first bool, sampled neural.Probs) neural.Probs {
	if t.search == nil || (first && t.rules.OpeningRoll == nardy.UseOpeningDice) {
		return sampled
	}
	return t.search.Eval(pos, 1)
}
