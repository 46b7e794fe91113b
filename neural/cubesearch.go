package neural

import "github.com/nardylab/nardy"

// SearchCube judges a double by the player on roll of pos (ci is its cube
// state, ci.OnRoll pos's player on roll) with a cubeful search ply rolls
// deep, as GNU Backgammon's n-ply cube decisions do. At 0-ply it is
// [DecideCube] on the network's chances. At 1 and 2 ply, no double and
// double/take are each the average, over the player's 21 rolls, of the
// opponent's cubeful equity after the player's best play (cubeless, at
// 0-ply; in match play at the score with that branch's cube) one ply less
// deep, with the cube where it is or doubled and held by the opponent;
// that equity is the opponent's own decision there (to
// double or not, the player taking, passing or beavering as the same
// search advises), and at 0-ply the cube model's on the network's chances
// of the position reached, with its own [Efficiency]. A roll that takes
// the player past its cash point (a market loser) thus counts at the
// value of the cash it missed, which the cube model on averaged chances
// cannot see. Units and flags are [DecideCube]'s; ci.Efficiency applies
// at the root at 0-ply only. In match play the Searcher's Match should be
// the score, for the plays (its Cube is not read: each branch chooses its
// plays at its own cube). In money play (a single win worth one point,
// as by default), where both sides bear off with at most five checkers
// left, the verdict is exact at any ply, from the bear-off database's
// cubeful tables (the cube limit and beavers included), and the search
// uses them at every position they cover. With no evaluation (see
// [NewSearcher]) it returns the zero CubeDecision. In match play under
// rules with the cube and without the Crawford rule, ci is read with
// NoCrawford set, as the Searcher's plays are valued (rules without the
// cube leave ci as it is). A finished position is judged at 0-ply on
// its known outcome ([Net.Evaluate]'s), without the network: a double is
// then worth no more than playing on, and Double is false. The last
// position of a game drawn by L11's last roll (both sides off) is judged
// as the draw: in money play every equity but DoublePass is 0 (a draw
// nets nothing at any cube); in match play the chances are those of the
// score after the draw, the cube's value added to both scores (L11, at
// twice the value for DoubleTake); Double is false there too.
func (s *Searcher) SearchCube(pos nardy.Position, ci CubeInfo, ply int) CubeDecision {
	if !s.evaluates(pos.Variant()) {
		return CubeDecision{}
	}
	ci.NoCrawford = ci.NoCrawford || noCrawford(s.Rules, ci.Money)
	if drawn(pos) {
		return drawnDecision(ci)
	}
	s.prepare()
	ply = min(max(ply, 0), MaxPly)
	if pos.IsOver() {
		ply = 0
	}
	d, _ := bounded(s, ply, func(ply int) CubeDecision { return s.decision(pos, ci, ply, true) })
	return d
}

// drawn reports whether pos is the last position of a game drawn by
// L11's last roll: both sides have borne off every checker.
func drawn(pos nardy.Position) bool {
	return pos.Side(nardy.White)[nardy.Off] == nardy.Checkers && pos.Side(nardy.Black)[nardy.Off] == nardy.Checkers
}

// drawnDecision is SearchCube's verdict on a drawn game's last position
// with ci: no double (the game is over), and the draw's value at ci's
// cube and at twice it (DoubleTake), a win of the cube for DoublePass.
func drawnDecision(ci CubeInfo) CubeDecision {
	d := CubeDecision{DoublePass: 1, Take: true}
	if ci.Money {
		return d // each side scores the same: the draw nets 0 at any cube
	}
	n, c := ci.norm(), ci.value()
	d.MWCNoDouble, d.MWCDoubleTake, d.MWCDoublePass = n.afterDraw(c), n.afterDraw(doubled(c)), n.after(true, c)
	d.NoDouble, d.DoubleTake = n.norm(d.MWCNoDouble), n.norm(d.MWCDoubleTake)
	d.Take = d.DoubleTake <= d.DoublePass
	return d
}

// decision is the verdict at pos with ci at ply: the bear-off database's
// exact one where it has one, else the cube model on the 0-ply chances
// at ply 0, else the cubeful search (searchCube, with all).
func (s *Searcher) decision(pos nardy.Position, ci CubeInfo, ply int, all bool) CubeDecision {
	if d, ok := exactCube(pos, ci); ok {
		return d
	}
	if ply == 0 {
		return DecideCube(s.evaluate(pos), ci)
	}
	return s.searchCube(pos, ci, ply, all)
}

// searchCube is SearchCube at ply ≥ 1; below the root (all false) it
// searches double/take only where the player may double.
func (s *Searcher) searchCube(pos nardy.Position, ci CubeInfo, ply int, all bool) CubeDecision {
	c := ci.value()
	nd := s.afterRolls(pos, ci, ply)
	var dt float64
	if all || ci.mayDouble() {
		taken := ci
		taken.Cube = nardy.Cube{Value: doubled(c), Owned: true, Owner: ci.OnRoll.Other()}
		dt = s.afterRolls(pos, taken, ply)
	}
	var d CubeDecision
	if ci.Money {
		d.NoDouble, d.DoubleTake, d.DoublePass = nd/float64(c), dt/float64(c), 1
	} else {
		n := ci.norm()
		d.MWCNoDouble, d.MWCDoubleTake, d.MWCDoublePass = nd, dt, n.after(true, c)
		d.NoDouble, d.DoubleTake, d.DoublePass = n.norm(nd), n.norm(dt), 1
	}
	d.decide(ci)
	return d
}

// afterRolls returns the cubeful value of pos for its player on roll
// (ci's) with ci's cube, searched ply ≥ 1 deep: the average over its 21
// rolls of the value, to it, of the opponent's position after its best
// play at ply − 1. In match play the plays are chosen for the match score
// with ci's cube, which after a double is not the Match's: what a gammon
// is worth at the score depends on the cube (S6), as a doubled game is
// played out at its new value.
func (s *Searcher) afterRolls(pos nardy.Position, ci CubeInfo, ply int) float64 {
	if c := ci.value(); !s.Match.isMoney() && c != s.valsCube {
		vals, cube := s.vals, s.valsCube
		s.vals, s.valsCube = s.valuesAt(c), c
		defer func() { s.vals, s.valsCube = vals, cube }()
	}
	next := ci
	next.OnRoll, next.Away = ci.OnRoll.Other(), [2]int{ci.Away[1], ci.Away[0]}
	var sum float64
	for _, wr := range nardy.AllRolls() {
		if s.spent() {
			return 0 // thrown away
		}
		q := pos.Pass()
		plays, err := s.Rules.AppendLegal(s.buf(ply), pos, wr.Roll)
		if err == nil && len(plays) > 0 {
			best, _ := s.best0(plays, ply)
			q = plays[best].Result()
		}
		v := s.cubefulValue(q, next, ply-1)
		if ci.Money {
			v = -v
		} else {
			v = 1 - v
		}
		sum += float64(float64(wr.Weight) * v)
	}
	return sum / 36
}

// cubefulValue returns the cubeful value of pos for its player on roll
// (ci's), with ci's cube, searched ply deep: in money play the points it
// can expect (the cube's value included), in match play its match-winning
// chance. A finished game is worth what its end is; otherwise the value
// is that of the player's best cube action (its double answered as the
// opponent does best), by the cube model at 0-ply. pos is the result of a
// play from a position that is not over (afterRolls', which SearchCube
// reaches only from such a root), so a finished pos is the loss of its
// player on roll: only the player who just played can have borne off
// every checker. A drawn game's last position (both sides off, L11) never
// comes here; SearchCube judges it at the root (drawnDecision).
func (s *Searcher) cubefulValue(pos nardy.Position, ci CubeInfo, ply int) float64 {
	if pos.IsOver() { // the player on roll has lost
		pts := ci.winPoints(s.evaluate(pos).Flip())
		if ci.Money {
			return -float64(pts)
		}
		return ci.norm().after(false, pts)
	}
	if ply == 0 {
		ci.Efficiency = Efficiency(pos) // the leaf's own
	}
	d := s.decision(pos, ci, ply, false)
	if ci.Money {
		return d.Equity() * float64(ci.value())
	}
	return d.mwc()
}
