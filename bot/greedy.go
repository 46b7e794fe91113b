package bot

import "github.com/nardylab/nardy"

// CubePolicy holds the thresholds of the cube and resignation decisions of
// [Greedy] and [Expectimax], on the chance of winning that [WinChance]
// estimates. The zero CubePolicy stands for [DefaultCubePolicy].
type CubePolicy struct {
	// DoubleAt: double (when the rules and the cube allow it) before
	// rolling with at least this chance.
	DoubleAt float64
	// TakeAt: take a double with at least this chance, else drop.
	TakeAt float64
	// AcceptBelow: accept a resignation as oin (single) when the chance of
	// winning is below this; a resignation of a higher kind is always
	// accepted.
	AcceptBelow float64
}

// DefaultCubePolicy returns the thresholds of [NewGreedy] and [NewExpectimax]:
// double at 70%, take at 25%, accept a single resignation below 95%.
func DefaultCubePolicy() CubePolicy {
	return CubePolicy{DoubleAt: 0.70, TakeAt: 0.25, AcceptBelow: 0.95}
}

// Greedy is a 1-ply player: it plays the legal play whose resulting
// position [Evaluate] scores best for it (the first in the generator's
// order on a tie, so it is deterministic), and takes its cube decisions by
// the thresholds of its Cube on [WinChance]. It never offers to resign.
// The zero Greedy is ready to use, with [DefaultCubePolicy].
type Greedy struct {
	Cube CubePolicy
	w    weights
	buf  []nardy.Play
}

// NewGreedy returns a Greedy player with [DefaultCubePolicy].
func NewGreedy() *Greedy { return &Greedy{Cube: DefaultCubePolicy(), w: defaultWeights()} }

// Name returns "greedy".
func (g *Greedy) Name() string { return "greedy" }

// Act implements [Player].
func (g *Greedy) Act(game nardy.Game, me nardy.Color) (nardy.Action, error) {
	g.w.init()
	if a, done, err := g.Cube.act(game, me, g.w.winChance); done || err != nil {
		return a, err
	}
	plays, undo, err := legalPlays(game, me, &g.buf)
	if undo || err != nil {
		return undoAction(me), err
	}
	return playAction(me, plays[g.w.bestPlay(plays, me)]), nil
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

// act decides every action but a play: roll or double (PhaseRoll), take or
// drop (PhaseCube), accept or reject (PhaseResign), by chance, an estimate
// of me's chance of winning pos. done is false in PhasePlay.
func (c CubePolicy) act(g nardy.Game, me nardy.Color, chance func(pos nardy.Position, me nardy.Color) float64) (a nardy.Action, done bool, err error) {
	if err := checkTurn(g, me); err != nil {
		return nardy.Action{}, true, err
	}
	if c == (CubePolicy{}) {
		c = DefaultCubePolicy()
	}
	a = nardy.Action{Player: me}
	switch g.Phase() {
	case nardy.PhaseRoll:
		a.Kind = nardy.ActRoll
		dbl := nardy.Action{Kind: nardy.ActDouble, Player: me}
		if _, err := g.Do(dbl); err == nil && chance(g.Position(), me) >= c.DoubleAt {
			a.Kind = nardy.ActDouble
		}
	case nardy.PhaseCube:
		a.Kind = nardy.ActDrop
		if chance(g.Position(), me) >= c.TakeAt {
			a.Kind = nardy.ActTake
		}
	case nardy.PhaseResign:
		a.Kind = nardy.ActReject
		k, _, _ := g.Offer()
		if k != nardy.Oin || chance(g.Position(), me) < c.AcceptBelow {
			a.Kind = nardy.ActAccept
		}
	default:
		return a, false, nil
	}
	return a, true, nil
}

// init sets the default weights in a zero weights value (a zero Greedy or
// Expectimax).
func (w *weights) init() {
	if *w == (weights{}) {
		*w = defaultWeights()
	}
}
