package main

import (
	"context"
	"encoding/json"
	"net/http"
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
