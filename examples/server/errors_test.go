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
	st0, me, _ := c.create(`{"preset":"long-moscow","seed":1}`) // white: person, black: bot
	v := withVersion(st0.Version, "")
	cases := []struct {
		name         string
		status       int
		code         string
		method, what string
		body         string
	}{
		{"post a state", 405, "method_not_allowed", "POST", "", v},
		{"post steps", 405, "method_not_allowed", "POST", "steps", v},
		{"get roll", 405, "method_not_allowed", "GET", "roll", ``},
		{"unknown action", 404, "unknown_action", "POST", "fly", v},
		{"acting for the bot's colour", 403, "wrong_seat", "POST", "roll", withVersion(st0.Version, `{"player":"black"}`)},
		{"no such player", 400, "bad_request", "POST", "roll", withVersion(st0.Version, `{"player":"green"}`)},
		{"action bad json", 400, "bad_json", "POST", "roll", `[1,2]`},
		{"action without version", 400, "no_version", "POST", "roll", `{}`},
		{"action with no body", 415, "not_json", "POST", "roll", ``},
		{"step in the opening", 409, "wrong_phase", "POST", "step", withVersion(st0.Version, `{"from":24,"to":18}`)},
		{"steps in the opening", 409, "wrong_phase", "GET", "steps", ``},
		{"undo in the opening", 409, "wrong_phase", "POST", "undo", v},
		{"finish in the opening", 409, "wrong_phase", "POST", "play", v},
		{"double without cube", 409, "wrong_phase", "POST", "double", v},
		{"take without double", 409, "wrong_phase", "POST", "take", v},
		{"accept without offer", 409, "wrong_phase", "POST", "accept", v},
		{"resign in the opening", 409, "wrong_phase", "POST", "resign", v},
		{"step field on roll", 400, "bad_request", "POST", "roll", withVersion(st0.Version, `{"from":3}`)},
		{"die field on roll", 400, "bad_request", "POST", "roll", withVersion(st0.Version, `{"die":3}`)},
		{"steps field on roll", 400, "bad_request", "POST", "roll", withVersion(st0.Version, `{"steps":[]}`)},
		{"kind field on take", 400, "bad_request", "POST", "take", withVersion(st0.Version, `{"kind":"oin"}`)},
		{"seed field on roll", 400, "bad_request", "POST", "roll", withVersion(st0.Version, `{"client_seed":"x"}`)},
		{"resign kind unknown", 400, "bad_request", "POST", "resign", withVersion(st0.Version, `{"kind":"kola"}`)},
		{"bad viewer", 400, "bad_viewer", "GET", "board.svg?viewer=purple", ``},
		{"empty client seed", 400, "bad_request", "POST", "seed", withVersion(st0.Version, `{"client_seed":""}`)},
		{"client seed not plain", 400, "bad_request", "POST", "seed", withVersion(st0.Version, `{"client_seed":"a|b"}`)},
		{"client seed too long", 400, "bad_request", "POST", "seed", withVersion(st0.Version, `{"client_seed":"`+strings.Repeat("a", 65)+`"}`)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			me.refused(tc.status, tc.code, tc.method, tc.what, tc.body)
		})
	}
	c.t = t
	for _, tc := range []struct {
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
		{"match of 100 points", 400, "bad_length", "POST", "/api/games", `{"length":100}`}, // up to 99 (README)
		{"body too large", 413, "too_large", "POST", "/api/games", `{"preset":"` + strings.Repeat("x", maxBody) + `"}`},
		{"list games", 405, "method_not_allowed", "GET", "/api/games", ``},
		{"put presets", 405, "method_not_allowed", "PUT", "/api/presets", ``},
		{"no such path", 404, "not_found", "GET", "/nowhere", ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			c.refused(tc.status, tc.code, tc.method, tc.path, tc.body)
		})
	}
	c.t = t
	lost := &seat{c: c, id: "feedface", color: "white", token: me.token}
	lost.refused(404, "no_game", "GET", "", "")
	lost.refused(404, "no_game", "POST", "roll", v)
	lost.refused(404, "no_game", "GET", "steps", "")

	// Refusals during the play of a roll.
	st := me.act("roll", st0, "")
	for st.Phase != "play" || st.ToAct != "white" {
		st, _ = me.move(st, 0)
	}
	var sj stepsJSON
	me.ok("GET", "steps", "", &sj)
	legal := map[[2]int]bool{}
	for _, s := range sj.Next {
		legal[[2]int{s.From, s.To}] = true
	}
	bad := func(name string, status int, code, what, fields string) {
		t.Run(name, func(t *testing.T) {
			c.t = t
			me.refused(status, code, "POST", what, withVersion(st.Version, fields))
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
	bad("seed after the first die", 409, "seed_set", "seed", `{"client_seed":"late"}`)
	bad("double in the play", 409, "wrong_phase", "double", ``)
	bad("resign koks in long-moscow", 422, "resign_kind", "resign", `{"kind":"koks"}`)
	bad("whole play not legal", 422, "illegal", "play", `{"steps":[[1,0,1]]}`)
	bad("whole play of five steps", 400, "bad_request", "play", `{"steps":[[24,23,1],[24,23,1],[24,23,1],[24,23,1],[24,23,1]]}`)
	bad("whole play with a bad point", 400, "bad_request", "play", `{"steps":[[24,99,1]]}`)
	bad("whole play with a negative point", 400, "bad_request", "play", `{"steps":[[24,-1,1]]}`)
	bad("whole play with die 7", 400, "bad_request", "play", `{"steps":[[24,17,7]]}`) // as a step's die 7 (dice are 1..6, C3)
	bad("whole play with die 0", 400, "bad_request", "play", `{"steps":[[24,18,0]]}`) // a play names each step's die
	// A step the rules forbid names its rule (long nardy: one checker
	// off the head, L3, unless the roll is an exception). A move by the sum
	// of the dice is one checker using both, which a step may be (issue 10).
	sums := map[int]bool{st.Dice[0] + st.Dice[1]: true}
	if st.Dice[0] == st.Dice[1] {
		sums[3*st.Dice[0]], sums[4*st.Dice[0]] = true, true
	}
	for to := 1; to <= 24; to++ {
		if !legal[[2]int{24, to}] && 24-to <= 6 && !sums[24-to] {
			e := me.refused(422, "illegal", "POST", "step", withVersion(st.Version, fmt.Sprintf(`{"from":24,"to":%d}`, to)))
			assert.NotEmpty(t, e.Rule)
		}
	}
	s := sj.Next[0]
	// from, to and die together: the die must take the checker to "to".
	wrongTo := s.To + 1
	if wrongTo == s.From {
		wrongTo = s.To - 1
	}
	bad("step whose die does not go to its to", 422, "illegal", "step", fmt.Sprintf(`{"from":%d,"to":%d,"die":%d}`, s.From, wrongTo, s.Die))
	st = me.act("step", st, fmt.Sprintf(`{"from":%d,"to":%d}`, s.From, s.To))
	// A whole play goes from the roll's start even after a step: the step
	// again alone is a play of one die where two can be played (C5).
	bad("the step taken posted as a whole play", 422, "illegal", "play", fmt.Sprintf(`{"steps":[[%d,%d,%d]]}`, s.From, s.To, s.Die))

	// The bot accepts a resignation; the game is over and refuses more.
	st = me.act("resign", st, "")
	require.True(t, st.MatchOver)
	bad("roll after the end", 409, "game_over", "roll", ``)
	bad("resign after the end", 409, "game_over", "resign", ``)
	bad("step after the end", 409, "wrong_phase", "step", `{"from":24,"to":18}`)
}

// TestFieldErrors: an error about one field of a request reads like the
// library's and the JSON type errors ("version: want a whole number, not
// a JSON string", TestStrictJSON): the field's name, without quotes, a
// colon, then what it wants and, where it helps, what it got.
func TestFieldErrors(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.create(`{"preset":"long-moscow","seed":1}`)
	for _, tc := range []struct {
		status        int
		code          string
		method, path  string
		body          string
		want, wantToo string
	}{
		{400, "bad_color", "POST", "/api/games", `{"color":"red"}`, `color: want "white" or "black", not "red"`, ""},
		{400, "bad_opponent", "POST", "/api/games", `{"opponent":"cat"}`, `opponent: want "bot" or "human", not "cat"`, ""},
		{400, "bad_length", "POST", "/api/games", `{"length":1000}`, `length: want 0 (money game) to 99, not 1000`, ""},
		{400, "bad_game", "POST", "/api/games", `{"bot":"deep-blue"}`, `bot: want one of [`, `], not "deep-blue"`},
		{400, "bad_request", "POST", me.path("roll"), withVersion(st.Version, `{"player":"green"}`),
			`player: want "white" or "black", not "green"`, ""},
		{400, "bad_request", "POST", me.path("resign"), withVersion(st.Version, `{"kind":"kola"}`), `bad request: kind: `, ""},
		{400, "bad_request", "POST", me.path("seed"), withVersion(st.Version, `{"client_seed":"`+strings.Repeat("a", 65)+`"}`),
			`client_seed: want 1 to 64 characters of A-Z a-z 0-9 _ -, not 65`, ""},
		{400, "bad_viewer", "GET", me.path("board.svg") + "?viewer=purple", ``, `viewer: want "white" or "black", not "purple"`, ""},
	} {
		status, b := c.request(tc.method, tc.path, me.token, tc.body)
		e := refusedWith(t, tc.status, tc.code, status, b, tc.method+" "+tc.path+" "+tc.body)
		assert.Contains(t, e.Error, tc.want, tc.body)
		assert.Contains(t, e.Error, tc.wantToo, tc.body)
		assert.NotContains(t, e.Error, `"`+strings.SplitN(tc.want, ":", 2)[0]+`"`, "the field's name is not quoted: %s", tc.body)
	}
	st, a, b := c.createInvite(`{"preset":"long-moscow","opponent":"human","seed":3}`)
	for tok, want := range map[string]string{
		newSecret()[:42]: `token: a seat's token is 43 characters of A-Z a-z 0-9 - _`,
		a.token:          `token: a token of this game already; draw a new one`,
	} {
		status, _, body := b.joinWith(tok)
		e := refusedWith(t, http.StatusBadRequest, "bad_seat_token", status, body, want)
		assert.Contains(t, e.Error, want)
		assert.NotContains(t, e.Error, `"token"`)
	}
	assert.Equal(t, st.Version, a.state().Version)
}

// TestHotseatTurns: between two people, a player who is not to act is
// refused, and either throws the opening.
func TestHotseatTurns(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"long-classic","opponent":"human","seed":2}`)
	st = b.act("roll", st, "") // either throws the opening
	mover := byColor(st.ToAct, a, b)
	other := byColor(map[string]string{"white": "black", "black": "white"}[mover.color], a, b)
	other.refused(http.StatusConflict, "not_your_turn", "POST", "roll", withVersion(st.Version, ""))
	st = mover.act("roll", st, "")
	other.refused(http.StatusConflict, "not_your_turn", "POST", "step", withVersion(st.Version, `{"from":24,"to":18}`))
	other.refused(http.StatusConflict, "not_your_turn", "POST", "play", withVersion(st.Version, ""))
}

// TestRefusalsCutTheirInput: a 400, 404 or 405 answer quotes at most a
// short part of what the client sent (helper-104: an opponent, bot or
// colour of 16 KB came back whole in the answer; helper-106: a path).
func TestRefusalsCutTheirInput(t *testing.T) {
	c := newClient(t, Config{})
	long := strings.Repeat("z", 12000)
	for _, body := range []string{
		`{"preset":"short-standard","opponent":"` + long + `"}`,
		`{"preset":"short-standard","bot":"` + long + `"}`,
		`{"preset":"short-standard","color":"` + long + `"}`,
		`{"preset":"short-standard","` + long + `":1}`,
	} {
		status, answer := c.do("POST", "/api/games", body)
		assert.Equal(t, http.StatusBadRequest, status, string(answer[:min(len(answer), 200)]))
		assert.Less(t, len(answer), 1000, "%.200s", answer)
	}
	status, answer := c.do("GET", "/api/games/"+strings.Repeat("q", 8000), "")
	assert.Equal(t, http.StatusNotFound, status)
	assert.Less(t, len(answer), 1000, "%.200s", answer)
	// A path of kilobytes (helper-106: 404 and 405 answers quoted it whole).
	for _, req := range [][2]string{{"GET", "/" + strings.Repeat("q", 8000)}, {"GET", "/static/" + strings.Repeat("q", 8000)},
		{"PUT", "/api/games/" + strings.Repeat("q", 8000)}} {
		status, answer := c.do(req[0], req[1], "")
		assert.GreaterOrEqual(t, status, 400, req[0])
		assert.Less(t, len(answer), 1000, "%s %.200s", req[0], answer)
	}
}

// TestMethodNotAllowedSaysAllow: every 405 answer names the methods the
// resource takes in an Allow header, as HTTP requires of a 405 (RFC 9110,
// 15.5.6: the server "MUST generate an Allow header field"), on the routes
// of one method, a game's root (GET, DELETE), its reads and its actions.
func TestMethodNotAllowedSaysAllow(t *testing.T) {
	c := newClient(t, Config{})
	_, me, _ := c.create(`{"seed":1}`)
	for _, tc := range []struct{ method, path, allow string }{
		{"GET", "/api/games", "POST"},
		{"PUT", "/api/presets", "GET"},
		{"POST", "/", "GET"},
		{"POST", me.path(""), "GET, DELETE"},
		{"POST", me.path("steps"), "GET"},
		{"GET", me.path("roll"), "POST"},
		{"GET", me.path("join"), "POST"},
		{"HEAD", me.path("events"), "GET"},
	} {
		req, err := http.NewRequest(tc.method, c.url+tc.path, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+me.token)
		resp, err := c.hc.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "%s %s", tc.method, tc.path)
		assert.Equal(t, tc.allow, resp.Header.Get("Allow"), "%s %s", tc.method, tc.path)
	}
}

// TestUnknownSubpathNamesTheResources: a path under a game that is neither
// a resource nor an action is 404 unknown_action, and its message names
// the resources to GET as well as the actions to POST, so that a client
// that mistyped "board" or "steps" learns the right name (it listed the
// actions only, helper-191).
func TestUnknownSubpathNamesTheResources(t *testing.T) {
	c := newClient(t, Config{})
	_, me, _ := c.create(`{"preset":"long-moscow","seed":1}`)
	e := me.refused(http.StatusNotFound, "unknown_action", "GET", "board", ``)
	for _, name := range []string{"steps", "board.svg", "record", "record.mat", "events", "hint", "join", "roll", "play", "resign"} {
		assert.Contains(t, e.Error, name, "the message names %q", name)
	}
}
