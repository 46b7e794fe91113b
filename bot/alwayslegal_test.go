package bot

// Random, Greedy and Expectimax return only actions the game accepts, in
// whole games of every preset and in states they do not make themselves: a
// double or a resignation offered to them, a step taken by hand (which
// they play on from: a rapid property).

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// perturb drives a game like PlayGame, but before a player acts it may
// (from rng) make it answer a double, a resignation offer, or play on
// from a step taken by hand, and it checks that every action the players return is
// accepted by the game.
func perturb(t *rapid.T, g nardy.Game, players [2]Player, rng *rand.Rand, dice nardy.DiceSource) {
	for range 20_000 {
		if g.IsOver() {
			return
		}
		if c, ok := g.ToAct(); ok {
			g = inject(t, g, c, players, rng)
			if g.IsOver() {
				return
			}
		}
		a, err := Next(g, players, dice)
		if err != nil {
			t.Fatalf("phase %s: %v", g.Phase(), err)
		}
		n, err := g.Do(a)
		if err != nil {
			t.Fatalf("phase %s: %s refused: %v", g.Phase(), a.Kind, err)
		}
		g = n
	}
	t.Fatalf("game did not end")
}

// inject puts g in a state a bot must handle and checks the bot's answer.
func inject(t *rapid.T, g nardy.Game, c nardy.Color, players [2]Player, rng *rand.Rand) nardy.Game {
	switch rng.IntN(6) {
	case 0: // c doubles when it may; the other player must answer (a drop
		// would end the game: go on from before the double then)
		if n, err := g.Do(nardy.Action{Kind: nardy.ActDouble, Player: c}); err == nil {
			if n = answer(t, n, players, nardy.ActTake, nardy.ActDrop, nardy.ActBeaver); !n.IsOver() {
				return n
			}
		}
	case 1: // the other player offers to resign; the game goes on from
		// before the offer whatever the answer
		for _, k := range []nardy.ResultKind{nardy.Koks, nardy.HomeMars, nardy.Mars, nardy.Oin} {
			if n, err := g.Resign(c.Other(), k); err == nil {
				answer(t, n, players, nardy.ActAccept, nardy.ActReject)
				break
			}
		}
	case 2: // a step is taken by hand: the bot plays a whole play the
		// step can still become (C8)
		if tn, ok := g.Turn(); ok {
			if steps := tn.AppendNextSteps(nil); len(steps) > 0 {
				n, err := g.Step(steps[rng.IntN(len(steps))])
				if err != nil {
					t.Fatalf("step: %v", err)
				}
				if n.Phase() != nardy.PhasePlay { // the step ended the play
					return n
				}
				return answer(t, n, players, nardy.ActPlay)
			}
		}
	}
	return g
}

// answer asks the player who must act in g and checks that its action is
// one of kinds and is accepted.
func answer(t *rapid.T, g nardy.Game, players [2]Player, kinds ...nardy.ActionKind) nardy.Game {
	c, ok := g.ToAct()
	if !ok {
		t.Fatalf("no player to act in phase %s", g.Phase())
	}
	a, err := players[c].Act(g, c)
	if err != nil {
		t.Fatalf("%s in phase %s: %v", players[c].Name(), g.Phase(), err)
	}
	n, err := g.Do(a)
	if err != nil {
		t.Fatalf("%s in phase %s: %s refused: %v", players[c].Name(), g.Phase(), a.Kind, err)
	}
	for _, k := range kinds {
		if a.Kind == k {
			return n
		}
	}
	t.Fatalf("%s in phase %s returned %s, want one of %v", players[c].Name(), g.Phase(), a.Kind, kinds)
	return n
}

// TestBotsAlwaysLegal: in whole games of every preset, with doubles,
// resignation offers and half-made plays thrown at them, all three bots
// only return actions the game accepts.
func TestBotsAlwaysLegal(t *testing.T) {
	presets := variants.All()
	rapid.Check(t, func(t *rapid.T) {
		p := presets[rapid.IntRange(0, len(presets)-1).Draw(t, "preset")]
		seed := rapid.Uint64().Draw(t, "seed")
		mk := func(i int) Player {
			switch i {
			case 0:
				return NewRandom(seed)
			case 1:
				return NewGreedy()
			}
			return NewExpectimax(3_000)
		}
		players := [2]Player{mk(rapid.IntRange(0, 2).Draw(t, "white")), mk(rapid.IntRange(0, 2).Draw(t, "black"))}
		g, err := nardy.NewGame(p.Rules)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		perturb(t, g, players, rng, nardy.NewSeededDice(seed))
	})
}
