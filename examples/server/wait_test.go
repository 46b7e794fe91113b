package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameWait: a request on a game that another request holds (a bot's
// move, a slow store) waits for it at most Config.BotWait, then is 503
// busy with Retry-After, a join too; a waiter whose request ends stops
// waiting and leaves no reference to the game behind; once the game is
// free it is served. The lock was a mutex: every request on a game held
// by a slow bot or a hung store waited for it however long, its client
// gone or not.
func TestGameWait(t *testing.T) {
	c := newClient(t, Config{BotWait: 20 * time.Millisecond})
	st, me, guest := c.createInvite(`{"preset":"short-standard","opponent":"human"}`)
	e, err := c.srv.acquire(context.Background(), st.ID)
	require.NoError(t, err)
	answered := make(chan [2]any, 2)
	go func() { status, b := me.do("GET", "", ""); answered <- [2]any{status, b} }()
	go func() { status, _, b := guest.joinWith(newSecret()); answered <- [2]any{status, b} }()
	for range 2 {
		select {
		case got := <-answered:
			assert.Equal(t, http.StatusServiceUnavailable, got[0], "%s", got[1])
			var out apiError
			require.NoError(t, json.Unmarshal(got[1].([]byte), &out))
			assert.Equal(t, "busy", out.Code)
		case <-time.After(time.Minute): // a fail-safe, not a measure: the wait is 20 ms
			c.srv.release(e)
			t.Fatal("a request waited for its game as long as another request held it")
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = c.srv.acquire(ctx, st.ID)
	assert.ErrorIs(t, err, errGameBusy)
	assert.ErrorIs(t, err, context.Canceled)
	c.srv.mu.Lock()
	refs := c.srv.cache[st.ID].refs
	c.srv.mu.Unlock()
	assert.Equal(t, 1, refs, "the holder's reference only")
	c.srv.release(e)
	assert.Equal(t, st.Version, me.state().Version, "served once the game is free")
}

// hangingStore is a store whose Save, once hang is set, waits until its
// context is done, as a database that hangs (a lock, a partition), or
// until the test gives up (unblock).
type hangingStore struct {
	*memStore
	hang    atomic.Bool
	unblock chan struct{}
}

func (h *hangingStore) Save(ctx context.Context, r Row, prev int) error {
	if h.hang.Load() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-h.unblock:
			return errors.New("the test gave up")
		}
	}
	return h.memStore.Save(ctx, r, prev)
}

// TestStoreTimeout: a store call of a request is bounded by
// Config.StoreTimeout: an action whose save hangs is answered 503 store
// (and logged), and the game is free for the next request; nothing hung
// was kept. Without the bound the request held its game as long as the
// store hung (an action kept after its client went away saves without
// the client's context: for ever).
func TestStoreTimeout(t *testing.T) {
	store := &hangingStore{memStore: newMemStore(), unblock: make(chan struct{})}
	c := newClient(t, Config{Store: store, DevSeeds: true, StoreTimeout: 20 * time.Millisecond})
	st, me, _ := c.create(`{"preset":"short-standard","bot":"greedy"}`)
	store.hang.Store(true)
	answered := make(chan [2]any, 1)
	go func() { status, b := me.do("POST", "roll", withVersion(st.Version, "")); answered <- [2]any{status, b} }()
	select {
	case got := <-answered:
		refusedWith(t, http.StatusServiceUnavailable, "store", got[0].(int), got[1].([]byte), "a save that hangs")
	case <-time.After(time.Minute): // a fail-safe, not a measure: the bound is 20 ms
		close(store.unblock)
		<-answered
		t.Fatal("the request waited for the store as long as it hung")
	}
	store.hang.Store(false)
	assert.Equal(t, st.Version, me.state().Version, "the game is free, as stored")
}
