package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serveShort serves one request of s on c's server, in process, with a
// context that ends after 300 ms: long enough for the game's load and
// save, even from SQLite on a loaded machine (at 50 ms a load average of 8
// ended some requests in the store, 503 store, before the wait for a bot
// slot the tests are about), and short for the tests that wait it out.
func serveShort(c *client, s *seat, method, what, body string) *httptest.ResponseRecorder {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req := httptest.NewRequestWithContext(ctx, method, s.path(what), strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+s.token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	c.srv.ServeHTTP(rec, req)
	return rec
}

// botWinsOpening creates games against the bot (black) seed after seed
// until the opening, thrown while every bot slot is taken and the request
// ends waiting for one, leaves the bot to play: it returns the game's
// creator and the roll's answer.
func botWinsOpening(t *testing.T, c *client) (*seat, *httptest.ResponseRecorder) {
	for seed := 1; seed < 50; seed++ {
		st, me, _ := c.create(fmt.Sprintf(`{"preset":"short-standard","seed":%d}`, seed))
		rec := serveShort(c, me, "POST", "roll", withVersion(st.Version, ""))
		var now stateJSON
		if rec.Code == http.StatusOK && json.Unmarshal(rec.Body.Bytes(), &now) == nil && now.ToAct != "black" {
			continue // white won the opening: no bot to wait for
		}
		return me, rec
	}
	t.Fatal("the bot won no opening in 50 games")
	return nil, nil
}

// TestBusyCatchUp: a request whose context ends while the bot it must
// first let move waits for a slot is answered 503 busy with Retry-After,
// not as a store failure; the bot moves on a later request.
func TestBusyCatchUp(t *testing.T) {
	c := newClient(t, Config{BotSlots: 1})
	free := holdBotSlots(t, c)
	defer free()
	me, rec := botWinsOpening(t, c)
	require.Equal(t, http.StatusOK, rec.Code, "%s", rec.Body)
	rec = serveShort(c, me, "GET", "", "")
	refusedWith(t, http.StatusServiceUnavailable, "busy", rec.Code, rec.Body.Bytes(), "a read that waits for the bot")
	assert.Equal(t, "1", rec.Header().Get("Retry-After"))
	free()
	st := me.state()
	assert.Equal(t, "white", st.ToAct, "the bot has played")
}

// TestBusyServerWait: a request that waits for a bot slot is answered 503
// busy after Config.BotWait, however long its client would wait (it
// waited as long as the connection lasted, its game locked meanwhile);
// the bot moves on a later request.
func TestBusyServerWait(t *testing.T) {
	c := newClient(t, Config{BotSlots: 1, BotWait: 50 * time.Millisecond})
	free := holdBotSlots(t, c)
	defer free()
	me, rec := botWinsOpening(t, c)
	require.Equal(t, http.StatusOK, rec.Code, "%s", rec.Body)
	start := time.Now()
	me.refused(http.StatusServiceUnavailable, "busy", "GET", "", "") // a client without a deadline
	assert.Less(t, time.Since(start), 5*time.Second)
	free()
	assert.Equal(t, "white", me.state().ToAct, "the bot has played")
}

// TestBusyAction: an action after which the bot must move, whose request
// ends while it waits for a bot slot, is kept all the same (over SQLite,
// which honours the request's context, its save failed: 503 store) and
// answered with the state, the bot to act; the bot moves on a later
// request.
func TestBusyAction(t *testing.T) {
	store, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	t.Cleanup(func() { store.Close() })
	c := newClient(t, Config{BotSlots: 1, Store: store, DevSeeds: true})
	free := holdBotSlots(t, c)
	defer free()
	me, rec := botWinsOpening(t, c)
	require.Equal(t, http.StatusOK, rec.Code, "%s", rec.Body)
	var st stateJSON
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &st))
	assert.Equal(t, "black", st.ToAct, "the bot owes its play")
	free()
	st = me.state()
	assert.Equal(t, "white", st.ToAct, "the bot has played")
	assert.Contains(t, strings.Join(st.Log, "\n"), "black plays")
}

// TestCreateGivesUpItsTurn: a creation whose request ends while another
// creation holds the check of the limits is answered 503 busy with
// Retry-After, instead of waiting on after its client has gone; once the
// other is done, creations go through.
func TestCreateGivesUpItsTurn(t *testing.T) {
	c := newClient(t, Config{})
	c.srv.creating <- struct{}{} // another creation under way
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req := httptest.NewRequestWithContext(ctx, "POST", "/api/games", strings.NewReader(`{"preset":"short-standard"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	c.srv.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusServiceUnavailable, rec.Code, "%s", rec.Body)
	assert.Contains(t, rec.Body.String(), `"code":"busy"`)
	assert.Equal(t, "1", rec.Header().Get("Retry-After"))
	<-c.srv.creating
	c.create(`{"preset":"short-standard"}`)
}
