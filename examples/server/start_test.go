package main

import (
	"net/http"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCreateAtScore: a match created at a score (the request's "start")
// begins there: at 4-2 in a match to 5 its first game is the Crawford
// game, shown in the state; the record keeps the start and replays to the
// state's end; a start no match can be at is 400 bad_game.
func TestCreateAtScore(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.create(`{"preset":"short-standard","length":5,"start":{"score":[4,2]},"seed":3}`)
	assert.Equal(t, map[string]int{"white": 4, "black": 2}, st.Score)
	assert.True(t, st.Crawford)
	n := 0
	st = playOut(t, st, seats(me), func() int { n++; return n * 7 })
	require.NotNil(t, st.Result)
	var rec nardy.Record
	me.ok("GET", "record", "", &rec)
	assert.Equal(t, nardy.MatchStart{Score: [2]int{4, 2}}, rec.Start)
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	w, b := m.Score()
	assert.Equal(t, map[string]int{"white": w, "black": b}, st.Score)

	for _, body := range []string{
		`{"preset":"short-standard","length":5,"start":{"score":[5,2]}}`,
		`{"preset":"short-standard","length":5,"start":{"score":[1,2],"crawford_done":true}}`,
		`{"preset":"short-standard","length":0,"start":{"score":[1,0]}}`,
	} {
		status, out := c.request("POST", "/api/games", "", body)
		assert.Equal(t, http.StatusBadRequest, status, body)
		assert.Contains(t, string(out), "bad_game", body)
	}
}

// TestCreateAtPosition: a game created at a position (the request's
// "setup") begins there, its player on roll to roll; the game plays to
// its end against the bot, and its record keeps the setup and replays,
// its fair dice checked from the first roll on; a setup no game can have
// is 400 bad_game.
func TestCreateAtPosition(t *testing.T) {
	c := newClient(t, Config{})
	const pos = "short w 0200000000000000000000000d/0200000000000000000000000d"
	st, me, _ := c.create(`{"preset":"short-standard","length":3,"start":{"score":[1,0]},` +
		`"setup":{"position":"` + pos + `","starter":"black","match":true},"seed":5}`)
	assert.Equal(t, map[string]int{"white": 1, "black": 0}, st.Score)
	n := 0
	st = playOut(t, st, seats(me), func() int { n++; return n * 7 })
	require.NotNil(t, st.Result)
	var rec nardy.Record
	me.ok("GET", "record", "", &rec)
	require.NotNil(t, rec.Setup)
	assert.Equal(t, pos, rec.Setup.Position.String())
	assert.Equal(t, nardy.Black, rec.Setup.Starter)
	require.NotEmpty(t, rec.Actions)
	assert.NotEqual(t, nardy.ActOpening, rec.Actions[0].Kind, "no opening throw (C2)")
	assert.True(t, rec.Seed != nil || rec.Fair != nil, "the dice's seed or proof, which Replay checks")
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	w, b := m.Score()
	assert.Equal(t, map[string]int{"white": w, "black": b}, st.Score)

	for _, body := range []string{
		`{"preset":"short-standard","setup":{"position":"long w 00000000000000000000000f00/00000000000000000000000f00"}}`,
		`{"preset":"short-standard","length":3,"setup":{"position":"` + pos + `"}}`,
		`{"preset":"short-standard","setup":{"position":"` + pos + `","cube":{"value":3,"owned":true}}}`,
		`{"preset":"short-standard","setup":{"position":"short w 12"}}`,
	} {
		status, out := c.request("POST", "/api/games", "", body)
		assert.Equal(t, http.StatusBadRequest, status, body)
		assert.Contains(t, string(out), "bad_", body)
	}
}
