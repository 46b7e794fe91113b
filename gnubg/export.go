package gnubg

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
)

// FromMatch returns the Position ID and the Match ID of m's game at m's
// score, as GNU Backgammon would show the game for the player who must act
// now, so that gnubg ("set matchid", then "set board"), [Match] or [Game]
// can take it up:
//
//   - the board with the player on roll, and in the middle of a play made
//     step by step the board before the first step with the dice rolled
//     (the steps taken can still be taken back, so the decision is the
//     same);
//   - the dice, larger first, once rolled;
//   - a double awaiting its answer (Doubled, the cube before the double,
//     the doubled player to act), and a beaver awaiting the doubler's answer
//     as gnubg writes it (the cube the beaver took, the doubler to act);
//   - a resignation awaiting its answer (Resigned, the other player to act);
//   - the cube, the match length, the score and the Crawford game; for money
//     play the score 0–0 (a session's score is not the game's) and the
//     Jacoby rule in [MatchID.Bit67].
//
// Errors: the zero Match ([nardy.ErrInvalidPosition]); a long-nardy match
// ([nardy.ErrVariantMismatch]); a scoring table other than backgammon's, a
// match longer than [MaxMatchLength] or a cube past [MaxCube], which gnubg
// cannot hold ([nardy.ErrInvalidRules]); the game before its opening throw
// (nobody on roll yet: [nardy.ErrWrongPhase]); a finished game or match
// ([nardy.ErrGameOver]: gnubg's own IDs of a finished game, which its "set
// matchid" refuses, follow the turns of its own program).
func FromMatch(m nardy.Match) (positionID string, id MatchID, err error) {
	if !m.IsValid() {
		return "", MatchID{}, &nardy.PositionError{Rule: "§4", Msg: "gnubg: the zero Match"}
	}
	w, b := m.Score()
	return fromGame(m.Game(), m.Length(), [2]int{w, b})
}

// FromGame is [FromMatch] for a game of money play; a game of a match,
// whose score only the match knows, is refused ([nardy.ErrInvalidRules])
// where FromMatch could write it: a long-nardy game, another scoring
// table or a finished game of a match gets the error of that, as from
// FromMatch ([nardy.ErrVariantMismatch], [nardy.ErrInvalidRules],
// [nardy.ErrGameOver]).
func FromGame(g nardy.Game) (positionID string, id MatchID, err error) {
	if g.IsValid() && !g.IsMoney() {
		if err := formats.CheckGame(g, "gnubg", "a Match ID"); err != nil {
			return "", MatchID{}, err
		}
		if g.IsOver() {
			return "", MatchID{}, fmt.Errorf("%w: gnubg: the game is over", nardy.ErrGameOver)
		}
		return "", MatchID{}, fmt.Errorf("%w: gnubg: a game of match play: its Match ID needs the match's score (FromMatch)", nardy.ErrInvalidRules)
	}
	return fromGame(g, 0, [2]int{})
}

// fromGame returns the IDs of g in a match to length points at score
// (length 0: money play).
func fromGame(g nardy.Game, length int, score [2]int) (string, MatchID, error) {
	if err := formats.CheckGame(g, "gnubg", "a Match ID"); err != nil {
		return "", MatchID{}, err
	}
	r := g.Rules()
	switch {
	case length > MaxMatchLength:
		return "", MatchID{}, fmt.Errorf("%w: gnubg: a match of %d points, longer than gnubg's %d", nardy.ErrInvalidRules, length, MaxMatchLength)
	case g.Cube().Value > MaxCube:
		return "", MatchID{}, fmt.Errorf("%w: gnubg: a cube of %d, past gnubg's %d", nardy.ErrInvalidRules, g.Cube().Value, MaxCube)
	}
	pos, me := g.Position(), g.Position().OnRoll()
	c := g.Cube()
	id := MatchID{CubeValue: max(c.Value, 1), CubeCentred: !c.Owned, OnRoll: me, ToAct: me, State: StatePlaying,
		MatchLength: length, Score: score, Crawford: length > 0 && g.IsCrawford(), Bit67: !(length == 0 && r.Cube && r.Jacoby)}
	if c.Owned {
		id.CubeOwner = c.Owner
	}
	dice := func() {
		if t, _ := g.Turn(); t.Roll() != (nardy.Roll{}) { // a play begun, or interrupted by a resignation
			pos, id.Dice = t.Start(), [2]int{t.Roll().High(), t.Roll().Low()}
		}
	}
	switch g.Phase() {
	case nardy.PhaseRoll:
	case nardy.PhasePlay:
		dice()
	case nardy.PhaseCube:
		id.Doubled = true
		if !g.Beavered() { // gnubg holds the beaver's cube, the doubler to act
			id.ToAct = me.Other()
		}
	case nardy.PhaseResign:
		kind, by, _ := g.Offer()
		id.Resigned, id.ToAct = kind, by.Other()
		dice()
	case nardy.PhaseOver:
		return "", MatchID{}, fmt.Errorf("%w: gnubg: the game is over", nardy.ErrGameOver)
	default:
		return "", MatchID{}, fmt.Errorf("%w: gnubg: a Match ID has no game before its opening throw", nardy.ErrWrongPhase)
	}
	if err := id.validate(); err != nil { // a score past 32767 in money play cannot come from a Match
		return "", MatchID{}, fmt.Errorf("%w: gnubg: %v", nardy.ErrInvalidRules, err)
	}
	pid, err := PositionID(pos)
	if err != nil {
		return "", MatchID{}, err
	}
	return pid, id, nil
}
