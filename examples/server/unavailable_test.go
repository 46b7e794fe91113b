package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// downLoadStore is a memory store whose Load fails while down is set.
type downLoadStore struct {
	*memStore
	down *atomic.Bool
}

func (s downLoadStore) Load(ctx context.Context, id string, have int) (Row, error) {
	if s.down.Load() {
		return Row{}, errors.New("the database is down")
	}
	return s.memStore.Load(ctx, id, have)
}

// unavailable sends a request with the seat's token and checks that it is
// 503 with code and a Retry-After (README: every 503 says Retry-After).
func unavailable(t *testing.T, s *seat, what, code string) {
	t.Helper()
	req, err := http.NewRequest("GET", s.c.url+s.path(what), nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := s.c.hc.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var e apiError
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&e))
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "%s: %+v", what, e)
	assert.Equal(t, code, e.Code, what)
	assert.NotEmpty(t, resp.Header.Get("Retry-After"), "%s: 503 %s says when to come back", what, code)
}

// TestUnavailableSaysRetryAfter: the 503 answers, store (the store
// failed), busy (the game held by another request past the wait) and busy
// (no bot slot within the wait), each carry Retry-After.
func TestUnavailableSaysRetryAfter(t *testing.T) {
	var down atomic.Bool
	st := downLoadStore{newMemStore(), &down}
	const wait = 50 * time.Millisecond
	c := newClient(t, Config{Store: st, DevSeeds: true, BotWait: wait, BotSlots: 1})
	_, me, _ := c.create(`{}`)

	// A second server over the store reads the game from it.
	c2 := newClient(t, Config{Store: st, DevSeeds: true})
	down.Store(true)
	unavailable(t, &seat{c: c2, id: me.id, token: me.token}, "", "store")
	down.Store(false)

	e, err := c.srv.acquire(context.Background(), me.id)
	require.NoError(t, err)
	begun := time.Now()
	unavailable(t, me, "", "busy")
	// Config.BotWait bounds the wait (a fail-safe of 60 times it, not a
	// measure: an unbounded wait lasts as long as the game is held).
	assert.Less(t, time.Since(begun), 60*wait, "the wait for the game is bounded by BotWait")
	c.srv.release(e)

	_, toAct, _ := hintOpen(c)
	free := holdBotSlots(t, c)
	unavailable(t, toAct, "hint", "busy")
	free()
}

// waitLoadStore is a memory store whose Load, while armed, says it is
// called (in) and waits until its context is done, as a slow database.
type waitLoadStore struct {
	*memStore
	armed *atomic.Bool
	in    chan struct{}
}

func (s waitLoadStore) Load(ctx context.Context, id string, have int) (Row, error) {
	if s.armed.Load() {
		s.in <- struct{}{}
		<-ctx.Done()
		return Row{}, ctx.Err()
	}
	return s.memStore.Load(ctx, id, have)
}

// TestClientGoneNotLogged: a request whose client goes away while the
// store answers is no store failure, and is not logged as one (README).
func TestClientGoneNotLogged(t *testing.T) {
	var armed atomic.Bool
	st := waitLoadStore{newMemStore(), &armed, make(chan struct{}, 1)}
	c := newClient(t, Config{Store: st, DevSeeds: true})
	_, me, _ := c.create(`{}`)
	var logged atomic.Int32
	s2 := NewServer(Config{Store: st, SweepEvery: -1, Logf: func(string, ...any) { logged.Add(1) }})
	defer s2.Close()
	armed.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-st.in; cancel() }()
	rec := httptest.NewRecorder()
	r := httptest.NewRequestWithContext(ctx, "GET", me.path(""), nil)
	r.Header.Set("Authorization", "Bearer "+me.token)
	s2.ServeHTTP(rec, r) // reads the game from the store: not in its memory
	assert.Equal(t, http.StatusServiceUnavailable, rec.Code, rec.Body.String())
	assert.Zero(t, logged.Load(), "the client went away: nothing logged")
}

// TestOwedBotMoveSaved: the move a bot owed, made on the game's next
// request, is saved before the answer, as every change is (README,
// Storage and restarts): the store has the version the answer shows.
func TestOwedBotMoveSaved(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store, DevSeeds: true, BotWait: 50 * time.Millisecond})
	st, me, _ := c.create(`{"preset":"short-standard","bot":"greedy","seed":3}`)
	for range maxBotRunsPerClient {
		require.True(t, c.srv.botRuns.start("127.0.0.1"))
	}
	for i := 0; st.ToAct != "black" && i < 100; i++ {
		var ok bool
		st, ok = me.move(st, 0)
		require.True(t, ok, "%+v", st)
	}
	require.True(t, st.BotOwes, "the bot owes its move: %+v", st)
	for range maxBotRunsPerClient {
		c.srv.botRuns.done("127.0.0.1")
	}
	after := me.state()
	require.Greater(t, after.Version, st.Version, "the bot moved")
	row, err := store.Load(t.Context(), me.id, -1)
	require.NoError(t, err)
	assert.Equal(t, after.Version, row.Version, "the bot's move is stored")
}

// TestStreamLifetime: an event stream ends after Config.StreamLifetime
// (the page opens another), however quiet its game.
func TestStreamLifetime(t *testing.T) {
	c := newClient(t, Config{StreamLifetime: 100 * time.Millisecond})
	_, me, _ := c.create(`{}`)
	ch := me.events(t.Context())
	assert.Equal(t, "state", next(t, ch).name)
	select {
	case _, ok := <-ch:
		assert.False(t, ok, "no other event: the game did not change")
	case <-time.After(10 * time.Second): // a fail-safe: the lifetime is 100 ms
		t.Fatal("the stream outlived its lifetime")
	}
}
