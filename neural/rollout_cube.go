package neural

import "github.com/nardylab/nardy"

// trialCube is the cube of one cubeful trial: where it is, where it was at
// the start (the unit of the result), the player on roll at the start
// (whose result it is) and, once a double has been passed, the trial's
// cubeful result.
type trialCube struct {
	cube   nardy.Cube
	start  int
	root   nardy.Color
	passed bool
	result float64
}

// CubeInfo returns the cube state of pos for its player on roll with the
// cube where cube says, under the Searcher's rules, scoring table and
// match score (Match): what [Searcher.SearchCube] and [DecideCube] need
// for a position outside a game ([GameCubeInfo] reads a game's).
func (s *Searcher) CubeInfo(pos nardy.Position, cube nardy.Cube) CubeInfo {
	if s == nil {
		s = new(Searcher)
	}
	me := pos.OnRoll()
	money := s.Match.isMoney()
	return CubeInfo{Cube: cube, OnRoll: me, Scoring: s.scoring(), Money: money,
		Jacoby: s.Rules.Jacoby && money, Beavers: s.Rules.Beavers && money, Away: [2]int{s.Match.Away[me], s.Match.Away[me.Other()]},
		Crawford: s.Match.Crawford, NoCrawford: noCrawford(s.Rules, money), MaxCube: s.Rules.MaxCube, Efficiency: Efficiency(pos)}
}

// cubeTurn makes the cube decisions before a roll of a cubeful trial (S6):
// the player on roll of pos doubles when [DecideCube] advises it on its
// evaluation at ply (or the bear-off database's exact verdict, where it
// has one), and the opponent takes, beavers or passes as the same verdict
// advises. A pass fixes the trial's cubeful result: the
// doubler wins the cube's value before the double.
func (s *Searcher) cubeTurn(pos nardy.Position, tc *trialCube, ply int) {
	mover := pos.OnRoll()
	if !tc.cube.MayDouble(mover) {
		return
	}
	ci := s.CubeInfo(pos, tc.cube)
	d, exact := exactCube(pos, ci)
	if !exact {
		d = DecideCube(s.eval(pos, ply), ci)
	}
	switch {
	case !d.Double:
	case d.Beaver:
		tc.cube = nardy.Cube{Value: 4 * tc.cube.Value, Owned: true, Owner: mover.Other()}
	case d.Take:
		tc.cube = nardy.Cube{Value: 2 * tc.cube.Value, Owned: true, Owner: mover.Other()}
	default:
		tc.passed, tc.result = true, s.settle(tc, mover, tc.cube.Value)
	}
}

// settle returns the cubeful result for tc.root of a game that winner
// wins by n points: the points per unit of the starting cube in money
// play; in match play the match-winning chance after it, normalised as the
// rollout's cubeless equities are (+1 after a single win at the starting
// cube, −1 after a single loss).
func (s *Searcher) settle(tc *trialCube, winner nardy.Color, n int) float64 {
	if s.Match.isMoney() {
		v := float64(n) / float64(tc.start)
		if winner != tc.root {
			v = -v
		}
		return v
	}
	m := s.matchNorm(tc)
	return m.norm(m.after(winner == tc.root, n))
}

// matchNorm returns the match-play outcomes of a trial for tc.root, at
// the Searcher's match score (whose cube is the starting cube).
func (s *Searcher) matchNorm(tc *trialCube) matchNorm {
	return newMatchNorm(metOf(s.Rules), s.Match, tc.root)
}

// cubefulEnd returns the cubeful result of a trial that ends at pos, for
// tc.root: a passed double's, or else, p being the network's evaluation of
// pos for its player on roll, the game's result at the cube when the game
// is over (every win single under the Jacoby rule while the cube is
// centred, in money play), and the cubeful equity of the cube model
// ([DecideCube]: the better of playing on and the double's verdict, or the
// bear-off database's exact one) when the trial was cut short.
func (s *Searcher) cubefulEnd(pos nardy.Position, p Probs, tc *trialCube, over bool) float64 {
	if tc.passed {
		return tc.result
	}
	ci := s.CubeInfo(pos, tc.cube)
	mover := pos.OnRoll()
	if over {
		winner, q := mover, p
		if p.Win < 0.5 {
			winner, q = mover.Other(), p.Flip()
		}
		return s.settle(tc, winner, ci.winPoints(q))
	}
	d, exact := exactCube(pos, ci)
	if !exact {
		d = DecideCube(p, ci)
	}
	if s.Match.isMoney() {
		e := d.Equity()
		e *= float64(tc.cube.Value) / float64(tc.start)
		if mover != tc.root {
			e = -e
		}
		return e
	}
	mwc := d.mwc()
	if mover != tc.root {
		mwc = 1 - mwc
	}
	return s.matchNorm(tc).norm(mwc)
}
