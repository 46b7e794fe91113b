package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// client talks to a test server.
type client struct {
	t   require.TestingT
	url string
	hc  *http.Client
	srv *Server
}

// newClient starts a test server of cfg (games in memory, dice seeds
// allowed unless the test sets a store of its own) and returns its client.
func newClient(t *testing.T, cfg Config) *client {
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	if cfg.Store == nil {
		cfg.DevSeeds = true
	}
	if cfg.CreatesPerMinute == 0 {
		cfg.CreatesPerMinute, cfg.CreateBurst = 100_000, 100_000
	}
	if cfg.RequestsPerMinute == 0 {
		cfg.RequestsPerMinute, cfg.RequestBurst = 1_000_000, 1_000_000
	}
	if cfg.MaxGamesPerClient == 0 {
		cfg.MaxGamesPerClient = 100_000
	}
	s := NewServer(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(func() { s.Close(); ts.Close() })
	return &client{t: t, url: ts.URL, hc: ts.Client(), srv: s}
}

// request sends a request with the token (if any) and a JSON body (if
// any) and returns the status and the body.
func (c *client) request(method, path, token, body string, header ...string) (int, []byte) {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, c.url+path, r)
	require.NoError(c.t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.hc.Do(req)
	require.NoError(c.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(c.t, err)
	return resp.StatusCode, b
}

// do sends a request without a token.
func (c *client) do(method, path, body string) (int, []byte) {
	return c.request(method, path, "", body)
}

// refusedWith checks that an answer is the JSON error status, code.
func refusedWith(t require.TestingT, status int, code string, got int, b []byte, what string) apiError {
	var e apiError
	require.NoError(t, json.Unmarshal(b, &e), "%s: not a JSON error: %s", what, b)
	assert.Equal(t, status, got, "%s: %s", what, b)
	assert.Equal(t, code, e.Code, "%s: %s", what, b)
	assert.NotEmpty(t, e.Error)
	return e
}

// refused sends a request without a token that must fail with status and code.
func (c *client) refused(status int, code, method, path, body string) apiError {
	got, b := c.do(method, path, body)
	return refusedWith(c.t, status, code, got, b, method+" "+path+" "+body)
}

// seat is a person's place in a game: its colour and token.
type seat struct {
	c      *client
	id     string
	color  string
	token  string
	invite string // the invitation of an invited seat
}

// create creates a game and returns its state and the creator's seat, and
// for a game between people the invited seat (else nil), which has joined
// and sent its seed after the creator's, so that the opening may be thrown
// (the state returned is the one after them).
func (c *client) create(body string) (stateJSON, *seat, *seat) {
	st, me, other := c.createInvite(body)
	if other != nil {
		st = seedBoth(other.join(), me, other)
	}
	return st, me, other
}

// createInvite is create without the join: the invited seat holds only its
// invitation (token and invite are the invitation).
func (c *client) createInvite(body string) (stateJSON, *seat, *seat) {
	status, b := c.request("POST", "/api/games", "", body)
	require.Equal(c.t, http.StatusCreated, status, "%s", b)
	var out createdJSON
	require.NoError(c.t, json.Unmarshal(b, &out))
	me := &seat{c: c, id: out.Game.ID, color: out.Seat, token: out.Token}
	require.NotEmpty(c.t, out.Token)
	var other *seat
	if out.Invite != nil {
		// The link names the invitation as i=, which the page only ever
		// joins with, never as a seat's t= (helper-90).
		require.Equal(c.t, "/#g="+out.Game.ID+"&i="+out.Invite.Token, out.Invite.URL)
		other = &seat{c: c, id: out.Game.ID, color: out.Invite.Seat, token: out.Invite.Token, invite: out.Invite.Token}
	}
	return out.Game, me, other
}

// join joins the invited seat s with its invitation, which must succeed:
// s then holds the seat's new token. It returns the state.
func (s *seat) join() stateJSON {
	status, b := s.c.request("POST", s.path("join"), s.invite, `{}`)
	require.Equal(s.c.t, http.StatusOK, status, "join: %s", b)
	var out createdJSON
	require.NoError(s.c.t, json.Unmarshal(b, &out))
	require.Equal(s.c.t, s.color, out.Seat)
	require.NotEmpty(s.c.t, out.Token)
	s.token = out.Token
	return out.Game
}

func (s *seat) path(what string) string {
	if what == "" {
		return "/api/games/" + s.id
	}
	return "/api/games/" + s.id + "/" + what
}

// do sends a request on the game with the seat's token.
func (s *seat) do(method, what, body string) (int, []byte) {
	return s.c.request(method, s.path(what), s.token, body)
}

// ok sends a request that must succeed and decodes its JSON answer.
func (s *seat) ok(method, what, body string, v any) {
	status, b := s.do(method, what, body)
	require.Less(s.c.t, status, 300, "%s %s %s: %s", method, what, body, b)
	if v != nil {
		rv := reflect.ValueOf(v).Elem()
		rv.Set(reflect.Zero(rv.Type())) // fields left out of the answer are zero
		require.NoError(s.c.t, json.Unmarshal(b, v), "%s", b)
	}
}

// withVersion returns the JSON object fields with "version": v added.
func withVersion(v int, fields string) string {
	fields = strings.TrimSpace(fields)
	if fields == "" || fields == "{}" {
		return fmt.Sprintf(`{"version":%d}`, v)
	}
	return fmt.Sprintf(`{"version":%d,%s`, v, strings.TrimPrefix(fields, "{"))
}

// act posts action what made on state st, which must succeed, and returns
// the new state.
func (s *seat) act(what string, st stateJSON, fields string) stateJSON {
	var next stateJSON
	s.ok("POST", what, withVersion(st.Version, fields), &next)
	return next
}

// refused sends a request on the game that must fail with status and code.
func (s *seat) refused(status int, code, method, what, body string) apiError {
	got, b := s.do(method, what, body)
	return refusedWith(s.c.t, status, code, got, b, method+" "+what+" "+body)
}

func (s *seat) state() stateJSON {
	var st stateJSON
	s.ok("GET", "", "", &st)
	return st
}

func has(list []string, x string) bool { return slices.Contains(list, x) }

// move makes one action for the seat: roll, a legal step (the pick-th of
// the next steps), finish, take, accept. It reports false when the seat
// has nothing to do.
func (s *seat) move(st stateJSON, pick int) (stateJSON, bool) {
	allowed := st.Allowed[s.color]
	switch {
	case has(allowed, "roll"):
		return s.act("roll", st, ""), true
	case has(allowed, "step"):
		var sj stepsJSON
		s.ok("GET", "steps", "", &sj)
		require.NotEmpty(s.c.t, sj.Next)
		n := sj.Next[pick%len(sj.Next)]
		return s.act("step", st, fmt.Sprintf(`{"from":%d,"to":%d}`, n.From, n.To)), true
	case has(allowed, "play"):
		return s.act("play", st, ""), true
	case has(allowed, "take"):
		return s.act("take", st, ""), true
	case has(allowed, "accept"):
		return s.act("accept", st, ""), true
	}
	return st, false
}

// playOut plays the game to its end through the API, the people choosing
// steps by pick, and returns the final state. When the bot owes a move
// (its client had its most bots thinking, or no slot came in time), it
// asks for the state again, as the board page does, until the bot moved.
func playOut(t require.TestingT, st stateJSON, seats []*seat, pick func() int) stateJSON {
	for i := 0; i < 5000 && !st.MatchOver; i++ {
		moved := false
		for _, s := range seats {
			var ok bool
			if st, ok = s.move(st, pick()); ok {
				moved = true
				break
			}
		}
		if !moved && st.Players[st.ToAct] == "bot" && len(seats) > 0 {
			st, moved = seats[0].awaitBot(st)
		}
		require.True(t, moved, "nobody can act: %+v", st)
	}
	require.True(t, st.MatchOver, "game did not end")
	return st
}

// awaitBot asks for the state of the game of st, whose bot owes a move,
// until the bot has moved (a 503 busy meanwhile: its client still has its
// most bots thinking), and reports whether it did within some seconds.
func (s *seat) awaitBot(st stateJSON) (stateJSON, bool) {
	for range 400 {
		status, b := s.do("GET", "", "")
		if status == http.StatusOK {
			var now stateJSON
			require.NoError(s.c.t, json.Unmarshal(b, &now))
			if now.Version != st.Version {
				return now, true
			}
		} else {
			require.Equal(s.c.t, http.StatusServiceUnavailable, status, "%s", b)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return st, false
}

// seats lists the non-nil seats.
func seats(ss ...*seat) []*seat {
	var out []*seat
	for _, s := range ss {
		if s != nil {
			out = append(out, s)
		}
	}
	return out
}

func TestPresets(t *testing.T) {
	c := newClient(t, Config{})
	var got []presetJSON
	status, b := c.do("GET", "/api/presets", "")
	require.Equal(t, http.StatusOK, status)
	require.NoError(t, json.Unmarshal(b, &got))
	var names []string
	for _, p := range got {
		names = append(names, p.Name)
	}
	assert.Equal(t, variants.Names(), names)
}

// byColor returns the seat of colour c among ss.
func byColor(c string, ss ...*seat) *seat {
	for _, s := range ss {
		if s != nil && s.color == c {
			return s
		}
	}
	return nil
}

// TestWholeGames plays a game of every preset against the bot through the
// API, and checks that the record replays to the same end, its dice
// checked against the revealed seed.
func TestWholeGames(t *testing.T) {
	c := newClient(t, Config{})
	for i, p := range variants.All() {
		for _, color := range []string{"white", "black"} {
			st, me, _ := c.create(fmt.Sprintf(`{"preset":%q,"color":%q,"seed":%d}`, p.Name, color, i))
			assert.Equal(t, "opening", st.Phase)
			assert.Equal(t, "human", st.Players[color])
			assert.Equal(t, color, me.color)
			commitment := st.Fair.Commitment
			assert.Len(t, commitment, 64)
			assert.Empty(t, st.Fair.Seed, "the seed is hidden while the game runs")
			n := 0
			st = playOut(t, st, seats(me), func() int { n++; return n * 7 })
			require.NotNil(t, st.Result)
			assert.Equal(t, "bore_off", st.Result.End)
			assert.Empty(t, st.Allowed)
			assert.Positive(t, st.Score[st.Result.Winner])
			var rec nardy.Record
			me.ok("GET", "record", "", &rec)
			assert.Equal(t, p.Name, variants.NameOf(rec.Rules), "the record's rules are the preset's")
			require.NotNil(t, rec.Fair)
			assert.Equal(t, commitment, rec.Fair.Commitment)
			assert.Len(t, rec.Fair.Seed, 64, "the seed is shown once the game is over")
			assert.Equal(t, st.Fair, rec.Fair)
			m, err := nardy.Replay(rec)
			require.NoError(t, err)
			assert.Equal(t, st.Position, m.Game().Position().String())
			assert.True(t, m.IsOver())
		}
	}
}

// TestStepUndoFinish: the step API offers exactly the library's next steps,
// steps are taken and undone on the pending play, and finishing sends the
// play to the game and lets the bot answer.
func TestStepUndoFinish(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.create(`{"preset":"short-standard","seed":3}`)
	st = me.act("roll", st, "")
	for st.Phase != "play" || st.ToAct != "white" {
		st, _ = me.move(st, 0)
		require.False(t, st.MatchOver)
	}
	pos := nardy.MustParsePosition(st.Position)
	roll := nardy.MustRoll(st.Dice[0], st.Dice[1])
	turn, err := variants.ShortStandard().NewTurn(pos, roll)
	require.NoError(t, err)
	var sj stepsJSON
	me.ok("GET", "steps", "", &sj)
	var want []stepJSON
	for s := range turn.NextSteps() {
		tr := triple(s)
		want = append(want, stepJSON{tr[0], tr[1], tr[2], stepHit(s)})
	}
	assert.Equal(t, want, sj.Next)
	assert.Equal(t, roll.String(), sj.Roll)
	assert.Empty(t, sj.Taken)

	first := sj.Next[0]
	st = me.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, first.From, first.Die))
	assert.Equal(t, [][3]int{{first.From, first.To, first.Die}}, st.Taken)
	assert.Contains(t, st.Allowed["white"], "undo")
	turn1, err := turn.Step(makeStep(first.From, 0, first.Die))
	require.NoError(t, err)
	assert.Equal(t, turn1.Position().String(), st.Position, "the state shows the board after the step")
	st = me.act("undo", st, "")
	assert.Empty(t, st.Taken)
	assert.Equal(t, pos.String(), st.Position)

	for !has(st.Allowed["white"], "play") {
		me.ok("GET", "steps", "", &sj)
		s := sj.Next[len(sj.Next)-1]
		st = me.act("step", st, fmt.Sprintf(`{"from":%d,"to":%d}`, s.From, s.To))
	}
	taken := st.Taken
	st = me.act("play", st, "")
	require.NotNil(t, st.LastPlay)
	if st.LastPlay.Player == "white" { // the bot may have passed or the game ended
		assert.Equal(t, taken, st.LastPlay.Steps)
	} else {
		assert.Contains(t, strings.Join(st.Log, "\n"), "white plays")
		assert.Equal(t, "black", st.LastPlay.Player, "the bot played after white")
	}
	assert.Empty(t, st.Taken)

	// The board picture shows the dice and the steps of a play.
	status, svg := me.do("GET", "board.svg", "")
	assert.Equal(t, http.StatusOK, status)
	assert.True(t, bytes.HasPrefix(svg, []byte("<svg ")), "%.80s", svg)
	status, _ = me.do("GET", "board.svg?viewer=black", "")
	assert.Equal(t, http.StatusOK, status)
}

// TestWholePlay: a play can also be posted whole, as [from, to, die]
// triples.
func TestWholePlay(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"long-moscow","opponent":"human","seed":5}`)
	st = a.act("roll", st, "")
	require.Equal(t, "roll", st.Phase)
	mover := byColor(st.ToAct, a, b)
	st = mover.act("roll", st, "")
	require.Equal(t, "play", st.Phase)
	plays, err := variants.LongMoscow().Legal(nardy.MustParsePosition(st.Position), nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	p := plays[len(plays)-1]
	body, err := json.Marshal(map[string]any{"player": mover.color, "steps": triples(slices.Collect(p.Steps()))})
	require.NoError(t, err)
	st = mover.act("play", st, string(body))
	assert.Equal(t, p.Result().String(), st.Position)
	assert.Equal(t, "roll", st.Phase)
	assert.NotEqual(t, mover.color, st.ToAct)
	assert.Equal(t, p.String(), st.LastPlay.Notation)
}

// TestCubeAndResign: double, take, drop and resign against a person.
func TestCubeAndResign(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"short-standard","opponent":"human","seed":8}`)
	st = a.act("roll", st, "")
	// Short nardy plays the opening dice: finish that play.
	for st.Phase == "play" {
		st, _ = byColor(st.ToAct, a, b).move(st, 0)
	}
	roller := byColor(st.ToAct, a, b)
	other := byColor(map[string]string{"white": "black", "black": "white"}[roller.color], a, b)
	assert.Contains(t, st.Allowed[roller.color], "double")
	st = roller.act("double", st, "")
	assert.Equal(t, "cube", st.Phase)
	assert.Equal(t, other.color, st.ToAct)
	roller.refused(http.StatusConflict, "not_your_turn", "POST", "take", withVersion(st.Version, ""))
	// short-standard has no beavers (S6).
	other.refused(http.StatusConflict, "cube", "POST", "beaver", withVersion(st.Version, ""))
	st = other.act("take", st, "")
	assert.Equal(t, &cubeJSON{Value: 2, Owner: other.color}, st.Cube)
	roller.refused(http.StatusConflict, "cube", "POST", "double", withVersion(st.Version, ""))

	st = roller.act("resign", st, `{"kind":"mars"}`)
	assert.Equal(t, "resign", st.Phase)
	assert.Equal(t, &offerJSON{Kind: "gammon", By: roller.color}, st.Offer, "a short game speaks of gammons")
	st = other.act("reject", st, "")
	assert.Equal(t, "roll", st.Phase)
	roller.refused(http.StatusConflict, "resign_again", "POST", "resign", withVersion(st.Version, ""))
	st = roller.act("roll", st, "") // the game moves on: an offer may come again
	st = roller.act("resign", st, "")
	st = other.act("accept", st, "")
	assert.True(t, st.MatchOver)
	require.NotNil(t, st.Result)
	assert.Equal(t, resultJSON{Game: 1, Winner: other.color, Kind: "single", End: "resigned", Cube: 2, Points: 2}, *st.Result)

	// A double dropped ends the game for the cube's value.
	st, a, b = c.create(`{"preset":"short-standard","opponent":"human","seed":8}`)
	st = b.act("roll", st, "")
	for st.Phase == "play" {
		st, _ = byColor(st.ToAct, a, b).move(st, 0)
	}
	roller = byColor(st.ToAct, a, b)
	st = roller.act("double", st, "")
	st = byColor(st.ToAct, a, b).act("drop", st, "")
	require.NotNil(t, st.Result)
	assert.Equal(t, resultJSON{Game: 1, Winner: roller.color, Kind: "single", End: "dropped", Cube: 1, Points: 1}, *st.Result)
}

// TestMatch: a match goes on to the next game and keeps the score.
func TestMatch(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.create(`{"preset":"long-moscow","length":3,"seed":11}`)
	assert.Equal(t, 3, st.Length)
	n := 0
	st = playOut(t, st, seats(me), func() int { n++; return n })
	assert.GreaterOrEqual(t, st.Score[st.Winner], 3)
	assert.Greater(t, st.GameNumber, 1)
}

// TestDelete: a seat deletes a game against the bot at once, and a game
// between people before its first die (an invitation nobody took, or a
// game whose seeds never came, need not wait for the TTL and hold a place
// of the creator's quota) or once it is over.
func TestDelete(t *testing.T) {
	c := newClient(t, Config{MaxGamesPerClient: 1})
	_, me, _ := c.create(`{}`)
	status, _ := me.do("DELETE", "", "")
	assert.Equal(t, http.StatusNoContent, status)
	me.refused(http.StatusNotFound, "no_game", "GET", "", "")

	_, a, invited := c.createInvite(`{"opponent":"human"}`)
	c.refused(http.StatusTooManyRequests, "quota", "POST", "/api/games", `{"opponent":"human"}`)
	invited.refused(http.StatusUnauthorized, "join_first", "DELETE", "", "")
	status, _ = a.do("DELETE", "", "")
	assert.Equal(t, http.StatusNoContent, status, "an invitation nobody took")
	invited.refused(http.StatusNotFound, "no_game", "POST", "join", `{}`)

	_, _, b := c.createInvite(`{"opponent":"human"}`)
	b.join()
	status, _ = b.do("DELETE", "", "")
	assert.Equal(t, http.StatusNoContent, status, "joined, no die thrown")

	st, a, b := c.create(`{"opponent":"human"}`)
	st = a.act("roll", st, "")
	b.refused(http.StatusConflict, "in_play", "DELETE", "", "")
	st = byColor(st.ToAct, a, b).act("resign", st, "")
	require.Equal(t, "resign", st.Phase)
	byColor(st.ToAct, a, b).act("accept", st, "")
	status, _ = b.do("DELETE", "", "")
	assert.Equal(t, http.StatusNoContent, status)

	// A match set up at a position whose first game a dropped double
	// decided before any die is in play: the loser deleted it (helper-90).
	st, a, b = c.create(`{"opponent":"human","preset":"short-standard","length":5,` +
		`"setup":{"position":"short w 00000503000050000000000200/00000503000050000000000200","match":true}}`)
	st = byColor(st.ToAct, a, b).act("double", st, "")
	st = byColor(st.ToAct, a, b).act("drop", st, "")
	require.Greater(t, st.GameNumber, 1)
	for _, seat := range []*seat{a, b} {
		seat.refused(http.StatusConflict, "in_play", "DELETE", "", "")
	}
}

// TestStaticPage: the board page and its script are served, the page with
// a content security policy.
func TestStaticPage(t *testing.T) {
	c := newClient(t, Config{})
	status, b := c.do("GET", "/", "")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(b), "<html")
	status, b = c.do("GET", "/static/app.js", "")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(b), "/api/games")
	resp, err := c.hc.Get(c.url + "/")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	assert.Equal(t, "DENY", resp.Header.Get("X-Frame-Options"), "no framing, for browsers without CSP's frame-ancestors too")
}
