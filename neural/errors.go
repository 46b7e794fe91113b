package neural

import (
	"errors"
	"fmt"

	"github.com/nardylab/nardy/internal/errwrap"
)

// ErrBadWeights is matched by every error of reading a weights file (a
// [*WeightsError]).
var ErrBadWeights = errors.New("neural: bad weights")

// ErrBadRollout reports options or a position a rollout cannot play:
// [Searcher.Rollout]'s errors match it with [errors.Is] (all but those of
// a cancelled context, which match the context's error); they are
// [*RolloutError]s.
var ErrBadRollout = errors.New("neural: bad rollout")

// WeightsError says why a weights file, or the shape asked of a new
// network, is refused. It matches [ErrBadWeights] with [errors.Is], and
// Err, when set, too.
// A nil *WeightsError is no error: its methods panic, as a nil *os.PathError's do.
type WeightsError struct {
	Msg string // what is wrong, such as "not a weights file (magic \"GIF89a\\x01\\x00\", want \"NARDYNN1\")"
	Err error  // the reader's error, if that was the reason
}

// Error implements the error interface.
func (e *WeightsError) Error() string { return "neural: bad weights: " + e.Msg }

// Unwrap makes errors.Is match ErrBadWeights, and Err when set.
func (e *WeightsError) Unwrap() []error { return errwrap.Chain(ErrBadWeights, e.Err) }

// errorf returns a *WeightsError.
func errorf(format string, a ...any) error {
	return &WeightsError{Msg: fmt.Sprintf(format, a...)}
}

// RolloutError says why a rollout cannot be played. It matches
// [ErrBadRollout] with [errors.Is], and Err, when set, too (such as
// [nardy.ErrVariantMismatch], or the rules' [*nardy.InvalidRulesError]).
// A nil *RolloutError is no error: its methods panic, as a nil *os.PathError's do.
type RolloutError struct {
	// Option names the field of [RolloutOptions] at fault ("Trials",
	// "Ply", "Truncate", "Workers", "StopAt", "Cubeful", "Cube": a cube
	// the rules or the match score do not give), or is "" when the fault
	// is the call's: a nil context or searcher, the Searcher's network,
	// rules or scoring, a double in the Crawford game, the position or
	// plays, or a trial that went wrong.
	Option string
	Msg    string // what is wrong, such as "trials -1 not in 0..1048576"
	Err    error  // the underlying error, if any
}

// Error implements the error interface.
func (e *RolloutError) Error() string { return "neural: bad rollout: " + e.Msg }

// Unwrap makes errors.Is match ErrBadRollout, and Err when set.
func (e *RolloutError) Unwrap() []error { return errwrap.Chain(ErrBadRollout, e.Err) }

// rolloutError returns a *RolloutError for option; a %w verb in format
// sets its Err.
func rolloutError(option, format string, a ...any) error {
	msg, reason := errwrap.Split(format, a...)
	return &RolloutError{Option: option, Msg: msg, Err: reason}
}
