package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// sameGame checks that game b, read back from its stored form, is game a
// as the server had it: everything a later request reads or acts on.
func sameGame(t *testing.T, a, b *game, when string) {
	t.Helper()
	assert.Equal(t, [...]any{a.id, a.preset, a.kinds, a.botName, a.tokens, a.invites, a.client, a.seed, a.dev, a.noHints, a.clientSeeds, a.log, a.version},
		[...]any{b.id, b.preset, b.kinds, b.botName, b.tokens, b.invites, b.client, b.seed, b.dev, b.noHints, b.clientSeeds, b.log, b.version}, when)
	assert.True(t, a.created.Equal(b.created), when)
	assert.Equal(t, a.dicePos, b.dicePos, "%s: the dice thrown", when)
	assert.Equal(t, a.offered, b.offered, "%s: the resignations offered since the game moved", when)
	ra, err := json.Marshal(a.rec.Record())
	require.NoError(t, err)
	rb, err := json.Marshal(b.rec.Record())
	require.NoError(t, err)
	assert.JSONEq(t, string(ra), string(rb), "%s: the record", when)
	assert.Equal(t, pendingSteps(a), pendingSteps(b), "%s: the steps of the play under way", when)
	assert.True(t, reflect.DeepEqual(a.last, b.last), "%s: the last play %+v, read back %+v", when, a.last, b.last)
	for _, c := range []nardy.Color{nardy.White, nardy.Black} {
		assert.Equal(t, a.state(c), b.state(c), "%s: the state for %s", when, c)
	}
}

// pendingSteps returns the steps taken of the play under way (none: nil),
// also while a resignation offered during it waits for an answer.
func pendingSteps(g *game) []nardy.Step {
	if t, ok := g.pendingTurn(); ok && t.Len() > 0 {
		return slices.Collect(t.Steps())
	}
	return nil
}

// TestSnapshotRoundTrip: a game read back from its stored form is the game
// the server had, after every action of a match between two people played
// at random through the API (steps, undos, doubles, resignations offered
// and rejected during a play, games won and lost), and against the bot:
// a restart or another server resumes every game exactly (README, Storage
// and restarts). Stored again, it is the same bytes.
func TestSnapshotRoundTrip(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store, DevSeeds: true})
	check := func(id, when string) {
		c.srv.mu.Lock()
		e := c.srv.cache[id]
		c.srv.mu.Unlock()
		require.NotNil(t, e, when)
		require.NotNil(t, e.g, when)
		store.mu.Lock()
		data := store.rows[id].Data
		store.mu.Unlock()
		back, err := decodeGame(id, data)
		require.NoError(t, err, when)
		sameGame(t, e.g, back, when)
		again, err := back.encode()
		require.NoError(t, err)
		assert.Equal(t, string(data), string(again), "%s: stored again", when)
	}
	rng := rand.New(rand.NewPCG(5, 9))
	for _, body := range []string{
		`{"preset":"short-standard","opponent":"human","length":3,"seed":11}`,
		`{"preset":"long-classic","opponent":"human","seed":12}`,
		`{"preset":"short-standard","bot":"greedy","length":3,"seed":13}`,
	} {
		st, me, other := c.create(body)
		seats := []*seat{me}
		if other != nil {
			seats = append(seats, other)
		}
		me.state()
		check(me.id, body+": created")
		for i := 0; i < 300 && !st.MatchOver; i++ {
			// A seat that can move the game on (the other may only offer
			// to resign); now and then an offer, a drop, an acceptance.
			var s *seat
			var allowed []string
			for _, x := range seats {
				var on []string
				for _, a := range st.Allowed[x.color] {
					if a != "resign" && a != "drop" && a != "accept" && a != "seed" {
						on = append(on, a)
					}
				}
				if len(on) > 0 && (s == nil || len(allowed) == 0) {
					s, allowed = x, on
				}
				if s == nil && len(st.Allowed[x.color]) > 0 {
					s = x
				}
			}
			if s == nil {
				next, ok := me.awaitBot(st)
				require.True(t, ok, "nobody can act: %+v", st)
				st = next
				check(me.id, fmt.Sprintf("%s: after the bot, action %d", body, i))
				continue
			}
			if len(allowed) == 0 || rng.IntN(12) == 0 {
				allowed = st.Allowed[s.color]
			}
			what := allowed[rng.IntN(len(allowed))]
			if has(allowed, "step") && rng.IntN(4) > 0 {
				what = "step" // on with the play, mostly
			}
			fields := ""
			switch what {
			case "step":
				var sj stepsJSON
				s.ok("GET", "steps", "", &sj)
				require.NotEmpty(t, sj.Next)
				n := sj.Next[rng.IntN(len(sj.Next))]
				fields = fmt.Sprintf(`{"from":%d,"to":%d}`, n.From, n.To)
			case "resign":
				fields = `{"kind":"oin"}`
			case "seed":
				continue
			}
			status, b := s.do("POST", what, withVersion(st.Version, fields))
			if status != 200 {
				st = me.state()
				continue
			}
			require.NoError(t, json.Unmarshal(b, &st))
			check(me.id, fmt.Sprintf("%s: %s %s%s, action %d", body, s.color, what, fields, i))
		}
	}
}

// TestSnapshotRefusesForeignForms: a stored form of another format, or
// with a client seed longer than a seat may send (the salt must fit a
// fair-dice proof), is refused when read, not half read.
func TestSnapshotRefusesForeignForms(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store, DevSeeds: true})
	_, me, _ := c.create(`{}`)
	data := store.rows[me.id].Data
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		require.NoError(t, json.Unmarshal(data, &m))
		f(m)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		return b
	}
	_, err := decodeGame(me.id, edit(func(map[string]any) {}))
	require.NoError(t, err, "the form as stored")
	_, err = decodeGame(me.id, edit(func(m map[string]any) { m["format"] = 2 }))
	assert.ErrorContains(t, err, "format 2")
	_, err = decodeGame(me.id, edit(func(m map[string]any) {
		m["client_seeds"] = []string{strings.Repeat("a", maxClientSeed), ""}
	}))
	assert.NoError(t, err, "a client seed of the most bytes a seat may send")
	_, err = decodeGame(me.id, edit(func(m map[string]any) {
		m["client_seeds"] = []string{"", strings.Repeat("a", maxClientSeed+1)}
	}))
	assert.ErrorContains(t, err, "client seed")
	_, err = decodeGame(me.id, edit(func(m map[string]any) { m["seed"] = "abcd" }))
	assert.ErrorContains(t, err, "bad seed", "a seed of two bytes")
	_, err = decodeGame(me.id, edit(func(m map[string]any) { m["actions"] = "none" }))
	assert.ErrorContains(t, err, "actions")
	_, err = decodeGame(me.id, edit(func(m map[string]any) { m["pending"] = [][3]int{{24, 18, 6}} }))
	assert.ErrorContains(t, err, "steps without a roll being played", "steps before the opening throw")
	_, err = decodeGame(me.id, edit(func(m map[string]any) { m["actions"] = []map[string]any{{"kind": "take", "player": "white"}} }))
	assert.ErrorContains(t, err, "bad record", "a take before any double: the record does not replay")
	// Rules that are no preset now (a preset changed since the game was
	// stored): the game keeps the preset's name it was stored with.
	g, err := decodeGame(me.id, edit(func(m map[string]any) {
		m["record"].(map[string]any)["rules"].(map[string]any)["scoring"].(map[string]any)["mars"] = 3
	}))
	require.NoError(t, err, "rules of no preset")
	var stored struct{ Preset string }
	require.NoError(t, json.Unmarshal(data, &stored))
	require.NotEmpty(t, stored.Preset)
	assert.Equal(t, stored.Preset, g.preset, "the stored preset's name")

	// A step the roll being played does not allow.
	st, white, black := c.create(`{"preset":"short-standard","opponent":"human","seed":4}`)
	white.act("roll", st, "")
	data = store.rows[white.id].Data
	_, err = decodeGame(white.id, edit(func(map[string]any) {}))
	require.NoError(t, err)
	_, err = decodeGame(black.id, edit(func(m map[string]any) { m["pending"] = [][3]int{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}} }))
	assert.ErrorContains(t, err, "pending step")
}
