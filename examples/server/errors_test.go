package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBadRequests: every kind of bad request gets a 4xx JSON error that
// says why.
func TestBadRequests(t *testing.T) {
	c := newClient(t, Config{})
	g := c.create(`{"preset":"long-moscow","seed":1}`).ID // white: person, black: bot
	api := "/api/games/" + g
	cases := []struct {
		name         string
		status       int
		code         string
		method, path string
		body         string
	}{
		{"bad json", 400, "bad_json", "POST", "/api/games", `{`},
		{"unknown field", 400, "bad_json", "POST", "/api/games", `{"preset":"long-moscow","colour":"white"}`},
		{"data after the object", 400, "bad_json", "POST", "/api/games", `{} {}`},
		{"wrong type", 400, "bad_json", "POST", "/api/games", `{"length":"seven"}`},
		{"unknown preset", 400, "bad_preset", "POST", "/api/games", `{"preset":"long-mars"}`},
		{"bad color", 400, "bad_color", "POST", "/api/games", `{"color":"red"}`},
		{"bad opponent", 400, "bad_opponent", "POST", "/api/games", `{"opponent":"cat"}`},
		{"bad bot", 400, "bad_game", "POST", "/api/games", `{"bot":"deep-blue"}`},
		{"negative length", 400, "bad_length", "POST", "/api/games", `{"length":-1}`},
		{"long match", 400, "bad_length", "POST", "/api/games", `{"length":1000}`},
		{"body too large", 413, "too_large", "POST", "/api/games", `{"preset":"` + strings.Repeat("x", maxBody) + `"}`},
		{"list games", 405, "method_not_allowed", "GET", "/api/games", ``},
		{"put presets", 405, "method_not_allowed", "PUT", "/api/presets", ``},
		{"post a state", 405, "method_not_allowed", "POST", api, ``},
		{"post steps", 405, "method_not_allowed", "POST", api + "/steps", ``},
		{"get roll", 405, "method_not_allowed", "GET", api + "/roll", ``},
		{"no such path", 404, "not_found", "GET", "/nowhere", ``},
		{"no such game", 404, "no_game", "GET", "/api/games/feedface", ``},
		{"action on no game", 404, "no_game", "POST", "/api/games/feedface/roll", ``},
		{"steps of no game", 404, "no_game", "GET", "/api/games/feedface/steps", ``},
		{"unknown action", 404, "unknown_action", "POST", api + "/fly", ``},
		{"bot's colour", 403, "bot_player", "POST", api + "/roll", `{"player":"black"}`},
		{"no such player", 400, "bad_request", "POST", api + "/roll", `{"player":"green"}`},
		{"action bad json", 400, "bad_json", "POST", api + "/roll", `[1,2]`},
		{"step in the opening", 409, "wrong_phase", "POST", api + "/step", `{"from":24,"to":18}`},
		{"steps in the opening", 409, "wrong_phase", "GET", api + "/steps", ``},
		{"undo in the opening", 409, "wrong_phase", "POST", api + "/undo", ``},
		{"finish in the opening", 409, "wrong_phase", "POST", api + "/play", ``},
		{"double without cube", 409, "wrong_phase", "POST", api + "/double", ``},
		{"take without double", 409, "wrong_phase", "POST", api + "/take", ``},
		{"accept without offer", 409, "wrong_phase", "POST", api + "/accept", ``},
		{"resign in the opening", 409, "wrong_phase", "POST", api + "/resign", ``},
		{"step field on roll", 400, "bad_request", "POST", api + "/roll", `{"from":3}`},
		{"steps field on roll", 400, "bad_request", "POST", api + "/roll", `{"steps":[]}`},
		{"kind field on take", 400, "bad_request", "POST", api + "/take", `{"kind":"oin"}`},
		{"resign kind unknown", 400, "bad_request", "POST", api + "/resign", `{"kind":"gammon"}`},
		{"bad viewer", 400, "bad_viewer", "GET", api + "/board.svg?viewer=purple", ``},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.refused(tc.status, tc.code, tc.method, tc.path, tc.body)
		})
	}
	c.t = t

	// Refusals during the play of a roll.
	var st stateJSON
	c.ok("POST", api+"/roll", "", &st)
	for st.Phase != "play" || st.ToAct != "white" {
		st, _ = c.move(g, "white", st, 0)
	}
	var sj stepsJSON
	c.ok("GET", api+"/steps", "", &sj)
	legal := map[[2]int]bool{}
	for _, s := range sj.Next {
		legal[[2]int{s.From, s.To}] = true
	}
	bad := func(name string, status int, code, what, body string) {
		t.Run(name, func(t *testing.T) {
			c.t = t
			c.refused(status, code, "POST", api+"/"+what, body)
		})
		c.t = t
	}
	bad("step without from", 400, "bad_request", "step", `{"to":18}`)
	bad("step without to or die", 400, "bad_request", "step", `{"from":24}`)
	bad("step from 26", 400, "bad_request", "step", `{"from":26,"to":20}`)
	bad("step to -1", 400, "bad_request", "step", `{"from":3,"to":-1}`)
	bad("step die 7", 400, "bad_request", "step", `{"from":24,"die":7}`)
	bad("step from an empty point", 422, "illegal", "step", `{"from":1,"die":1}`)
	notRolled := 1
	for strings.ContainsRune(sj.Roll, rune('0'+notRolled)) {
		notRolled++
	}
	bad("step with a die not rolled", 422, "illegal", "step", fmt.Sprintf(`{"from":24,"die":%d}`, notRolled))
	bad("finish before the steps", 422, "illegal", "play", ``)
	bad("undo without a step", 422, "illegal", "undo", ``)
	bad("roll again", 409, "wrong_phase", "roll", ``)
	bad("double in the play", 409, "wrong_phase", "double", ``)
	bad("resign koks in long-moscow", 422, "resign_kind", "resign", `{"kind":"koks"}`)
	bad("whole play not legal", 422, "illegal", "play", `{"steps":[[1,0,1]]}`)
	bad("whole play of five steps", 400, "bad_request", "play", `{"steps":[[24,23,1],[24,23,1],[24,23,1],[24,23,1],[24,23,1]]}`)
	bad("whole play with a bad point", 400, "bad_request", "play", `{"steps":[[24,99,1]]}`)
	// A step the rules forbid names its rule (long nardy: one checker
	// off the head, L3, unless the roll is an exception).
	for to := 1; to <= 24; to++ {
		if !legal[[2]int{24, to}] && 24-to <= 6 {
			e := c.refused(422, "illegal", "POST", api+"/step", fmt.Sprintf(`{"from":24,"to":%d}`, to))
			assert.NotEmpty(t, e.Rule)
		}
	}
	s := sj.Next[0]
	c.ok("POST", api+"/step", fmt.Sprintf(`{"from":%d,"to":%d}`, s.From, s.To), &st)
	bad("whole play after a step", 409, "wrong_phase", "play", fmt.Sprintf(`{"steps":[[%d,%d,%d]]}`, s.From, s.To, s.Die))

	// The bot accepts a resignation; the game is over and refuses more.
	c.ok("POST", api+"/resign", "", &st)
	require.True(t, st.MatchOver)
	bad("roll after the end", 409, "game_over", "roll", ``)
	bad("resign after the end", 409, "game_over", "resign", ``)
	bad("step after the end", 409, "wrong_phase", "step", `{"from":24,"to":18}`)
}

// TestHotseatTurns: between two people, a player who is not to act is
// refused.
func TestHotseatTurns(t *testing.T) {
	c := newClient(t, Config{})
	st := c.create(`{"preset":"long-classic","opponent":"human","seed":2}`)
	api := "/api/games/" + st.ID
	c.ok("POST", api+"/roll", `{"player":"black"}`, &st) // either throws the opening
	other := map[string]string{"white": "black", "black": "white"}[st.ToAct]
	c.refused(http.StatusConflict, "not_your_turn", "POST", api+"/roll", fmt.Sprintf(`{"player":%q}`, other))
	c.ok("POST", api+"/roll", "", &st) // the player to act by default
	c.refused(http.StatusConflict, "not_your_turn", "POST", api+"/step", fmt.Sprintf(`{"player":%q,"from":24,"to":18}`, other))
	c.refused(http.StatusConflict, "not_your_turn", "POST", api+"/play", fmt.Sprintf(`{"player":%q}`, other))
}

// TestTooManyGames: a full store refuses new games with 429 until a game is
// finished, then drops the least recently used finished game.
func TestTooManyGames(t *testing.T) {
	c := newClient(t, Config{MaxGames: 2})
	a := c.create(`{"seed":1}`)
	b := c.create(`{"seed":2}`)
	c.refused(http.StatusTooManyRequests, "too_many_games", "POST", "/api/games", `{}`)
	var st stateJSON
	c.ok("POST", "/api/games/"+a.ID+"/roll", "", &st)
	for st.ToAct != "white" {
		st, _ = c.move(a.ID, "white", st, 0)
	}
	c.ok("POST", "/api/games/"+a.ID+"/resign", "", &st)
	require.True(t, st.MatchOver)
	c.create(`{"seed":3}`)
	c.refused(http.StatusNotFound, "no_game", "GET", "/api/games/"+a.ID, "")
	c.state(b.ID)
}
