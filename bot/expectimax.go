package bot

import (
	"cmp"
	"slices"
	"time"

	"github.com/nardylab/nardy"
)

// DefaultBudget is the node budget of [NewExpectimax]: positions evaluated
// per decision.
const DefaultBudget = 400_000

// DefaultWidth is the number of candidate plays [NewExpectimax] searches
// a roll ahead.
const DefaultWidth = 8

// Expectimax is a player that looks one roll ahead: 1-ply in the counting
// of package neural and GNU Backgammon, where 0-ply is [Greedy]'s static
// look at each play's position (two plies in game-tree terms: its play and
// the opponent's reply). It scores every legal play with [Evaluate] as
// Greedy does, keeps the Width best, and scores each of those by the
// expectation over the 21 rolls of the opponent (weights 1/36 for a double,
// 2/36 otherwise) of its chance of winning ([WinChance]) after the
// opponent's reply that [Evaluate] scores worst for it (the opponent's best
// reply by the same evaluation: the reply Greedy would make). It plays the
// candidate with the best expectation. Averaging chances rather than raw
// scores keeps a few lopsided rolls from outweighing the rest.
//
// Budget bounds the positions evaluated per decision; when it runs out
// the search stops and the player plays the best of the candidates it has
// searched in full, or Greedy's play when fewer than two were. With a
// Deadline too (non-zero), the search also stops when that much time has
// passed; a deadline makes the play depend on the machine's speed, so
// seeded tournaments leave it zero. Cube decisions use the thresholds of
// its Cube (and in match play the score, see [CubePolicy]) on a chance of
// winning looked at one roll ahead: the average over the 21 rolls of the
// player on roll of [WinChance] after its best play.
// The zero Expectimax is ready to use, with the defaults. An Expectimax
// keeps buffers between calls and is not safe for concurrent use; a copy
// (p2 := *p) builds buffers of its own at its first call, so copies can
// play in different goroutines.
type Expectimax struct {
	Budget   int           // evaluations per decision; 0 or less: DefaultBudget
	Width    int           // candidates searched a roll ahead; 0 or less: DefaultWidth
	Deadline time.Duration // 0: no time limit
	Cube     CubePolicy

	// Searched counts the plays decided with more than one legal play;
	// Cutoffs those of them where the budget or the deadline ran out.
	Searched, Cutoffs int

	self        *Expectimax // the value whose buffers these are (see own)
	mine, reply []nardy.Play
	cands       []cand
	rolls       [21]nardy.WeightedRoll
	rules       nardy.Rules
	w           weights
	match       nardy.Match // the match shown by SeeMatch, if any
}

type cand struct {
	i int
	v float64
}

// NewExpectimax returns an Expectimax player with the given node budget
// (0 or less: [DefaultBudget]), [DefaultWidth] and [DefaultCubePolicy].
func NewExpectimax(budget int) *Expectimax {
	return &Expectimax{Budget: budget, Width: DefaultWidth, Cube: DefaultCubePolicy(), w: defaultWeights()}
}

// Name returns "expectimax".
func (x *Expectimax) Name() string { return "expectimax" }

// SeeMatch implements [MatchSeer]: in match play, cube and resignation
// decisions in m's game take its score into account (see [CubePolicy]).
func (x *Expectimax) SeeMatch(m nardy.Match) {
	if x != nil {
		x.match = m
	}
}

// Act implements [Player]. A nil *Expectimax returns [ErrUninitialized].
func (x *Expectimax) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	if x == nil {
		return nardy.Action{}, errNilPlayer
	}
	if !own(&x.self, x) { // a copy: the buffers are its original's
		x.mine, x.reply, x.cands = nil, nil, nil
	}
	x.w.init()
	x.rules = g.Rules()
	if a, done, err := x.Cube.act(g, me, x.match, x.chance); done || err != nil {
		return a, err
	}
	plays, err := legalPlays(g, &x.mine)
	if err != nil {
		return nardy.Action{}, err
	}
	return plays[x.choose(g.Rules(), plays, me)].Action(), nil
}

// choose returns the index of the play to make.
func (x *Expectimax) choose(r nardy.Rules, plays []nardy.Play, me nardy.Color) int {
	if len(plays) == 1 {
		return 0
	}
	x.cands = x.cands[:0]
	for i := range plays {
		x.cands = append(x.cands, cand{i, x.w.evaluate(plays[i].Result(), me)})
	}
	slices.SortStableFunc(x.cands, func(a, b cand) int { return cmp.Compare(b.v, a.v) })
	width := x.Width
	if width <= 0 {
		width = DefaultWidth
	}
	budget := x.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	var stop time.Time
	if x.Deadline > 0 {
		stop = time.Now().Add(x.Deadline)
	}
	if cap(x.reply) < nardy.MaxPlays {
		x.reply = make([]nardy.Play, 0, nardy.MaxPlays)
	}
	x.rolls = nardy.AllRolls()
	nodes := len(plays)
	best, bestV, searched := x.cands[0].i, 0.0, 0
	for _, c := range x.cands[:min(width, len(x.cands))] {
		v, n, ok := x.expect(r, plays[c.i].Result(), me, budget-nodes, stop)
		nodes += n
		if !ok {
			x.Cutoffs++
			break
		}
		if searched == 0 || v > bestV {
			best, bestV = c.i, v
		}
		searched++
	}
	x.Searched++
	if searched < 2 {
		return x.cands[0].i
	}
	return best
}

// expect returns the expectation over the opponent's 21 rolls of me's
// chance of winning ([WinChance]) after the opponent's reply worst for me
// by [Evaluate], the positions evaluated, and false
// when the budget or the deadline ran out first.
func (x *Expectimax) expect(r nardy.Rules, pos nardy.Position, me nardy.Color, budget int, stop time.Time) (float64, int, bool) {
	if pos.IsOver() {
		return x.w.winChance(pos, me), 1, true
	}
	sum, nodes := 0.0, 0
	for _, wr := range x.rolls {
		replies, err := r.AppendLegal(x.reply[:0], pos, wr.Roll)
		if err != nil || len(replies) == 0 {
			sum += float64(float64(wr.Weight) * x.w.winChance(pos.Pass(), me))
			nodes++
			continue
		}
		worst, worstV := 0, 0.0
		for i := range replies {
			v := x.w.evaluate(replies[i].Result(), me)
			if i == 0 || v < worstV {
				worst, worstV = i, v
			}
		}
		nodes += len(replies)
		sum += float64(float64(wr.Weight) * x.w.winChance(replies[worst].Result(), me))
		if nodes > budget || (!stop.IsZero() && time.Now().After(stop)) {
			return 0, nodes, false
		}
	}
	return sum / 36, nodes, true
}

// chance estimates me's chance of winning pos one roll ahead: the average
// over the 21 rolls of the player on roll of WinChance after the play
// Greedy would make.
func (x *Expectimax) chance(pos nardy.Position, me nardy.Color) float64 {
	if cap(x.reply) < nardy.MaxPlays {
		x.reply = make([]nardy.Play, 0, nardy.MaxPlays)
	}
	sum := 0.0
	for _, wr := range nardy.AllRolls() {
		plays, err := x.rules.AppendLegal(x.reply[:0], pos, wr.Roll)
		if err != nil || len(plays) == 0 {
			return x.w.winChance(pos, me)
		}
		p := plays[x.w.bestPlay(plays, pos.OnRoll())]
		sum += float64(float64(wr.Weight) * x.w.winChance(p.Result(), me))
	}
	return sum / 36
}
