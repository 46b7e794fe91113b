package nardy

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
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

// answerTally counts a property test's answers to plays by kind: accepted,
// refused by C5 (a play of fewer dice than possible, or the smaller die),
// refused otherwise.
type answerTally struct{ accepted, c5, other int }

// add counts the answer err.
func (a *answerTally) add(err error) {
	var re *RuleError
	switch {
	case err == nil:
		a.accepted++
	case errors.As(err, &re) && re.Rule == "C5":
		a.c5++
	default:
		a.other++
	}
}

// check logs the counts, prefixed by what, and fails t where a kind of
// answer was never met: the random cases did not reach it.
func (a answerTally) check(t *testing.T, what string) {
	t.Helper()
	t.Logf("%s%d accepted, %d refused by C5, %d refused otherwise", what, a.accepted, a.c5, a.other)
	if a.accepted == 0 || a.c5 == 0 || a.other == 0 {
		t.Errorf("some kind of answer was never met: %d accepted, %d C5, %d other refusals", a.accepted, a.c5, a.other)
	}
}
