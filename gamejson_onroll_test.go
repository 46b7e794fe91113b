package nardy

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// finishedGames returns games that ended by bearing off (C7), each with
// the player who made the last play: short nardy's winner; long nardy's
// first player winning at once (L11 off, and L11 on with more than four
// of the other's checkers left); L11's last roll that misses the draw
// (the other player made the last play, the winner is on roll), with
// three left and with four, the most a roll bears off, and that draws
// (both off, the first player on roll).
func finishedGames(t *testing.T) []struct {
	name string
	g    Game
	last Color
} {
	t.Helper()
	short, long, draw := DefaultRules(Short), DefaultRules(Long), DefaultRules(Long)
	draw.LastRollDraw = true
	type play struct {
		roll  [2]int
		steps []Step
	}
	off := func(from, die int) Step { return Step{From: from, To: Off, Die: die} }
	var out []struct {
		name string
		g    Game
		last Color
	}
	for _, c := range []struct {
		name  string
		r     Rules
		pos   string
		plays []play
		last  Color
	}{
		{"short", short, "short w 1000000000000000000000000e/0000000000000000002200000b", []play{{[2]int{6, 5}, []Step{off(1, 6)}}}, White},
		{"long", long, "long w 1000000000000000000000000e/2000000000000000000000000d", []play{{[2]int{6, 5}, []Step{off(1, 6)}}}, White},
		{"long, L11, five left", draw, "long w 1000000000000000000000000e/5000000000000000000000000a", []play{{[2]int{6, 5}, []Step{off(1, 6)}}}, White},
		{"long, L11, the last roll misses", draw, "long w 1000000000000000000000000e/0000030000000000000000000c",
			[]play{{[2]int{6, 5}, []Step{off(1, 6)}}, {[2]int{2, 1}, []Step{{From: 6, To: 4, Die: 2}, {From: 6, To: 5, Die: 1}}}}, Black},
		// Four left, the most one roll bears off (L11): the last roll is
		// thrown, and misses with a roll that moves two checkers.
		{"long, L11, four left, the last roll misses", draw, "long w 1000000000000000000000000e/0000040000000000000000000b",
			[]play{{[2]int{6, 5}, []Step{off(1, 6)}}, {[2]int{2, 1}, []Step{{From: 6, To: 4, Die: 2}, {From: 6, To: 5, Die: 1}}}}, Black},
		{"long, L11, the last roll draws", draw, "long w 1000000000000000000000000e/2000000000000000000000000d",
			[]play{{[2]int{6, 5}, []Step{off(1, 6)}}, {[2]int{2, 1}, []Step{off(1, 2), off(1, 1)}}}, Black},
	} {
		g, err := NewGameAt(c.r, Setup{Position: mustPosition(ParsePosition(c.pos)), Starter: White})
		require.NoError(t, err, c.name)
		for _, p := range c.plays {
			player := g.Position().OnRoll()
			g, err = g.Do(Action{Kind: ActRoll, Player: player, Dice: p.roll})
			require.NoError(t, err, c.name)
			g, err = g.Do(Action{Kind: ActPlay, Player: player, Steps: p.steps})
			require.NoError(t, err, c.name)
		}
		require.True(t, g.IsOver(), c.name)
		out = append(out, struct {
			name string
			g    Game
			last Color
		}{c.name, g, c.last})
	}
	return out
}

// TestFinishedGameJSONOnRoll_C7_L11: a game that ended by bearing off has
// the other player of the one who made the last play on roll: the loser
// after the winner's last checker, the winner after L11's last roll that
// missed, the first player after the last roll that drew. Its JSON reads
// back as it is; the same JSON with the other player on roll (the board
// and the count of plays made to agree) is refused as a bad record, since
// no game reaches it: the winner on roll after its own last play, the
// loser on roll after a last roll it took, the second player on roll
// after it drew.
func TestFinishedGameJSONOnRoll_C7_L11(t *testing.T) {
	for _, c := range finishedGames(t) {
		res, ok := c.g.Result()
		require.True(t, ok, c.name)
		assert.Equal(t, BoreOff, res.End, c.name)
		assert.Equal(t, c.last.Other(), c.g.Position().OnRoll(), "%s: the other of the last mover on roll", c.name)
		back, b, err := viaJSON(c.g)
		require.NoError(t, err, "%s: %s", c.name, b)
		assert.Equal(t, c.g, back, c.name)

		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(b, &m))
		var plays int
		require.NoError(t, json.Unmarshal(m["plays"], &plays))
		for _, d := range []int{1, -1} {
			m["position"], err = json.Marshal(c.g.Position().Pass())
			require.NoError(t, err)
			m["plays"], err = json.Marshal(plays + d)
			require.NoError(t, err)
			forged, err := json.Marshal(m)
			require.NoError(t, err)
			var g Game
			err = json.Unmarshal(forged, &g)
			assert.ErrorIs(t, err, ErrBadRecord, "%s, plays %+d: %s", c.name, d, forged)
			assert.Equal(t, Game{}, g, c.name)
		}
	}
}
