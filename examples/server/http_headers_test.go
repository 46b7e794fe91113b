package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answerHeaders sends a request with the token (if any) and the headers
// given as name, value pairs, and returns the answer's status and headers
// without reading its body (a stream wrongly granted does not hang the
// test: its body is closed unread).
func answerHeaders(t *testing.T, c *client, method, path, token string, header ...string) (int, http.Header) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, c.url+path, nil)
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.hc.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode, resp.Header
}

// TestUnauthorizedSaysWWWAuthenticate: every 401 carries WWW-Authenticate
// (RFC 9110, 15.5.2: a 401 "MUST send a WWW-Authenticate header field"),
// with error="invalid_token" when the request sent a token that holds no
// seat (RFC 6750, 3.1): a wrong token on a game the server has not loaded
// and on one it has, an invitation not yet joined, one already used.
func TestUnauthorizedSaysWWWAuthenticate(t *testing.T) {
	st := newMemStore()
	c := newClient(t, Config{Store: st, DevSeeds: true})
	fresh := newClient(t, Config{Store: st, DevSeeds: true}) // the same games, none loaded
	_, me, invited := c.createInvite(`{"opponent":"human","seed":1}`)
	invitation := invited.token
	me.state() // loaded by c: a token is checked against the game, not its stored form
	const invalid = `Bearer realm="nardy", error="invalid_token"`
	for _, tc := range []struct {
		what   string
		c      *client
		token  string
		header string
	}{
		{"no token", c, "", `Bearer realm="nardy"`},
		{"a wrong token, the game not loaded", fresh, newID(), invalid},
		{"a wrong token, the game loaded", c, newID(), invalid},
		{"an invitation not joined", c, invitation, invalid},
	} {
		status, h := answerHeaders(t, tc.c, "GET", me.path(""), tc.token)
		assert.Equal(t, http.StatusUnauthorized, status, tc.what)
		assert.Equal(t, tc.header, h.Get("WWW-Authenticate"), tc.what)
	}
	invited.join()
	status, h := answerHeaders(t, c, "GET", me.path(""), invitation)
	assert.Equal(t, http.StatusUnauthorized, status, "an invitation used")
	assert.Equal(t, invalid, h.Get("WWW-Authenticate"), "an invitation used")
}

// TestStreamRefusalsSayRetryAfter: a stream refused for the client's
// share (429 client_streams) or the server's (503 streams) says when to
// ask again in Retry-After (README: "each refusal with Retry-After", which
// the page waits before it asks again).
func TestStreamRefusalsSayRetryAfter(t *testing.T) {
	c := newClient(t, Config{MaxStreams: 2, MaxStreamsPerClient: 1, TrustProxy: true})
	_, me, _ := c.create(`{"seed":1}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	next(t, me.events(ctx))
	status, h := answerHeaders(t, c, "GET", me.path("events"), me.token)
	assert.Equal(t, http.StatusTooManyRequests, status, "the client's second stream")
	assert.NotEmpty(t, h.Get("Retry-After"), "the client's second stream")
	next(t, me.events(ctx, "X-Forwarded-For", "192.0.2.1"))
	status, h = answerHeaders(t, c, "GET", me.path("events"), me.token, "X-Forwarded-For", "192.0.2.2")
	assert.Equal(t, http.StatusServiceUnavailable, status, "a third stream on a server of two")
	assert.NotEmpty(t, h.Get("Retry-After"), "a third stream on a server of two")
}

// TestEventsHeaders: a stream is answered as Server-Sent Events that no
// cache keeps (Cache-Control: no-store: each carries a seat's state) and
// that a proxy passes on as written instead of buffering it
// (X-Accel-Buffering: no), so the state reaches the page when it changes.
func TestEventsHeaders(t *testing.T) {
	c := newClient(t, Config{})
	_, me, _ := c.create(`{"seed":1}`)
	status, h := answerHeaders(t, c, "GET", me.path("events"), me.token)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "text/event-stream", h.Get("Content-Type"))
	assert.Equal(t, "no-store", h.Get("Cache-Control"))
	assert.Equal(t, "no", h.Get("X-Accel-Buffering"))
}
