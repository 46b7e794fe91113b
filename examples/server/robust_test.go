package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestSeedHidden: while a game runs neither the state nor the record tells
// the dice seed, only its commitment.
func TestSeedHidden(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.create(`{"seed":42}`)
	assert.Empty(t, st.Fair.Seed)
	_, b := me.do("GET", "record", "")
	var rec map[string]any
	require.NoError(t, json.Unmarshal(b, &rec))
	assert.NotContains(t, rec, "seed")
	fair, _ := rec["fair"].(map[string]any)
	require.NotNil(t, fair)
	assert.Equal(t, st.Fair.Commitment, fair["commitment"])
	assert.NotContains(t, fair, "seed")
}

// TestNeverServerError: random requests (methods, paths, tokens, bodies
// with random fields and values) on games in random phases get a success
// or a 4xx JSON error, never a 5xx.
func TestNeverServerError(t *testing.T) {
	c := newClient(t, Config{})
	var games []*seat
	for i, preset := range []string{"long-moscow", "short-standard", "short-tavla"} {
		for _, opp := range []string{"bot", "human"} {
			_, a, b := c.create(fmt.Sprintf(`{"preset":%q,"opponent":%q,"seed":%d}`, preset, opp, i))
			games = append(games, seats(a, b)...)
		}
	}
	rapid.Check(t, func(rt *rapid.T) {
		cl := &client{t: rt, url: c.url, hc: c.hc}
		g := rapid.SampledFrom(games).Draw(rt, "seat")
		id := rapid.SampledFrom([]string{g.id, g.id, g.id, "nope", ""}).Draw(rt, "id")
		token := rapid.SampledFrom([]string{g.token, g.token, "", "x", games[0].token}).Draw(rt, "token")
		what := rapid.SampledFrom(append(append([]string{}, actionOrder...),
			"steps", "board.svg", "record", "", "x", "steps/1")).Draw(rt, "what")
		method := rapid.SampledFrom([]string{"GET", "POST", "PUT", "DELETE", "PATCH"}).Draw(rt, "method")
		path := "/api/games/" + id
		if what != "" {
			path += "/" + what
		}
		if rapid.IntRange(0, 20).Draw(rt, "query") == 0 {
			path += "?viewer=" + rapid.SampledFrom([]string{"white", "black", "", "x"}).Draw(rt, "viewer")
		}
		value := rapid.OneOf(
			rapid.Just(`null`), rapid.Just(`"white"`), rapid.Just(`"black"`), rapid.Just(`"oin"`),
			rapid.Just(`"koks"`), rapid.Just(`[]`), rapid.Just(`[[24,18,6]]`), rapid.Just(`[[25,0,9,9]]`),
			rapid.Just(`{}`), rapid.Just(`1e99`), rapid.Just(`-1`), rapid.Just(`"abc"`),
			rapid.Map(rapid.IntRange(-3, 30), func(n int) string { return fmt.Sprint(n) }),
		)
		var fields []string
		for _, f := range []string{"version", "player", "from", "to", "die", "steps", "kind", "client_seed", "extra"} {
			if rapid.Bool().Draw(rt, "has "+f) {
				fields = append(fields, fmt.Sprintf("%q:%s", f, value.Draw(rt, f)))
			}
		}
		body := "{" + strings.Join(fields, ",") + "}"
		if rapid.IntRange(0, 10).Draw(rt, "raw") == 0 {
			body = rapid.SampledFrom([]string{"", "{", "[]", "null", `"x"`, "{}{}"}).Draw(rt, "raw body")
		}
		ctype := rapid.SampledFrom([]string{"application/json", "application/json", "text/plain", ""}).Draw(rt, "content type")
		status, b := cl.request(method, path, token, body, "Content-Type", ctype)
		require.Less(rt, status, 500, "%s %s %s: %s", method, path, body, b)
		if status >= 400 {
			var e apiError
			require.NoError(rt, json.Unmarshal(b, &e), "%s %s %s: %s", method, path, body, b)
			require.NotEmpty(rt, e.Error)
		}
	})
}
