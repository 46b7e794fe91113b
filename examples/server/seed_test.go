package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// seedBoth sends a seed for each seat of a game between two people, a
// first and b second, and returns the state after them.
func seedBoth(st stateJSON, a, b *seat) stateJSON {
	st = a.act("seed", st, `{"client_seed":"seed-of-`+a.color+`"}`)
	return b.act("seed", st, `{"client_seed":"seed-of-`+b.color+`"}`)
}

// TestOpeningWaitsForSeeds: in a game between two people the first die
// waits until both seats' seeds are in, so neither player's part of the
// salt can be left out by the other throwing the opening first. The
// creator, seed sent, cannot roll while the player who joined has not sent
// its own (the page sends it at once after the join, and a hostile creator
// raced it); nor can the player who joined roll while the creator's is
// missing. Nothing but the seed is allowed meanwhile, and the rule holds
// for a game read back from the store. A game against the bot does not
// wait: the person throws the opening, with or without a seed.
func TestOpeningWaitsForSeeds(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store}) // real dice: no "seed" in the request
	_, a, b := c.createInvite(`{"preset":"long-moscow","opponent":"human"}`)
	st := b.join()

	st = a.act("seed", st, `{"client_seed":"creator-seed"}`)
	e := a.refused(http.StatusConflict, "awaiting_seed", "POST", "roll", withVersion(st.Version, ""))
	assert.Contains(t, e.Error, b.color, "the message names the seat whose seed is missing")
	assert.Empty(t, a.state().Allowed[a.color], "the creator has nothing to do but wait")
	assert.Equal(t, []string{b.color}, a.state().AwaitingSeeds, "the state says whose seed is awaited")
	assert.Equal(t, []string{"seed"}, b.state().Allowed[b.color], "the player who joined has its seed to send")
	b.refused(http.StatusConflict, "awaiting_seed", "POST", "roll", withVersion(st.Version, ""))
	b.refused(http.StatusConflict, "awaiting_seed", "POST", "resign", withVersion(st.Version, ""))
	assert.Equal(t, st.Version, a.state().Version, "the refused requests changed nothing")
	assert.Equal(t, "opening", a.state().Phase)

	// A server reading the game from the store keeps it waiting.
	fresh := newClient(t, Config{Store: store}) // the first server is not used again
	a.c, b.c = fresh, fresh
	a.refused(http.StatusConflict, "awaiting_seed", "POST", "roll", withVersion(st.Version, ""))

	st = b.act("seed", st, `{"client_seed":"invitee-seed"}`)
	assert.Contains(t, st.Allowed[a.color], "roll")
	assert.Contains(t, st.Allowed[b.color], "roll")
	assert.Empty(t, st.AwaitingSeeds)
	st = a.act("roll", st, "")
	assert.NotEqual(t, "opening", st.Phase)
	assert.Equal(t, "white:creator-seed|black:invitee-seed", st.Fair.Salt)

	// The other way round: the creator's seed is missing, the invitee's in.
	_, a, b = fresh.createInvite(`{"preset":"short-tavla","opponent":"human","color":"black"}`)
	st = b.join()
	st = b.act("seed", st, `{"client_seed":"invitee-seed"}`)
	e = b.refused(http.StatusConflict, "awaiting_seed", "POST", "roll", withVersion(st.Version, ""))
	assert.Contains(t, e.Error, a.color)
	st = a.act("seed", st, `{"client_seed":"creator-seed"}`)
	st = b.act("roll", st, "")
	assert.Equal(t, "white:invitee-seed|black:creator-seed", st.Fair.Salt)

	// Against the bot the person throws the opening without a seed.
	st, a, _ = fresh.create(`{"preset":"long-moscow","opponent":"bot"}`)
	st = a.act("roll", st, "")
	assert.NotEqual(t, "opening", st.Phase)
}

// TestSetupBotFirstWaitsForSeed: a game set up at a position with the bot
// on roll waits for the person's seed before the bot throws the first
// die (else the bot's throw would come before the seed could be in, and
// the server alone would fix every die); once the seed is in, the bot
// acts and the salt holds the seed.
func TestSetupBotFirstWaitsForSeed(t *testing.T) {
	c := newClient(t, Config{}) // real dice
	const pos = "short b 00000503000050000000000200/00000503000050000000000200"
	st, me, _ := c.create(`{"preset":"short-standard","setup":{"position":"` + pos + `","starter":"black"}}`)
	assert.Equal(t, []string{"white"}, st.AwaitingSeeds)
	assert.Equal(t, "black", st.ToAct)
	assert.Equal(t, "roll", st.Phase, "the bot has not rolled")
	assert.Equal(t, []string{"seed"}, me.state().Allowed["white"])
	st = me.act("seed", st, `{"client_seed":"person-seed"}`)
	assert.Empty(t, st.AwaitingSeeds)
	assert.Equal(t, "white:person-seed|black:", st.Fair.Salt)
	assert.NotEqual(t, "black", me.state().ToAct, "the bot has acted")
}

// TestStoredGameThrownWithoutSeeds: a game between two people stored
// before the first die waited for both seeds, its opening thrown without
// them, does not wait for them now (README: such a game waits "if its
// first die is not thrown yet"; the seeds cannot come any more, the salt
// being fixed once a die is thrown, so waiting would hold it for good):
// the state awaits no seed, the player on roll rolls, and a seed is 409
// seed_set (kills the wait not ended by the first die).
func TestStoredGameThrownWithoutSeeds(t *testing.T) {
	c, id := storedThrownGame(t, func(g *game) { g.tokens[nardy.Black] = tokenHash("black-token") })
	a := &seat{c: c, id: id, color: "white", token: "white-token"}
	b := &seat{c: c, id: id, color: "black", token: "black-token"}
	st := a.state()
	require.Equal(t, "roll", st.Phase)
	assert.Empty(t, st.AwaitingSeeds)
	mover := byColor(st.ToAct, a, b)
	assert.Contains(t, st.Allowed[mover.color], "roll")
	mover.refused(http.StatusConflict, "seed_set", "POST", "seed", withVersion(st.Version, `{"client_seed":"late"}`))
	st = mover.act("roll", st, "")
	assert.Equal(t, "play", st.Phase)
}

// storedThrownGame stores a long-nardy game between people as the server
// stored one before the first die waited for both seeds, its opening
// thrown without them (White's token "white-token"; seat sets Black's
// token or invitation), and returns a client of a server on that store
// and the game's id.
func storedThrownGame(t *testing.T, seat func(g *game)) (*client, string) {
	t.Helper()
	p, err := variants.Lookup("long-moscow")
	require.NoError(t, err)
	g, err := newGame(p, 0, nardy.MatchStart{}, nil, [2]string{"human", "human"}, "")
	require.NoError(t, err)
	g.id, g.client, g.created, g.version, g.seed = "00112233445566778899aabbccddeeff", "192.0.2.1", time.Now(), 1, newSeed()
	g.tokens[nardy.White] = tokenHash("white-token")
	seat(g)
	require.NoError(t, g.roll(nardy.White)) // the opening, thrown before the wait, without seeds
	data, err := g.encode()
	require.NoError(t, err)
	store := newMemStore()
	require.NoError(t, store.Create(context.Background(), Row{ID: g.id, Version: g.version, Client: g.client, Updated: time.Now(), Data: data}))
	return newClient(t, Config{Store: store}), g.id
}
