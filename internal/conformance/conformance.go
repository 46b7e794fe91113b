// Package conformance reads the language-neutral conformance cases (one JSON
// object a line, format in testdata/conformance/README.md) and answers them
// with the nardy engine. Both the Go tests and `nardy conform` use it.
package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
	"github.com/nardylab/nardy/internal/jsonscan"
)

// Case is one parsed conformance case.
type Case struct {
	ID    string
	Rules nardy.Rules
	Pos   nardy.Position
	Roll  nardy.Roll
	// Want is the expected sorted list of play keys; nil when the case
	// expects an error.
	Want []string
	// WantError is the expected error text of an invalid case.
	WantError string
}

// Answer is one output line of `nardy conform`.
type Answer struct {
	ID    string   `json:"id"`
	Plays []string `json:"plays,omitempty"`
	Error string   `json:"error,omitempty"`
}

// ErrCase is matched by every error about a malformed case.
var ErrCase = errors.New("conformance: bad case")

// MaxLineBytes is the longest input line a case may have (1 MiB). The
// largest valid case, with its expected plays listed, is under 300 kB.
// `nardy conform` keeps at most this many bytes of a line: a longer line is
// answered with an error (and its id, when the first MaxLineBytes bytes have
// one) and the rest of it is skipped unread.
const MaxLineBytes = 1 << 20

// ErrLineTooLong is the error of a line longer than [MaxLineBytes].
var ErrLineTooLong = fmt.Errorf("%w: line longer than %d bytes", ErrCase, MaxLineBytes)

// ID returns the "id" member of the top-level object of a line, for the
// answer: a string id unquoted, any other JSON value as its text. The line
// need not be valid JSON elsewhere, so that a case with a bad number (NaN,
// Infinity) or cut short is still answered with its id. When a key is
// repeated the last one counts, as in Parse. It returns "" when no id is
// found.
func ID(line []byte) string {
	i := jsonscan.SkipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return ""
	}
	id := ""
	wantKey := true // at the next string of the top-level object
	for i++; i < len(line); {
		switch c := line[i]; {
		case c == '}':
			return id
		case c == ',':
			wantKey = true
			i++
		case c == '"' && wantKey:
			end := jsonscan.ValueEnd(line, i)
			key := line[i:end]
			j := jsonscan.SkipSpace(line, end)
			if j >= len(line) || line[j] != ':' {
				return id
			}
			j = jsonscan.SkipSpace(line, j+1)
			vend := jsonscan.ValueEnd(line, j)
			if isIDKey(key) && vend > j {
				id = idText(line[j:vend])
			}
			wantKey = false
			i = vend // at a delimiter when the value is missing: the loop reads it
		default:
			end := jsonscan.ValueEnd(line, i)
			if end == i {
				end++
			}
			i = end
		}
	}
	return id
}

// isIDKey reports whether the JSON string token key spells "id".
func isIDKey(key []byte) bool {
	if string(key) == `"id"` {
		return true
	}
	var s string
	return bytes.IndexByte(key, '\\') >= 0 && json.Unmarshal(key, &s) == nil && s == "id"
}

// idText is the answer's id for the value token v: a string unquoted, a
// string cut short (a line past its bound) without its opening quote, any
// other token as it is.
func idText(v []byte) string {
	var s string
	if v[0] == '"' {
		if json.Unmarshal(v, &s) == nil {
			return s
		}
		return string(v[1:])
	}
	return string(v)
}

// Parse reads one case. Invalid input of any kind (syntax, a missing or
// mistyped field, a null where a number belongs, an unknown option, a
// long-nardy option on a short case, an invalid position or roll) is an
// error; unknown keys outside "rules" are ignored. The expected answer
// fields (plays, error) are read when present. The ID is read with [ID],
// so it is set even when Parse fails.
func Parse(line []byte) (Case, error) {
	c := Case{ID: ID(line)}
	if len(bytes.TrimRight(line, "\r\n")) > MaxLineBytes {
		return c, ErrLineTooLong
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field == "" { // "number 7": the kind alone
			kind, _, _ := strings.Cut(te.Value, " ")
			return c, fmt.Errorf("%w: a case is a JSON object, not a JSON %s", ErrCase, kind)
		}
		return c, fmt.Errorf("%w: %v", ErrCase, err)
	}
	field := func(name string, v any) error {
		b, ok := raw[name]
		if !ok {
			return fmt.Errorf("%w: missing field %q", ErrCase, name)
		}
		if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
			return fmt.Errorf("%w: field %q is null", ErrCase, name)
		}
		d := json.NewDecoder(bytes.NewReader(b))
		d.DisallowUnknownFields()
		if err := d.Decode(v); err != nil {
			return fmt.Errorf("%w: field %q: %v", ErrCase, name, err)
		}
		return nil
	}
	if b, ok := raw["plays"]; ok {
		_ = json.Unmarshal(b, &c.Want)
		if c.Want == nil {
			c.Want = []string{}
		}
	}
	if b, ok := raw["error"]; ok {
		_ = json.Unmarshal(b, &c.WantError)
	}
	var variant string
	var me, opp, dice []*int // pointers, so that a null count is seen
	var meBar, oppBar, meOff, oppOff int
	for _, f := range []struct {
		name string
		v    any
	}{
		{"variant", &variant}, {"me", &me}, {"opp", &opp},
		{"me_bar", &meBar}, {"opp_bar", &oppBar}, {"me_off", &meOff}, {"opp_off", &oppOff},
		{"dice", &dice},
	} {
		if err := field(f.name, f.v); err != nil {
			return c, err
		}
	}
	v, err := nardy.ParseVariant(variant)
	if err != nil {
		return c, fmt.Errorf("%w: unknown variant %q", ErrCase, variant)
	}
	if len(me) != 24 || len(opp) != 24 {
		return c, fmt.Errorf("%w: me and opp need 24 counts, have %d and %d", ErrCase, len(me), len(opp))
	}
	if len(dice) != 2 {
		return c, fmt.Errorf("%w: dice needs 2 numbers, has %d", ErrCase, len(dice))
	}
	for k, list := range [][]*int{me, opp, dice} {
		if i := slices.Index(list, nil); i >= 0 {
			return c, fmt.Errorf("%w: field %q: element %d is null", ErrCase, [...]string{"me", "opp", "dice"}[k], i)
		}
	}
	c.Rules = nardy.DefaultRules(v)
	if b, ok := raw["rules"]; ok {
		if err := parseRules(b, &c.Rules); err != nil {
			return c, err
		}
	}
	if err := c.Rules.Validate(); err != nil {
		return c, err
	}
	ms := nardy.Side{nardy.Bar: meBar, nardy.Off: meOff}
	os := nardy.Side{nardy.Bar: oppBar, nardy.Off: oppOff}
	for i := range 24 {
		ms[i+1], os[i+1] = *me[i], *opp[i]
	}
	if c.Pos, err = nardy.NewPosition(v, nardy.White, ms, os); err != nil {
		return c, err
	}
	if err := c.Rules.CheckPosition(c.Pos); err != nil {
		return c, err
	}
	if c.Roll, err = nardy.NewRoll(*dice[0], *dice[1]); err != nil {
		return c, err
	}
	return c, nil
}

// longOnly reports the rules keys of long-nardy options. A short case with
// any of them is an error naming it, whatever its value, even the value
// the option would have in short nardy: the case is not what its writer
// meant.
func longOnly(key string) bool {
	switch key {
	case "head_exception", "transient_block", "block_ahead":
		return true
	}
	return false
}

// parseRules applies a "rules" object: known keys only, known values
// only. Its keys are checked in sorted order, so that a case with several
// faults is refused with the same error every time.
func parseRules(b []byte, r *nardy.Rules) error {
	var opts map[string]json.RawMessage
	if err := json.Unmarshal(b, &opts); err != nil {
		return fmt.Errorf("%w: rules: %s", ErrCase, strings.TrimPrefix(err.Error(), "nardy: "))
	}
	for _, k := range slices.Sorted(maps.Keys(opts)) { // the same error for the same case, every run
		v := opts[k]
		var err error
		if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			return fmt.Errorf("%w: rules %q is null", ErrCase, k)
		}
		if r.Variant == nardy.Short && longOnly(k) {
			return fmt.Errorf("%w: rules %q is a long-nardy option; a short case may not have it", ErrCase, k)
		}
		switch k {
		case "head_exception":
			err = json.Unmarshal(v, &r.HeadException)
		case "transient_block":
			err = json.Unmarshal(v, &r.TransientBlock)
		case "block_ahead":
			err = json.Unmarshal(v, &r.BlockAhead)
		default:
			return fmt.Errorf("%w: unknown rules key %q", ErrCase, k)
		}
		if err != nil {
			return fmt.Errorf("%w: rules %q: %s", ErrCase, k, strings.TrimPrefix(err.Error(), "nardy: "))
		}
	}
	return nil
}

// Solve returns the sorted keys of the legal plays of a parsed case.
func Solve(c Case, buf []nardy.Play) ([]string, error) {
	plays, err := c.Rules.AppendLegal(buf[:0], c.Pos, c.Roll)
	if err != nil {
		return nil, err
	}
	keys := make([]string, len(plays))
	for i, p := range plays {
		keys[i] = p.Result().Pass().Key() // the mover's view, as the cases list plays
	}
	slices.Sort(keys)
	return keys, nil
}

// Run answers one input line. It never panics on any input.
func Run(line []byte, buf []nardy.Play) Answer {
	c, err := Parse(line)
	if err != nil {
		return Answer{ID: c.ID, Error: errorText(err)}
	}
	keys, err := Solve(c, buf)
	if err != nil {
		return Answer{ID: c.ID, Error: errorText(err)}
	}
	return Answer{ID: c.ID, Plays: keys}
}

// maxErrorText bounds the error of an answer: the errors of encoding/json
// quote a case's text whole, such as a variant name or a rules key of
// nearly the line's 1 MiB (helper-104).
const maxErrorText = 512

// errorText is err's message, cut to maxErrorText bytes at a character's
// start with "..." after the cut.
func errorText(err error) string { return errtext.ShortenTo(err.Error(), maxErrorText) }
