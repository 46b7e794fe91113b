package nardy

import (
	"errors"
	"fmt"
	"strings"
)

// Errors of [Game] and [Match]. A refused action returns an [*ActionError]
// that matches ErrActionRefused and its Reason: [ErrNotYourTurn],
// [ErrWrongPhase], [ErrGameOver], [ErrInvalidRoll], a [*RuleError] for an
// illegal play, or a message of the rule the action breaks (the cube, S6;
// a resignation the scoring table does not use, L9 or S5), or
// [ErrRecordFull] from a [Recorder].
var (
	// ErrActionRefused is matched by every refused game or match action.
	ErrActionRefused = errors.New("nardy: action refused")
	// ErrWrongPhase: the action is not possible in the game's phase (such as
	// a roll while a double waits for an answer, a whole play that the play
	// being made step by step cannot become, or any action on the zero
	// Game), whichever player sends it: the phase is judged first, so an
	// action of a kind the phase never takes (a roll or a double while the
	// other player must play, a take while nothing is offered) gets this
	// error, not ErrNotYourTurn ([Game.Allowed] lists what a player may do
	// now, [Game.ToAct] who must act).
	ErrWrongPhase = errors.New("nardy: action not possible now")
	// ErrNotYourTurn: the game's phase takes actions of this kind, but
	// from the other player ([Game.ToAct]).
	ErrNotYourTurn = errors.New("nardy: not this player's turn to act")
	// ErrRecordFull: a [Recorder]'s record holds as many actions as a
	// record may ([MaxRecordActions]), or so nearly that it takes only the
	// actions that end the game (see [Recorder.Do]).
	ErrRecordFull = errors.New("nardy: the record is full")
)

// Reasons of refused actions, as messages of an ActionError.
var (
	errInvalidAction = errors.New("malformed action")
	errCubeOff       = errors.New("the cube is not in use") // S6: the rules
	errCubeCrawford  = fmt.Errorf("%w in the Crawford game", errCubeOff)
	errCubeLastRoll  = fmt.Errorf("%w on the last roll (L11)", errCubeOff)
	errCubeNotYours  = errors.New("the opponent owns the cube")    // S6
	errMaxCube       = errors.New("the cube would pass its limit") // S6
	errNoBeaver      = errors.New("beavers are not allowed")       // S6
	errNoRaccoon     = errors.New("a beaver cannot be beavered")   // S6: no raccoons
	errResignKind    = errors.New("resignation of a kind the scoring table does not use")
	errResignNoWin   = errors.New("a resignation offers a kind of win (" + resignKinds + ")")
	errResignNoKind  = errors.New("a resignation without its kind (Resign: " + resignKinds + ")")
	errResignWon     = errors.New("a player who has borne off every checker does not resign (L11: the last roll is the other's)")
	errPlayStarted   = fmt.Errorf("%w: a play is being made step by step", ErrWrongPhase)
	errMatchOver     = fmt.Errorf("%w: the match is over", ErrGameOver)
	errLegalOver     = nested{ErrGameOver, fmt.Errorf("%w: no roll is being played", ErrWrongPhase)} // Game.Legal of a finished game: "nardy: " once
	errNoGame        = fmt.Errorf("%w: the zero Game or Match", ErrWrongPhase)
	errNoDice        = fmt.Errorf("%w: no dice (a bot's ActRoll carries none: throw them with Game.Roll)", ErrInvalidRoll)
	errZeroPlay      = errors.New("the zero Play, which is no play of any roll (take plays from Legal, ParsePlay or the turn)")
)

// resignKinds says which kind a resignation offers for each win.
const resignKinds = "Oin for a single game, Mars for a gammon, Koks for a backgammon"

// ActionError reports a refused action. It matches [ErrActionRefused] and
// Reason with [errors.Is]; a [*RuleError] reason can be taken out with
// [errors.As]. Rule names the rule of docs/rules.md the action breaks, if
// one does ("S6" for a refused double, the play's rule for an illegal play).
// The message of an action refused for its timing ([ErrWrongPhase],
// [ErrNotYourTurn]) says what the game waits for: who must act and what
// that player may do ([Game.Allowed]), as in "take by white in phase play:
// action not possible now (white to act: play, step, resign)".
type ActionError struct {
	Kind   ActionKind // the refused action
	Player Color
	Phase  Phase  // the game's phase when it was refused
	Rule   string // the rule id, or "" when the action is refused for its timing
	Reason error
}

// Error implements the error interface. A nil Reason gives no reason. The
// opening throw is no player's (C2), so its refusal names none.
func (e *ActionError) Error() string {
	by := " by " + e.Player.String()
	if e.Kind == ActOpening {
		by = ""
	}
	s := fmt.Sprintf("nardy: action refused: %s%s in phase %s", e.Kind, by, e.Phase)
	if e.Reason != nil {
		// The reason's own "nardy: " is not said twice.
		s += ": " + strings.TrimPrefix(e.Reason.Error(), "nardy: ")
	}
	return s
}

// Unwrap makes errors.Is match ErrActionRefused and the reason.
func (e *ActionError) Unwrap() []error { return []error{ErrActionRefused, e.Reason} }

// actionError builds the error of a refused action under rules of
// variant v, naming its rule.
func actionError(a Action, phase Phase, reason error, v Variant) *ActionError {
	if reason == ErrInvalidRoll && (a.Kind == ActRoll || a.Kind == ActOpening) {
		if _, err := NewRoll(a.Dice[0], a.Dice[1]); err != nil {
			reason = err // "dice 0 and 9, each must be 1..6"
		}
	}
	if reason == errNothingToUndo {
		reason = ruleError("", errNothingToUndo, -1) // Turn.Undo's
	}
	e := &ActionError{Kind: a.Kind, Player: a.Player, Phase: phase, Reason: reason}
	var re *RuleError
	switch {
	case errors.As(reason, &re):
		e.Rule = re.Rule
	case errors.Is(reason, errCubeOff), reason == errCubeNotYours, reason == errMaxCube, reason == errNoBeaver, reason == errNoRaccoon:
		e.Rule = "S6"
	case reason == errResignWon:
		e.Rule = "L11"
	case errors.Is(reason, errResignKind), errors.Is(reason, errResignNoWin), reason == errResignNoKind:
		e.Rule = "L9"
		if v == Short {
			e.Rule = "S5"
		}
	}
	return e
}
