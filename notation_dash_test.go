package nardy

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParsePlayAsPeopleWriteIt: the dashes word processors and phones put
// in for "-", and a repeat count written "x2", "(x2)" or with the Cyrillic
// "х", read as the plain notation does (helper-107, a Moscow club's
// members; helper-95 asked for "x2"); ParseRoll reads "6:5" and "6–5".
func TestParsePlayAsPeopleWriteIt(t *testing.T) {
	r := DefaultRules(Long)
	want := func(pos Position, roll Roll, text string) Play {
		p, err := r.ParsePlay(pos, roll, text)
		require.NoError(t, err, text)
		return p
	}
	roll := MustRoll(6, 5)
	plain := want(longStart, roll, "24/13")
	for _, text := range []string{"24–13", "24—13", "24−13", "24–18–13", "24—18/13"} {
		assert.Equal(t, plain, want(longStart, roll, text), text)
	}
	six := MustRoll(6, 6)
	two := want(longStart, six, "24/18(2)")
	for _, text := range []string{"24/18 x2", "24/18x2", "24/18(x2)", "24-18 х2", "24–18 Х2", "24/18 X2"} {
		assert.Equal(t, two, want(longStart, six, text), text)
	}
	for _, text := range []string{"24/18 x5", "24/18 x", "24/18 (x2", "24/18 xx2"} {
		_, err := r.ParsePlay(longStart, six, text)
		assert.ErrorIs(t, err, ErrSyntax, text)
	}
	for _, text := range []string{"6:5", "6–5", "6—5", "5−6"} {
		got, err := ParseRoll(text)
		require.NoError(t, err, text)
		assert.Equal(t, roll, got, text)
	}
	for _, text := range []string{":65", "6–", "–65", "6:7"} {
		_, err := ParseRoll(text)
		assert.ErrorIs(t, err, ErrSyntax, text)
	}
}

// TestParsePlayWithItsRoll: the roll written before a play and a colon,
// as .mat files and books write it ("6-5: 24/18 13/8"), is read when it is
// the roll played, in any form ParseRoll reads; another roll is refused as
// an illegal play that names both; "24:13" (no blank after the colon) is
// no roll, and stays a syntax error (left item of helper-107).
func TestParsePlayWithItsRoll(t *testing.T) {
	r := DefaultRules(Short)
	roll := MustRoll(6, 5)
	plain, err := r.ParsePlay(shortStart, roll, "24/18 18/13")
	require.NoError(t, err)
	for _, text := range []string{"6-5: 24/18 18/13", "65: 24/13", "5-6:\t24/13", " 6:5: 24/18/13", "6–5 : 24/13"} {
		got, err := r.ParsePlay(shortStart, roll, text)
		if assert.NoError(t, err, text) {
			assert.Equal(t, plain, got, text)
		}
	}
	_, err = r.ParsePlay(shortStart, roll, "6-4: 24/18 13/9")
	assert.ErrorIs(t, err, ErrIllegalPlay)
	assert.ErrorContains(t, err, "written for the roll 6-4, not 6-5")
	_, err = r.ParsePlay(shortStart, roll, "24:13")
	assert.ErrorIs(t, err, ErrSyntax)
	_, err = r.ParsePlay(shortStart, roll, "6-5: 24/18 13/x")
	var se *SyntaxError
	if assert.ErrorAs(t, err, &se) {
		assert.Equal(t, 14, se.Offset, "the offset in the text given, prefix included")
	}
}

// TestMessagesPeopleRead: a position text of the wrong length says how many
// digits each half has (helper-107 typed 27 four times), the zero Result
// prints as no result (it printed "white wins (invalid(0), 0 points)"),
// and a step from a point without a checker says which point is meant.
func TestMessagesPeopleRead(t *testing.T) {
	_, err := ParsePosition("long b 00000000000000000000000f00/000200000000000000000000d00")
	require.ErrorIs(t, err, ErrSyntax)
	assert.ErrorContains(t, err, "have 26 and 27")
	assert.Equal(t, "no result", Result{}.String())
	tn, err := testNewTurn(longStart, MustRoll(6, 5))
	require.NoError(t, err)
	_, err = tn.Move(13, 7)
	assert.ErrorContains(t, err, "no checker on the point it moves from")
}

// TestC3_ParsePlayOfAnotherRollNamesItsRule: a play written for another
// roll ("6-4: 24/18 13/9" when 6-5 was rolled) uses dice the roll does
// not give (C3), and its *RuleError names that rule: RuleError.Rule is ""
// only for an Undo with no step to undo, as its doc says, so a bot that
// shows the rule broken has one to show.
func TestC3_ParsePlayOfAnotherRollNamesItsRule(t *testing.T) {
	for _, v := range []Variant{Short, Long} {
		r := DefaultRules(v)
		pos := mustPosition(StartPosition(v, White))
		for _, text := range []string{"6-4: 24/18 24/20", "6-6: 24/18(2)", "1-1: no play"} {
			_, err := r.ParsePlay(pos, MustRoll(6, 5), text)
			var re *RuleError
			if assert.ErrorAs(t, err, &re, "%v %q", v, text) {
				assert.Equal(t, "C3", re.Rule, "%v %q: %v", v, text, err)
				assert.Contains(t, re.Msg, "not 6-5", "%v %q", v, text)
			}
		}
	}
}

// TestParsePlayRollWithoutColonIsNamed_C3: a roll written before the play
// without its colon, "6-6 24/18(2) 13/7(2)", reads as a move from 6 to 6 (C3: not
// forward) or, "6-5 24/18 18/13", as a move 6/5 no legal play makes; the
// refusal says how to write the roll, and only where the text begins so.
func TestParsePlayRollWithoutColonIsNamed_C3(t *testing.T) {
	r := DefaultRules(Short)
	for _, c := range []struct {
		roll       Roll
		text, hint string
	}{
		{MustRoll(6, 6), "6-6 24/18(2) 13/7(2)", `"6-6: 24/18(2) 13/7(2)"`},
		{MustRoll(6, 5), "6-5 24/18 18/13", `"6-5: 24/18 18/13"`},
		{MustRoll(6, 5), "6–5  24/13", `"6–5: 24/13"`},
	} {
		_, err := r.ParsePlay(shortStart, c.roll, c.text)
		assert.ErrorIs(t, err, ErrIllegalPlay, c.text)
		assert.ErrorContains(t, err, "a roll written before the play takes a colon: "+c.hint, c.text)
		fixed, err := r.ParsePlay(shortStart, c.roll, strings.Trim(c.hint, `"`))
		assert.NoError(t, err, c.hint)
		assert.False(t, fixed.IsEmpty(), c.hint)
	}
	for _, text := range []string{"24/18 13/10", "6-5: 24/18 13/10", "13/10 6-5", "7-5 24/18"} {
		_, err := r.ParsePlay(shortStart, MustRoll(6, 5), text)
		assert.ErrorIs(t, err, ErrIllegalPlay, text)
		assert.NotContains(t, err.Error(), "takes a colon", text)
	}
}
