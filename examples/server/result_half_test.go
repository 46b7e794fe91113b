package main

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// TestDrawHalfResult_L11: a stored money game of long nardy under rules
// with L11's last-roll draw and a ½–½ table (Scoring.DrawHalf; no preset
// has them, but a stored record carries its own rules and the server
// reads them back) drawn by the last roll scores ½–½ at cube 1. The state's
// result says so with "half": true beside "points": 0, so that a client
// tells it from a 0–0 game; a draw under the 1–1 table has no "half".
func TestDrawHalfResult_L11(t *testing.T) {
	for _, half := range []bool{true, false} {
		p, err := variants.Lookup("long-moscow")
		require.NoError(t, err)
		p.Rules.LastRollDraw, p.Rules.Scoring.DrawHalf = true, half
		// White, the starter, bears its last checker off; Black's last
		// roll takes its last two off: a draw (L11).
		pos, err := nardy.ParsePosition("long w 1000000000000000000000000e/2000000000000000000000000d")
		require.NoError(t, err)
		g, err := newGame(p, 0, nardy.MatchStart{}, &nardy.Setup{Position: pos, Starter: nardy.White}, [2]string{"human", "human"}, "")
		require.NoError(t, err)
		for _, a := range []nardy.Action{
			{Kind: nardy.ActRoll, Player: nardy.White, Dice: [2]int{6, 5}},
			{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 1, To: nardy.Off, Die: 6}}},
			{Kind: nardy.ActRoll, Player: nardy.Black, Dice: [2]int{3, 2}},
			{Kind: nardy.ActPlay, Player: nardy.Black, Steps: []nardy.Step{{From: 1, To: nardy.Off, Die: 3}, {From: 1, To: nardy.Off, Die: 2}}},
		} {
			require.NoError(t, g.rec.Do(a), "%v", a)
		}
		res, ok := g.match().LastResult()
		require.True(t, ok)
		require.Equal(t, nardy.Draw, res.Kind)
		token := newID()
		g.tokens = [2]string{tokenHash(token), tokenHash(newID())}
		g.client, g.created, g.version = "c", time.Now(), 1
		b, err := g.encode()
		require.NoError(t, err)

		st := newMemStore()
		c := newClient(t, Config{Store: st})
		id := newID()
		require.NoError(t, st.Create(t.Context(), Row{ID: id, Version: 1, Client: "c", Updated: time.Now(), Data: b}))
		code, body := c.request("GET", "/api/games/"+id, token, "")
		require.Equal(t, http.StatusOK, code, "%s", body)
		var got struct {
			Result map[string]any `json:"result"`
		}
		require.NoError(t, json.Unmarshal(body, &got))
		require.NotNil(t, got.Result, "%s", body)
		assert.Equal(t, "draw", got.Result["kind"], "half %v", half)
		if half {
			// ½–½ at cube 1: no whole point each, and half a point more.
			assert.Equal(t, 0.0, got.Result["points"])
			assert.Equal(t, true, got.Result["half"], "½–½ must not read as 0–0: %s", body)
		} else {
			assert.Equal(t, 1.0, got.Result["points"])
			assert.NotContains(t, got.Result, "half", "1–1 has no half point")
		}
	}
}
