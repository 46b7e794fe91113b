package nardy

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error the package returns matches one of these with
// [errors.Is]; the typed errors [*PositionError], [*RuleError] and
// [*SyntaxError] carry the details and can be taken out with [errors.As].
var (
	// ErrInvalidPosition is matched by every error about a position that
	// breaks the rules of §4 of RULES.md (checker counts, shared points, ...).
	ErrInvalidPosition = errors.New("nardy: invalid position")
	// ErrInvalidRoll is returned for dice outside 1..6 or the zero Roll.
	ErrInvalidRoll = errors.New("nardy: invalid roll")
	// ErrInvalidRules is returned for a rule set with an unknown variant or
	// option value, or options that do not belong to its variant.
	ErrInvalidRules = errors.New("nardy: invalid rules")
	// ErrVariantMismatch is returned when rules of one variant are asked
	// about a position of the other.
	ErrVariantMismatch = errors.New("nardy: rules and position are of different variants")
	// ErrSyntax is matched by every parse error.
	ErrSyntax = errors.New("nardy: syntax error")
	// ErrIllegalPlay is matched by every error about a play or step that the
	// rules refuse; the [RuleError] says which rule.
	ErrIllegalPlay = errors.New("nardy: illegal play")
	// ErrGameOver is returned when a step or play is asked of a position in
	// which a side has already borne off all its checkers.
	ErrGameOver = errors.New("nardy: game is over")
)

// Reasons a play or a single step is refused. Each is wrapped in a
// [*RuleError] that also matches [ErrIllegalPlay].
var (
	// ErrWrongDice: the steps do not use the dice of the roll (C3).
	ErrWrongDice = errors.New("not a play of this roll")
	// ErrNoChecker: no checker of the mover on the step's starting point.
	ErrNoChecker = errors.New("no checker to move there")
	// ErrPointClosed: the step lands on a point the rules close (C4, L2, S2).
	ErrPointClosed = errors.New("landing on a point held by the opponent")
	// ErrBarFirst: short nardy, a checker on the bar must enter first (S3).
	ErrBarFirst = errors.New("checkers on the bar must enter first")
	// ErrBearOffNotHome: bearing off before all checkers are home (C6).
	ErrBearOffNotHome = errors.New("bearing off before all checkers are home")
	// ErrBearOffHigher: bearing off with a larger die while a checker stands
	// on a higher point (C6).
	ErrBearOffHigher = errors.New("bearing off with a larger die while a higher checker remains")
	// ErrHeadRule: more checkers leave the head than L3/L4 allow.
	ErrHeadRule = errors.New("too many checkers leave the head")
	// ErrSixBlock: the play holds a forbidden six-block (L5).
	ErrSixBlock = errors.New("six-block with no opponent checker ahead")
	// ErrMaxDice: the play uses fewer dice than a legal play could (C5).
	ErrMaxDice = errors.New("not using the maximum number of dice")
	// ErrLargerDie: only one die can be used and the play uses the smaller
	// one although the larger one can be used (C5).
	ErrLargerDie = errors.New("not using the larger die")
	// ErrTurnComplete: a step was asked of a turn that has no die left to play.
	ErrTurnComplete = errors.New("the play is already complete")
	// ErrTurnIncomplete: the finished play was asked of a turn that still
	// has dice to play.
	ErrTurnIncomplete = errors.New("the play is not complete")
	// ErrNothingToUndo: Undo on a turn without steps.
	ErrNothingToUndo = errors.New("no step to undo")
)

// PositionError describes why a position is invalid. It matches
// [ErrInvalidPosition] and its Reason with [errors.Is].
type PositionError struct {
	Reason error  // one of the ErrChecker..., ErrShared... sentinels below
	Detail string // human detail, such as the point or the count
}

// Reasons for a [PositionError].
var (
	ErrCheckerCount  = errors.New("a side does not have 15 checkers")
	ErrNegativeCount = errors.New("negative checker count")
	ErrSharedPoint   = errors.New("both colours on one point")
	ErrBarInLong     = errors.New("a bar checker in long nardy")
	ErrHeldBlock     = errors.New("the mover already holds a forbidden six-block (L5)")
	ErrZeroPosition  = errors.New("zero Position")
	ErrBadVariant    = errors.New("unknown variant")
	ErrBadColor      = errors.New("unknown colour")
)

// Error implements the error interface.
func (e *PositionError) Error() string {
	if e.Detail == "" {
		return "nardy: invalid position: " + e.Reason.Error()
	}
	return "nardy: invalid position: " + e.Reason.Error() + ": " + e.Detail
}

// Unwrap makes errors.Is match both ErrInvalidPosition and the reason.
func (e *PositionError) Unwrap() []error { return []error{ErrInvalidPosition, e.Reason} }

func positionError(reason error, format string, args ...any) error {
	return &PositionError{Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

// RuleError says which rule a play or a step breaks. It matches
// [ErrIllegalPlay] and Reason with [errors.Is].
type RuleError struct {
	Rule   string // rule id of RULES.md, such as "L3" or "C5"
	Reason error  // one of the reason sentinels, such as ErrHeadRule
	Step   int    // index of the offending step, or -1 for the whole play
	Detail string // optional human detail
}

// Error implements the error interface.
func (e *RuleError) Error() string {
	s := "nardy: illegal play: " + e.Reason.Error() + " (" + e.Rule + ")"
	if e.Step >= 0 {
		s += fmt.Sprintf(" at step %d", e.Step+1)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap makes errors.Is match both ErrIllegalPlay and the reason.
func (e *RuleError) Unwrap() []error { return []error{ErrIllegalPlay, e.Reason} }

func ruleError(rule string, reason error, step int) *RuleError {
	return &RuleError{Rule: rule, Reason: reason, Step: step}
}

// SyntaxError reports malformed text given to a parser. It matches
// [ErrSyntax] with [errors.Is].
type SyntaxError struct {
	What string // what was being parsed, such as "position" or "roll"
	// Input is the start of the input: all of it up to 64 bytes, else its
	// first 64 bytes or fewer, cut at the start of a UTF-8 character. It
	// is a copy, so that the error does not keep a long input in memory.
	Input  string
	Len    int    // the length of the whole input in bytes
	Offset int    // byte offset of the problem in the whole input, or -1 when not known
	Msg    string // what is wrong
}

// Error implements the error interface. An input longer than Input is
// shown as Input followed by "...".
func (e *SyntaxError) Error() string {
	in := e.Input
	if n := cutLen(in); n < len(in) || e.Len > len(in) {
		in = in[:n] + "..."
	}
	s := "nardy: parsing " + e.What + " " + fmt.Sprintf("%q", in)
	if e.Offset >= 0 {
		s += fmt.Sprintf(" at offset %d", e.Offset)
	}
	return s + ": " + e.Msg
}

// Unwrap makes errors.Is match ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

func syntaxError[T string | []byte](what string, input T, off int, format string, args ...any) error {
	return &SyntaxError{What: what, Input: cutInput(input), Len: len(input), Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// quoteCut quotes s, cut to 64 bytes, for a message.
func quoteCut(s string) string {
	if n := cutLen(s); n < len(s) {
		s = s[:n] + "..."
	}
	return fmt.Sprintf("%q", s)
}
