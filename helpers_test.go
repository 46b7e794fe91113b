package nardy

import (
	"encoding/json"
	"errors"
	"strings"
)

// Helpers of the package's own tests: the default rules of a position's
// variant, and positions known to be valid.

// mustPosition returns p or panics on err, for positions a test knows to be
// valid.
func mustPosition(p Position, err error) Position {
	if err != nil {
		panic(err)
	}
	return p
}

// testLegal is Rules.Legal under the default rules of pos's variant.
func testLegal(pos Position, roll Roll) ([]Play, error) {
	return DefaultRules(pos.Variant()).Legal(pos, roll)
}

// testApply is Rules.Apply under the default rules of pos's variant.
func testApply(pos Position, play Play) (Position, error) {
	return DefaultRules(pos.Variant()).Apply(pos, play)
}

// testNewTurn is Rules.NewTurn under the default rules of pos's variant.
func testNewTurn(pos Position, roll Roll) (Turn, error) {
	return DefaultRules(pos.Variant()).NewTurn(pos, roll)
}

// hasReason reports whether err is refused for reason: err matches it with
// errors.Is, or the typed error's message starts with its text.
func hasReason(err, reason error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, reason) {
		return true
	}
	var re *RuleError
	var pe *PositionError
	switch {
	case errors.As(err, &re):
		return strings.HasPrefix(re.Msg, reason.Error())
	case errors.As(err, &pe):
		return strings.HasPrefix(pe.Msg, reason.Error())
	}
	return strings.Contains(err.Error(), reason.Error())
}

// afterKey returns the key of the position after play p, still seen from
// the player who made it, as the conformance files list plays.
func (p Play) afterKey() string { return p.after().Key() }

// viaJSON writes v as JSON and reads it back into a new T: the value read,
// the JSON written, and the error of either step.
func viaJSON[T any](v T) (T, []byte, error) {
	var back T
	b, err := json.Marshal(v)
	if err != nil {
		return back, nil, err
	}
	err = json.Unmarshal(b, &back)
	return back, b, err
}
