package main

// The game's fair dice: the server's seed, the players' seeds that salt
// it, the dice thrown from them, and the proof shown once the match is
// over.

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/fair"
)

// salt is the public salt of the dice: both players' seeds.
func (g *game) salt() string { return "white:" + g.clientSeeds[0] + "|black:" + g.clientSeeds[1] }

// die throws the next die of the game's fair dice.
func (g *game) die() int {
	if g.fair == nil {
		// No error: the salt fits MaxSalt (see maxClientSeed). A nil Dice would
		// throw 0, which every throw refuses.
		g.fair, _ = fair.New(g.seed, g.salt())
		for range g.dicePos {
			g.fair.Die()
		}
	}
	g.dicePos++
	return g.fair.Die()
}

// throw throws two dice.
func (g *game) throw() [2]int { return [2]int{g.die(), g.die()} }

// resyncDice drops the dice source after a refused action that threw dice,
// so the next die is the one after the last recorded throw.
func (g *game) resyncDice() {
	n := 0
	for _, a := range g.rec.Record().Actions {
		if a.Kind == nardy.ActOpening || a.Kind == nardy.ActRoll {
			n += 2
		}
	}
	g.fair, g.dicePos = nil, n
}

// proof returns the fair-dice proof: the seed only once the match is over.
func (g *game) proof() *fair.Proof {
	p := &fair.Proof{Commitment: fair.Commitment(g.seed), Salt: g.salt()}
	if g.match().IsOver() {
		p.Seed = fmt.Sprintf("%x", g.seed[:])
	}
	return p
}

// maxClientSeed bounds a player's seed.
const maxClientSeed = 64

// This does not compile unless the salt of two client seeds (salt) fits
// the bound of a fair-dice proof: fair.New refuses a longer one.
const _ = uint(fair.MaxSalt - len("white:|black:") - 2*maxClientSeed)

// setSeed sets seat p's part of the dice salt, once, before the first die.
func (g *game) setSeed(p nardy.Color, s string) error {
	if len(s) == 0 || len(s) > maxClientSeed {
		return badRequest("client_seed: want 1 to %d characters of A-Z a-z 0-9 _ -, not %d", maxClientSeed, len(s))
	}
	for _, c := range s { // by character, so that the refusal names the one sent ("é", not its first byte)
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return badRequest("client_seed: %q is not one of A-Z a-z 0-9 _ -", c)
		}
	}
	if !g.canSeed(p) {
		return errSeedSet
	}
	g.clientSeeds[p] = s
	g.fair = nil
	g.version++
	g.logf("%s adds a seed to the dice", p)
	return nil
}

// canSeed reports whether seat p may still send its seed.
func (g *game) canSeed(p nardy.Color) bool {
	return g.dicePos == 0 && g.clientSeeds[p] == "" && g.kinds[p] == "human"
}

// awaitedSeeds returns the seats whose seeds the first die of a game
// between two people waits for: until both are in, the seats may only
// send their seeds, so that neither's part of the salt is left out by the
// other throwing the opening first. A game against the bot does not wait
// (its person throws the opening, and a missing seed is its own choice),
// but for a game set up at a position with the bot on roll, whose first
// die the bot would throw before the person could send a seed: it waits
// for the person's. Nor does a game wait whose first die was thrown (a
// game stored before the wait).
func (g *game) awaitedSeeds() []string {
	var out []string
	if g.dicePos > 0 || (g.kinds != [2]string{"human", "human"} && !g.botFirst()) {
		return out
	}
	for _, c := range []nardy.Color{nardy.White, nardy.Black} {
		if g.kinds[c] == "human" && g.clientSeeds[c] == "" {
			out = append(out, c.String())
		}
	}
	return out
}

// botFirst reports whether the bot is to act before any die is thrown: a
// game set up at a position (the request's "setup") with the bot on roll.
func (g *game) botFirst() bool {
	gm := g.game()
	c, ok := gm.ToAct()
	return ok && g.dicePos == 0 && gm.Phase() != nardy.PhaseOpening && g.kinds[c] == "bot"
}
