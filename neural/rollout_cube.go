package neural

import "github.com/nardylab/nardy"

// trialCube is the cube of one cubeful trial: where it is and, once a
// double has been passed, the trial's cubeful result for the player on
// roll at its start.
type trialCube struct {
	cube   nardy.Cube
	passed bool
	points float64
}

// cubeInfo returns the money-play cube state of pos, for its player on
// roll, under the Searcher's rules and scoring table.
func (s *Searcher) cubeInfo(pos nardy.Position, cube nardy.Cube) CubeInfo {
	return CubeInfo{Cube: cube, OnRoll: pos.OnRoll(), Scoring: s.scoring(), Money: true,
		Jacoby: s.Rules.Jacoby, MaxCube: s.Rules.MaxCube, Efficiency: Efficiency(pos)}
}

// cubeTurn makes the cube decisions before a roll of a cubeful trial (S6):
// the player on roll of pos doubles when [DecideCube] advises it on its
// evaluation at ply, and the opponent takes or passes as the same verdict
// advises. A pass fixes the trial's cubeful result: the doubler wins the
// cube's value before the double.
func (s *Searcher) cubeTurn(pos nardy.Position, tc *trialCube, ply int, root nardy.Color) {
	mover := pos.OnRoll()
	if !tc.cube.MayDouble(mover) {
		return
	}
	d := DecideCube(s.eval(pos, ply), s.cubeInfo(pos, tc.cube))
	switch {
	case !d.Double:
	case d.Take:
		tc.cube = nardy.Cube{Value: 2 * tc.cube.Value, Owned: true, Owner: mover.Other()}
	default:
		tc.passed, tc.points = true, float64(tc.cube.Value)
		if mover != root {
			tc.points = -tc.points
		}
	}
}

// cubefulEnd returns the cubeful result of a trial that ends at pos, for
// root, in points: a passed double's, or else, p being the network's
// evaluation of pos for its player on roll, the game's points times the
// cube when the game is over (every win single under Jacoby while the cube
// is centred), and the cubeful equity of Janowski's model ([DecideCube]:
// the better of playing on and the double's verdict) times the cube when
// the trial was cut short.
func (s *Searcher) cubefulEnd(pos nardy.Position, p Probs, tc *trialCube, over bool, root nardy.Color) float64 {
	if tc.passed {
		return tc.points
	}
	ci := s.cubeInfo(pos, tc.cube)
	var e float64
	if over {
		k := pointsOf(ci.Scoring, pos.Variant())
		if ci.Jacoby && tc.cube.Centred() {
			k = kindPoints{k.oin, k.oin, k.oin, k.oin}
		}
		e = p.Win*avgWin(p, k) - p.Lose()*avgWin(p.Flip(), k)
	} else {
		d := DecideCube(p, ci)
		e = d.NoDouble
		if d.Double {
			e = min(d.DoubleTake, d.DoublePass)
		}
	}
	e *= float64(tc.cube.Value)
	if pos.OnRoll() != root {
		e = -e
	}
	return e
}
