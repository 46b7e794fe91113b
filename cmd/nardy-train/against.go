package main

import (
	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
)

// learner is the network's side in training games against a fixed
// opponent (-against). It plays at 0-ply like bot.Neural, by cubeless
// equity, and trains the network only on the positions where the
// opponent is on roll, the positions its own 0-ply choices evaluate: each
// is moved toward the evaluation of the next one (after the opponent's
// play and its own reply), or toward the outcome. So the network learns
// the chances against that opponent's play, not its own.
type learner struct {
	net *neural.Net
	// learn moves the evaluation of a position toward a target: Net.Learn
	// at the game's rate.
	learn func(pos nardy.Position, target neural.Probs)
	buf   []nardy.Play
	probs []neural.Probs
	prev  nardy.Position // the position after its last play; zero before the first
	plies int
	other bot.Neural // cube and roll actions
}

// Name returns "learner".
func (l *learner) Name() string { return "learner" }

// Act implements bot.Player: rolls and cube actions as bot.Neural at
// 0-ply, plays by the best cubeless equity, and the position after the
// previous play learns toward the chances after this one.
func (l *learner) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	t, ok := g.Turn()
	if g.Phase() != nardy.PhasePlay || !ok || t.Len() > 0 {
		return l.other.Act(g, me)
	}
	plays, err := g.Rules().AppendLegal(l.buf[:0], g.Position(), t.Roll())
	if err != nil {
		return nardy.Action{}, err
	}
	l.probs = l.net.EvaluatePlays(plays, l.probs[:0])
	best := bestByEquity(l.probs, g.Rules().Scoring)
	l.teach(l.probs[best].Flip())
	l.prev = plays[best].Result()
	l.plies++
	return plays[best].Action(), nil
}

// teach moves the evaluation of the position after the last play (the
// opponent on roll) toward target, its chances for the opponent.
func (l *learner) teach(target neural.Probs) {
	if l.prev.IsValid() {
		l.learn(l.prev, target)
	}
}

// gameAgainst plays one training game against opp, the network's colour
// and the dice from t's generator.
func (t *trainer) gameAgainst(opp bot.Player, rate float64) error {
	_, err := t.playAgainst(opp, func(pos nardy.Position, target neural.Probs) { t.net.Learn(pos, target, rate) })
	return err
}

// playAgainst plays one game against opp like gameAgainst, each position
// learning through learn, and returns the finished game.
func (t *trainer) playAgainst(opp bot.Player, learn func(nardy.Position, neural.Probs)) (nardy.Game, error) {
	l := &learner{net: t.net, learn: learn, buf: t.buf, probs: t.probs, other: bot.Neural{Net: t.net}}
	me := nardy.Color(t.rng.IntN(2))
	players := [2]bot.Player{}
	players[me], players[me.Other()] = l, opp
	g, _, err := bot.PlayGame(cubeless(t.rules), players[nardy.White], players[nardy.Black], nardy.NewSeededDice(t.rng.Uint64()))
	t.plies += l.plies
	t.probs = l.probs
	if err != nil {
		return g, err
	}
	// The last position after its play learns the outcome, for the
	// opponent on roll there.
	end := g.Position()
	outcome := t.net.Evaluate(end)
	if l.prev.IsValid() && end.OnRoll() != l.prev.OnRoll() {
		outcome = outcome.Flip()
	}
	l.teach(outcome)
	return g, nil
}
