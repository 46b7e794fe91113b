package flowcheck

import (
	"errors"
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/xgid"
)

// idSet is what an XGID or GNU Backgammon's IDs must hold of the referee's
// state: the game, and in a match its length and score (a money game has
// length 0).
type idSet struct {
	g      *ref
	orig   nardy.Game // the library's game the XGID is written from
	length int
	score  [2]int
	over   bool // the match is over
}

// xgidRefusal is the error the package documentation says xgid.FromGame or
// FromMatch gives for the referee's state, or nil for a state an XGID holds:
// another table than backgammon's 1-2-3 (S5) or a cube limit past 2^15
// (ErrInvalidRules), a finished game or match (ErrGameOver), and the opening
// throw or a resignation offered, where nobody is on turn to roll, play or
// answer a double (ErrWrongPhase), in that order.
func xgidRefusal(x idSet) error {
	g := x.g
	switch { // in the documented order
	case !backgammonTable(g.r):
		return nardy.ErrInvalidRules
	case x.over || g.ph == phOver:
		return nardy.ErrGameOver
	case g.ph == phOpening || g.ph == phResign:
		return nardy.ErrWrongPhase
	case g.r.CubeLimit() > 1<<15:
		return nardy.ErrInvalidRules
	}
	return nil
}

// checkXGID: the state written as an XGID (xgid.FromGame or FromMatch, then
// Format), parsed and taken up again (ID.Game) is the referee's state as far as
// an XGID holds it: who acts and in which phase, the board (before the steps
// of a play in progress), the dice, the cube (as before a double awaiting its
// answer, and a beaver, as the library's game itself shows them), the Crawford game, money or match play, the cube
// options, and in a match its length and score. The opening, the starter, the
// plays made and the steps of a play in progress are not in an XGID.
func checkXGID(s *stats, ctx string, id xgid.ID, err error, x idSet) {
	g := x.g
	if refusal(s, ctx, "XGID", err, xgidRefusal(x)) {
		return
	}
	if id.Dice[0] < id.Dice[1] { // FromGame: "the dice, larger first, once rolled"
		s.diff(ctx, "XGID dice %v: not larger first", id.Dice)
	}
	text, err := xgid.Format(id)
	if err != nil {
		s.diff(ctx, "XGID format: %v", err)
		return
	}
	back, err := xgid.Parse(text)
	if err != nil {
		s.diff(ctx, "XGID %s parse: %v", text, err)
		return
	}
	s.xgids++
	ctx += " XGID " + text
	if back.MatchLength != x.length || back.Score != x.score {
		s.diff(ctx, "XGID match: length %d score %v, referee %d %v", back.MatchLength, back.Score, x.length, x.score)
	}
	r := back.Rules()
	if r.CubeLimit() != g.r.CubeLimit() || g.money && g.r.Cube && (r.Jacoby != g.r.Jacoby || r.Beavers != g.r.Beavers) {
		s.diff(ctx, "XGID rules: cube limit %d Jacoby %v beavers %v, referee %d %v %v",
			r.CubeLimit(), r.Jacoby, r.Beavers, g.r.CubeLimit(), g.r.Jacoby, g.r.Beavers)
	}
	lib, err := back.Game()
	if err != nil {
		s.diff(ctx, "XGID game: %v", err)
		return
	}
	compareTakenUp(s, ctx, lib, x)
}

// refusal reports whether an export was refused or had to be: err, the
// library's, must match want, the referee's documented refusal (nil: none);
// a refusal as documented is counted.
func refusal(s *stats, ctx, what string, err, want error) bool {
	if want == nil && err == nil {
		return false
	}
	if !errors.Is(err, want) || want == nil {
		s.diff(ctx, "%s: library %v, referee expects %v", what, err, want)
	} else {
		s.byKind[what+" refused: "+want.Error()]++
	}
	return true
}

// compareTakenUp compares a game taken up from an ID of x's state with the
// referee: the phase, who acts, the board (before the steps of a play in
// progress), the dice, the cube (a double awaiting its answer as the game
// written shows it), a resignation offered, the Crawford game and money or
// match play.
func compareTakenUp(s *stats, ctx string, lib nardy.Game, x idSet) {
	g := x.g
	if lib.Phase() != phaseName[g.ph] {
		s.diff(ctx, "taken up: phase %v, referee %v", lib.Phase(), phaseName[g.ph])
		return
	}
	la, lok := lib.ToAct()
	ra, rok := g.toAct()
	if lok != rok || la != ra {
		s.diff(ctx, "taken up: to act %v/%v, referee %v/%v", la, lok, ra, rok)
	}
	if lib.Position() != g.pos {
		s.diff(ctx, "taken up: position %v, referee %v", lib.Position(), g.pos)
	}
	c := lib.Cube()
	if g.ph != phCube && (c.Value != g.cube || c.Owned != g.owned || g.owned && c.Owner != g.owner) {
		s.diff(ctx, "taken up: cube %+v, referee %d/%v/%v", c, g.cube, g.owned, g.owner)
	}
	if g.ph == phCube && g.beaver && !s.quiet {
		s.byKind[fmt.Sprintf("taken up: a beaver, cube owned %v", g.owned)]++
	}
	if g.ph == phCube && (lib.Beavered() != g.beaver || c != x.orig.Cube()) {
		s.diff(ctx, "taken up: double pending, beavered %v cube %+v, referee beavered %v, the game written %+v",
			lib.Beavered(), c, g.beaver, x.orig.Cube())
	}
	if g.ph == phPlay {
		if d, ok := lib.Dice(); !ok || d != g.roll {
			s.diff(ctx, "taken up: dice %v, referee %v", d, g.roll)
		}
	}
	if g.ph == phResign {
		if k, by, ok := lib.Offer(); !ok || k != g.offK || by != g.offBy {
			s.diff(ctx, "taken up: offer %v by %v (%v), referee %v by %v", k, by, ok, g.offK, g.offBy)
		}
	}
	if lib.IsCrawford() != g.craw || lib.IsMoney() != g.money {
		s.diff(ctx, "taken up: crawford/money %v/%v, referee %v/%v", lib.IsCrawford(), lib.IsMoney(), g.craw, g.money)
	}
}
