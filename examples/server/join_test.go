package main

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// TestJoin: the invitation of a game between two people only joins. Before
// the join it opens no other route (join_first); the join gives the seat a
// token the creator never saw, once; after it the invitation opens nothing
// (invite_used), and the creator's state says when the other has joined.
func TestJoin(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.createInvite(`{"preset":"long-moscow","opponent":"human","seed":1}`)
	assert.Equal(t, b.color, st.Invited, "the creator's state says who has not joined")
	routes := [][2]string{{"GET", ""}, {"DELETE", ""}, {"GET", "steps"}, {"GET", "board.svg"}, {"GET", "record"}, {"GET", "record.mat"},
		{"GET", "events"}, {"GET", "hint"}}
	for _, what := range actionOrder {
		routes = append(routes, [2]string{"POST", what})
	}
	for _, r := range routes {
		b.refused(http.StatusUnauthorized, "join_first", r[0], r[1], withVersion(st.Version, ""))
	}
	assert.Equal(t, st.Version, a.state().Version, "the refused requests changed nothing")
	// Nor does the creator start alone: no opening throw before the other
	// player is seated (and may have sent its seed); sending one's own seed
	// is the one thing to do meanwhile.
	assert.Equal(t, []string{"seed"}, a.state().Allowed[a.color], "the creator waits")
	a.refused(http.StatusConflict, "not_joined", "POST", "roll", withVersion(st.Version, ""))
	a.refused(http.StatusConflict, "not_joined", "POST", "resign", withVersion(st.Version, `{"kind":"oin"}`))
	assert.Equal(t, st.Version, a.state().Version)

	a.refused(http.StatusConflict, "seated", "POST", "join", `{}`)
	c.refused(http.StatusUnauthorized, "no_token", "POST", b.path("join"), `{}`)
	forged := &seat{c: c, id: b.id, invite: "Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbi1mb3JnZWQ"}
	forged.token = forged.invite
	forged.refused(http.StatusUnauthorized, "bad_token", "POST", "join", `{}`)
	b.refused(http.StatusBadRequest, "bad_json", "POST", "join", `{"seat":"black"}`)
	status, _ := b.do("GET", "join", "")
	assert.Equal(t, http.StatusMethodNotAllowed, status)

	joined := b.join()
	assert.NotEqual(t, b.invite, b.token, "the seat's token is a new one")
	assert.Equal(t, st.Version+1, joined.Version, "the join is a change of the game")
	assert.Equal(t, b.color, joined.You)
	assert.Empty(t, joined.Invited)
	assert.Empty(t, a.state().Invited, "the creator sees the other has joined")

	used := &seat{c: c, id: b.id, color: b.color, token: b.invite, invite: b.invite}
	used.refused(http.StatusUnauthorized, "invite_used", "POST", "join", `{}`)
	for _, r := range routes {
		used.refused(http.StatusUnauthorized, "invite_used", r[0], r[1], withVersion(joined.Version, ""))
	}
	b.refused(http.StatusConflict, "seated", "POST", "join", `{}`)
	st = b.act("roll", seedBoth(joined, a, b), "") // the new token acts for its seat
	assert.Equal(t, "roll", st.Phase)
}

// TestJoinStored: an invitation, used or not, is kept in the store: a
// server that reads the game from the store lets it join once and then
// refuses it.
func TestJoinStored(t *testing.T) {
	store := newMemStore()
	fresh := func() *client { return newClient(t, Config{Store: store}) }
	_, a, b := fresh().createInvite(`{"opponent":"human"}`)
	b.c = fresh()
	b.refused(http.StatusUnauthorized, "join_first", "GET", "", "")
	st := b.join()
	a.c, b.c = fresh(), fresh()
	assert.Empty(t, a.state().Invited)
	assert.Equal(t, st.Version, b.state().Version)
	used := &seat{c: fresh(), id: b.id, invite: b.invite, token: b.invite}
	used.refused(http.StatusUnauthorized, "invite_used", "POST", "join", `{}`)
	used.refused(http.StatusUnauthorized, "invite_used", "GET", "", "")
}

// TestJoinOldGame: a game stored before invitations had to be used (the
// invited seat's token hash in "tokens", no "invites") keeps working: its
// invitation is the seat's token.
func TestJoinOldGame(t *testing.T) {
	p, err := variants.Lookup("long-moscow")
	require.NoError(t, err)
	g, err := newGame(p, 0, nardy.MatchStart{}, nil, [2]string{"human", "human"}, "")
	require.NoError(t, err)
	g.id, g.client, g.created, g.version, g.seed = "0123456789abcdef0123456789abcdef", "192.0.2.1", time.Now(), 1, newSeed()
	g.tokens = [2]string{tokenHash("white-token"), tokenHash("black-invitation")}
	data, err := g.encode()
	require.NoError(t, err)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &m))
	require.NotContains(t, m, "invites", "the old form")
	store := newMemStore()
	require.NoError(t, store.Create(context.Background(), Row{ID: g.id, Version: 1, Client: g.client, Updated: time.Now(), Data: data}))
	c := newClient(t, Config{Store: store})
	b := &seat{c: c, id: g.id, color: "black", token: "black-invitation"}
	st := b.state()
	assert.Equal(t, "black", st.You)
	assert.Empty(t, st.Invited)
	b.refused(http.StatusConflict, "seated", "POST", "join", `{}`)
	// Its opening waits for both seeds, as a game joined now does (the
	// page sends its seed when it opens the game).
	b.refused(http.StatusConflict, "awaiting_seed", "POST", "roll", withVersion(st.Version, ""))
	a := &seat{c: c, id: g.id, color: "white", token: "white-token"}
	st = b.act("roll", seedBoth(st, a, b), "")
	assert.Equal(t, "roll", st.Phase)
}

// joinWith posts the seat's join with the client's token tok and returns
// the status and the answer.
func (s *seat) joinWith(tok string) (int, createdJSON, []byte) {
	status, b := s.c.request("POST", s.path("join"), s.invite, `{"token":"`+tok+`"}`)
	var out createdJSON
	if status == http.StatusOK {
		require.NoError(s.c.t, json.Unmarshal(b, &out), "%s", b)
	}
	return status, out, b
}

// TestJoinRetry: a join with a token the client chose is safe to retry:
// the same invitation with the same token is answered again as the first
// time (the seat, the token, the state as it is now) and changes nothing,
// also on a server that reads the game from the store; another token, or
// none, is refused (invite_used). A token that is not 43 characters of
// base64url, or is a token of the game already (the other seat's, the
// invitation), is refused (bad_seat_token) and spends nothing.
func TestJoinRetry(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store, DevSeeds: true})
	st, a, b := c.createInvite(`{"preset":"long-moscow","opponent":"human","seed":3}`)
	for name, tok := range map[string]string{"short": newSecret()[:42], "long": newSecret() + "A",
		"not base64url": newSecret()[:42] + "+", "the other seat's token": a.token, "the invitation": b.invite} {
		status, _, body := b.joinWith(tok)
		refusedWith(t, http.StatusBadRequest, "bad_seat_token", status, body, name)
	}
	assert.Equal(t, st.Version, a.state().Version, "the refused joins changed nothing")
	b.refused(http.StatusUnauthorized, "join_first", "GET", "", "")

	mine := newSecret()
	status, first, body := b.joinWith(mine)
	require.Equal(t, http.StatusOK, status, "%s", body)
	assert.Equal(t, mine, first.Token, "the seat's token is the client's")
	assert.Equal(t, b.color, first.Seat)
	assert.Equal(t, st.Version+1, first.Game.Version)

	status, again, body := b.joinWith(mine) // the first answer was lost
	require.Equal(t, http.StatusOK, status, "a retry: %s", body)
	assert.Equal(t, first, again, "a retry is answered as the first join")
	assert.Equal(t, first.Game.Version, a.state().Version, "a retry changes nothing")

	b.token = mine
	st = b.act("roll", seedBoth(first.Game, a, b), "") // the chosen token acts for its seat
	status, again, body = (&seat{c: newClient(t, Config{Store: store}), id: b.id, color: b.color, invite: b.invite}).joinWith(mine)
	require.Equal(t, http.StatusOK, status, "a retry on a server reading the store: %s", body)
	assert.Equal(t, st.Version, again.Game.Version, "a later retry answers the state as it is")
	assert.Equal(t, mine, again.Token)

	status, _, body = b.joinWith(newSecret())
	refusedWith(t, http.StatusUnauthorized, "invite_used", status, body, "another token after the join")
	used := &seat{c: c, id: b.id, token: b.invite, invite: b.invite}
	used.refused(http.StatusUnauthorized, "invite_used", "POST", "join", `{}`)
	assert.Equal(t, st.Version, a.state().Version)
}
