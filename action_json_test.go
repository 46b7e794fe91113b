package nardy

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzActionJSON: any bytes given to Action.UnmarshalJSON are refused with
// an error of a few hundred bytes at most, whatever the input's length, or
// read as an action whose JSON reads back as the same action and writes
// the same bytes again. A refusal of a well-formed JSON value of the wrong
// form matches ErrSyntax or names its bound.
func FuzzActionJSON(f *testing.F) {
	for _, a := range []Action{
		{Kind: ActOpening, Dice: [2]int{6, 1}},
		{Kind: ActRoll, Player: Black, Dice: [2]int{5, 5}},
		{Kind: ActPlay, Player: White, Steps: []Step{{From: 24, To: 18, Die: 6}, {From: 13, To: 8, Die: 5}}},
		{Kind: ActStep, Player: Black, Steps: []Step{{From: 8, To: 0, Die: 3}}},
		{Kind: ActResign, Player: White, Resign: Mars},
		{Kind: ActDouble, Player: Black}, {Kind: ActBeaver, Player: White},
	} {
		b, err := json.Marshal(a)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"kind":"resign","player":"black","resign":"gammon"}`))
	f.Add([]byte(`{"kind":"play","player":"white","steps":[[25,20,5],[1,0,1],[2,0,2],[3,0,3],[4,0,4]]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var a Action
		if err := json.Unmarshal(b, &a); err != nil {
			if n := len(err.Error()); n > 600 {
				t.Fatalf("a refusal of %d bytes says %d bytes: %.200s…", len(b), n, err)
			}
			var se *json.SyntaxError
			if json.Valid(b) && bytes.HasPrefix(bytes.TrimSpace(b), []byte("{")) && !errors.As(err, &se) &&
				!errors.Is(err, ErrSyntax) && !isUnmarshalTypeError(err) {
				t.Fatalf("refused an object with an error of no sentinel: %v", err)
			}
			return
		}
		out, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("marshal %#v read from %q: %v", a, b, err)
		}
		var back Action
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("read back %s: %v", out, err)
		}
		if !reflect.DeepEqual(back, a) {
			t.Fatalf("round trip of %s: %#v, was %#v", out, back, a)
		}
		again, err := json.Marshal(back)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("written again as %s, first %s (%v)", again, out, err)
		}
	})
}

// isUnmarshalTypeError reports whether err is encoding/json's error for a
// value of the wrong JSON type.
func isUnmarshalTypeError(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te)
}

// TestActionJSONResignWithoutKind: a resignation that names no kind is
// refused when read, as a *SyntaxError, and when written (fuzzing found
// it read, then refused by MarshalJSON: a server echoing a client's
// action could not write what it had accepted).
func TestActionJSONResignWithoutKind(t *testing.T) {
	var a Action
	err := json.Unmarshal([]byte(`{"kind":"resign","player":"white"}`), &a)
	var se *SyntaxError
	if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
		t.Fatalf("read: %v, want a *SyntaxError", err)
	}
	if !bytes.Contains([]byte(err.Error()), []byte("the kind offered")) {
		t.Errorf("read: %v does not say what is missing", err)
	}
	_, err = json.Marshal(Action{Kind: ActResign, Player: White})
	if !errors.Is(err, ErrSyntax) || !bytes.Contains([]byte(err.Error()), []byte("no kind")) {
		t.Errorf("write: %v", err)
	}
	if err := json.Unmarshal([]byte(`{"kind":"resign","player":"white","resign":"gammon"}`), &a); err != nil || a.Resign != Mars {
		t.Errorf("a gammon offered: %v, %v", a, err)
	}
}

// TestActionJSONDiceCount_C1: an action's dice are two (C1); one die or
// three are refused as a *SyntaxError that says two are wanted, where it
// said "1 dice".
func TestActionJSONDiceCount_C1(t *testing.T) {
	for _, dice := range []string{`[3]`, `[3,4,5]`} {
		var a Action
		err := json.Unmarshal([]byte(`{"kind":"roll","player":"white","dice":`+dice+`}`), &a)
		require.ErrorIs(t, err, ErrSyntax, dice)
		require.Contains(t, err.Error(), "want 2", dice)
		require.NotContains(t, err.Error(), "1 dice", dice)
	}
}
