package main

import (
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConfigDefaults: the zero Config is the server the README's table of
// flags and the Config docs describe: 24 h TTL, 100,000 games, 20
// unfinished and ten times that stored per client, 30 creations a minute
// in bursts of 10, 600 requests a minute in bursts of 60, 2,048 games
// decoded, twice GOMAXPROCS bot slots, waits for a slot or a game and
// calls on the store of 10 s, 200,000 positions of bot work, 1,000
// streams, twice the unfinished games' limit per client, 30 minutes each,
// and a sweep every min(TTL/10, 1 minute).
func TestConfigDefaults(t *testing.T) {
	s := NewServer(Config{})
	defer s.Close()
	c := s.cfg
	assert.Equal(t, 24*time.Hour, c.TTL)
	assert.Equal(t, 100_000, c.MaxGames)
	assert.Equal(t, 20, c.MaxGamesPerClient)
	assert.Equal(t, 200, c.MaxStoredPerClient)
	assert.Equal(t, 30, c.CreatesPerMinute)
	assert.Equal(t, 10, c.CreateBurst)
	assert.Equal(t, 600, c.RequestsPerMinute)
	assert.Equal(t, 60, c.RequestBurst)
	assert.Equal(t, 2048, c.CacheSize)
	assert.Equal(t, 2*runtime.GOMAXPROCS(0), c.BotSlots)
	assert.Equal(t, 2*runtime.GOMAXPROCS(0), cap(s.bots.slots), "the pool has the slots")
	assert.Equal(t, 10*time.Second, c.BotWait)
	assert.Equal(t, 10*time.Second, c.StoreTimeout)
	assert.Equal(t, 200_000, c.BotWork)
	assert.Equal(t, 1000, c.MaxStreams)
	assert.Equal(t, 40, c.MaxStreamsPerClient)
	assert.Equal(t, 30*time.Minute, c.StreamLifetime)
	assert.Equal(t, time.Minute, c.SweepEvery, "a tenth of 24 h is past a minute")

	// The limits that follow others follow the ones set.
	s2 := NewServer(Config{TTL: 5 * time.Minute, MaxGamesPerClient: 3, BotWork: -1})
	defer s2.Close()
	assert.Equal(t, 30*time.Second, s2.cfg.SweepEvery, "a tenth of the TTL")
	assert.Equal(t, 30, s2.cfg.MaxStoredPerClient, "ten times MaxGamesPerClient")
	assert.Equal(t, 6, s2.cfg.MaxStreamsPerClient, "twice MaxGamesPerClient")
	assert.Equal(t, -1, s2.cfg.BotWork, "negative: no bound, kept as such")
}

// TestBodyBound: a body of 16 KB (the README's "Bodies at most 16 KB") is
// read, one byte more is 413 too_large.
func TestBodyBound(t *testing.T) {
	c := newClient(t, Config{})
	body := func(n int) string {
		obj := `{"preset":"short-standard","bot":"random"}`
		return strings.Repeat(" ", n-len(obj)) + obj
	}
	status, b := c.do("POST", "/api/games", body(16<<10))
	assert.Equal(t, http.StatusCreated, status, "a body of 16 KB: %s", b)
	c.refused(http.StatusRequestEntityTooLarge, "too_large", "POST", "/api/games", body(16<<10+1))
}

// TestSweepAtTheTTL: the sweep deletes a game not changed for the TTL
// (README: "a game not changed for this long is deleted") as soon as the
// TTL has passed, and not before.
func TestSweepAtTheTTL(t *testing.T) {
	st := newMemStore()
	c, clock := limitsClient(t, Config{Store: st, DevSeeds: true, TTL: time.Hour})
	_, me, _ := c.create(`{}`)
	stored := func() bool {
		_, err := st.Load(t.Context(), me.id, -1)
		return err == nil
	}
	clock.add(time.Hour - time.Millisecond)
	c.srv.Sweep(t.Context())
	assert.True(t, stored(), "changed a millisecond less than the TTL ago: kept")
	clock.add(2 * time.Millisecond)
	c.srv.Sweep(t.Context())
	assert.False(t, stored(), "changed a millisecond more than the TTL ago: deleted")
}

// TestHeadOfReads: a HEAD of a GET resource is answered as its GET is,
// without the body (only a stream's and a hint's are refused, README).
func TestHeadOfReads(t *testing.T) {
	c := newClient(t, Config{})
	_, me, _ := c.create(`{}`)
	for _, p := range []string{"/", "/static/app.js", "/api/presets", me.path(""), me.path("board.svg"), me.path("record")} {
		got, b := c.request("HEAD", p, me.token, "")
		assert.Equal(t, http.StatusOK, got, "HEAD %s", p)
		assert.Empty(t, b, "HEAD %s", p)
	}
	got, _ := c.request("HEAD", "/api/games", "", "")
	assert.Equal(t, http.StatusMethodNotAllowed, got, "HEAD of a POST route")
}

// TestSweepNeverWhenNegative: a negative Config.SweepEvery starts no
// sweeper (its doc: "negative: never, for tests that sweep by hand"), where
// 0 would sweep every tenth of the TTL: a game idle past a TTL of 20 ms
// stays stored for 200 ms, until Sweep is called.
func TestSweepNeverWhenNegative(t *testing.T) {
	st := newMemStore()
	s := NewServer(Config{Store: st, TTL: 20 * time.Millisecond, SweepEvery: -1})
	defer s.Close()
	row := Row{ID: newID(), Version: 1, Client: "c", Updated: time.Now().Add(-time.Hour), Data: []byte(`{}`)}
	require.NoError(t, st.Create(t.Context(), row))
	time.Sleep(200 * time.Millisecond) // a hundred tenths of the TTL
	_, err := st.Load(t.Context(), row.ID, -1)
	require.NoError(t, err, "swept, SweepEvery negative")
	s.Sweep(t.Context())
	_, err = st.Load(t.Context(), row.ID, -1)
	assert.ErrorIs(t, err, ErrNotFound, "a Sweep by hand deletes it")
}

// TestSweepForgetsNetworkBuckets: Sweep forgets the full creation buckets
// of IPv6 networks (counted beside each client's, networkOf), as it does
// the clients' (Sweep's doc: it "forgets full rate buckets"), so that
// their table does not keep every network ever seen; a bucket still
// filling is kept.
func TestSweepForgetsNetworkBuckets(t *testing.T) {
	c, clock := limitsClient(t, Config{TrustProxy: true, CreatesPerMinute: 60, CreateBurst: 10})
	status, b := c.request("POST", "/api/games", "", `{}`, "X-Forwarded-For", "2001:db8:1:2::1")
	require.Equal(t, http.StatusCreated, status, "%s", b)
	c.srv.Sweep(t.Context())
	assert.Equal(t, 1, buckets(c.srv.rateNet), "the network's bucket, still filling, is kept")
	clock.add(time.Minute)
	c.srv.Sweep(t.Context())
	assert.Zero(t, buckets(c.srv.rateNet), "the network's bucket, full again, is forgotten")
}
