package nardy

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hand-written JSON of games in the form Game.MarshalJSON documents, for
// the tests of what Game.UnmarshalJSON refuses.
const (
	// gjShortOpened: short nardy, White won the opening throw 3-1 and
	// plays those dice as its first roll (C2, UseOpeningDice).
	gjShortOpened = `{"rules":{"variant":"short"},` +
		`"position":"short w 00000503000050000000000200/00000503000050000000000200",` +
		`"phase":"play","cube":{"value":1,"owned":false,"owner":"white"},"money":true,"crawford":false,` +
		`"dice":"3-1","started":false,"first":"white","starter":"white","opening":[3,1],"rerolls":0,"plays":0}`
	// gjLongToRoll: long nardy, White won the opening throw 3-1 and is to
	// roll for its first turn (C2, Reroll).
	gjLongToRoll = `{"rules":{"variant":"long"},` +
		`"position":"long w 00000000000000000000000f00/00000000000000000000000f00",` +
		`"phase":"roll","cube":{"value":1,"owned":false,"owner":"white"},"money":true,"crawford":false,` +
		`"started":false,"first":"white","starter":"white","opening":[3,1],"rerolls":0,"plays":0}`
)

// gjRefused checks that good reads as a Game and that each of bad, good
// with one thing changed, is refused with a *RecordError of Index -1
// matching ErrBadRecord, the receiver left as it was.
func gjRefused(t *testing.T, good string, bad map[string]string) {
	t.Helper()
	var g Game
	require.NoError(t, json.Unmarshal([]byte(good), &g), "the unchanged game reads")
	for name, b := range bad {
		require.NotEqual(t, good, b, name)
		was := g
		err := json.Unmarshal([]byte(b), &g)
		var re *RecordError
		if assert.ErrorAs(t, err, &re, "%s: %s", name, b) {
			assert.Equal(t, -1, re.Index, name)
		}
		assert.ErrorIs(t, err, ErrBadRecord, name)
		assert.Equal(t, was, g, "%s: the game is unchanged", name)
	}
}

// TestGameJSONRefusesAResultBeforeTheEnd_C7: a game has a result once it
// is over: a game waiting for a roll with one is refused.
func TestGameJSONRefusesAResultBeforeTheEnd_C7(t *testing.T) {
	gjRefused(t, gjLongToRoll, map[string]string{
		"a result while waiting for the roll": strings.Replace(gjLongToRoll, `"plays":0}`,
			`"plays":0,"result":{"variant":"long","winner":"white","end":"resigned","cube":1,"points":1,"kind":"oin"}}`, 1),
	})
}

// TestGameJSONRefusesAPositionOfTheOtherGame: a game over by
// resignation, whose board is not judged, is still refused with a
// position of the other variant than its rules'.
func TestGameJSONRefusesAPositionOfTheOtherGame(t *testing.T) {
	// White opened 3-1 (24/21/20) and Black resigned a single game.
	resigned := `{"rules":{"variant":"long"},` +
		`"position":"long b 00000000000000000000000f00/00000000000000000001000e00",` +
		`"phase":"over","cube":{"value":1,"owned":false,"owner":"white"},"money":true,"crawford":false,` +
		`"started":true,"first":"white","starter":"white","opening":[3,1],"rerolls":0,"plays":1,` +
		`"result":{"variant":"long","winner":"white","end":"resigned","cube":1,"points":1,"kind":"oin"}}`
	gjRefused(t, resigned, map[string]string{
		"a short-nardy position under long rules": strings.Replace(resigned,
			`"long b 00000000000000000000000f00/00000000000000000001000e00"`,
			`"short b 00000503000050000000000200/00000503000050000000000200"`, 1),
	})
}

// TestGameJSONRefusesAFinishedBoardInPlay_C7: the game ends when a player
// has borne off all fifteen (C7): without L11's last roll, a game waiting
// for the other player's roll with White's fifteen off is refused.
func TestGameJSONRefusesAFinishedBoardInPlay_C7(t *testing.T) {
	// Three plays made from White's start; White has one checker left.
	toRoll := `{"rules":{"variant":"long"},` +
		`"position":"long b 00000000000000000000000f00/1000000000000000000000000e",` +
		`"phase":"roll","cube":{"value":1,"owned":false,"owner":"white"},"money":true,"crawford":false,` +
		`"started":true,"first":"white","starter":"white","opening":[3,1],"rerolls":0,"plays":3}`
	gjRefused(t, toRoll, map[string]string{
		"white's fifteen off": strings.Replace(toRoll, `/1000000000000000000000000e"`, `/0000000000000000000000000f"`, 1),
	})
}

// TestGameJSONLastRollNeedsTheRule_L11: a game at L11's last roll reads
// back when Black, the second player, has four checkers left (a double
// can bear off four: the last roll is thrown), and is refused under rules
// without LastRollDraw, where White's fifteen off ended the game.
func TestGameJSONLastRollNeedsTheRule_L11(t *testing.T) {
	// White moved first and has borne off all fifteen; Black has eleven
	// off and four on its point 1, and is to throw its last roll. Black
	// has borne off some, so White's win is an oin (L8).
	last := `{"rules":{"variant":"long","last_roll_draw":true},` +
		`"position":"long b 4000000000000000000000000b/0000000000000000000000000f",` +
		`"phase":"roll","cube":{"value":1,"owned":false,"owner":"white"},"money":true,"crawford":false,` +
		`"started":true,"first":"white","starter":"white","last_roll":true,"last_kind":"oin",` +
		`"opening":[3,1],"rerolls":0,"plays":21}`
	var g Game
	require.NoError(t, json.Unmarshal([]byte(last), &g))
	assert.True(t, g.IsLastRoll())
	gjRefused(t, last, map[string]string{
		"without LastRollDraw": strings.Replace(last, `"last_roll_draw":true`, `"last_roll_draw":false`, 1),
	})
}

// TestGameJSONResumePhaseOnlyWithAnOffer_S6: a resignation offered
// interrupts a roll or a play, and the game goes back to it when the
// offer is rejected: a game with an offer pending is refused without the
// phase to go back to, and a game without one is refused with it.
func TestGameJSONResumePhaseOnlyWithAnOffer_S6(t *testing.T) {
	// White won the opening throw 3-1 and is to roll; Black offers to
	// resign a single game.
	offered := `{"rules":{"variant":"long"},` +
		`"position":"long w 00000000000000000000000f00/00000000000000000000000f00",` +
		`"phase":"resign","resume":"roll","cube":{"value":1,"owned":false,"owner":"white"},"money":true,"crawford":false,` +
		`"started":false,"first":"white","starter":"white","offer":"oin","offer_by":"black",` +
		`"opening":[3,1],"rerolls":0,"plays":0}`
	var g Game
	require.NoError(t, json.Unmarshal([]byte(offered), &g))
	g, err := g.Act(ActReject)
	require.NoError(t, err)
	assert.Equal(t, PhaseRoll, g.Phase(), "a rejected offer returns to the roll")
	gjRefused(t, offered, map[string]string{
		"an offer without the phase it interrupted": strings.Replace(offered, `"resume":"roll",`, ``, 1),
		"an offer interrupting an offer":            strings.Replace(offered, `"resume":"roll",`, `"resume":"resign",`, 1),
	})
	gjRefused(t, gjLongToRoll, map[string]string{
		"a phase to go back to without an offer": strings.Replace(gjLongToRoll, `"phase":"roll",`, `"phase":"roll","resume":"play",`, 1),
	})
}

// TestGameJSONCubeFitsTheRules_S6: a cube above 1 needs rules with the
// cube, and the Crawford game is a game of a match, not money play (S6).
func TestGameJSONCubeFitsTheRules_S6(t *testing.T) {
	gjRefused(t, gjLongToRoll, map[string]string{
		"a cube of 2 without the cube": strings.Replace(gjLongToRoll,
			`"cube":{"value":1,"owned":false,"owner":"white"}`, `"cube":{"value":2,"owned":true,"owner":"black"}`, 1),
	})
	gjRefused(t, gjShortOpened, map[string]string{
		"a Crawford game of money play": strings.Replace(gjShortOpened, `"crawford":false`, `"crawford":true`, 1),
	})
}

// TestGameJSONRefusesDiceOutOfPlace_C2: dice belong to a game only while
// a roll is being played. Under UseOpeningDice (C2) the first roll is the
// opening throw's dice: a first play of other dice is refused; and a game
// waiting for a roll, which has no dice, is refused with dice or steps.
func TestGameJSONRefusesDiceOutOfPlace_C2(t *testing.T) {
	gjRefused(t, gjShortOpened, map[string]string{
		"a first roll of other dice than the opening's": strings.Replace(gjShortOpened, `"dice":"3-1"`, `"dice":"5-2"`, 1),
	})
	gjRefused(t, gjLongToRoll, map[string]string{
		"dice while waiting for the roll":  strings.Replace(gjLongToRoll, `"phase":"roll",`, `"phase":"roll","dice":"5-2",`, 1),
		"steps while waiting for the roll": strings.Replace(gjLongToRoll, `"phase":"roll",`, `"phase":"roll","steps":[[24,19,5]],`, 1),
	})
}

// TestGameJSONResultHasTheGamesCube_S6: a finished game's result is played
// for the game's cube (S6): a money game at cube 1 that White won when
// Black resigned a single game after White's opening 3-1 (8/5 6/5), written
// by hand, reads with a result of cube 1 and is refused with cube 2, though
// its points (1) are those of a single at the game's cube.
func TestGameJSONResultHasTheGamesCube_S6(t *testing.T) {
	over := func(resultCube int) string {
		res := fmt.Sprintf(`{"variant":"short","winner":"white","end":"resigned","cube":%d,"points":1,"kind":"single"}`, resultCube)
		return strings.NewReplacer("short w 00000503000050000000000200/00000503000050000000000200",
			"short b 00000503000050000000000200/00002402000050000000000200", `"phase":"opening"`, `"phase":"over"`,
			`"started":false`, `"started":true`, `"opening":[0,0]`, `"opening":[3,1]`,
			`"plays":0}`, `"plays":1,"result":`+res+"}").Replace(hwGame("opening_roll", true, false))
	}
	var g Game
	require.NoError(t, g.UnmarshalJSON([]byte(over(1))), over(1))
	assert.ErrorIs(t, g.UnmarshalJSON([]byte(over(2))), ErrBadRecord, over(2))
}

// TestGameJSONCentredCubeIsWrittenWhite_S6: a centred cube's owner means
// nothing and is written "white", the zero Color (Game.MarshalJSON); one
// read as "black" is refused rather than kept, which would make a Game no
// play reaches (unequal to the same game played, its Cube's Owner Black).
func TestGameJSONCentredCubeIsWrittenWhite_S6(t *testing.T) {
	fresh := hwGame("opening_roll", true, false)
	var g Game
	require.NoError(t, g.UnmarshalJSON([]byte(fresh)))
	played, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	assert.Equal(t, played, g, "the hand-written game is the new game")
	black := strings.Replace(fresh, `"owned":false,"owner":"white"`, `"owned":false,"owner":"black"`, 1)
	require.NotEqual(t, fresh, black)
	assert.ErrorIs(t, g.UnmarshalJSON([]byte(black)), ErrBadRecord, black)
}

// TestGameJSONSaysWhichKeyIsMissing: a game's JSON without its "position"
// or its "phase" (a hand-written state, a client's truncated one) is
// refused saying the key is missing. It said "position invalid for long
// rules", naming the zero Position by its text, and "phase 0", a number a
// reader of the JSON never wrote.
func TestGameJSONSaysWhichKeyIsMissing(t *testing.T) {
	noPosition := strings.Replace(gjLongToRoll,
		`"position":"long w 00000000000000000000000f00/00000000000000000000000f00",`, "", 1)
	noPhase := strings.Replace(gjLongToRoll, `"phase":"roll",`, "", 1)
	gjRefused(t, gjLongToRoll, map[string]string{"no position": noPosition, "no phase": noPhase})
	var g Game
	err := json.Unmarshal([]byte(noPosition), &g)
	assert.ErrorContains(t, err, `without its position ("position")`)
	assert.NotContains(t, err.Error(), "invalid for")
	err = json.Unmarshal([]byte(noPhase), &g)
	assert.ErrorContains(t, err, `without its phase ("phase")`)
}

// TestJSONNullIsNoGameMatchOrRecord: JSON null read as a Game, a Match or
// a Record, alone or as a field, is refused saying null, as an Action
// refuses it, and leaves the value as it was. A Game's said "invalid
// rules: no variant" and a Match's "a match without its game", of a null
// nobody wrote rules in; a Record's read null as the zero Record, no
// error, so that a null record in a stream of them became a record of no
// rules that Replay alone refused. The readers that merge what they read
// into the value (Rules, fair.Proof) keep encoding/json's convention: null
// changes nothing.
func TestJSONNullIsNoGameMatchOrRecord(t *testing.T) {
	g, err := NewGame(DefaultRules(Long))
	require.NoError(t, err)
	m, err := NewMatch(DefaultRules(Short), 3)
	require.NoError(t, err)
	rec := Record{Rules: DefaultRules(Short), Length: 3, Actions: []Action{}}
	for _, in := range []string{`null`, ` null `} {
		for name, c := range map[string]struct {
			v    json.Unmarshaler
			same func() bool
		}{
			"game":   {&g, func() bool { return g.IsValid() && g.Rules() == DefaultRules(Long) }},
			"match":  {&m, func() bool { return m.IsValid() && m.Length() == 3 }},
			"record": {&rec, func() bool { return rec.Length == 3 && rec.Rules == DefaultRules(Short) }},
		} {
			err := json.Unmarshal([]byte(in), c.v)
			require.Error(t, err, "%s %q", name, in)
			assert.ErrorIs(t, err, ErrBadRecord, name)
			assert.ErrorIs(t, err, ErrSyntax, name)
			assert.ErrorContains(t, err, "null is no "+name, name)
			assert.True(t, c.same(), "%s left as it was", name)
			err = c.v.UnmarshalJSON([]byte(in))
			assert.ErrorContains(t, err, "null is no "+name, "%s %q, called directly", name, in)
		}
	}
	var fields struct {
		Game   Game   `json:"game"`
		Match  Match  `json:"match"`
		Record Record `json:"record"`
	}
	for _, key := range []string{"game", "match", "record"} {
		err := json.Unmarshal([]byte(`{"`+key+`":null}`), &fields)
		assert.ErrorContains(t, err, "null is no "+key, "a %s field of null", key)
	}
	err = json.Unmarshal([]byte(`{"length":3,"score":[0,0],"game_number":1,"over":false,"game":null}`), &m)
	assert.ErrorContains(t, err, "null is no game", "a match's game of null")
	// Null inside the rules, as before: nothing changes.
	r := DefaultRules(Short)
	require.NoError(t, json.Unmarshal([]byte(`null`), &r))
	assert.Equal(t, DefaultRules(Short), r)
}

// TestGameJSONWithoutItsRulesSaysSo: a game's JSON without "rules" (or {})
// says so, as one without its position or phase does; it said "invalid
// rules: no variant (the zero Rules; want long or short)", of rules the
// JSON did not hold.
func TestGameJSONWithoutItsRulesSaysSo(t *testing.T) {
	noRules := strings.Replace(gjLongToRoll, `"rules":{"variant":"long"},`, "", 1)
	require.NotEqual(t, gjLongToRoll, noRules)
	for _, in := range []string{noRules, `{}`} {
		var g Game
		err := json.Unmarshal([]byte(in), &g)
		assert.ErrorIs(t, err, ErrBadRecord, in)
		assert.ErrorContains(t, err, `without its rules ("rules")`, in)
		assert.NotContains(t, err.Error(), "zero Rules", in)
	}
}
