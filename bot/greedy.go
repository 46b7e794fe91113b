package bot

import "github.com/nardylab/nardy"

// Greedy is a 0-ply player (in the counting of package neural and GNU
// Backgammon: no roll looked ahead): it plays the legal play whose resulting
// position [Evaluate] scores best for it (the first in the generator's
// order on a tie, so it is deterministic), and takes its cube decisions by
// the thresholds of its Cube on [WinChance] and, in match play, the score
// (see [CubePolicy]). It never offers to resign. The zero Greedy is ready
// to use, with [DefaultCubePolicy]. A Greedy keeps buffers between calls
// and is not safe for concurrent use; a copy (p2 := *p) builds buffers of
// its own at its first call, so copies can play in different goroutines.
type Greedy struct {
	Cube  CubePolicy
	w     weights
	self  *Greedy // the value whose buffers these are (see own)
	buf   []nardy.Play
	match nardy.Match // the match shown by SeeMatch, if any
}

// NewGreedy returns a Greedy player with [DefaultCubePolicy].
func NewGreedy() *Greedy { return &Greedy{Cube: DefaultCubePolicy(), w: defaultWeights()} }

// Name returns "greedy".
func (g *Greedy) Name() string { return "greedy" }

// SeeMatch implements [MatchSeer]: in match play, cube and resignation
// decisions in m's game take its score into account (see [CubePolicy]).
func (g *Greedy) SeeMatch(m nardy.Match) {
	if g != nil {
		g.match = m
	}
}

// Act implements [Player]. A nil *Greedy returns [ErrUninitialized].
func (g *Greedy) Act(game nardy.Game, me nardy.Color) (nardy.Action, error) {
	if g == nil {
		return nardy.Action{}, errNilPlayer
	}
	if !own(&g.self, g) { // a copy: the buffer is its original's
		g.buf = nil
	}
	g.w.init()
	if a, done, err := g.Cube.act(game, me, g.match, g.w.winChance); done || err != nil {
		return a, err
	}
	plays, err := legalPlays(game, &g.buf)
	if err != nil {
		return nardy.Action{}, err
	}
	return plays[g.w.bestPlay(plays, me)].Action(), nil
}

// bestPlay returns the index of the play scored best by Evaluate for me.
func (w *weights) bestPlay(plays []nardy.Play, me nardy.Color) int {
	best, bestV := 0, 0.0
	for i := range plays {
		v := w.evaluate(plays[i].Result(), me)
		if i == 0 || v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// init sets the default weights in a zero weights value (a zero Greedy or
// Expectimax).
func (w *weights) init() {
	if *w == (weights{}) {
		*w = defaultWeights()
	}
}
