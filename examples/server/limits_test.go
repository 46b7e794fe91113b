package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// limitsClient starts a server of cfg on a clock the test moves.
func limitsClient(t *testing.T, cfg Config) (*client, *fakeClock) {
	clock := &fakeClock{t: time.Now()}
	cfg.Now, cfg.SweepEvery = clock.now, -1
	return newClient(t, cfg), clock
}

// TestLimitMaxGames: past MaxGames games (finished ones included, until
// they expire) creating one is refused with 503 and Retry-After.
func TestLimitMaxGames(t *testing.T) {
	c, clock := limitsClient(t, Config{MaxGames: 2})
	c.create(`{}`)
	c.create(`{}`)
	got, b := c.do("POST", "/api/games", `{}`)
	refusedWith(t, http.StatusServiceUnavailable, "server_full", got, b, "a third game")
	clock.add(25 * time.Hour)
	c.create(`{}`) // the two idled past the TTL
}

// TestLimitRate: a client creates at most CreateBurst games at once, then
// CreatesPerMinute a minute; the refusal says when to come back.
func TestLimitRate(t *testing.T) {
	c, clock := limitsClient(t, Config{CreatesPerMinute: 2, CreateBurst: 2})
	c.create(`{}`)
	c.create(`{}`)
	req, err := http.NewRequest("POST", c.url+"/api/games", nil)
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	wait, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	require.NoError(t, err)
	assert.InDelta(t, 31, wait, 1, "one game every 30 s")
	clock.add(30 * time.Second)
	c.create(`{}`)
}

// TestLimitQuotaNotSpoofed: without TrustProxy a client cannot escape its
// quota by sending X-Forwarded-For; with it, the proxy's last entry counts.
func TestLimitQuotaNotSpoofed(t *testing.T) {
	c, _ := limitsClient(t, Config{MaxGamesPerClient: 2})
	for i := range 3 {
		got, b := c.request("POST", "/api/games", "", `{}`, "X-Forwarded-For", "192.0.2."+strconv.Itoa(i))
		if i < 2 {
			assert.Equal(t, http.StatusCreated, got, "%s", b)
		} else {
			refusedWith(t, http.StatusTooManyRequests, "quota", got, b, "a third game from a spoofed address")
		}
	}
	p, _ := limitsClient(t, Config{MaxGamesPerClient: 1, TrustProxy: true})
	got, _ := p.request("POST", "/api/games", "", `{}`, "X-Forwarded-For", "192.0.2.1, 198.51.100.1")
	assert.Equal(t, http.StatusCreated, got)
	got, _ = p.request("POST", "/api/games", "", `{}`, "X-Forwarded-For", "192.0.2.2, 198.51.100.1")
	assert.Equal(t, http.StatusTooManyRequests, got, "the proxy saw the same client")
	got, _ = p.request("POST", "/api/games", "", `{}`, "X-Forwarded-For", "198.51.100.2")
	assert.Equal(t, http.StatusCreated, got)
}

// TestLimitTTL: a game not changed for the TTL is gone (404) at once, even
// before the sweeper deletes it; one in play stays.
func TestLimitTTL(t *testing.T) {
	c, clock := limitsClient(t, Config{TTL: time.Hour})
	_, idle, _ := c.create(`{}`)
	st, busy, _ := c.create(`{}`)
	clock.add(50 * time.Minute)
	busy.act("roll", st, "")
	clock.add(20 * time.Minute)
	idle.refused(http.StatusNotFound, "no_game", "GET", "", "")
	busy.state()
	c.srv.Sweep(t.Context())
	busy.state()
}

// TestSweep: Sweep deletes from the store itself the games not changed for
// the TTL and keeps the others, and forgets the rate buckets that are full
// again (creations and requests on games) while keeping those still
// draining; over each store the tests set up (memory, SQLite). A game
// idle past the TTL already answers 404 without a sweep (the TTL is
// checked on load), so only the store shows whether Sweep deletes: it
// would catch a Sweep that expires nothing (a wrong cut-off) or games
// still in play (no request touches the idle game before the sweep:
// loading it past the TTL deletes it as well), and one that no longer prunes the buckets (the tables
// would then grow with every client ever seen).
func TestSweep(t *testing.T) {
	for name, open := range map[string]func(t *testing.T) Store{
		"memory": func(*testing.T) Store { return newMemStore() },
		"sqlite": func(t *testing.T) Store {
			st, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
			require.NoError(t, err)
			t.Cleanup(func() { st.Close() })
			return st
		},
	} {
		t.Run(name, func(t *testing.T) {
			ctx := t.Context()
			st := open(t)
			// 60 a minute in bursts of 10: a bucket a request drew from is
			// full again at most 10 s later.
			c, clock := limitsClient(t, Config{Store: st, DevSeeds: true, TTL: time.Hour,
				CreatesPerMinute: 60, CreateBurst: 10, RequestsPerMinute: 60, RequestBurst: 10})
			stored := func() int {
				all, _, _, err := st.Count(ctx, "", time.Time{})
				require.NoError(t, err)
				return all
			}
			inStore := func(id string) bool {
				_, err := st.Load(ctx, id, -1)
				if errors.Is(err, ErrNotFound) {
					return false
				}
				require.NoError(t, err)
				return true
			}
			_, idle, _ := c.create(`{}`)
			st0, busy, _ := c.create(`{}`)
			clock.add(50 * time.Minute)
			busy.act("roll", st0, "")
			clock.add(20 * time.Minute)
			// No request on the idle game here: loading it past the TTL
			// deletes it too, and the sweep is what is checked.
			require.True(t, inStore(idle.id), "before the sweep the idle game's row is still stored")
			require.Equal(t, 2, stored())

			c.srv.Sweep(ctx)
			assert.False(t, inStore(idle.id), "Sweep deletes the game idle past the TTL")
			assert.True(t, inStore(busy.id), "Sweep keeps the game changed within the TTL")
			assert.Equal(t, 1, stored())
			idle.refused(http.StatusNotFound, "no_game", "GET", "", "")
			busy.state()

			// Buckets drawn from just now are not full: a sweep keeps them.
			c.create(`{}`)
			busy.state()
			c.srv.Sweep(ctx)
			assert.Equal(t, 1, buckets(c.srv.rate), "a creation bucket still filling is kept")
			assert.Equal(t, 1, buckets(c.srv.reqs), "a request bucket still filling is kept")
			assert.Equal(t, 2, stored(), "a fresh game is kept")
			// Past the refill they are full again: a sweep forgets them.
			clock.add(time.Minute)
			c.srv.Sweep(ctx)
			assert.Zero(t, buckets(c.srv.rate), "a full creation bucket is forgotten")
			assert.Zero(t, buckets(c.srv.reqs), "a full request bucket is forgotten")
			assert.Equal(t, 2, stored(), "games within the TTL are kept")
		})
	}
}

// buckets returns how many clients l counts.
func buckets(l *rateLimiter) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// TestClientOf: the client of a request is its IP address, an IPv6 one by
// its /64.
func TestClientOf(t *testing.T) {
	for _, c := range []struct{ remote, want string }{
		{"192.0.2.7:5555", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff::1]:443", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.7]:1", "192.0.2.7"},
	} {
		r, err := http.NewRequest("GET", "/", nil)
		require.NoError(t, err)
		r.RemoteAddr = c.remote
		assert.Equal(t, c.want, clientOf(r, false), c.remote)
	}
	// Behind a proxy, the last X-Forwarded-For address; text that is no
	// address names the proxy, not a client of the sender's choosing.
	for _, c := range []struct{ xff, want string }{
		{"198.51.100.1, 203.0.113.9", "203.0.113.9"},
		{"2001:db8:5::1", "2001:db8:5::/64"},
		{"203.0.113.9:1234", "203.0.113.9"}, // with the port some proxies add
		{"[2001:db8:5::1]:443", "2001:db8:5::/64"},
		{"[2001:db8:6::1]", "2001:db8:6::/64"},
		{"203.0.113.9, anything-at-all", "192.0.2.7"},
		{"", "192.0.2.7"},
	} {
		r, err := http.NewRequest("GET", "/", nil)
		require.NoError(t, err)
		r.RemoteAddr = "192.0.2.7:5555"
		r.Header.Set("X-Forwarded-For", c.xff)
		assert.Equal(t, c.want, clientOf(r, true), c.xff)
	}
}

// slowCountStore is a store whose Count takes a while, as a busy database's
// would: the window in which concurrent creations all see room left.
type slowCountStore struct{ *memStore }

func (s slowCountStore) Count(ctx context.Context, client string, since time.Time) (int, int, int, error) {
	all, mine, unfinished, err := s.memStore.Count(ctx, client, since)
	time.Sleep(20 * time.Millisecond)
	return all, mine, unfinished, err
}

// TestLimitConcurrentCreates: games created at once by one client, or by
// many, never take more than the per-client and the global limits.
func TestLimitConcurrentCreates(t *testing.T) {
	for _, tc := range []struct {
		name       string
		cfg        Config
		perRequest bool // each request from a client of its own
		want       int
	}{
		{"per client", Config{MaxGamesPerClient: 3}, false, 3},
		{"over all", Config{MaxGames: 4}, true, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Store, tc.cfg.DevSeeds, tc.cfg.TrustProxy = slowCountStore{newMemStore()}, true, true
			c, _ := limitsClient(t, tc.cfg)
			const n = 12
			codes := make(chan int, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					addr := "192.0.2.1"
					if tc.perRequest {
						addr = "192.0.2." + strconv.Itoa(i+1)
					}
					got, _ := c.request("POST", "/api/games", "", `{}`, "X-Forwarded-For", addr)
					codes <- got
				}()
			}
			wg.Wait()
			close(codes)
			created := 0
			for code := range codes {
				if code == http.StatusCreated {
					created++
				} else {
					assert.Contains(t, []int{http.StatusTooManyRequests, http.StatusServiceUnavailable}, code)
				}
			}
			assert.Equal(t, tc.want, created, "games created at once past the limit")
		})
	}
}

// TestLimitRequests: a client sends at most RequestBurst requests on games
// at once, then RequestsPerMinute a minute, reads, actions, joins, unknown
// games and wrong tokens alike; past it 429 request_rate with Retry-After,
// before the store is asked. Other clients, the presets and creating
// games are not held back.
func TestLimitRequests(t *testing.T) {
	store := &countingStore{memStore: newMemStore()}
	c, clock := limitsClient(t, Config{Store: store, DevSeeds: true, TrustProxy: true, RequestsPerMinute: 60, RequestBurst: 4})
	_, me, _ := c.create(`{"seed":1}`)
	from := func(s *seat, client, method, what, body string) (int, []byte) {
		return c.request(method, s.path(what), s.token, body, "X-Forwarded-For", client)
	}
	st := me.state()
	for i, what := range []string{"", "record", "board.svg", ""} {
		got, b := from(me, "192.0.2.1", "GET", what, "")
		require.Equal(t, http.StatusOK, got, "request %d: %s", i+1, b)
	}
	loads := store.loads.Load()
	unknown := &seat{c: c, id: newID(), token: newSecret()}
	wrong := &seat{c: c, id: me.id, token: newSecret()}
	for _, r := range []struct {
		s                  *seat
		method, what, body string
	}{{me, "GET", "", ""}, {me, "POST", "roll", withVersion(st.Version, "")}, {me, "GET", "hint", ""},
		{unknown, "GET", "", ""}, {unknown, "POST", "join", `{}`}, {wrong, "DELETE", "", ""}} {
		got, b := from(r.s, "192.0.2.1", r.method, r.what, r.body)
		refusedWith(t, http.StatusTooManyRequests, "request_rate", got, b, r.method+" "+r.what)
	}
	assert.Equal(t, loads, store.loads.Load(), "refused requests ask the store nothing")
	req, err := http.NewRequest("GET", c.url+me.path(""), nil)
	require.NoError(t, err)
	req.Header.Set("X-Forwarded-For", "192.0.2.1")
	resp, err := c.hc.Do(req)
	require.NoError(t, err)
	assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	resp.Body.Close()
	wait, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	require.NoError(t, err)
	assert.InDelta(t, 2, wait, 1, "a request a second")

	got, b := from(me, "198.51.100.7", "GET", "", "")
	assert.Equal(t, http.StatusOK, got, "another client: %s", b)
	got, _ = c.do("GET", "/api/presets", "")
	assert.Equal(t, http.StatusOK, got)
	c.create(`{}`)

	clock.add(time.Second)
	got, b = from(me, "192.0.2.1", "POST", "roll", withVersion(st.Version, ""))
	assert.Equal(t, http.StatusOK, got, "a second later: %s", b)
	got, b = from(me, "192.0.2.1", "GET", "", "")
	refusedWith(t, http.StatusTooManyRequests, "request_rate", got, b, "and then no more")
}

// TestLimitRequestsBounded: the request rate counts at most 100,000
// clients at once. A flood from distinct addresses (one host holds 2^16
// IPv6 /64s in a /48) grew the table without bound until the minute's
// sweep; past the cap a client not counted yet is refused with 429
// request_rate and Retry-After, while the clients counted keep their
// buckets, and once buckets are full again (forgotten) new clients come in
// without waiting for the sweep.
func TestLimitRequestsBounded(t *testing.T) {
	const most = 100_000 // the README's figure
	c, clock := limitsClient(t, Config{TrustProxy: true, RequestsPerMinute: 600, RequestBurst: 60})
	l := c.srv.reqs
	addr := func(i int) string { return fmt.Sprintf("2001:db8:%x:%x::/64", i>>16, i&0xffff) }
	refused, crowded := 0, 0
	for i := range most + most/2 {
		ok, _, full := l.allow(addr(i), clock.now())
		if !ok {
			refused++
		}
		if full {
			crowded++
		}
	}
	l.mu.Lock()
	n := len(l.buckets)
	l.mu.Unlock()
	assert.LessOrEqual(t, n, most, "clients counted at once")
	assert.Equal(t, most/2, refused, "the clients past the cap")
	assert.Equal(t, refused, crowded, "refused for the full table, not for their own rate")

	game := "/api/games/" + newID()
	got, b := c.request("GET", game, newSecret(), "", "X-Forwarded-For", "2001:db8:ffff::1")
	e := refusedWith(t, http.StatusTooManyRequests, "request_rate", got, b, "a new client past the cap")
	assert.Contains(t, e.Error, "no room")
	got, b = c.request("GET", game, newSecret(), "", "X-Forwarded-For", "2001:db8:0:7::1") // addr(7)
	refusedWith(t, http.StatusNotFound, "no_game", got, b, "a client counted already")

	clock.add(time.Second) // every bucket is full again
	got, b = c.request("GET", game, newSecret(), "", "X-Forwarded-For", "2001:db8:ffff::1")
	refusedWith(t, http.StatusNotFound, "no_game", got, b, "a new client once buckets are full again")
	l.mu.Lock()
	n = len(l.buckets)
	l.mu.Unlock()
	assert.Less(t, n, 10, "the full buckets were forgotten")
}

// TestLimitStoredPerClient: a client's finished games count against
// MaxStoredPerClient until they expire: a client that resigned each game
// at once filled the whole store from three addresses.
func TestLimitStoredPerClient(t *testing.T) {
	c, clock := limitsClient(t, Config{MaxStoredPerClient: 2})
	for range 2 {
		st, me, _ := c.create(`{}`)
		st = me.act("roll", st, "")
		st = me.act("resign", st, "")
		require.True(t, st.MatchOver)
	}
	got, b := c.do("POST", "/api/games", `{}`)
	refusedWith(t, http.StatusTooManyRequests, "quota", got, b, "a third game after two finished ones")
	clock.add(25 * time.Hour)
	c.create(`{}`) // the two finished games expired
}

// countCallsStore counts the calls of Count.
type countCallsStore struct {
	*memStore
	counts *atomic.Int64
}

func (s countCallsStore) Count(ctx context.Context, client string, since time.Time) (int, int, int, error) {
	s.counts.Add(1)
	return s.memStore.Count(ctx, client, since)
}

// TestLimitRateBeforeCount: a creation refused by the rate costs no store
// query (and waits for no lock): a flood of refused creations held the
// lock and the count, and others' creations took a second.
func TestLimitRateBeforeCount(t *testing.T) {
	var counts atomic.Int64
	c, _ := limitsClient(t, Config{Store: countCallsStore{newMemStore(), &counts}, CreatesPerMinute: 1, CreateBurst: 1})
	c.create(`{}`)
	for range 5 {
		got, b := c.do("POST", "/api/games", `{}`)
		refusedWith(t, http.StatusTooManyRequests, "rate", got, b, "past the rate")
	}
	assert.Equal(t, int64(1), counts.Load(), "only the creation let through counted the games")
}

// TestHeaderBound: the server's HTTP server answers a header of up to
// about maxHeader bytes and refuses a longer one with 431 (Go's server
// reads 4 KiB beyond MaxHeaderBytes, so a bound of 16 KiB there let 20 KiB
// through: helper-74).
func TestHeaderBound(t *testing.T) {
	srv := httpServer(NewServer(Config{Store: newMemStore(), Logf: t.Logf}))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go srv.Serve(ln)
	defer srv.Close()
	get := func(pad int) int {
		req, err := http.NewRequest("GET", "http://"+ln.Addr().String()+"/api/presets", nil)
		require.NoError(t, err)
		req.Header.Set("X-Pad", strings.Repeat("x", pad))
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	assert.Equal(t, http.StatusOK, get(maxHeader-1<<10))
	assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, get(maxHeader+1<<10))
	// The README's figure, not the constant: headers of at most 16 KB.
	assert.Equal(t, http.StatusOK, get(16<<10-512), "a header under 16 KB")
	assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, get(16<<10+512), "a header past 16 KB")
}

// TestQuotaSaysOneGame: the quota refusal counts in English, "1 unfinished
// game", where it wrote "1 unfinished games" (helper-191, a club server
// started with -max-per-client 1); "2 unfinished games" stays plural.
func TestQuotaSaysOneGame(t *testing.T) {
	for _, n := range []int{1, 2} {
		c := newClient(t, Config{MaxGamesPerClient: n})
		for range n {
			c.create(`{}`)
		}
		e := c.refused(http.StatusTooManyRequests, "quota", "POST", "/api/games", `{}`)
		want := map[int]string{1: "you have 1 unfinished game,", 2: "you have 2 unfinished games,"}[n]
		assert.Contains(t, e.Error, want)
	}
}
