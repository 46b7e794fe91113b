package nardy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameJSONResultFitsTheBoard_L8_L11: a game read from JSON whose result
// the board contradicts is refused: a winner who has not borne off every
// checker (C7), a draw with checkers left (L11), a kind the board does not
// give (L8), and, during L11's last roll, a kind of the first player's win
// the board does not give. They were read, and a tampered last roll then
// scored its mars (helper-84).
func TestGameJSONResultFitsTheBoard_L8_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
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
	over := gmDo(t, last, Action{Kind: ActRoll, Player: Black, Dice: [2]int{2, 1}})
	plays, err = over.Legal()
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
