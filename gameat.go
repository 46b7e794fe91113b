package nardy

import (
	"errors"
	"fmt"
)

// Setup is a game in progress for [NewGameAt]: a position read from
// elsewhere (an XGID, a Position ID, a board set up by hand) with what a
// [Game] must know of the game around it. The zero values are a money
// game with the cube centred at 1, White first on roll. A [Record] of a
// game set up at a position keeps its Setup; its JSON names the fields as
// below, the position in its text form ([Position.String]) and the zero
// cube, match and Crawford flags left out.
type Setup struct {
	// Position is the board; its player on roll (OnRoll) is about to roll
	// or double.
	Position Position `json:"position"`
	// Cube is the cube; the zero Cube is the cube centred at 1. A cube
	// above 1 is owned (S6), by the player who took it.
	Cube Cube `json:"cube,omitzero"`
	// Starter is the player who was first on roll in the game. Only L11's
	// last roll reads it (long nardy with LastRollDraw: when the starter
	// bears off first, the other player has a last roll, and a Position
	// where the starter has borne off every checker is that last roll),
	// and, in a match resumed at the game ([ResumeMatch]), L10's
	// AlternateStarts (the next game's starter is the other).
	Starter Color `json:"starter"`
	// Match says the game is a game of a match: the Jacoby rule and
	// beavers, money play's options, do not apply (S6); rules with a ½–½
	// draw (Scoring.DrawHalf) are refused, as [NewMatch] refuses them.
	Match bool `json:"match,omitempty"`
	// Crawford says the game is the Crawford game of a match: no double
	// (S6). It needs Match, the cube at 1 and rules with the cube and the
	// Crawford rule.
	Crawford bool `json:"crawford,omitempty"`
}

// NewGameAt returns a game under r in progress at s: the player on roll
// of s.Position is to roll or double (PhaseRoll), as after a play; give
// the dice with [Game.SetDice] or [Game.Roll], a double with [Game.Do].
// It is for analysis and training from a position, such as a hint for an
// XGID ([xgid.ID.Game] builds one): the game's history is made up to fit,
// so [Game.PlayCount] says 1 or 2 and [Game.Opening] no dice.
//
// A position of another variant than r's is an error matching
// [ErrVariantMismatch]; a position the rules refuse for either player (in
// long nardy a six-block the player not on roll holds with no opponent
// checker ahead is no more possible than one the player on roll holds,
// L5), a cube they cannot give (a value not a power of two, past MaxCube,
// above 1 without the cube or centred, owned at 1, an owner that is no
// colour, even of a centred cube), a Crawford game that
// is not one, an invalid Starter, and a position no game reaches nor
// leaves (in short nardy both players on the bar against closed home
// boards: every roll a pass, for ever) match [ErrInvalidPosition]; a
// position whose game is over (a side has borne off every checker)
// matches [ErrGameOver], except L11's last roll: under rules with
// LastRollDraw, a position where s.Starter has borne off every checker
// and the other player, on roll, has four or fewer left (a game played
// there waits for that player's last roll) is that game, with
// [Game.IsLastRoll] true, its last roll drawing the game if it bears off
// the rest and else ending in the starter's win of the kind the board
// gives now. Invalid rules, and a game of a match under a ½–½ draw, match
// [ErrInvalidRules].
//
// [xgid.ID.Game]: https://pkg.go.dev/github.com/nardylab/nardy/xgid#ID.Game
func NewGameAt(r Rules, s Setup) (Game, error) {
	pos, c := s.Position, s.Cube
	if err := r.CheckPosition(pos); err != nil {
		return Game{}, err
	}
	if err := r.checkOffRoll(pos); err != nil {
		return Game{}, err
	}
	if s.Match {
		if err := r.checkMatchScoring(); err != nil {
			return Game{}, err
		}
	}
	var last bool
	var lastKind ResultKind
	if pos.IsOver() {
		k, ok := r.lastRollAt(pos, s.Starter)
		if !ok {
			return Game{}, fmt.Errorf("%w: a position where a side has borne off every checker%s", ErrGameOver, r.lastRollHint())
		}
		last, lastKind = true, k // L11: the game waits for the other player's last roll
	}
	if deadlocked(pos) {
		return Game{}, positionError(errDeadlock, "")
	}
	if c == (Cube{}) {
		c.Value = 1
	}
	if err := c.check(r.CubeLimit(), r.Cube); err != nil {
		return Game{}, err
	}
	bad := func(format string, args ...any) error {
		return &PositionError{Rule: "S6", Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case s.Crawford && !s.Match:
		return Game{}, bad("a Crawford game in money play: the Crawford game is a game of a match (set Match)")
	case s.Crawford && (!r.Cube || !r.Crawford):
		return Game{}, bad("a Crawford game under rules without the cube or the Crawford rule")
	case s.Crawford && c.Value != 1:
		return Game{}, bad("a Crawford game with the cube at %d: nobody doubles in the Crawford game, the cube stays at 1", c.Value)
	case !s.Starter.IsValid():
		return Game{}, positionError(errBadColor, "starter %d", s.Starter)
	}
	if !c.Owned {
		c.Owner = 0
	}
	plays := 1 // the starter has played, the other is on roll
	if pos.OnRoll() == s.Starter {
		plays = 2
	}
	g := Game{rules: r, pos: pos, phase: PhaseRoll, cube: c, money: !s.Match, crawford: s.Crawford,
		started: true, first: s.Starter, starter: s.Starter, plays: plays, lastRoll: last, lastKind: lastKind}
	if err := g.checkState(); err != nil { // what NewGameAt checked above, and the game's own invariants
		return Game{}, err
	}
	return g, nil
}

// lastRollAt reports whether pos, a finished board, is L11's last roll
// under r with starter the player who moved first: r has LastRollDraw,
// the starter has borne off every checker, and the other player, on roll,
// has one to four left (a roll bears off four at most; with more, the
// game ended when the starter finished). It returns the kind of the
// starter's win, judged on the board as [Game] judges it when the
// starter bears off its last checker.
func (r Rules) lastRollAt(pos Position, starter Color) (ResultKind, bool) {
	other := starter.Other()
	if !r.LastRollDraw || !starter.IsValid() || pos.turn != other || pos.offOf(starter) != Checkers ||
		pos.offOf(other) == Checkers || pos.offOf(other) < Checkers-lastRollMost {
		return 0, false
	}
	return classify(r.Variant, pos.Side(other), r.scoring()), true
}

// lastRollHint says, for NewGameAt's refusal of a finished position under
// rules with LastRollDraw, which finished position it takes (L11).
func (r Rules) lastRollHint() string {
	if !r.LastRollDraw {
		return ""
	}
	return fmt.Sprintf(" (L11: only the last roll is taken, the starter having borne off every checker and the other player on roll with %d or fewer left)", lastRollMost)
}

// checkOffRoll refuses a position, valid for the player on roll under r,
// where the player not on roll holds a six-block with no opponent checker
// ahead (L5): that player's last play would have been refused.
func (r Rules) checkOffRoll(pos Position) error {
	if r.CheckPosition(pos.Pass()) != nil {
		return positionError(errHeldBlockOff, "")
	}
	return nil
}

// errDeadlock: a position no game reaches and none leaves.
var errDeadlock = errors.New("both players on the bar against closed home boards: neither can ever move, and no game reaches it (the last to move could not have)")

// deadlocked reports whether both players of pos have checkers on the bar
// against the other's closed home board (short nardy): every roll of
// either is a pass (C5), for ever.
func deadlocked(pos Position) bool {
	closed := func(s Side) bool { // points 1..6 each held by two or more
		for p := 1; p <= 6; p++ {
			if s[p] < 2 {
				return false
			}
		}
		return true
	}
	me, opp := pos.Mover(), pos.Opponent()
	return me[Bar] > 0 && opp[Bar] > 0 && closed(me) && closed(opp)
}
