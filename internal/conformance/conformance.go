// Package conformance reads the language-neutral conformance cases (one JSON
// object a line, format in testdata/conformance/README.md) and answers them
// with the nardy engine. Both the Go tests and `nardy conform` use it.
package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/nardylab/nardy"
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

// ID returns the "id" field of a line when it has one, for error answers.
func ID(line []byte) string {
	var v struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &v) != nil {
		return ""
	}
	var s string
	if json.Unmarshal(v.ID, &s) == nil {
		return s
	}
	return string(v.ID)
}

// Parse reads one case. Invalid input of any kind (syntax, a missing or
// mistyped field, an unknown option, an invalid position or roll) is an
// error; unknown keys outside "rules" are ignored. The expected answer
// fields (plays, error) are read when present.
func Parse(line []byte) (Case, error) {
	var c Case
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
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
	_ = field("id", &c.ID)
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
	var me, opp []int
	var meBar, oppBar, meOff, oppOff int
	var dice []int
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
	c.Rules = nardy.DefaultRules(v)
	if b, ok := raw["rules"]; ok {
		if err := parseRules(b, &c.Rules); err != nil {
			return c, err
		}
	}
	if err := c.Rules.Validate(); err != nil {
		return c, err
	}
	ms := nardy.Side{Bar: meBar, Off: meOff}
	os := nardy.Side{Bar: oppBar, Off: oppOff}
	copy(ms.Points[:], me)
	copy(os.Points[:], opp)
	if c.Pos, err = nardy.NewPosition(v, nardy.White, ms, os); err != nil {
		return c, err
	}
	if err := c.Rules.CheckPosition(c.Pos); err != nil {
		return c, err
	}
	if c.Roll, err = nardy.NewRoll(dice[0], dice[1]); err != nil {
		return c, err
	}
	return c, nil
}

// parseRules applies a "rules" object: known keys only, known values only.
func parseRules(b []byte, r *nardy.Rules) error {
	var opts map[string]json.RawMessage
	if err := json.Unmarshal(b, &opts); err != nil {
		return fmt.Errorf("%w: rules: %v", ErrCase, err)
	}
	for k, v := range opts {
		var err error
		if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			return fmt.Errorf("%w: rules %q is null", ErrCase, k)
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
			return fmt.Errorf("%w: rules %q: %v", ErrCase, k, err)
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
		keys[i] = p.Key()
	}
	slices.Sort(keys)
	return keys, nil
}

// Run answers one input line. It never panics on any input.
func Run(line []byte, buf []nardy.Play) Answer {
	c, err := Parse(line)
	if err != nil {
		return Answer{ID: ID(line), Error: err.Error()}
	}
	keys, err := Solve(c, buf)
	if err != nil {
		return Answer{ID: c.ID, Error: err.Error()}
	}
	return Answer{ID: c.ID, Plays: keys}
}
