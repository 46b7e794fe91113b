package neural

import "github.com/nardylab/nardy"

// MatchScore places a game in a match, for choosing plays by the chance of
// winning the match instead of points: a gammon that wins the match is
// worth no more than a single game, and one that loses it costs no more
// than a single loss. The zero MatchScore is money play.
type MatchScore struct {
	// Away holds the points each player still needs, indexed by
	// [nardy.Color] (Away[nardy.White], Away[nardy.Black]); both 0 for
	// money play. The away arguments of [ScoreFor], [GameCubeInfo],
	// [CubeAction] and analysis.HintFor, and [nardy.Match.Away], put a
	// player first instead: ScoreFor turns one into a MatchScore. With one at 0 or below (not both 0) the match is
	// already won, as [MET.At] reads such a score: no game changes it,
	// so every end of the game is worth the same and every play 0,
	// whatever the cube. Any length of match is read: past [MaxAway] as
	// [MET.At] says.
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
// away is money play, and so is a colour other than White and Black (the
// zero MatchScore).
func ScoreFor(me nardy.Color, away [2]int, cube int) MatchScore {
	if away == [2]int{} || !me.IsValid() {
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
// stay on the scale of points the move filters use.
func matchValues(m *MET, k kindPoints, s MatchScore, me nardy.Color) outcomeValues {
	n := newMatchNorm(m, s, me)
	cube := max(s.Cube, 1)
	norm := func(won bool, pts float64) float64 { return n.norm(n.after(won, cubePoints(pts, cube))) }
	return outcomeValues{
		win:  kindPoints{oin: norm(true, k.oin), mars: norm(true, k.mars), koks: norm(true, k.koks), home: norm(true, k.home)},
		lose: kindPoints{oin: norm(false, k.oin), mars: norm(false, k.mars), koks: norm(false, k.koks), home: norm(false, k.home)},
	}
}

// matchNorm is the end of one game of a match seen by one player: its
// match-winning chance after the game, and normalised match equity, +1
// after a single win at the game's cube and −1 after a single loss. The
// next game is the Crawford game when a side reaches 1-away from further
// back; a game at 1-away is followed by post-Crawford games.
type matchNorm struct {
	m         *MET
	a, b      int     // the points the player and its opponent still need
	crawford  bool    // the next game would be the Crawford game
	mid, half float64 // the middle and half the width of the single game's range
}

// newMatchNorm returns the matchNorm of player me at score s, with table m.
func newMatchNorm(m *MET, s MatchScore, me nardy.Color) matchNorm {
	n := matchNorm{m: m, a: s.Away[me], b: s.Away[me.Other()]}
	n.crawford = n.a > 1 && n.b > 1
	cube := max(s.Cube, 1)
	mw, ml := n.after(true, cube), n.after(false, cube)
	n.mid, n.half = (mw+ml)/2, (mw-ml)/2
	if n.half <= 0 {
		n.half = 1e-9 // the game cannot change the match: it is won already
	}
	return n
}

// after returns the player's match-winning chance after it wins (won) or
// loses the game by pts points, the cube included.
func (n matchNorm) after(won bool, pts int) float64 {
	a, b := awayAfter(n.a, n.b, pts, won)
	return n.m.At(a, b, n.crawford)
}

// afterDraw returns the player's match-winning chance after a game drawn
// (L11) for pts points each (the cube's value; a match refuses ½–½): both
// scores gain them, a player who reaches the length ahead of the other
// wins the match, and both reaching it level go on to a game that
// decides it (½). A match already won stays so.
func (n matchNorm) afterDraw(pts int) float64 {
	switch {
	case n.a <= 0 || n.b <= 0:
		return n.m.At(n.a, n.b, n.crawford)
	case n.a > pts && n.b > pts:
		return n.m.At(n.a-pts, n.b-pts, n.crawford)
	case n.a < n.b:
		return 1
	case n.a > n.b:
		return 0
	}
	return 0.5
}

// norm returns the normalised match equity of a match-winning chance.
func (n matchNorm) norm(mwc float64) float64 { return (mwc - n.mid) / n.half }

// mwc returns the match-winning chance of a normalised match equity (the
// inverse of norm).
func (n matchNorm) mwc(eq float64) float64 { return n.mid + float64(eq*n.half) }
