package main

// The hostile cases of issue 12, each measured as an attacker would: only
// HTTP requests, through a server set up by newHostile
// (hostile_env_test.go). Every test here failed on the server before
// issue 12 (run with that file adapted to its API) and passes now.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// hostile is a client of a server under attack.
type hostile struct {
	t       *testing.T
	url     string
	hc      *http.Client
	advance func(time.Duration)                     // moves the server's clock, then sweeps
	body    func(version int, fields string) string // an action's body made on version
}

// send sends a request from client (an address in X-Forwarded-For) and
// returns the status and the decoded JSON answer (nil if it is not JSON).
func (h *hostile) send(client, method, path, token, ctype, body string) (int, map[string]any) {
	req, err := http.NewRequest(method, h.url+path, strings.NewReader(body))
	require.NoError(h.t, err)
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("X-Forwarded-For", client)
	resp, err := h.hc.Do(req)
	require.NoError(h.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	require.NoError(h.t, err)
	var v map[string]any
	_ = json.Unmarshal(b, &v)
	return resp.StatusCode, v
}

// hgame is a game the hostile tests created: its id, the token of the
// creator's seat, and the invitation to the other seat and the token it
// got by joining (empty where the server gives none).
type hgame struct {
	id, token, invite, joined string
	seat, other               string
}

// create creates a game for client and returns it and its state; the
// invited seat, if any, has joined.
func (h *hostile) create(client, body string) (hgame, map[string]any) {
	g, st := h.createInvite(client, body)
	if g.invite != "" {
		status, v := h.send(client, "POST", "/api/games/"+g.id+"/join", g.invite, "application/json", `{}`)
		require.Equal(h.t, http.StatusOK, status, "join: %v", v)
		g.joined, _ = v["token"].(string)
		require.NotEmpty(h.t, g.joined)
		st, _ = v["game"].(map[string]any)
	}
	return g, st
}

// seedBoth sends a seed for each seat of a game between two people, the
// creator's first: the first die waits for both. It returns the state.
func (h *hostile) seedBoth(g hgame, st map[string]any) map[string]any {
	for _, c := range []string{g.seat, g.other} {
		st = h.mustAct(g, g.tokenOf(c), "seed", st, fmt.Sprintf(`{"client_seed":"seed-of-%s"}`, c))
	}
	return st
}

// createInvite creates a game for client and returns it and its first
// state, the invitation not used.
func (h *hostile) createInvite(client, body string) (hgame, map[string]any) {
	status, v := h.send(client, "POST", "/api/games", "", "application/json", body)
	require.Equal(h.t, http.StatusCreated, status, "%v", v)
	g := hgame{seat: "white", other: "black"}
	st := v
	if inner, ok := v["game"].(map[string]any); ok {
		st = inner
		g.token, _ = v["token"].(string)
		g.seat, _ = v["seat"].(string)
		if inv, ok := v["invite"].(map[string]any); ok {
			g.invite, _ = inv["token"].(string)
			g.other, _ = inv["seat"].(string)
		}
	}
	g.id, _ = st["id"].(string)
	require.NotEmpty(h.t, g.id)
	return g, st
}

// state reads the game's state with a token.
func (h *hostile) state(g hgame, token string) map[string]any {
	status, v := h.send("10.0.0.1", "GET", "/api/games/"+g.id, token, "", "")
	require.Equal(h.t, http.StatusOK, status, "%v", v)
	return v
}

func version(st map[string]any) int {
	v, _ := st["version"].(float64)
	return int(v)
}

// act posts action what with token, made on state st, plus fields.
func (h *hostile) act(g hgame, token, what string, st map[string]any, fields string) (int, map[string]any) {
	return h.send("10.0.0.1", "POST", "/api/games/"+g.id+"/"+what, token, "application/json", h.body(version(st), fields))
}

// mustAct is act that must succeed; it returns the new state.
func (h *hostile) mustAct(g hgame, token, what string, st map[string]any, fields string) map[string]any {
	status, v := h.act(g, token, what, st, fields)
	require.Equal(h.t, http.StatusOK, status, "%s: %v", what, v)
	return v
}

// tokenOf returns the token of seat colour c.
func (g hgame) tokenOf(c string) string {
	if c == g.seat {
		return g.token
	}
	return g.joined
}

// playRoll plays the roll being played by seat c step by step (the first
// legal step each time) and finishes it.
func (h *hostile) playRoll(g hgame, c string, st map[string]any) map[string]any {
	for range 5 {
		status, steps := h.send("10.0.0.1", "GET", "/api/games/"+g.id+"/steps", g.tokenOf(c), "", "")
		require.Equal(h.t, http.StatusOK, status, "%v", steps)
		next, _ := steps["next"].([]any)
		if done, _ := steps["done"].(bool); done || len(next) == 0 {
			break
		}
		s := next[0].(map[string]any)
		st = h.mustAct(g, g.tokenOf(c), "step", st, fmt.Sprintf(`{"from":%v,"to":%v}`, s["from"], s["to"]))
	}
	return h.mustAct(g, g.tokenOf(c), "play", st, "")
}

// TestHostileNoToken: the game id is no credential. Every route of a game
// refuses a request without a token, with a made-up token and with the
// token of another game, and the game is left as it was.
func TestHostileNoToken(t *testing.T) {
	h := newHostile(t)
	g, st := h.create("10.0.0.1", `{"preset":"long-moscow"}`)
	other, _ := h.create("10.0.0.2", `{"preset":"long-moscow"}`)
	assert.NotEmpty(t, g.token, "creating a game gives its seat a token")
	routes := []struct{ method, what string }{
		{"GET", ""}, {"DELETE", ""}, {"GET", "/steps"}, {"GET", "/board.svg"}, {"GET", "/record"}, {"GET", "/record.mat"}, {"GET", "/events"}, {"GET", "/hint"},
	}
	for _, a := range []string{"seed", "roll", "step", "undo", "play", "double", "take", "drop", "beaver", "resign", "accept", "reject"} {
		routes = append(routes, struct{ method, what string }{"POST", "/" + a})
	}
	for _, r := range routes {
		for _, tok := range []struct{ name, token string }{
			{"no token", ""}, {"a made-up token", "Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbi1mb3JnZWQ"}, {"another game's token", other.token},
		} {
			body := ""
			if r.method == "POST" {
				body = h.body(version(st), `{"client_seed":"x"}`)
				if r.what != "/seed" {
					body = h.body(version(st), "")
				}
			}
			status, v := h.send("10.0.0.3", r.method, "/api/games/"+g.id+r.what, tok.token, "application/json", body)
			assert.Equal(t, http.StatusUnauthorized, status, "%s %s with %s: %v", r.method, r.what, tok.name, v)
		}
	}
	after := h.state(g, g.token)
	assert.Equal(t, version(st), version(after), "the refused requests changed the game")
	assert.Equal(t, "opening", after["phase"])
}

// TestHostileOtherSeat: in a game between two people each seat's token acts
// for its own colour only: black cannot offer a mars resignation in white's
// name (and then accept it), nor throw white's roll.
func TestHostileOtherSeat(t *testing.T) {
	h := newHostile(t)
	g, st := h.create("10.0.0.1", `{"preset":"long-moscow","opponent":"human","color":"white"}`)
	assert.NotEmpty(t, g.invite, "a game between people gives an invitation token for the other seat")
	black := g.tokenOf("black")
	st = h.seedBoth(g, st)
	st = h.mustAct(g, black, "roll", st, "") // either seat throws the opening
	status, v := h.act(g, black, "resign", st, `{"player":"white","kind":"mars"}`)
	assert.Equal(t, http.StatusForbidden, status, "black resigned for white: %v", v)
	after := h.state(g, black)
	assert.Equal(t, version(st), version(after))
	assert.Nil(t, after["offer"], "no resignation is on the table")

	toAct, _ := st["to_act"].(string)
	require.NotEmpty(t, toAct)
	notToAct := map[string]string{"white": "black", "black": "white"}[toAct]
	status, v = h.act(g, g.tokenOf(notToAct), "roll", st, fmt.Sprintf(`{"player":%q}`, toAct))
	assert.Equal(t, http.StatusForbidden, status, "%s rolled for %s: %v", notToAct, toAct, v)
	assert.Equal(t, version(st), version(h.state(g, black)))
}

// TestHostileReplay: actions happen exactly once. White rolls and plays;
// white's roll sent again (a double click, a retry) must not roll for
// black: it gets 409 with the current state and changes nothing, with or
// without the version it was first made on.
func TestHostileReplay(t *testing.T) {
	h := newHostile(t)
	g, st := h.create("10.0.0.1", `{"preset":"long-moscow","opponent":"human"}`)
	st = h.mustAct(g, g.token, "roll", h.seedBoth(g, st), "")
	toAct := st["to_act"].(string)
	tok := g.tokenOf(toAct)
	rolledOn := st
	st = h.mustAct(g, tok, "roll", st, "")
	st = h.playRoll(g, toAct, st)
	require.Equal(t, "roll", st["phase"])
	require.NotEqual(t, toAct, st["to_act"])

	status, v := h.act(g, tok, "roll", rolledOn, "")
	assert.Equal(t, http.StatusConflict, status, "the roll sent again: %v", v)
	if cur, ok := v["state"].(map[string]any); assert.True(t, ok, "a 409 carries the current state: %v", v) {
		assert.Equal(t, version(st), version(cur))
	}
	status, v = h.send("10.0.0.1", "POST", "/api/games/"+g.id+"/roll", tok, "application/json", `{}`)
	assert.GreaterOrEqual(t, status, 400, "a roll without a version: %v", v)
	after := h.state(g, tok)
	assert.Equal(t, version(st), version(after), "a replayed roll changed the game")
	assert.Equal(t, "roll", after["phase"], "the replayed roll rolled for the other player")
}

// TestHostileClientDice: a client cannot choose the dice: a seed in the
// request is refused (it fixed every die and the bot's choices).
func TestHostileClientDice(t *testing.T) {
	h := newHostile(t)
	status, v := h.send("10.0.0.1", "POST", "/api/games", "", "application/json", `{"preset":"long-moscow","seed":42}`)
	assert.Equal(t, http.StatusForbidden, status, "a client fixed the dice: %v", v)
}

// TestHostileProvablyFair: the dice are committed to at the start and
// checkable at the end: the state shows the SHA-256 commitment from the
// first answer, the seed stays hidden while the game runs, and at the end
// the revealed seed hashes to the commitment and nardy.Replay checks every
// die of the record; a record with a die changed fails.
func TestHostileProvablyFair(t *testing.T) {
	h := newHostile(t)
	g, st := h.create("10.0.0.1", `{"preset":"short-standard","opponent":"human"}`)
	fair, _ := st["fair"].(map[string]any)
	require.NotNil(t, fair, "no commitment to the dice: %v", st)
	commitment, _ := fair["commitment"].(string)
	require.Len(t, commitment, 64)
	for _, s := range []struct{ seat, seed string }{{g.seat, "alice-42"}, {g.other, "bob_7"}} {
		st = h.mustAct(g, g.tokenOf(s.seat), "seed", st, fmt.Sprintf(`{"client_seed":%q}`, s.seed))
	}
	st = h.mustAct(g, g.token, "roll", st, "")
	for i := 0; i < 6 && st["phase"] != "over"; i++ {
		c := st["to_act"].(string)
		switch st["phase"] {
		case "roll":
			st = h.mustAct(g, g.tokenOf(c), "roll", st, "")
		case "play":
			st = h.playRoll(g, c, st)
		}
		if f, _ := st["fair"].(map[string]any); f["seed"] != nil {
			t.Fatalf("the seed is shown while the game runs: %v", f)
		}
	}
	if st["match_over"] != true {
		st = h.mustAct(g, g.tokenOf(st["to_act"].(string)), "resign", st, "")
		st = h.mustAct(g, g.tokenOf(st["to_act"].(string)), "accept", st, "")
	}
	require.Equal(t, true, st["match_over"], "%v", st)

	status, raw := h.send("10.0.0.1", "GET", "/api/games/"+g.id+"/record", g.token, "", "")
	require.Equal(t, http.StatusOK, status)
	b, err := json.Marshal(raw)
	require.NoError(t, err)
	var rec nardy.Record
	require.NoError(t, json.Unmarshal(b, &rec))
	require.NotNil(t, rec.Fair)
	assert.Equal(t, commitment, rec.Fair.Commitment)
	assert.Equal(t, "white:alice-42|black:bob_7", rec.Fair.Salt)
	seed, err := hex.DecodeString(rec.Fair.Seed)
	require.NoError(t, err)
	sum := sha256.Sum256(seed)
	assert.Equal(t, commitment, hex.EncodeToString(sum[:]), "the revealed seed is not the one committed to")
	_, err = nardy.Replay(rec)
	require.NoError(t, err)
	changed := false
	for i, a := range rec.Actions {
		if a.Kind == nardy.ActRoll { // the first roll becomes another roll
			d := a.Dice[0]%6 + 1
			rec.Actions[i].Dice = [2]int{d, d}
			if a.Dice[0] == a.Dice[1] {
				rec.Actions[i].Dice = [2]int{d, a.Dice[0]}
			}
			changed = true
			break
		}
	}
	require.True(t, changed, "a roll in the record")
	_, err = nardy.Replay(rec)
	assert.ErrorIs(t, err, nardy.ErrBadRecord)
	assert.ErrorContains(t, err, "dice differ from the seed's throws")
}

// TestHostileCreateFlood: 1,000 quick creations of 99-point matches from one
// client neither lock the server for the others nor for good: another
// client still creates games, the flooding client is refused with 429
// after its quota, and once its games idle past the TTL it creates again.
func TestHostileCreateFlood(t *testing.T) {
	h := newHostile(t)
	created, refused := 0, 0
	for range 1000 {
		status, v := h.send("203.0.113.9", "POST", "/api/games", "", "application/json", `{"preset":"long-moscow","length":99}`)
		switch status {
		case http.StatusCreated:
			created++
		case http.StatusTooManyRequests:
			refused++
		default:
			t.Fatalf("status %d: %v", status, v)
		}
	}
	t.Logf("one client: %d created, %d refused", created, refused)
	assert.LessOrEqual(t, created, 100, "one client holds the server")
	status, v := h.send("198.51.100.7", "POST", "/api/games", "", "application/json", `{"preset":"long-moscow"}`)
	assert.Equal(t, http.StatusCreated, status, "another client is locked out: %v", v)
	status, _ = h.send("203.0.113.9", "POST", "/api/games", "", "application/json", `{"preset":"long-moscow"}`)
	assert.Equal(t, http.StatusTooManyRequests, status)
	h.advance(25 * time.Hour) // past the default TTL of idle games
	status, v = h.send("203.0.113.9", "POST", "/api/games", "", "application/json", `{"preset":"long-moscow"}`)
	assert.Equal(t, http.StatusCreated, status, "the flooding client is locked out for good: %v", v)
}

// TestHostileIdleMemory: an idle game against the bot, after the bot has
// played, holds at most 16 KB (each held the bot's search buffer, ~346 KB).
func TestHostileIdleMemory(t *testing.T) {
	h := newHostile(t)
	const n = 200
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	for i := range n {
		g, st := h.create(fmt.Sprintf("10.1.%d.%d", i/250, i%250+1), `{"preset":"long-moscow","bot":"greedy"}`)
		st = h.mustAct(g, g.token, "roll", st, "")
		for range 10 {
			if log, _ := json.Marshal(st["log"]); strings.Contains(string(log), "black plays") {
				break
			}
			if st["phase"] == "roll" {
				st = h.mustAct(g, g.token, "roll", st, "")
			} else {
				st = h.playRoll(g, "white", st)
			}
		}
		log, _ := json.Marshal(st["log"])
		require.Contains(t, string(log), "black plays", "the bot has played")
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	per := (int64(ms.HeapAlloc) - int64(before)) / n
	t.Logf("%d idle games against the bot: %d bytes each", n, per)
	assert.LessOrEqual(t, per, int64(16<<10))
}

// TestHostileCrossSite: a page of another site can post text/plain, form
// and multipart bodies without asking the browser first ("simple"
// requests); the server takes JSON bodies only as application/json, so no
// such request creates a game or acts.
func TestHostileCrossSite(t *testing.T) {
	h := newHostile(t)
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""} {
		status, v := h.send("10.0.0.1", "POST", "/api/games", "", ct, `{"preset":"long-moscow"}`)
		assert.Equal(t, http.StatusUnsupportedMediaType, status, "create as %q: %v", ct, v)
	}
	g, st := h.create("10.0.0.1", `{"preset":"long-moscow"}`)
	status, v := h.send("10.0.0.1", "POST", "/api/games/"+g.id+"/roll", g.token, "text/plain", h.body(version(st), ""))
	assert.Equal(t, http.StatusUnsupportedMediaType, status, "roll as text/plain: %v", v)
	assert.Equal(t, version(st), version(h.state(g, g.token)))
}

// TestStaticOnlyTheFiles: /static/ serves the page's files, each
// with the page's Content-Security-Policy (the directory index served the
// board page at /static/ without it), and answers anything else with the
// API's JSON 404. A HEAD of a hint is refused, as of a stream: it thought
// for nothing and held a bot slot.
func TestStaticOnlyTheFiles(t *testing.T) {
	c := newClient(t, Config{})
	for _, p := range []string{"/", "/static/app.js", "/static/style.css", "/api/presets"} {
		resp, err := c.hc.Get(c.url + p)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, p)
		assert.Equal(t, pagePolicy, resp.Header.Get("Content-Security-Policy"), p)
	}
	for _, p := range []string{"/static/", "/static/nope.js", "/static/..%2fserver.go"} {
		got, b := c.do("GET", p, "")
		refusedWith(t, http.StatusNotFound, "not_found", got, b, p)
	}
	_, me, _ := c.create(`{}`)
	got, _ := c.request("HEAD", "/api/games/"+me.id+"/hint", me.token, "")
	assert.Equal(t, http.StatusMethodNotAllowed, got)
}

// panicSaveStore is a memory store whose Save panics while armed: a bug
// in the middle of an action.
type panicSaveStore struct {
	*memStore
	armed *atomic.Bool
}

func (s panicSaveStore) Save(ctx context.Context, r Row, prev int) error {
	if s.armed.Swap(false) {
		panic("a bug in Save")
	}
	return s.memStore.Save(ctx, r, prev)
}

// TestPanicUnlocksTheGame: a panic while a request holds a game is
// answered 500, and the game is neither left locked (every later request
// on it waited for ever) nor kept half changed in the cache: the next
// request reads the game as the store has it, and the action can be made
// again.
func TestPanicUnlocksTheGame(t *testing.T) {
	var armed atomic.Bool
	c := newClient(t, Config{Store: panicSaveStore{newMemStore(), &armed}, DevSeeds: true})
	st, me, _ := c.create(`{}`)
	armed.Store(true)
	got, b := me.c.request("POST", "/api/games/"+me.id+"/roll", me.token, withVersion(st.Version, ""))
	refusedWith(t, http.StatusInternalServerError, "internal", got, b, "a panic in Save")
	done := make(chan stateJSON, 1)
	go func() { done <- me.state() }()
	select {
	case now := <-done:
		assert.Equal(t, st.Version, now.Version, "the unsaved roll is not served")
		me.act("roll", now, "")
	case <-time.After(10 * time.Second):
		t.Fatal("the game stayed locked after the panic")
	}

	// The same in a join: the invitation still joins afterwards (the
	// half-changed game, its seat taken but not saved, was kept).
	_, _, other := c.createInvite(`{"opponent":"human"}`)
	armed.Store(true)
	got, b = c.request("POST", other.path("join"), other.invite, `{}`)
	refusedWith(t, http.StatusInternalServerError, "internal", got, b, "a panic in the join's Save")
	other.join()
}

// TestPanicForgetsCachedGame: after a panic in an action on a game in the
// cache, the half-changed game is forgotten: the next request reads the
// game as the store has it, without the unsaved roll.
func TestPanicForgetsCachedGame(t *testing.T) {
	var armed atomic.Bool
	c := newClient(t, Config{Store: panicSaveStore{newMemStore(), &armed}, DevSeeds: true})
	_, me, _ := c.create(`{}`)
	st := me.state() // the game is in the cache
	armed.Store(true)
	got, b := me.c.request("POST", me.path("roll"), me.token, withVersion(st.Version, ""))
	refusedWith(t, http.StatusInternalServerError, "internal", got, b, "a panic in Save")
	now := me.state()
	assert.Equal(t, st.Version, now.Version, "the unsaved roll is not served")
	me.act("roll", now, "")
}

// abortSaveStore is a memory store whose Save panics with
// http.ErrAbortHandler while armed.
type abortSaveStore struct {
	*memStore
	armed *atomic.Bool
}

func (s abortSaveStore) Save(ctx context.Context, r Row, prev int) error {
	if s.armed.Swap(false) {
		panic(http.ErrAbortHandler)
	}
	return s.memStore.Save(ctx, r, prev)
}

// TestAbortHandlerPanicsOn: a panic with http.ErrAbortHandler, net/http's
// way to abort a response, is no bug to answer 500 and log: it goes on to
// net/http, which drops the connection; the game is unlocked all the same.
func TestAbortHandlerPanicsOn(t *testing.T) {
	var armed atomic.Bool
	var logged atomic.Int32
	c := newClient(t, Config{Store: abortSaveStore{newMemStore(), &armed}, DevSeeds: true,
		Logf: func(string, ...any) { logged.Add(1) }})
	st, me, _ := c.create(`{}`)
	armed.Store(true)
	r := httptest.NewRequest("POST", me.path("roll"), strings.NewReader(withVersion(st.Version, "")))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Authorization", "Bearer "+me.token)
	rec := httptest.NewRecorder()
	assert.PanicsWithValue(t, http.ErrAbortHandler, func() { c.srv.ServeHTTP(rec, r) })
	assert.NotEqual(t, http.StatusInternalServerError, rec.Code, "not answered as a bug")
	assert.Zero(t, logged.Load(), "not logged as a bug")
	assert.Equal(t, st.Version, me.state().Version, "the game is free, the unsaved roll not served")
}

// TestCreateRatePerNetwork: the creations of one IPv6 /48 network's /64s
// are counted together too, at networkShare times a client's rate: a
// burst from distinct /64s of one /48 ends there (they filled the game
// cap for everyone, helper-90), while another /48 and an IPv4 client
// still create.
func TestCreateRatePerNetwork(t *testing.T) {
	h := newHostile(t)
	created := 0
	for i := range networkShare*10 + 5 { // the default burst is 10 a client
		status, v := h.send(fmt.Sprintf("2001:db8:0:%x::1", i+1), "POST", "/api/games", "", "application/json", `{}`)
		if status != http.StatusCreated {
			require.Equal(t, http.StatusTooManyRequests, status, "%v", v)
			assert.Contains(t, v["error"], "per IPv6 /48 network")
			break
		}
		created++
	}
	assert.Equal(t, networkShare*10, created, "the network's burst")
	status, v := h.send("2001:db8:1:1::1", "POST", "/api/games", "", "application/json", `{}`)
	assert.Equal(t, http.StatusCreated, status, "another /48: %v", v)
	status, v = h.send("192.0.2.7", "POST", "/api/games", "", "application/json", `{}`)
	assert.Equal(t, http.StatusCreated, status, "IPv4: %v", v)
}

// TestNetworkOf: the /48 of an IPv6 client; none for an IPv4 one.
func TestNetworkOf(t *testing.T) {
	for client, want := range map[string]string{
		"2001:db8:0:1::/64":  "2001:db8::/48",
		"2001:db8:5:ff::/64": "2001:db8:5::/48",
		"192.0.2.7":          "",
		"?pipe":              "",
		"garbage/64":         "",
	} {
		got, ok := networkOf(client)
		assert.Equal(t, want, got, client)
		assert.Equal(t, want != "", ok, client)
	}
}
