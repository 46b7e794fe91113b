package neural

import "github.com/nardylab/nardy"

// MatchScore places a game in a match, for choosing plays by the chance of
// winning the match instead of points: a gammon that wins the match is
// worth no more than a single game, and one that loses it costs no more
// than a single loss. The zero MatchScore is money play.
type MatchScore struct {
	// Away holds the points each player still needs, indexed by
	// [nardy.Color] (Away[nardy.White], Away[nardy.Black]); both 0 for
	// money play.
	Away [2]int
	// Cube is the cube's value, the stake the game is played out at
	// (0 counts as 1).
	Cube int
	// Crawford says the game is the Crawford game, in which nobody may
	// double; only the cube decisions of cubeful rollouts read it.
	Crawford bool
}

// ScoreFor returns the MatchScore of a game at cube value cube in which
// player me still needs away[0] points and its opponent away[1]; a zero
// away is money play.
func ScoreFor(me nardy.Color, away [2]int, cube int) MatchScore {
	if away == [2]int{} {
		return MatchScore{}
	}
	var s MatchScore
	s.Away[me], s.Away[me.Other()] = away[0], away[1]
	s.Cube = cube
	return s
}

// isMoney reports whether s is money play (no score).
func (s MatchScore) isMoney() bool { return s.Away == [2]int{} }

// matchValues returns what each kind of end of the game is worth to
// player me under score s, the points of each kind of win k and the
// match equity table m: the match-winning chance (MWC) after it, with the
// cube dead at its value, normalised as [DecideCube] normalises match
// equity (+1 after a single win, −1 after a single loss), so that equities
// stay on the scale of points the move filters use. The next game is the
// Crawford game when a side reaches 1-away from further back; a game at
// 1-away is followed by post-Crawford games.
func matchValues(m *MET, k kindPoints, s MatchScore, me nardy.Color) outcomeValues {
	a, b := s.Away[me], s.Away[me.Other()]
	cube := max(s.Cube, 1)
	end := func(won bool, pts float64) float64 {
		n := int(pts+0.5) * cube
		if won {
			return m.At(a-n, b, a > 1 && b > 1)
		}
		return m.At(a, b-n, a > 1 && b > 1)
	}
	mw, ml := end(true, 1), end(false, 1)
	mid, half := (mw+ml)/2, (mw-ml)/2
	if half <= 0 {
		half = 1e-9 // the game cannot change the match (not reached with valid scores)
	}
	norm := func(won bool, pts float64) float64 { return (end(won, pts) - mid) / half }
	return outcomeValues{
		win:  kindPoints{oin: norm(true, k.oin), mars: norm(true, k.mars), koks: norm(true, k.koks), home: norm(true, k.home)},
		lose: kindPoints{oin: norm(false, k.oin), mars: norm(false, k.mars), koks: norm(false, k.koks), home: norm(false, k.home)},
	}
}
