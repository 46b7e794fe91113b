package neural

import (
	"fmt"
	"math"
	"sync"

	"github.com/nardylab/nardy"
)

// CubeEfficiency is the cube efficiency x of Janowski's model used by
// [DecideCube] when [CubeInfo] gives none: the share of the full value of
// cube ownership that a player realises (0 a dead cube, 1 a cube used
// perfectly). 0.68 is the usual figure for contact positions of
// backgammon.
const CubeEfficiency = 0.68

// Efficiency returns the cube efficiency of pos for [CubeInfo]: the values
// Janowski suggested, as GNU Backgammon's manual lists them for its own
// cube decisions. In short nardy it is [CubeEfficiency] while the sides
// are in contact, and in a race it grows with the pip count of the player
// on roll, from 0.6 at 40 pips or fewer to 0.7 at 120 or more (a long race
// leaves more time to use the cube well). Long nardy has no published
// figure: [CubeEfficiency].
func Efficiency(pos nardy.Position) float64 {
	if pos.Variant() != nardy.Short || contact(pos) {
		return CubeEfficiency
	}
	pips, _ := pos.Pips()
	return 0.6 + float64(0.1*min(max(float64(pips-40)/80, 0), 1))
}

// contact reports whether some checker of a short-nardy position must
// still pass an opponent's checker (the test the network's contact input
// makes).
func contact(pos nardy.Position) bool {
	b := boardOf(pos)
	var occ [2]uint32
	occ[0], _ = masks(&b.me)
	occ[1], _ = masks(&b.opp)
	return hasContact(&b, occ)
}

// CubeInfo is what a cube decision depends on besides the chances.
type CubeInfo struct {
	Cube    nardy.Cube
	OnRoll  nardy.Color   // the player who may double
	Scoring nardy.Scoring // zero: the variant's default
	// Money play: Jacoby counts mars and koks single while the cube is
	// centred; Beavers lets the opponent beaver a double (S6).
	Money, Jacoby, Beavers bool
	// Match play: the points each player still needs (OnRoll first; 0 or
	// below for a match already won, as [MatchScore] says) and whether
	// this is the Crawford game (no doubling). NoCrawford says the match
	// is played without the Crawford rule (nardy.Rules.Crawford false):
	// a player who reaches 1-away may be doubled in its next game, which
	// makes reaching 1-away worth less (the match equity table changes).
	Away       [2]int
	Crawford   bool
	NoCrawford bool
	MaxCube    int // 0: the default, 64
	// Efficiency is the cube efficiency x of the position (see
	// [Efficiency]); 0 (or NaN) means [CubeEfficiency]. It is clamped to
	// 0..1.
	Efficiency float64
}

// CubeDecision is the verdict on a double by the player on roll, in its
// units: money play in points per cube value before the double (the cube
// is worth 1 now, a take makes it 2), match play in normalised match
// equity on the same scale (+1 is the match-winning chance after cashing
// the cube, −1 after losing it), with the match-winning chances (MWC) too.
// Its JSON writes every field, the ones that do not apply as 0: the
// "mwc_" three in money play, "double_beaver" without beavers; read
// "double_beaver" only when "beaver" may be true (money play, beavers
// allowed) and "mwc_no_double" only in a match.
type CubeDecision struct {
	// NoDouble is the equity of playing on with the cube where it is
	// (whoever holds it), DoubleTake of doubling and being taken,
	// DoublePass of doubling and being passed.
	NoDouble   float64 `json:"no_double"`
	DoubleTake float64 `json:"double_take"`
	DoublePass float64 `json:"double_pass"`
	// DoubleBeaver, in money play with beavers allowed (else 0), is the
	// equity of doubling and being beavered, the doubler then answering
	// the beaver as it does best (S6): taking it, the cube at four times
	// its value and held by the opponent, or dropping it for −2·DoublePass
	// (twice the cube lost). The cube model and the searches count the
	// take 2·DoubleTake, as a take at twice; the exact verdicts of short
	// bear-offs ([Searcher.SearchCube]) count it exactly, which near the
	// cube limit differs.
	DoubleBeaver float64 `json:"double_beaver"`
	// Double: the player on roll should double (a double is allowed and
	// worth more than NoDouble, answered as the opponent does best). Take:
	// the opponent should take (DoubleTake ≤ DoublePass). Beaver, in money
	// play with beavers allowed: the opponent should beaver, take and
	// redouble at once keeping the cube, because that is its best answer
	// (DoubleBeaver below both DoubleTake and DoublePass: where the take
	// leaves it the favourite, DoubleTake < 0, and not so far that the
	// doubler would drop the beaver).
	Double bool `json:"double"`
	Take   bool `json:"take"`
	Beaver bool `json:"beaver"`
	// Exact: the equities are exact, not estimates: from the bear-off
	// database's cubeful tables (money play, both sides bearing off with
	// at most five checkers left; see [Searcher.SearchCube]).
	Exact bool `json:"exact"`
	// Match play only: the match-winning chances of the three.
	MWCNoDouble   float64 `json:"mwc_no_double"`
	MWCDoubleTake float64 `json:"mwc_double_take"`
	MWCDoublePass float64 `json:"mwc_double_pass"`
}

// met returns the default table, computed once per process. It is set in
// init, not in its declaration, because MET.At reads it for a nil *MET
// and ComputeMET calls At: a cycle Go refuses in declarations.
var met func() *MET

// metNoCrawford returns the table of matches played without the Crawford
// rule (nardy.Rules.Crawford false), computed once per process.
var metNoCrawford = sync.OnceValue(func() *MET { return computeMET(false) })

func init() { met = sync.OnceValue(ComputeMET) }

// noCrawford reports whether a game under rules r, judged as money play
// or not, is of a match played without the Crawford rule
// ([CubeInfo.NoCrawford]): match play with the cube and the rule off.
// Without the cube there is no Crawford rule to play without (S6: it is a
// rule of the cube in match play), so rules without it leave a CubeInfo's
// table as it is, as metOf gives their plays the cubeless table.
func noCrawford(r nardy.Rules, money bool) bool { return !money && r.Cube && !r.Crawford }

// metWith returns the table of matches with the Crawford rule, or
// without it (noCrawford).
func metWith(noCrawford bool) *MET {
	if noCrawford {
		return metNoCrawford()
	}
	return met()
}

// DefaultMET returns the match equity table the cube decisions use in a
// match with the Crawford rule (see [ComputeMET]; a match without it has
// the same model's table without the Crawford game, [CubeInfo.NoCrawford]):
// a new copy at each call (about 35 KB, the table computed once per
// process), the caller's to change without changing any cube decision.
func DefaultMET() *MET {
	m := *met()
	return &m
}

// Equity returns the cubeful equity of the player on roll under the
// verdict: the double's, with the opponent's best answer, when it doubles,
// else NoDouble.
func (d CubeDecision) Equity() float64 {
	if d.Double {
		return d.DoubleEquity()
	}
	return d.NoDouble
}

// DoubleEquity returns the equity of a double to the player on roll,
// answered as the opponent does best: DoubleBeaver when it beavers, else
// the smaller of DoubleTake and DoublePass.
func (d CubeDecision) DoubleEquity() float64 {
	if d.Beaver {
		return d.DoubleBeaver
	}
	return min(d.DoubleTake, d.DoublePass)
}

// mwc returns the match-winning chance of the player on roll under the
// verdict (match play): the double's, answered as the opponent does best,
// when it doubles, else no double's.
func (d CubeDecision) mwc() float64 {
	if d.Double {
		return min(d.MWCDoubleTake, d.MWCDoublePass)
	}
	return d.MWCNoDouble
}

// decide sets the verdict of d from its equities, for the cube state ci. A
// double must gain: where it changes nothing (a dead cube, as at double
// match point, or a game already decided) the cube stays put, or two
// players that both follow this rule would double and take back and forth
// up to the limit.
func (d *CubeDecision) decide(ci CubeInfo) { d.decideBeavered(ci, 2*d.DoubleTake) }

// decideBeavered is decide with beaver the equity of playing on after a
// beaver of the double, where beavers are allowed. The doubler may drop
// the beaver instead (S6), losing twice the cube: a double beavered is
// worth to it the better of the two.
func (d *CubeDecision) decideBeavered(ci CubeInfo, beaver float64) {
	if ci.deadForDoubler() {
		// A double that cannot gain is worth no more than playing on: the
		// search's estimates of the two, whose branches choose their plays
		// at different cubes, can put it a little above.
		d.DoubleTake, d.MWCDoubleTake = min(d.DoubleTake, d.NoDouble), min(d.MWCDoubleTake, d.MWCNoDouble)
	}
	d.Take = d.DoubleTake <= d.DoublePass
	if ci.mayBeaver() {
		d.DoubleBeaver = max(beaver, -2*d.DoublePass)
		d.Beaver = d.DoubleBeaver < min(d.DoubleTake, d.DoublePass)
	}
	d.Double = ci.mayDouble() && d.DoubleEquity() > d.NoDouble+cubeTie
}

// TakeBeaver says whether the doubler, its double beavered (S6), should
// take the beaver, and what taking it is worth to it: DoubleBeaver where
// that beats the drop's −2·DoublePass, else the take at twice the
// take's value capped at the drop's, min(2·DoubleTake, −2·DoublePass).
// Both are in the decision's units, per cube value before the double.
func (d CubeDecision) TakeBeaver() (take bool, equity float64) {
	if d.DoubleBeaver > -2*d.DoublePass {
		return true, d.DoubleBeaver
	}
	return false, min(2*d.DoubleTake, -2*d.DoublePass)
}

// value returns the cube's value under ci, at least 1.
func (ci CubeInfo) value() int { return max(ci.Cube.Value, 1) }

// limit returns the highest value the cube may reach under ci.
func (ci CubeInfo) limit() int {
	if ci.MaxCube == 0 {
		return nardy.Rules{}.CubeLimit() // the default limit
	}
	return ci.MaxCube
}

// mayDouble reports whether the player on roll may double and gain by it:
// the cube is centred or its own, the doubled cube within the limit, the
// game not the Crawford game, and in match play a win at the cube's value
// does not already win it the match. Such a player's double (the leader
// at 1-away after the Crawford game, 1-away against 1-away) cannot gain:
// a pass gives it no more than a win would, and a take only raises what the
// opponent wins (S6 allows it; no reference advises it).
func (ci CubeInfo) mayDouble() bool {
	return ci.Cube.MayDouble(ci.OnRoll) && ci.value() <= ci.limit()/2 && !ci.Crawford && !ci.deadForDoubler()
}

// deadForDoubler reports whether, in match play, a single win at the
// cube's value (the table's single game times the cube) already wins the
// player on roll the match: its double cannot gain.
func (ci CubeInfo) deadForDoubler() bool {
	return !ci.Money && ci.Away[0] <= cubePoints(float64(max(ci.Scoring.Oin, 1)), ci.value())
}

// mayBeaver reports whether the opponent may beaver a double: money play
// with beavers, and four times the cube within the limit.
func (ci CubeInfo) mayBeaver() bool {
	return ci.Money && ci.Beavers && ci.value() <= ci.limit()/4
}

// doubled returns twice the cube value v (v ≥ 1), or the largest int
// where twice v would overflow (a double no limit allows).
func doubled(v int) int {
	if v > math.MaxInt/2 {
		return math.MaxInt
	}
	return 2 * v
}

// norm returns the normalised match equity of the player on roll under ci
// (match play), at the cube's value.
func (ci CubeInfo) norm() matchNorm {
	var s MatchScore
	s.Away[nardy.White], s.Away[nardy.Black] = ci.Away[0], ci.Away[1]
	s.Cube = ci.value()
	return newMatchNorm(metWith(ci.NoCrawford), s, nardy.White)
}

// winPoints returns the points of the win whose exact outcome p is (the
// winner's chances of a finished game) at ci's cube: every win single
// under the Jacoby rule while the cube is centred, in money play.
func (ci CubeInfo) winPoints(p Probs) int {
	k := pointsOf(ci.Scoring, p.Variant)
	if ci.Money && ci.Jacoby && ci.Cube.Centred() {
		k = k.singles()
	}
	return cubePoints(avgWin(p, k), ci.value())
}

// cubePoints returns the points of a win worth x points at cube value v
// (v ≥ 1): x rounded, times v, or the largest int where that would
// overflow (past every score).
func cubePoints(x float64, v int) int {
	n := int(x + 0.5)
	if n > 0 && v > math.MaxInt/n {
		return math.MaxInt
	}
	return n * v
}

// cubeTie is the least gain in equity that makes a double worth giving.
const cubeTie = 1e-9

// DecideCube judges a double by the player on roll with cubeless chances p
// (its own). Money play uses Janowski's formulas (cube efficiency
// ci.Efficiency, [CubeEfficiency] when it is 0) on the average points of a win and of a loss; match
// play uses the same formulas on match equity normalised so that cashing
// the current cube is +1 and losing it −1, with [DefaultMET] (or, with
// ci.NoCrawford, the table without the Crawford game). A double that the
// cube, the Crawford game or MaxCube forbids, or that cannot gain (in a
// match, a single win at the cube's value already takes the match: the
// double is then valued no higher than playing on), is never advised; a
// beaver only with ci.Beavers in money play, when the cube may reach four
// times its value. The zero Probs (no evaluation) gives the zero
// CubeDecision, as [Searcher.SearchCube] where it has no evaluation.
func DecideCube(p Probs, ci CubeInfo) CubeDecision {
	if p == (Probs{}) {
		return CubeDecision{}
	}
	k := pointsOf(ci.Scoring, p.Variant)
	W, L := avgWin(p, k), avgWin(p.Flip(), k)
	x := CubeEfficiency
	if e := ci.Efficiency; e != 0 && !math.IsNaN(e) {
		x = min(max(e, 0), 1)
	}
	c := ci.value()
	var d CubeDecision
	if ci.Money {
		// Jacoby: gammons count single as long as the cube stays
		// centred, that is in the dead-cube part of the model; the live
		// part turns the cube before the game ends.
		nd := newJanowski(W, L, x)
		if ci.Jacoby && ci.Cube.Centred() {
			nd.Wd, nd.Ld = 1, 1
		}
		d.NoDouble = nd.equity(stateOf(ci.Cube, ci.OnRoll), p.Win)
		d.DoubleTake = 2 * newJanowski(W, L, x).equity(oppCube, p.Win)
		d.DoublePass = 1
	} else {
		mc := matchCube{m: metWith(ci.NoCrawford), a: ci.Away[0], b: ci.Away[1], p: p, k: k, maxCube: ci.limit(), crawford: ci.Crawford}
		n := ci.norm()
		d.MWCNoDouble = mc.cubeful(c, ci.Cube.MayDouble(ci.OnRoll), ci.Cube.MayDouble(ci.OnRoll.Other()), x)
		d.MWCDoubleTake = mc.cubeful(doubled(c), false, true, x)
		d.MWCDoublePass = n.after(true, c)
		d.NoDouble, d.DoubleTake, d.DoublePass = n.norm(d.MWCNoDouble), n.norm(d.MWCDoubleTake), 1
	}
	d.decide(ci)
	return d
}

// mixMWC returns the average match-winning chance (for the player a away,
// the owner of p when won, else its opponent) over the kinds of a win of
// the side whose chances p are, at cube value v.
func mixMWC(p Probs, k kindPoints, v int, next func(bool, int) float64, won bool) float64 {
	if p.Win <= 0 {
		return next(won, v)
	}
	pts := func(x float64) int { return cubePoints(x, v) }
	oin := p.Win - p.WinMars
	mars := p.WinMars - p.WinKoks - p.WinHomeMars
	s := float64(oin*next(won, pts(k.oin))) + float64(mars*next(won, pts(k.mars))) +
		float64(p.WinKoks*next(won, pts(k.koks))) + float64(p.WinHomeMars*next(won, pts(k.home)))
	return s / p.Win
}

// avgWin returns the average points of a win of the owner of p (a single
// win's, k.oin, when it cannot win).
func avgWin(p Probs, k kindPoints) float64 {
	if p.Win <= 0 {
		return k.oin
	}
	oin := p.Win - p.WinMars
	mars := p.WinMars - p.WinKoks - p.WinHomeMars
	return (float64(oin*k.oin) + float64(mars*k.mars) + float64(p.WinKoks*k.koks) + float64(p.WinHomeMars*k.home)) / p.Win
}

// GameCubeInfo returns the cube state of game g for a decision of player
// onRoll (the player who may double, or who has doubled; after a beaver,
// [nardy.Game.Beavered], the cube before the double), who still needs
// away[0] points to its opponent's away[1] in match play; a zero away, or
// a game of money play, is judged as money play (Jacoby and beavers as
// g's rules say). The cube efficiency is [Efficiency] of g's position.
func GameCubeInfo(g nardy.Game, onRoll nardy.Color, away [2]int) CubeInfo {
	r := g.Rules()
	money := g.IsMoney() || away == [2]int{}
	cube := g.Cube()
	if g.Beavered() {
		// The decision is the double's: the cube before it, at half the
		// beaver's, centred at 1, else the doubler's (S6).
		cube = nardy.Cube{Value: cube.Value / 2, Owned: cube.Value > 2}
		if cube.Owned {
			cube.Owner = g.Position().OnRoll()
		}
	}
	return CubeInfo{Cube: cube, OnRoll: onRoll, Scoring: r.Scoring, Money: money,
		Jacoby: r.Jacoby && g.IsMoney(), Beavers: r.Beavers && g.IsMoney(), Away: away,
		Crawford: g.IsCrawford(), NoCrawford: noCrawford(r, money), MaxCube: r.MaxCube, Efficiency: Efficiency(g.Position())}
}

// CubeAction returns the action player me takes in g outside the play
// phase, judged with s at ply ([Searcher.SearchCube] for the cube): roll
// or double (PhaseRoll), take, beaver (where the rules allow it) or drop
// (PhaseCube; after a beaver, the doubler takes or drops it as
// [CubeDecision.TakeBeaver] says), accept or reject a resignation (PhaseResign). away gives
// the points each player still needs in match play (me first); it is
// ignored in money play, and a zero away judges a game of a match as
// money play. A resignation is accepted when it is worth at least what
// the game played on (cubeless) is worth to me: in money play in points,
// every win single under the Jacoby rule while the cube is centred (as
// the game scores it); in match play in match-winning chance at the
// score, so that an offer that wins the match is always accepted.
//
// A game in another phase (the zero Game among them) is an error matching
// [nardy.ErrWrongPhase] (and [nardy.ErrGameOver] when it is over); a
// player me who is not the one to act, [nardy.ErrNotYourTurn]. A nil s
// judges as the zero Searcher does: without an evaluation (see
// [NewSearcher]).
func CubeAction(s *Searcher, g nardy.Game, me nardy.Color, ply int, away [2]int) (nardy.Action, error) {
	a := nardy.Action{Player: me}
	pos := g.Position()
	switch ph := g.Phase(); {
	case g.IsOver():
		return a, fmt.Errorf("neural: cube action: %w (%w)", nardy.ErrGameOver, nardy.ErrWrongPhase)
	case ph != nardy.PhaseRoll && ph != nardy.PhaseCube && ph != nardy.PhaseResign:
		return a, fmt.Errorf("neural: cube action: %w: phase %s (roll, cube or resign wanted)", nardy.ErrWrongPhase, ph)
	}
	if who, _ := g.ToAct(); who != me {
		return a, fmt.Errorf("neural: cube action: %w: %s acts in phase %s, not %s", nardy.ErrNotYourTurn, who, g.Phase(), me)
	}
	if s == nil {
		s = new(Searcher)
	}
	if g.Beavered() {
		// me doubled and is on roll; the beaver is a double to answer.
		a.Kind = nardy.ActDrop
		if take, _ := s.SearchCube(pos, GameCubeInfo(g, me, away), ply).TakeBeaver(); take {
			a.Kind = nardy.ActTake
		}
		return a, nil
	}
	switch g.Phase() {
	case nardy.PhaseRoll:
		a.Kind = nardy.ActRoll
		if !g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}) {
			return a, nil // no double possible
		}
		if s.SearchCube(pos, GameCubeInfo(g, me, away), ply).Double {
			a.Kind = nardy.ActDouble
		}
	case nardy.PhaseCube:
		// The doubler is on roll; its chances are the position's.
		d := s.SearchCube(pos, GameCubeInfo(g, me.Other(), [2]int{away[1], away[0]}), ply)
		switch {
		case d.Beaver:
			a.Kind = nardy.ActBeaver
		case d.Take:
			a.Kind = nardy.ActTake
		default:
			a.Kind = nardy.ActDrop
		}
	case nardy.PhaseResign:
		kind, by, _ := g.Offer()
		p := s.Eval(pos, ply)
		if pos.OnRoll() != me {
			p = p.Flip()
		}
		v := resignValues(g, me, away)
		offered := map[nardy.ResultKind]float64{nardy.Oin: v.win.oin, nardy.Mars: v.win.mars,
			nardy.Koks: v.win.koks, nardy.HomeMars: v.win.home}[kind]
		a.Kind = nardy.ActReject
		if by != me && offered >= p.value(&v)-1e-9 {
			a.Kind = nardy.ActAccept
		}
	}
	return a, nil
}

// resignValues returns what each end of game g is worth to player me, who
// is offered a resignation, on the scale the offer is weighed on: in money
// play the points of g's table, each win single under the Jacoby rule
// while the cube is centred (as the game scores a resignation then); in
// match play, away given (me first), the normalised match equity after
// the game at the cube's value (see [MatchScore]), so that an offer that
// wins the match is worth all a game can be.
func resignValues(g nardy.Game, me nardy.Color, away [2]int) outcomeValues {
	r := g.Rules()
	k := pointsOf(r.Scoring, r.Variant)
	if g.IsMoney() || away == [2]int{} {
		if r.Jacoby && g.IsMoney() && g.Cube().Centred() {
			k = k.singles()
		}
		return moneyValues(k)
	}
	return matchValues(metOf(r), k, ScoreFor(me, away, g.Cube().Value), me)
}
