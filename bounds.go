package nardy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/nardylab/nardy/internal/errtext"
	"github.com/nardylab/nardy/internal/jsonscan"
)

// Size bounds of the readers of untrusted input. Each reader refuses a
// longer input at once, with an error and without reading it further, so
// that the memory and the time it spends stay within a fixed amount
// whatever it is given; a [*SyntaxError] keeps at most the first 64 bytes
// of the input. Every bound is far above what a valid input needs.
//
// The JSON bounds are checked by the UnmarshalJSON methods, which
// encoding/json calls with the whole value already read and checked: a
// json.Decoder on a stream reads a value to its end first. A program
// reading JSON from a stranger bounds the stream too, with
// [io.LimitReader] or [net/http.MaxBytesReader] (16 MiB is a record's).
const (
	// MaxTextLen bounds the one-line texts: [ParsePosition], [Rules.ParsePlay],
	// [ParseRoll], [ParseVariant] and the UnmarshalText methods of the
	// package's types, and the XGIDs of package xgid. The longest valid
	// text of any of them is under 100 bytes. [ParseKey] reads inputs of
	// one fixed length.
	MaxTextLen = 256
	// maxActionJSON bounds the JSON of one [Action] (valid ones are under
	// 100 bytes, under 1 kB indented).
	maxActionJSON = 4 << 10
	// maxGameJSON bounds the JSON of a [Game] (about 1 kB).
	maxGameJSON = 16 << 10
	// maxRecordJSON bounds the JSON of a [Record].
	maxRecordJSON = 16 << 20
	// MaxRecordActions bounds the actions of a [Record] read from JSON or
	// from a .mat file (package gnubg), and of the record a [Recorder]
	// keeps. A 64-point match played step by step has about 25,000.
	MaxRecordActions = 1 << 16
)

// tooLong is the error of an input longer than max bytes, refused unread.
func tooLong[T string | []byte](what string, s T, max int) error {
	return &SyntaxError{What: what, Input: errtext.Cut(s), Len: len(s), Offset: max,
		Msg: fmt.Sprintf("longer than %d bytes", max)}
}

// checkText refuses a one-line text longer than MaxTextLen.
func checkText[T string | []byte](what string, s T) error {
	if len(s) > MaxTextLen {
		return tooLong(what, s, MaxTextLen)
	}
	return nil
}

// maxJSONNumber bounds a number in the JSON of a record, a game or a
// match: the longest they hold (a 64-bit seed) has 20 digits.
const maxJSONNumber = 64

// longNumber is the [*SyntaxError] of JSON b of a what with a
// number longer than maxJSONNumber bytes, or nil: it is refused before
// encoding/json reads it, which copies a number out of range whole into
// its error (10 MB of digits cost 42 MB and an error as long).
func longNumber(what string, b []byte) error {
	if i := jsonscan.LongNumber(b, maxJSONNumber); i >= 0 {
		return syntaxError(what+" JSON", b, i, "a number of more than %d bytes", maxJSONNumber)
	}
	return nil
}

// jsonNull is the [*SyntaxError] of JSON b of a what when b is null, or
// nil: a game, a match and a record refuse null, which holds none (see
// [Game.UnmarshalJSON]).
func jsonNull(what string, b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		return syntaxError(what+" JSON", b, -1, "null is no %s: want the JSON object of one", what)
	}
	return nil
}

// jsonTooLong is the error of a JSON value longer than max bytes, refused
// unread.
func jsonTooLong(what string, b []byte, max int) error {
	return syntaxError(what+" JSON", b, max, "%d bytes, more than %d", len(b), max)
}

// UnmarshalJSON reads a record, refusing more than 16 MiB, more than
// [MaxRecordActions] actions, a number of more than 64 bytes, and the
// actions' own bounds (4 KiB each).
// The actions are counted before any is read. Fields it does not know are
// skipped, such as the "preset" name that records of earlier versions
// carry (the rules are in the record). Errors match [ErrBadRecord]. JSON
// null is refused (an error matching [ErrSyntax] too), as a [Game]'s and
// a [Match]'s JSON refuse it: it read as the zero Record, in place of the
// record given, where encoding/json's convention would leave a record
// read before in its place, taken for the one the JSON should have held.
func (rec *Record) UnmarshalJSON(b []byte) error {
	if len(b) > maxRecordJSON {
		return &RecordError{Index: -1, Err: jsonTooLong("record", b, maxRecordJSON)}
	}
	if err := longNumber("record", b); err != nil {
		return &RecordError{Index: -1, Err: err}
	}
	if err := jsonNull("record", b); err != nil {
		return &RecordError{Index: -1, Err: err}
	}
	type plain Record // without this method
	var w struct {
		*plain
		Seed    *jsonSeed   `json:"seed"`
		Actions jsonActions `json:"actions"`
	}
	var n Record
	w.plain = (*plain)(&n)
	if err := json.Unmarshal(b, &w); err != nil {
		if msg, ok := jsonTypeText(err); ok {
			err = fmt.Errorf("%w: %s", ErrSyntax, msg)
		}
		return &RecordError{Index: -1, Err: err}
	}
	n.Seed = (*uint64)(w.Seed)
	n.Actions = w.Actions
	*rec = n
	return nil
}

// jsonSeed is a record's seed in JSON: written as a string of decimal
// digits, "18446744073709551557", because a JSON number above 2^53 is
// rounded by JavaScript's JSON.parse and by every reader that holds
// numbers as float64, and the dice of the rounded seed are other dice;
// read from such a string or from a JSON number (the records of version
// 0.2 and before).
type jsonSeed uint64

// MarshalJSON writes the seed as a string of decimal digits.
func (s jsonSeed) MarshalJSON() ([]byte, error) {
	b := append(make([]byte, 0, 22), '"')
	b = strconv.AppendUint(b, uint64(s), 10)
	return append(b, '"'), nil
}

// UnmarshalJSON reads a whole number 0..2^64−1, as a JSON number or a
// string of decimal digits.
func (s *jsonSeed) UnmarshalJSON(b []byte) error {
	digits := b
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		digits = b[1 : len(b)-1]
	}
	v, err := strconv.ParseUint(string(digits), 10, 64)
	if err != nil {
		return fmt.Errorf("%w: seed: want a whole number in 0..%d, as a number or a string of digits, not the JSON %s",
			ErrSyntax, uint64(math.MaxUint64), jsonValueText(b))
	}
	*s = jsonSeed(v)
	return nil
}

// jsonValueText names the JSON value b for an error: its type, and its
// text for a number or a string, shortened as errors shorten input.
func jsonValueText(b []byte) string {
	switch {
	case len(b) == 0:
		return "value"
	case b[0] == '"':
		return "string " + errtext.Shorten(string(b))
	case b[0] == '[':
		return "array"
	case b[0] == '{':
		return "object"
	case b[0] == 't' || b[0] == 'f':
		return string(b)
	}
	return "number " + errtext.Shorten(string(b))
}

// jsonActions is the actions of a record: a JSON array of at most
// MaxRecordActions actions, counted before any is read. The array is valid
// JSON (encoding/json checks a value before it hands it to an UnmarshalJSON
// method), so jsonscan finds its elements without allocating.
type jsonActions []Action

// UnmarshalJSON counts the actions, refuses too many, then reads each.
func (as *jsonActions) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*as = nil
		return nil
	}
	n, ok, _ := jsonscan.Array(b, nil)
	if !ok {
		return syntaxError("record's actions", b, -1, "want a JSON array of actions")
	}
	if n > MaxRecordActions {
		return syntaxError("record's actions", b, -1, "%d actions, more than %d", n, MaxRecordActions)
	}
	out := make([]Action, 0, n)
	_, _, err := jsonscan.Array(b, func(i int, elem []byte) error {
		var a Action
		if err := json.Unmarshal(elem, &a); err != nil {
			return nested{fmt.Errorf("action %d", i), err} // "action 3: parsing action ...", both matched
		}
		out = append(out, a)
		return nil
	})
	if err != nil {
		return err
	}
	*as = out
	return nil
}
