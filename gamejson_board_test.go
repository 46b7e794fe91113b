package nardy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lastRollGame returns a long-nardy game under r (with LastRollDraw) at
// L11's last roll: White, the starter, bore its last checker off with a
// 2-1, and Black, with three checkers on its 1-point and 12 off, is on
// roll.
func lastRollGame(t *testing.T, r Rules) Game {
	t.Helper()
	var w, b Side
	w[Off], w[1] = 14, 1
	b[Off], b[1] = 12, 3
	pos, err := NewPosition(Long, White, w, b)
	require.NoError(t, err)
	g, err := NewGameAt(r, Setup{Position: pos, Starter: White})
	require.NoError(t, err)
	g = gmDo(t, g, Action{Kind: ActRoll, Player: White, Dice: [2]int{2, 1}})
	plays, err := g.Legal()
	require.NoError(t, err)
	last := gmDo(t, g, plays[0].Action()) // White is off: Black's last roll
	require.True(t, last.IsLastRoll())
	return last
}

// TestGameJSONResultFitsTheBoard_L8_L11: a game read from JSON whose result
// the board contradicts is refused: a winner who has not borne off every
// checker (C7), a draw with checkers left (L11), a kind the board does not
// give (L8), and, during L11's last roll, a kind of the first player's win
// the board does not give. They were read, and a tampered last roll then
// scored its mars (helper-84).
func TestGameJSONResultFitsTheBoard_L8_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	last := lastRollGame(t, r)
	over := gmDo(t, last, Action{Kind: ActRoll, Player: Black, Dice: [2]int{2, 1}})
	plays, err := over.Legal()
	require.NoError(t, err)
	over = gmDo(t, over, plays[0].Action()) // one checker left: White wins an oin
	res, ok := over.Result()
	require.True(t, ok)
	require.Equal(t, Oin, res.Kind)

	for _, c := range []struct {
		g        Game
		from, to string
	}{
		{last, `"last_kind":"oin"`, `"last_kind":"mars"`},
		{over, `"winner":"white"`, `"winner":"black"`},
		{over, `"points":1,"kind":"oin"`, `"points":2,"kind":"mars"`},
		{over, `"kind":"oin"`, `"kind":"draw"`},
	} {
		b, err := json.Marshal(c.g)
		require.NoError(t, err)
		var back Game
		require.NoError(t, json.Unmarshal(b, &back), "the game as it is reads back")
		assert.Equal(t, c.g, back)
		tampered := strings.Replace(string(b), c.from, c.to, 1)
		require.NotEqual(t, string(b), tampered, "%s in %s", c.from, b)
		assert.ErrorIs(t, json.Unmarshal([]byte(tampered), &back), ErrBadRecord, c.to)
	}
}

// TestGameJSONPendingDoubleIsOffered_S6: a game read from JSON with a
// double pending must hold a double its player could offer: not without
// the cube, not in the Crawford game, not past the cube's limit, not by
// the player who does not hold the cube. Each was read, and a take then
// set a cube S6 forbids (helper-86).
func TestGameJSONPendingDoubleIsOffered_S6(t *testing.T) {
	pending := func(t *testing.T, g Game) []byte {
		t.Helper()
		b, err := json.Marshal(g)
		require.NoError(t, err)
		require.Contains(t, string(b), `"phase":"roll"`)
		return []byte(strings.Replace(string(b), `"phase":"roll"`, `"phase":"cube"`, 1))
	}
	afterOpening := func(t *testing.T, g Game) Game {
		t.Helper()
		g = gmDo(t, g, Action{Kind: ActOpening, Dice: [2]int{3, 1}})
		plays, err := g.Legal()
		require.NoError(t, err)
		return gmDo(t, g, plays[0].Action()) // Black on roll
	}
	// A legal pending double reads, as a control.
	money, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	var ok Game
	require.NoError(t, json.Unmarshal(pending(t, afterOpening(t, money)), &ok))
	require.Equal(t, PhaseCube, ok.Phase())

	noCube := DefaultRules(Short)
	noCube.Cube, noCube.Jacoby, noCube.Beavers, noCube.Crawford, noCube.MaxCube = false, false, false, false, 0
	g0, err := NewGame(noCube)
	require.NoError(t, err)

	m, err := NewMatchAt(DefaultRules(Short), 5, MatchStart{Score: [2]int{4, 2}})
	require.NoError(t, err)
	require.True(t, m.Game().IsCrawford())
	crawford := afterOpening(t, m.Game())

	start, err := StartPosition(Short, Black)
	require.NoError(t, err)
	atLimit, err := NewGameAt(DefaultRules(Short), Setup{Position: start, Cube: Cube{Value: 64, Owned: true, Owner: Black}, Starter: Black})
	require.NoError(t, err)
	theirs, err := NewGameAt(DefaultRules(Short), Setup{Position: start, Cube: Cube{Value: 2, Owned: true, Owner: White}, Starter: Black})
	require.NoError(t, err)

	for name, g := range map[string]Game{
		"no cube":              afterOpening(t, g0),
		"the Crawford game":    crawford,
		"the cube at 64":       atLimit,
		"the other's cube (2)": theirs,
	} {
		var x Game
		err := json.Unmarshal(pending(t, g), &x)
		assert.ErrorIs(t, err, ErrBadRecord, name)
	}
}

// TestGameJSONPendingBeaverIsOffered_S6_L11: a beaver pending read from
// JSON must follow a double its player could offer: not on L11's last
// roll, where no double is (it was read, and a take then set the cube
// at 4 on the last roll, helper-89).
func TestGameJSONPendingBeaverIsOffered_S6_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw, r.Cube, r.Beavers, r.MaxCube = true, true, true, 64
	last := lastRollGame(t, r)
	data, err := json.Marshal(last)
	require.NoError(t, err)
	text := strings.Replace(string(data), `"phase":"roll"`, `"phase":"cube","beavered":true`, 1)
	text = strings.Replace(text, `"cube":{"value":1,"owned":false}`, `"cube":{"value":2,"owned":true,"owner":"white"}`, 1)
	require.Contains(t, text, `"beavered":true`)
	require.Contains(t, text, `"value":2,"owned":true`)
	var x Game
	assert.ErrorIs(t, json.Unmarshal([]byte(text), &x), ErrBadRecord)
}

// TestGameJSONLastRollIsTheSecondPlayers_L11: a game read from JSON at
// L11's last roll must have it where a game can: the player who moved
// first has borne off every checker and the other, with four or fewer
// left, is on roll. A last roll of the finished player, of the player who
// moved first, or of a player with no checker off was read, and the first
// then ended in a draw with four checkers left on the board (helper-96).
func TestGameJSONLastRollIsTheSecondPlayers_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	b, err := json.Marshal(lastRollGame(t, r))
	require.NoError(t, err)
	var back Game
	require.NoError(t, json.Unmarshal(b, &back))
	legit := `"position":"long b 3000000000000000000000000c/0000000000000000000000000f"`
	rest := `,"phase":"roll","cube":{"value":1,"owned":false},"money":true,"crawford":false,"started":true,"first":"white","starter":"white","last_roll":true,"last_kind":"oin","opening":[0,0],"rerolls":0,`
	tail := `,"last_roll":true,"last_kind":"oin","opening":[0,0],"rerolls":0,`
	require.Contains(t, string(b), legit+rest+`"plays":3`)
	for name, swap := range map[string][2]string{
		"the finished player on roll": {legit + rest + `"plays":3`, `"position":"long w 0000000000000000000000000f/3000000000000000000000000c"` + rest + `"plays":4`},
		"the first player's roll":     {`"first":"white","starter":"white"` + tail + `"plays":3`, `"first":"black","starter":"black"` + tail + `"plays":4`},
		"no checker off": {legit + `,"phase":"roll","cube":{"value":1,"owned":false},"money":true,"crawford":false,"started":true,"first":"white","starter":"white","last_roll":true,"last_kind":"oin"`,
			`"position":"long b f0000000000000000000000000/0000000000000000000000000f","phase":"roll","cube":{"value":1,"owned":false},"money":true,"crawford":false,"started":true,"first":"white","starter":"white","last_roll":true,"last_kind":"mars"`},
	} {
		tampered := strings.Replace(string(b), swap[0], swap[1], 1)
		require.NotEqual(t, string(b), tampered, name)
		assert.ErrorIs(t, json.Unmarshal([]byte(tampered), &back), ErrBadRecord, name)
	}
}

// TestGameMatchJSONErrorsTyped: every refusal of a game's or a match's
// JSON is a *RecordError (Index −1) matching ErrBadRecord, whatever part
// is wrong, and says the cube in words (helper-104: these were plain
// errors, one a Go struct dump). Text that is not JSON at all is refused
// by encoding/json before UnmarshalJSON is called, with its own error.
func TestGameMatchJSONErrorsTyped(t *testing.T) {
	g, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	good, err := json.Marshal(g)
	require.NoError(t, err)
	m, err := NewMatch(DefaultRules(Short), 5)
	require.NoError(t, err)
	goodMatch, err := json.Marshal(m)
	require.NoError(t, err)
	bad := map[string]string{
		"too long":     `{"x":"` + strings.Repeat("y", maxGameJSON) + `"}`,
		"long number":  `{"plays":` + strings.Repeat("9", 70) + `}`,
		"wrong type":   `{"plays":"many"}`,
		"zero cube":    strings.Replace(string(good), `"value":1`, `"value":0`, 1),
		"phase":        strings.Replace(string(good), `"phase":"opening"`, `"phase":"fly"`, 1),
		"match's game": strings.Replace(string(goodMatch), `"value":1`, `"value":3`, 1),
	}
	for name, js := range bad {
		for _, v := range []any{new(Game), new(Match)} {
			if _, game := v.(*Game); game && name == "match's game" {
				continue
			}
			err := json.Unmarshal([]byte(js), v)
			var re *RecordError
			require.ErrorAs(t, err, &re, "%s %T", name, v)
			assert.Equal(t, -1, re.Index)
			assert.ErrorIs(t, err, ErrBadRecord)
			assert.NotContains(t, err.Error(), "bad record: bad record")
			assert.NotContains(t, err.Error(), "{Value:")
		}
	}
	var back Game
	err = json.Unmarshal([]byte(strings.Replace(string(good), `"value":1`, `"value":0`, 1)), &back)
	assert.ErrorContains(t, err, "cube of value 0, centred")
}
