package main

import (
	"fmt"
	"io"
	"net/http"
	"strings"
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
