package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The refusals helper-164 found wrong reviewing the server as an attacker
// would, each failing on the server before.

// TestStartScoreIsTwoNumbers: "start": {"score": [white, black]} is
// exactly two whole numbers, as a step is exactly three: Go's decoder
// dropped a third number ([1, 2, 3] began the match at 1-2) and took one
// as [n, 0], so the server began a match at a score the request did not
// say. Refused with 400 bad_json naming the field; two numbers are taken.
func TestStartScoreIsTwoNumbers(t *testing.T) {
	c := newClient(t, Config{})
	for _, tc := range []struct{ score, n string }{{"[1,2,3]", "3"}, {"[1]", "1"}, {"[]", "0"}, {"[1,2,0,0]", "4"}} {
		body := `{"preset":"short-standard","length":5,"start":{"score":` + tc.score + `}}`
		got, raw := c.do("POST", "/api/games", body)
		e := refusedWith(t, http.StatusBadRequest, "bad_json", got, raw, body)
		assert.Contains(t, e.Error, "start.score: want an array of 2 whole numbers, not "+tc.n, body)
	}
	st, _, _ := c.create(`{"preset":"short-standard","length":5,"start":{"score":[1,2]}}`)
	assert.Equal(t, map[string]int{"white": 1, "black": 2}, st.Score)
	st, _, _ = c.create(`{"preset":"short-standard","length":5,"start":{"score":null}}`)
	assert.Equal(t, map[string]int{"white": 0, "black": 0}, st.Score, "null leaves the field as it is")
}

// TestTextFieldErrorsNameTheField: a value of a field read from a string
// (a position, a colour) that is refused names the field, as every other
// field's error does ("setup.starter: ..."), and says it wants a string:
// a number there was "want a whole number, not a JSON number" (a colour
// is a number in Go), or "want an object" (a position is a struct in Go),
// and a string the library refused named no field at all.
func TestTextFieldErrorsNameTheField(t *testing.T) {
	c := newClient(t, Config{})
	const pos = `"short w 00000503000050000000000200/00000503000050000000000200"`
	for _, tc := range []struct{ body, want string }{
		{`{"setup":{"position":5}}`, `bad JSON body: setup.position: want a string, not a JSON number`},
		{`{"setup":{"position":` + pos + `,"starter":5}}`, `bad JSON body: setup.starter: want a string, not a JSON number`},
		{`{"setup":{"position":` + pos + `,"cube":{"value":2,"owned":true,"owner":1}}}`, `bad JSON body: setup.cube.owner: want a string, not a JSON number`},
		{`{"setup":{"position":` + pos + `,"starter":"green"}}`, `bad JSON body: setup.starter: `},
		{`{"setup":{"position":` + pos + `,"cube":{"value":2,"owned":true,"owner":"nobody"}}}`, `bad JSON body: setup.cube.owner: `},
		{`{"setup":{"position":"short w 12"}}`, `bad JSON body: setup.position: `},
		{`{"setup":{"position":"short w ffffffffffffffffffffffffff/00000000000000000000000000"}}`, `bad JSON body: setup.position: `},
	} {
		got, raw := c.do("POST", "/api/games", `{"preset":"short-standard",`+strings.TrimPrefix(tc.body, "{"))
		e := refusedWith(t, http.StatusBadRequest, "bad_json", got, raw, tc.body)
		assert.True(t, strings.HasPrefix(e.Error, tc.want), "%s: %s, want it to begin %q", tc.body, e.Error, tc.want)
		assert.Equal(t, 1, strings.Count(e.Error, "setup."), "the field named once: %s", e.Error)
	}
	// An error of another field, or of none, is not given the field.
	for body, want := range map[string]string{
		`{"bogus":1,"length":"x"}`:                      `bad JSON body: unknown field "bogus"`,
		`{"setup":{"bogus":1,"cube":{"value":"x"}}}`:    `bad JSON body: unknown field "setup.bogus"`,
		`{"length":"x","setup":{"position":"short w"}}`: `bad JSON body: setup.position: nardy: parsing position "short w"`,
	} {
		got, raw := c.do("POST", "/api/games", body)
		e := refusedWith(t, http.StatusBadRequest, "bad_json", got, raw, body)
		assert.True(t, strings.HasPrefix(e.Error, want), "%s: %s, want it to begin %q", body, e.Error, want)
	}
	// A step's own message names its field already: not twice.
	st, me, _ := c.create(`{"preset":"short-standard","seed":3}`)
	e := me.refused(http.StatusBadRequest, "bad_json", "POST", "play", withVersion(st.Version, `{"steps":[[1,2]]}`))
	assert.Equal(t, `bad JSON body: steps: a step is [from, to, die], three whole numbers, not [1,2]`, e.Error)
}

// TestSeedRefusalNamesTheCharacter: a client seed with a character outside
// A-Z a-z 0-9 _ - is refused naming the character sent: "é" was named
// 'Ã', the first byte of its UTF-8 read as a character.
func TestSeedRefusalNamesTheCharacter(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.createInvite(`{"preset":"short-standard","opponent":"human"}`)
	for seed, want := range map[string]string{"abé": `'é'`, "a b": `' '`, "日本": `'日'`, "a\xffb": "'\uFFFD'"} {
		body := fmt.Sprintf(`{"version":%d,"client_seed":%q}`, st.Version, seed)
		if seed == "a\xffb" {
			body = fmt.Sprintf(`{"version":%d,"client_seed":"a`+"\xff"+`b"}`, st.Version)
		}
		e := me.refused(http.StatusBadRequest, "bad_request", "POST", "seed", body)
		assert.Contains(t, e.Error, "client_seed: "+want+" is not one of", seed)
	}
	assert.Equal(t, st.Version, me.state().Version, "nothing was done")
}

// TestTwoAuthorizationHeadersRefused: a request with two Authorization
// headers is refused, 400 two_tokens, as a body with a field given twice
// is: the server took the first, where a proxy or a log reader may take
// the last and see another seat act (RFC 9110 §5.3: Authorization is no
// list; RFC 6750 §3.1: invalid_request). The state is not read, no
// action is done, no join made.
func TestTwoAuthorizationHeadersRefused(t *testing.T) {
	c := newClient(t, Config{})
	st, white, black := c.create(`{"preset":"short-standard","opponent":"human","seed":4}`)
	send := func(method, path, body string, tokens ...string) (int, []byte, http.Header) {
		req, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		for _, tok := range tokens {
			req.Header.Add("Authorization", "Bearer "+tok)
		}
		resp, err := c.hc.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, b, resp.Header
	}
	for _, tc := range []struct{ method, what, body string }{
		{"GET", "", ""}, {"GET", "steps", ""}, {"GET", "hint", ""}, {"POST", "roll", withVersion(st.Version, "")},
		{"DELETE", "", ""},
	} {
		got, b, h := send(tc.method, white.path(tc.what), tc.body, white.token, black.token)
		refusedWith(t, http.StatusBadRequest, "two_tokens", got, b, tc.method+" "+tc.what)
		assert.Contains(t, h.Get("WWW-Authenticate"), `error="invalid_request"`)
		got, b, _ = send(tc.method, white.path(tc.what), tc.body, white.token, white.token)
		refusedWith(t, http.StatusBadRequest, "two_tokens", got, b, tc.method+" "+tc.what+", the same token twice")
	}
	assert.Equal(t, st.Version, white.state().Version, "nothing was done")

	_, me, guest := c.createInvite(`{"preset":"short-standard","opponent":"human"}`)
	got, b, _ := send("POST", guest.path("join"), `{}`, guest.invite, me.token)
	refusedWith(t, http.StatusBadRequest, "two_tokens", got, b, "join")
	assert.Equal(t, "black", me.state().Invited, "the invitation is not used")
}

// failingBody is a request body that gives head, then err: what a
// connection that stops or fails while the body is read gives the
// handler.
type failingBody struct {
	head string
	err  error
}

func (b *failingBody) Read(p []byte) (int, error) {
	if b.head != "" {
		n := copy(p, b.head)
		b.head = b.head[n:]
		return n, nil
	}
	return 0, b.err
}

func (b *failingBody) Close() error { return nil }

// TestBodyReadFailureLeaksNoAddress: a body that does not come within the
// server's read timeout (httpServer's ReadTimeout: a client that sends a
// Content-Length and less) is 408 body_timeout, and a connection that
// fails while the body is read 400 bad_body, neither naming the
// connection: the answer was 400 "reading the body: read tcp
// 10.0.0.5:8080->10.0.0.9:41234: i/o timeout", the server's own address
// and port behind its proxy and the proxy's, seen with curl against the
// running server after 30 s. Errors of the HTTP framing (a malformed
// chunk, a body cut short) still say what they are.
func TestBodyReadFailureLeaksNoAddress(t *testing.T) {
	srv := NewServer(Config{Logf: t.Logf})
	t.Cleanup(srv.Close)
	server := &net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 8080}
	peer := &net.TCPAddr{IP: net.IPv4(10, 0, 0, 9), Port: 41234}
	timeout := &net.OpError{Op: "read", Net: "tcp", Source: server, Addr: peer, Err: os.ErrDeadlineExceeded}
	reset := &net.OpError{Op: "read", Net: "tcp", Source: server, Addr: peer, Err: syscall.ECONNRESET}
	for _, tc := range []struct {
		name, path string
		err        error
		status     int
		code, want string
	}{
		{"create, timeout", "/api/games", timeout, http.StatusRequestTimeout, "body_timeout", "the body did not come within"},
		{"action, timeout", "/api/games/00112233445566778899aabbccddeeff/roll", timeout, http.StatusRequestTimeout, "body_timeout", "the body did not come within"},
		{"join, timeout", "/api/games/00112233445566778899aabbccddeeff/join", timeout, http.StatusRequestTimeout, "body_timeout", "the body did not come within"},
		{"create, reset", "/api/games", reset, http.StatusBadRequest, "bad_body", "the connection failed"},
		{"create, cut short", "/api/games", io.ErrUnexpectedEOF, http.StatusBadRequest, "bad_body", "reading the body: unexpected EOF"},
	} {
		r := httptest.NewRequest("POST", tc.path, nil)
		r.Body = &failingBody{head: `{"version":`, err: tc.err}
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Authorization", "Bearer "+newSecret())
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, r)
		e := refusedWith(t, tc.status, tc.code, rec.Code, rec.Body.Bytes(), tc.name)
		assert.Contains(t, e.Error, tc.want, tc.name)
		for _, leak := range []string{"10.0.0.5", "10.0.0.9", "8080", "41234", "tcp"} {
			assert.NotContains(t, e.Error, leak, tc.name)
		}
	}
}
