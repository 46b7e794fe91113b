package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/nardylab/nardy"
)

// player chooses the actions of the computer player. It has the shape of
// the Player interface of package bot.
type player interface {
	Name() string
	Act(g nardy.Game, me nardy.Color) (nardy.Action, error)
}

// newBot returns the bot of the given name, seeded.
func newBot(name string, seed uint64) (player, error) {
	switch name {
	case "random", "greedy":
		return &randomBot{name: name, rng: rand.New(rand.NewPCG(seed, seed>>1|1))}, nil
	}
	return nil, fmt.Errorf("unknown bot %q: want random or greedy", name)
}

// randomBot plays a uniformly random legal play, never doubles, takes every
// double and accepts every resignation.
type randomBot struct {
	name string
	rng  *rand.Rand
}

func (b *randomBot) Name() string { return b.name }

func (b *randomBot) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	if c, ok := g.ToAct(); !ok || c != me {
		return nardy.Action{}, fmt.Errorf("not %s's turn to act", me)
	}
	switch g.Phase() {
	case nardy.PhaseRoll:
		return nardy.Action{Kind: nardy.ActRoll, Player: me}, nil
	case nardy.PhasePlay:
		plays, err := g.Legal()
		if err != nil {
			return nardy.Action{}, err
		}
		p := plays[b.rng.IntN(len(plays))]
		return nardy.Action{Kind: nardy.ActPlay, Player: me, Steps: p.Steps()}, nil
	case nardy.PhaseCube:
		return nardy.Action{Kind: nardy.ActTake, Player: me}, nil
	case nardy.PhaseResign:
		return nardy.Action{Kind: nardy.ActAccept, Player: me}, nil
	}
	return nardy.Action{}, fmt.Errorf("nothing to do in phase %s", g.Phase())
}
