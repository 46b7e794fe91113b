package nardy

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/nardylab/nardy/internal/errtext"
	"github.com/nardylab/nardy/internal/errwrap"
)

// Sentinel errors. Every error the package returns matches one of these with
// [errors.Is]; the typed errors [*PositionError], [*RuleError],
// [*SyntaxError], [*ActionError] and [*RecordError] carry the details and
// can be taken out with [errors.As]. Where a rule decides, the typed error
// names it by its id in the rule book, docs/rules.md (such as "L5").
var (
	// ErrInvalidPosition is matched by every error about a position that
	// is not valid input (docs/rules.md §4: checker counts, shared points,
	// a bar checker in long nardy, a six-block the mover may not hold, the
	// zero Position). The [*PositionError] says what is wrong.
	ErrInvalidPosition = errors.New("nardy: invalid position")
	// ErrInvalidRoll is returned for dice outside 1..6, the zero Roll, and
	// a [DiceSource] that gives an impossible throw.
	ErrInvalidRoll = errors.New("nardy: invalid roll")
	// ErrInvalidRules is returned for a rule set with an unknown variant or
	// option value, or options that do not belong to its variant (as a
	// [*InvalidRulesError] naming the option where the rules were read, a value
	// the Rules JSON cannot read included).
	ErrInvalidRules = errors.New("nardy: invalid rules")
	// ErrVariantMismatch is returned when rules of one variant are asked
	// about a position of the other.
	ErrVariantMismatch = errors.New("nardy: wrong variant")
	// ErrSyntax is matched by every parse error ([*SyntaxError]).
	ErrSyntax = errors.New("nardy: syntax error")
	// ErrIllegalPlay is matched by every play or step the rules refuse; the
	// [*RuleError] says which rule.
	ErrIllegalPlay = errors.New("nardy: illegal play")
	// ErrGameOver is returned when an action is asked of a [Game] or
	// [Match] that is already decided (and by the bots, asked to act in
	// one). The functions of positions ([Rules.Legal], [Rules.Apply],
	// [Rules.NewTurn]) do not judge that: a position does not know who
	// started the game, and under L11 the player left on roll after the
	// other has borne off every checker still has a last roll to play. Ask
	// [Position.Winner], or play through a Game.
	ErrGameOver = errors.New("nardy: game is over")
)

// PositionError says why a position is invalid. It matches
// [ErrInvalidPosition] with [errors.Is].
type PositionError struct {
	// Rule is "§4", "L5" for a six-block the mover may not hold, "S6" for
	// a cube no game reaches, "C7" for a position asked to be scored that
	// the winner named has not won.
	Rule string
	Msg  string // what is wrong, such as "a side does not have 15 checkers: mover has 16"
}

// Error implements the error interface.
func (e *PositionError) Error() string {
	return "nardy: invalid position: " + e.Msg + " (" + e.Rule + ")"
}

// Unwrap makes errors.Is match ErrInvalidPosition.
func (e *PositionError) Unwrap() error { return ErrInvalidPosition }

// InvalidRulesError says why a rule set, or a setting of a game or match made
// with it, is refused. It matches [ErrInvalidRules] with [errors.Is].
// Option names the setting at fault by its JSON key ("variant",
// "head_exception", "max_cube", "scoring", ...; "length" for a match's
// length, "start" for the score it starts at), so that a form can point at it.
type InvalidRulesError struct {
	Option string
	Msg    string // what is wrong, such as "max cube 3 is not a power of two in 2..1048576"
	// Err is the reason beneath, when there is one: the error of a value
	// the Rules JSON cannot read as text (the [*SyntaxError] of "variant":
	// "medium"), or of JSON that does not parse. A value of the wrong
	// JSON type is said in Msg alone.
	Err error
}

// Error implements the error interface.
func (e *InvalidRulesError) Error() string { return "nardy: invalid rules: " + e.Msg }

// Unwrap makes errors.Is match ErrInvalidRules, and Err when set.
func (e *InvalidRulesError) Unwrap() []error { return errwrap.Chain(ErrInvalidRules, e.Err) }

// rulesError returns an *InvalidRulesError for option.
func rulesError(option, format string, args ...any) error {
	return &InvalidRulesError{Option: option, Msg: fmt.Sprintf(format, args...)}
}

// Reasons for a PositionError, as messages.
var (
	errCheckerCount = errors.New("a side does not have 15 checkers")
	errCountRange   = errors.New("a checker count outside 0..15")
	errSharedPoint  = errors.New("both colours on one point")
	errBarInLong    = errors.New("a bar checker in long nardy")
	errHeldBlock    = errors.New("the mover already holds a six-block with no opponent checker ahead")
	errHeldBlockOff = errors.New("the player not on roll holds a six-block with no opponent checker ahead")
	errHeldBlockEnd = errors.New("the game is over and the player left on roll holds a six-block with no opponent checker left to be ahead: no play of it can be judged")
	errZeroPosition = errors.New("the zero Position")
	errBadVariant   = errors.New("unknown variant")
	errBadColor     = errors.New("unknown colour")
)

func positionError(reason error, format string, args ...any) error {
	rule := "§4"
	if reason == errHeldBlock || reason == errHeldBlockOff || reason == errHeldBlockEnd {
		rule = "L5"
	}
	msg := reason.Error()
	if d := fmt.Sprintf(format, args...); d != "" {
		msg += ": " + d
	}
	return &PositionError{Rule: rule, Msg: msg}
}

// heldBlockError is the refusal of a long-nardy position whose mover
// holds a six-block L5 forbids: of a finished game's last position
// ([Rules.CheckPosition] accepts it), or of a position no game reaches.
func heldBlockError(pos *Position) error {
	if pos.opp.get(Off) == Checkers {
		return positionError(errHeldBlockEnd, "")
	}
	return positionError(errHeldBlock, "")
}

// RuleError says which rule a play or a step breaks. It matches
// [ErrIllegalPlay] with [errors.Is].
type RuleError struct {
	Rule string // the rule's id in docs/rules.md, such as "L3" or "C5"; "" for Undo with no step to undo
	Step int    // index of the offending step, or -1 for the whole play
	Msg  string // what is wrong, such as "too many checkers leave the head"
}

// Error implements the error interface.
func (e *RuleError) Error() string {
	s := "nardy: illegal play"
	if e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	if e.Step >= 0 {
		s += fmt.Sprintf(" at step %d", e.Step+1)
	}
	return s + ": " + e.Msg
}

// Unwrap makes errors.Is match ErrIllegalPlay.
func (e *RuleError) Unwrap() error { return ErrIllegalPlay }

// errZeroRoll is the error of the zero Roll given where dice are needed.
var errZeroRoll = fmt.Errorf("%w: the zero Roll, no dice (build one with NewRoll)", ErrInvalidRoll)

// rollError returns the error of roll given where dice are needed: nil
// for a valid roll, errZeroRoll for the zero Roll, else ErrInvalidRoll.
func rollError(roll Roll) error {
	switch {
	case roll.IsValid():
		return nil
	case roll == (Roll{}):
		return errZeroRoll
	}
	return ErrInvalidRoll
}

// Reasons a play or a single step is refused, as messages of a RuleError.
var (
	errWrongDice      = errors.New("not a play of this roll")                                      // C3
	errNoChecker      = errors.New("no checker on the point it moves from")                        // C3
	errPointClosed    = errors.New("landing on a point held by the opponent")                      // C4, L2, S2
	errBarFirst       = errors.New("checkers on the bar must enter first")                         // S3
	errBearOffNotHome = errors.New("bearing off before all checkers are home")                     // C6
	errBearOffHigher  = errors.New("bearing off with a larger die while a higher checker remains") // C6
	errHeadRule       = errors.New("too many checkers leave the head")                             // L3, L4
	errSixBlock       = errors.New("six-block with no opponent checker ahead")                     // L5
	errMaxDice        = errors.New("not using the maximum number of dice")                         // C5
	errLargerDie      = errors.New("not using the larger die")                                     // C5
	errTurnComplete   = errors.New("the play is already complete")
	errTurnIncomplete = errors.New("the play is not complete")
	errNothingToUndo  = errors.New("no step to undo")
	errBackward       = errors.New("a move does not run forward (checkers move from higher points to lower ones, and off)") // C3
	errLongBar        = errors.New("long nardy has no bar (it has no hits): no point 25")                                   // L2
	errNoSuchPlay     = errors.New("no legal play matches the text")
	errAmbiguousPlay  = errors.New("the text matches several legal plays")
)

// errOtherPosition: a Play made for another position or roll, whose steps
// do not lead to its result here (C8).
var errOtherPosition = errors.New("a play of another position or roll: its steps do not lead here to its result " +
	"(take plays from this position's Legal, ParsePlay or PlayOf)")

func ruleError(rule string, reason error, step int) *RuleError {
	return &RuleError{Rule: rule, Msg: reason.Error(), Step: step}
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
// shown as Input followed by "..."; an empty one is not shown.
func (e *SyntaxError) Error() string {
	in := e.Input
	if n := errtext.CutLen(in); n < len(in) || e.Len > len(in) {
		in = in[:n] + "..."
	}
	s := "nardy: parsing " + e.What
	if in != "" {
		s += " " + fmt.Sprintf("%q", in)
	}
	if e.Offset >= 0 {
		s += fmt.Sprintf(" at offset %d", e.Offset)
	}
	return s + ": " + e.Msg
}

// Unwrap makes errors.Is match ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

func syntaxError[T string | []byte](what string, input T, off int, format string, args ...any) error {
	return &SyntaxError{What: what, Input: errtext.Cut(input), Len: len(input), Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// nested is err under sentinel: it matches both with errors.Is, and its
// message names the sentinel once, without err's own "nardy: " prefix
// ("nardy: bad record: invalid rules: ...", not "... record: nardy: ...").
type nested struct{ sentinel, err error }

// Error implements the error interface.
func (e nested) Error() string {
	return e.sentinel.Error() + ": " + strings.TrimPrefix(e.err.Error(), "nardy: ")
}

// Unwrap makes errors.Is match the sentinel and the nested error.
func (e nested) Unwrap() []error { return []error{e.sentinel, e.err} }

// jsonError is err, from encoding/json, under sentinel: it matches both
// with [errors.Is]. A value of the wrong JSON type is said in JSON's words
// ("dice: want an array, not a JSON string"), not in the Go types of the
// wire structs, which are no concern of the caller's.
func jsonError(sentinel, err error) error {
	if msg, ok := jsonTypeText(err); ok {
		return fmt.Errorf("%w: %s", sentinel, msg)
	}
	return nested{sentinel, err}
}

// jsonTypeText says a JSON type mismatch of err in JSON's words, and
// whether err was one.
func jsonTypeText(err error) (string, bool) {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Type == nil {
		return "", false
	}
	t := te.Type
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	want := "another JSON type"
	switch k := t.Kind(); {
	case reflect.PointerTo(t).Implements(reflect.TypeFor[encoding.TextUnmarshaler]()):
		want = "a string"
	case k == reflect.Bool:
		want = "true or false"
	case k >= reflect.Int && k <= reflect.Uintptr:
		want = "a whole number"
		v, isNum := strings.CutPrefix(te.Value, "number ")
		switch n := t.Bits(); {
		case !isNum || strings.ContainsAny(v, ".eE"): // another type, a fraction or an exponent
		case k <= reflect.Int64: // a whole number out of range
			want = fmt.Sprintf("a whole number in %d..%d", -1<<(n-1), 1<<(n-1)-1)
		default:
			want = fmt.Sprintf("a whole number in 0..%d", uint64(math.MaxUint64)>>(64-n))
		}
	case k == reflect.Float32 || k == reflect.Float64:
		want = "a number"
	case k == reflect.String:
		want = "a string"
	case k == reflect.Slice || k == reflect.Array:
		want = "an array"
	case k == reflect.Struct || k == reflect.Map:
		want = "an object"
	}
	// The embedded wire structs are named plain: not a JSON name.
	field := strings.TrimPrefix(strings.ReplaceAll(te.Field, ".plain.", "."), "plain.")
	if field == "" {
		field = "value"
	}
	got := "a JSON " + te.Value
	if kind, v, ok := strings.Cut(te.Value, " "); ok { // "number 1.5": the value too, shortened
		got = "the JSON " + kind + " " + errtext.Shorten(v)
	}
	return fmt.Sprintf("%s: want %s, not %s", field, want, got), true
}
