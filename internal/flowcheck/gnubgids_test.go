package flowcheck

import (
	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

// gnubgIDRefusal is the error the package documentation says gnubg.FromGame
// or FromMatch gives for the referee's state, or nil for a state GNU
// Backgammon's Position ID and Match ID hold: another table than
// backgammon's 1-2-3 (S5) or a cube past gnubg.MaxCube (ErrInvalidRules), the
// game before its opening throw (ErrWrongPhase), a finished game or match
// (ErrGameOver). A resignation offered is held, unlike in an XGID.
func gnubgIDRefusal(x idSet) error {
	g := x.g
	switch {
	case !backgammonTable(g.r):
		return nardy.ErrInvalidRules
	case x.over || g.ph == phOver:
		return nardy.ErrGameOver
	case x.orig.Cube().Value > gnubg.MaxCube:
		return nardy.ErrInvalidRules
	case g.ph == phOpening:
		return nardy.ErrWrongPhase
	}
	return nil
}

// checkGnubgIDs: the state written as GNU Backgammon's Position ID and Match
// ID (gnubg.FromGame or FromMatch, then FormatMatchID), parsed and taken up
// again under the same rules (gnubg.Game) is the referee's state as far as the
// IDs hold it (compareTakenUp), and the Match ID's length and score are the
// referee's.
func checkGnubgIDs(s *stats, ctx string, pid string, id gnubg.MatchID, err error, x idSet) {
	if refusal(s, ctx, "gnubg IDs", err, gnubgIDRefusal(x)) {
		return
	}
	if id.Dice[0] < id.Dice[1] { // FromMatch: "the dice, larger first, once rolled"
		s.diff(ctx, "Match ID dice %v: not larger first", id.Dice)
	}
	mid, err := gnubg.FormatMatchID(id)
	if err != nil {
		s.diff(ctx, "Match ID format: %v", err)
		return
	}
	s.gnubgIDs++
	ctx += " gnubg ID " + pid + ":" + mid
	back, err := gnubg.ParseMatchID(mid)
	if err != nil {
		s.diff(ctx, "Match ID parse: %v", err)
		return
	}
	if back.MatchLength != x.length || back.Score != x.score {
		s.diff(ctx, "Match ID: length %d score %v, referee %d %v", back.MatchLength, back.Score, x.length, x.score)
	}
	lib, err := gnubg.Game(x.g.r, pid, mid)
	if err != nil {
		s.diff(ctx, "gnubg IDs taken up: %v", err)
		return
	}
	if lib.Rules() != x.g.r {
		s.diff(ctx, "gnubg IDs taken up: rules %+v, referee %+v", lib.Rules(), x.g.r)
	}
	compareTakenUp(s, ctx, lib, x)
}
