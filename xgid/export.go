package xgid

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
)

// FromGame returns the ID of g, a game of money play of short nardy
// (backgammon), as it stands for the player who must act, so that eXtreme
// Gammon, GNU Backgammon or [Parse] can take it up; [Format] writes it.
// The ID holds:
//
//   - the board, with the player to roll or double on turn; in the middle
//     of a play made step by step, the board before the first step with
//     the dice rolled (the steps taken can still be taken back, so the
//     decision is the same);
//   - the dice, larger first, once rolled;
//   - a double awaiting its answer as the cube action "D", with the cube
//     before the double and the doubler on turn;
//   - the cube, its owner, its limit, and the Jacoby and beaver rules.
//
// The limit is the XGID's last field, 1 for rules without the cube.
// [Parse] and [ID.Rules] read it back; GNU Backgammon 1.07 does not: it
// plays an ID under its own cube settings, so it reads the ID of a game
// without the cube, or with a limit the cube has reached, as a game in
// which the cube may still be turned.
//
// A beavered double awaiting the doubler's answer is written as such ("B",
// the cube as it was before the double). The session's score is not the game's: it
// is 0–0. Errors, in this order: the zero Game
// ([nardy.ErrInvalidPosition]); a long-nardy game
// ([nardy.ErrVariantMismatch]); rules other than backgammon's scoring
// table, which an XGID cannot say ([nardy.ErrInvalidRules]); a finished
// game ([nardy.ErrGameOver]); a game of match play, whose score only
// [FromMatch] knows ([nardy.ErrInvalidRules]); the game before its
// opening throw (nobody on turn yet) or with a resignation offered, which an XGID cannot hold
// ([nardy.ErrWrongPhase]); a cube limit past 2^15, the largest an XGID
// holds ([nardy.ErrInvalidRules]). A game of a match is refused for its
// score only where FromMatch could write it: a long-nardy or finished
// game of a match gets the error of that, which FromMatch gives too.
func FromGame(g nardy.Game) (ID, error) {
	if g.IsValid() && !g.IsMoney() {
		if err := formats.CheckGame(g, "xgid", "an XGID"); err != nil {
			return ID{}, err
		}
		if g.IsOver() {
			return ID{}, fmt.Errorf("%w: xgid: the game is over", nardy.ErrGameOver)
		}
		return ID{}, fmt.Errorf("%w: xgid: a game of match play: its ID needs the match's score (FromMatch)", nardy.ErrInvalidRules)
	}
	return fromGame(g, 0, [2]int{})
}

// FromMatch returns the ID of m's game at m's score, as [FromGame] does
// for a game of money play: the match length, each player's score and the
// Crawford game besides. Options an XGID does not hold (the opening roll
// of C2, the next game's starter of L10, a match without the Crawford
// rule) are not written: the ID says this game, not the games after it.
// The errors are those of FromGame, in its order (a long-nardy match,
// finished or not, is [nardy.ErrVariantMismatch]), and a finished match
// ([nardy.ErrGameOver]); a match of money play (length 0, from
// [nardy.ResumeMatch]) is its game's ID.
func FromMatch(m nardy.Match) (ID, error) {
	if !m.IsValid() {
		return ID{}, &nardy.PositionError{Rule: "§4", Msg: "xgid: the zero Match"}
	}
	if err := formats.CheckGame(m.Game(), "xgid", "an XGID"); err != nil {
		return ID{}, err // what no XGID holds first, as FromGame and gnubg.FromMatch
	}
	if m.IsOver() {
		return ID{}, fmt.Errorf("%w: xgid: the match is over", nardy.ErrGameOver)
	}
	w, b := m.Score()
	return fromGame(m.Game(), m.Length(), [2]int{w, b})
}

// fromGame returns the ID of g in a match to length points at score
// (length 0: money play).
func fromGame(g nardy.Game, length int, score [2]int) (ID, error) {
	if err := formats.CheckGame(g, "xgid", "an XGID"); err != nil {
		return ID{}, err
	}
	r := g.Rules()
	x := ID{Position: g.Position(), CubeValue: 1, CubeCentred: true, MaxCube: 1, MatchLength: length, Score: score}
	if r.Cube {
		c := g.Cube()
		x.CubeValue, x.CubeCentred, x.MaxCube = max(c.Value, 1), !c.Owned, r.CubeLimit()
		if c.Owned {
			x.CubeOwner = c.Owner
		}
		if length == 0 {
			x.Jacoby, x.Beaver = r.Jacoby, r.Beavers
		}
	}
	x.Crawford = length > 0 && g.IsCrawford()
	switch g.Phase() {
	case nardy.PhaseRoll:
	case nardy.PhasePlay:
		t, _ := g.Turn()
		roll := t.Roll()
		x.Position, x.Dice = t.Start(), [2]int{roll.High(), roll.Low()}
	case nardy.PhaseCube:
		x.Action = Doubled
		if c := g.Cube(); g.Beavered() {
			// The cube before the double: half the beaver's, centred at
			// 1, else the doubler's (S6).
			x.Action, x.CubeValue, x.CubeCentred, x.CubeOwner = Beavered, c.Value/2, c.Value == 2, 0
			if !x.CubeCentred {
				x.CubeOwner = g.Position().OnRoll()
			}
		}
	case nardy.PhaseOver:
		return ID{}, fmt.Errorf("%w: xgid: the game is over", nardy.ErrGameOver)
	default: // the opening throw, a resignation offered
		return ID{}, fmt.Errorf("%w: xgid: an XGID has no game in phase %v", nardy.ErrWrongPhase, g.Phase())
	}
	if err := x.validate(); err != nil { // a cube limit past 2^15
		return ID{}, fmt.Errorf("%w: xgid: %v", nardy.ErrInvalidRules, err)
	}
	return x, nil
}
