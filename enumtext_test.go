package nardy

import (
	"encoding"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEnumTextKeepsTheValueOnError: a name that is no value's leaves the
// receiver as it was, for every enumerated type, as Variant and Color
// always did. Eight of them set it first (HeadException to Classic,
// OpeningRoll to Reroll…: a typo became a valid option; ActionKind,
// Phase, EndReason and ResultKind to 0; helper-81).
func TestEnumTextKeepsTheValueOnError(t *testing.T) {
	head, block, opening, starter := Literal, OpponentHome, UseOpeningDice, AlternateStarts
	kind, phase, end, result, variant, color := ActBeaver, PhaseCube, Resigned, Koks, Short, Black
	for _, c := range []struct {
		v    encoding.TextUnmarshaler
		read func() any
		was  any
	}{
		{&head, func() any { return head }, Literal},
		{&block, func() any { return block }, OpponentHome},
		{&opening, func() any { return opening }, UseOpeningDice},
		{&starter, func() any { return starter }, AlternateStarts},
		{&kind, func() any { return kind }, ActBeaver},
		{&phase, func() any { return phase }, PhaseCube},
		{&end, func() any { return end }, Resigned},
		{&result, func() any { return result }, Koks},
		{&variant, func() any { return variant }, Short},
		{&color, func() any { return color }, Black},
	} {
		for _, text := range []string{"literl", "", "x\x00"} {
			assert.Error(t, c.v.UnmarshalText([]byte(text)), "%T %q", c.was, text)
			assert.Equal(t, c.was, c.read(), "%T after %q", c.was, text)
		}
	}
}

// TestInvalidValuesSayWhat: writing an invalid enum value or the zero Roll
// is refused with the value said (helper-110: ActionKind's and Roll's
// errors were the bare sentinels, and a Phase's matched ErrBadRecord, the
// sentinel of records, where every other enum's matches ErrSyntax).
func TestInvalidValuesSayWhat(t *testing.T) {
	for _, c := range []struct {
		v        encoding.TextMarshaler
		sentinel error
		says     string
	}{
		{ActionKind(0), ErrSyntax, "action kind 0"},
		{ActionKind(200), ErrSyntax, "action kind 200"},
		{Phase(0), ErrSyntax, "phase 0"},
		{ResultKind(0), ErrSyntax, "result kind 0"},
		{EndReason(0), ErrSyntax, "end reason 0"},
		{Roll{}, ErrInvalidRoll, "dice 0 and 0"},
		{Literal + 1, ErrInvalidRules, "head exception 3"}, // the first value past classic, doubles, literal
	} {
		_, err := c.v.MarshalText()
		assert.ErrorIs(t, err, c.sentinel, "%T", c.v)
		assert.ErrorContains(t, err, c.says, "%T", c.v)
	}
	_, err := json.Marshal(Action{})
	assert.ErrorContains(t, err, "action kind 0", "the zero Action")
}

// TestL9_S5_ResultKindTextNamesEachKindOnce: a result kind no game names
// ("kola", the Turkish word for koks) is refused with the names of both
// games' kinds (L8, L9, S5), each once: the message listed "home_mars" and
// "draw", which both games share, twice.
func TestL9_S5_ResultKindTextNamesEachKindOnce(t *testing.T) {
	var k ResultKind
	err := k.UnmarshalText([]byte("kola"))
	assert.ErrorIs(t, err, ErrSyntax)
	for _, name := range []string{"oin", "mars", "home_mars", "koks", "draw", "single", "gammon", "backgammon"} {
		assert.Equal(t, 1, strings.Count(err.Error(), `"`+name+`"`), "%q in %v", name, err)
	}
}

// roundTripEnum writes every value 0..255 of an enumerated type as text:
// a value the type names reads back as itself, and the others are refused
// (EndReason wrote "invalid(0)", which no reader takes back, where every
// other enumerated type refuses to write a value it does not name).
func roundTripEnum[T ~uint8, P interface {
	*T
	encoding.TextUnmarshaler
}](t *testing.T, valid func(T) bool) {
	t.Helper()
	named := 0
	for i := range 256 {
		v := T(i)
		m, ok := any(v).(encoding.TextMarshaler)
		require.True(t, ok, "%T", v)
		b, err := m.MarshalText()
		if !valid(v) {
			assert.Error(t, err, "%T %d written as %q", v, i, b)
			continue
		}
		named++
		require.NoError(t, err, "%T %d", v, i)
		var back T
		require.NoError(t, P(&back).UnmarshalText(b), "%T %q", v, b)
		assert.Equal(t, v, back, "%T %q", v, b)
	}
	assert.Positive(t, named, "%T", T(0))
}

// TestEnumTextRoundTrips: every enumerated type of the JSON forms writes
// the values it names and reads them back, and refuses to write the rest.
func TestEnumTextRoundTrips(t *testing.T) {
	roundTripEnum[Variant](t, Variant.IsValid)
	roundTripEnum[Color](t, Color.IsValid)
	roundTripEnum[Phase](t, func(p Phase) bool { return p >= PhaseOpening && p <= PhaseOver })
	roundTripEnum[ResultKind](t, ResultKind.IsValid)
	roundTripEnum[EndReason](t, func(e EndReason) bool { return e >= BoreOff && e <= Dropped })
	roundTripEnum[ActionKind](t, func(k ActionKind) bool { return k >= ActOpening && k <= ActReject })
	roundTripEnum[HeadException](t, func(h HeadException) bool { return h <= Literal })
	roundTripEnum[BlockAhead](t, func(b BlockAhead) bool { return b <= OpponentHome })
	roundTripEnum[OpeningRoll](t, func(o OpeningRoll) bool { return o <= UseOpeningDice })
	roundTripEnum[NextGameStarter](t, func(n NextGameStarter) bool { return int(n) < len(nextGameStarterNames) })
}

// TestEnumMarshalTextRefusalSentinels: a value an enumerated type does
// not name is refused with the sentinel its MarshalText doc names, the
// same as the constructor or check that refuses such a value: ErrSyntax
// for the kinds of actions, phases, results and ends, ErrInvalidPosition
// for a colour or variant (StartPosition), ErrInvalidRules for a rule
// option (Rules.Validate). EndReason's doc said "as for the other
// enumerated types" of ErrSyntax, which six of them do not give
// (helper-165); the zero Roll and Position are refused too.
func TestEnumMarshalTextRefusalSentinels(t *testing.T) {
	for _, c := range []struct {
		v    encoding.TextMarshaler
		want error
	}{
		{ActionKind(0), ErrSyntax}, {ActionKind(99), ErrSyntax},
		{Phase(0), ErrSyntax}, {Phase(99), ErrSyntax},
		{ResultKind(0), ErrSyntax}, {ResultKind(99), ErrSyntax},
		{EndReason(0), ErrSyntax}, {EndReason(99), ErrSyntax},
		{Color(2), ErrInvalidPosition}, {Variant(0), ErrInvalidPosition}, {Variant(3), ErrInvalidPosition},
		{HeadException(3), ErrInvalidRules}, {BlockAhead(2), ErrInvalidRules},
		{OpeningRoll(2), ErrInvalidRules}, {NextGameStarter(3), ErrInvalidRules},
		{Roll{}, ErrInvalidRoll}, {Position{}, ErrInvalidPosition},
	} {
		b, err := c.v.MarshalText()
		assert.ErrorIs(t, err, c.want, "%T %v wrote %q", c.v, c.v, b)
	}
	// The constructors and checks that the docs compare them with.
	_, err := StartPosition(Long, Color(2))
	assert.ErrorIs(t, err, ErrInvalidPosition)
	_, err = StartPosition(Variant(3), White)
	assert.ErrorIs(t, err, ErrInvalidPosition)
	r := DefaultRules(Long)
	r.HeadException = 3
	assert.ErrorIs(t, r.Validate(), ErrInvalidRules)
}

// TestStringsOfValuesNotNamed: the String of a value an enumerated type
// does not name is what its doc says (helper-165 found the docs of Color,
// EndReason, Phase, ActionKind, the options and Roll naming only the
// valid values): "invalid" for a Color, a Variant and the zero Roll,
// "none" for the zero Phase, "invalid(N)" for the others.
func TestStringsOfValuesNotNamed(t *testing.T) {
	for want, s := range map[string]fmt.Stringer{
		"invalid":      Color(2),
		"invalid(0)":   EndReason(0),
		"none":         Phase(0),
		"invalid(7)":   Phase(7),
		"invalid(13)":  ActionKind(13),
		"invalid(3)":   HeadException(3),
		"invalid(2)":   BlockAhead(2),
		"invalid(4)":   OpeningRoll(4),
		"invalid(5)":   NextGameStarter(5),
		"invalid(200)": ResultKind(200),
	} {
		assert.Equal(t, want, s.String(), "%T", s)
	}
	assert.Equal(t, "invalid", Variant(0).String())
	var r Roll
	assert.Equal(t, "invalid", r.String())
	assert.Zero(t, r.High())
	assert.Zero(t, r.Low())
	assert.Equal(t, Black, White.Other())
	assert.Equal(t, White, Black.Other())
	assert.False(t, Color(2).Other().IsValid(), "no colour's opponent is a colour")
}

// TestEnumTextSaysWhatIsUnknown: an unknown name is called what it is.
// The rule options RULES.md names (C2's OpeningRoll, L4's HeadException,
// L5's BlockAhead, L10's NextGameStarter) say "unknown option value", as
// the conformance files pin; an action kind, a phase, an end reason and a
// result kind are no options, and said they were.
func TestEnumTextSaysWhatIsUnknown(t *testing.T) {
	var (
		head    HeadException
		block   BlockAhead
		opening OpeningRoll
		starter NextGameStarter
		kind    ActionKind
		phase   Phase
		end     EndReason
		result  ResultKind
	)
	for _, c := range []struct {
		v    encoding.TextUnmarshaler
		says string
	}{
		{&head, `parsing head exception "x": unknown option value; want one of ["classic" "doubles" "literal"]`},
		{&block, "unknown option value; want one of"},
		{&opening, "unknown option value; want one of"},
		{&starter, "unknown option value; want one of"},
		{&kind, `parsing action "x": unknown action kind; want one of ["opening" "roll" "play"`},
		{&phase, `parsing phase "x": unknown phase; want one of ["opening" "roll" "play" "cube" "resign" "over"]`},
		{&end, `parsing end reason "x": unknown end reason; want one of [`},
		{&result, `parsing result kind "x": unknown result kind; want one of ["oin" "mars"`},
	} {
		err := c.v.UnmarshalText([]byte("x"))
		assert.ErrorIs(t, err, ErrSyntax, "%T", c.v)
		assert.ErrorContains(t, err, c.says, "%T", c.v)
	}
	// In the JSON of an action too.
	var a Action
	err := json.Unmarshal([]byte(`{"kind":"rol","player":"white"}`), &a)
	assert.ErrorContains(t, err, `unknown action kind; want one of`)
	assert.NotContains(t, err.Error(), "option")
}
