package main

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingStore is a memory store that counts the games it loads.
type countingStore struct {
	*memStore
	loads atomic.Int64
}

func (c *countingStore) Load(ctx context.Context, id string, have int) (Row, error) {
	c.loads.Add(1)
	return c.memStore.Load(ctx, id, have)
}

// threeGamesCacheOfTwo returns a client whose server caches two games,
// over a store that counts its loads, and the seats of three games
// created on it.
func threeGamesCacheOfTwo(t *testing.T) (c *client, store *countingStore, a, b, other *seat) {
	store = &countingStore{memStore: newMemStore()}
	c = newClient(t, Config{Store: store, CacheSize: 2})
	_, a, _ = c.create(`{}`)
	_, b, _ = c.create(`{}`)
	_, other, _ = c.create(`{}`)
	return c, store, a, b, other
}

// TestCacheFlood: requests on unknown game ids and with wrong tokens, of
// a real game in the cache or not, leave no entry in the cache and push
// no game out of it: the games in use are still served without reading
// the store.
func TestCacheFlood(t *testing.T) {
	c, store, a, b, other := threeGamesCacheOfTwo(t)
	a.state()
	b.state() // a and b are the games in the cache
	for i := range 50 {
		id := newID()
		c.request("GET", "/api/games/"+id, newSecret(), "")
		c.request("POST", "/api/games/"+id+"/join", newSecret(), `{}`)
		wrong := &seat{c: c, id: []string{a.id, b.id, other.id}[i%3], token: newSecret()}
		wrong.refused(http.StatusUnauthorized, "bad_token", "GET", "", "")
		wrong.refused(http.StatusUnauthorized, "bad_token", "POST", "join", `{}`)
	}
	c.srv.mu.Lock()
	n, lru := len(c.srv.cache), c.srv.lru.Len()
	c.srv.mu.Unlock()
	assert.Equal(t, 2, n, "entries in the cache")
	assert.Equal(t, 2, lru, "games in the cache")
	loads := store.loads.Load()
	a.state()
	b.state()
	require.Equal(t, loads, store.loads.Load(), "the games in use were pushed out of the cache")
	other.state()
	assert.Equal(t, loads+1, store.loads.Load(), "a game out of the cache is read from the store")
}

// TestMalformedIDs: an id that newID cannot have given is 404 no_game
// before the store is asked (PostgreSQL refused a zero byte in the query,
// and the server answered 503 store and logged it), on every path.
func TestMalformedIDs(t *testing.T) {
	store := &countingStore{memStore: newMemStore()}
	c := newClient(t, Config{Store: store})
	for _, id := range []string{"%00", "%ff", "0123456789ABCDEF0123456789ABCDEF", "0123456789abcdef", "0123456789abcdef0123456789abcdeg", strings.Repeat("a", 200)} {
		for _, p := range []string{"GET /api/games/" + id, "DELETE /api/games/" + id, "GET /api/games/" + id + "/events",
			"GET /api/games/" + id + "/hint", "POST /api/games/" + id + "/join", "POST /api/games/" + id + "/roll"} {
			method, path, _ := strings.Cut(p, " ")
			got, b := c.request(method, path, "some-token", `{"version":1}`)
			refusedWith(t, http.StatusNotFound, "no_game", got, b, p)
			assert.Less(t, len(b), 200, "%s: the answer keeps a short id", p)
		}
	}
	assert.Zero(t, store.loads.Load(), "no malformed id reached the store")
}

// TestWrongTokenReplaysNothing: a request with a wrong token on a game out
// of the cache is refused from the stored game's tokens alone, before its
// record is replayed (each such request replayed the whole game, 232 ms
// of CPU for a game at the record's bound: a refused request caches
// nothing). A game whose stored record cannot be replayed shows it: the
// wrong token is 401 bad_token, where it was 503 store; the seat's own
// token still meets the broken record; a join with a wrong invitation too.
func TestWrongTokenReplaysNothing(t *testing.T) {
	store := &countingStore{memStore: newMemStore()}
	c := newClient(t, Config{Store: store, CacheSize: 1, Logf: func(string, ...any) {}})
	_, a, _ := c.create(`{}`)
	_, b, _ := c.create(`{}`)
	b.state() // a is out of the cache
	store.mu.Lock()
	row := store.rows[a.id]
	data := strings.Replace(string(row.Data), `"actions":[`, `"actions":[{"kind":"no such action"},`, 1)
	require.NotEqual(t, string(row.Data), data, "the stored form has its actions")
	row.Data = []byte(data)
	store.rows[a.id] = row
	store.mu.Unlock()
	wrong := &seat{c: c, id: a.id, token: newSecret()}
	for range 3 {
		wrong.refused(http.StatusUnauthorized, "bad_token", "GET", "", "")
		wrong.refused(http.StatusUnauthorized, "bad_token", "POST", "join", `{}`)
	}
	a.refused(http.StatusServiceUnavailable, "store", "GET", "", "")
}

// sweepingStore expires every game just before the next Save it is armed
// for: a sweep that lands while an action is under way.
type sweepingStore struct {
	*memStore
	armed atomic.Bool
}

func (s *sweepingStore) Save(ctx context.Context, r Row, prev int) error {
	if s.armed.Swap(false) {
		if _, err := s.memStore.Expire(ctx, time.Now().Add(48*time.Hour)); err != nil {
			return err
		}
	}
	return s.memStore.Save(ctx, r, prev)
}

// TestSweptDuringAction: an action on a game the sweeper deletes while it
// is under way is answered 404 no_game, as the next request is (it was
// 409 stale, "the game changed meanwhile", with no state to go on from).
func TestSweptDuringAction(t *testing.T) {
	store := &sweepingStore{memStore: newMemStore()}
	c := newClient(t, Config{Store: store, Logf: func(string, ...any) {}})
	st, me, _ := c.create(`{}`)
	store.armed.Store(true)
	me.refused(http.StatusNotFound, "no_game", "POST", "roll", withVersion(st.Version, ""))
	me.refused(http.StatusNotFound, "no_game", "GET", "", "")
}

// TestCacheTrimmedWhenWaiterGivesUp: a request that stops waiting for its
// game trims the cache as a release does, so that no request left under
// way, the cache holds at most CacheSize games. Two games are each held
// by a request with another waiting for it; the waiters give up (their
// wait ran out) and the holders release, the release trimming while the
// waiter still counts: the waiter's giving up left the cache at two games
// of one until the next release trimmed it.
func TestCacheTrimmedWhenWaiterGivesUp(t *testing.T) {
	c := newClient(t, Config{CacheSize: 1})
	_, a, _ := c.create(`{}`)
	_, b, _ := c.create(`{}`)
	s := c.srv
	refs := func(e *entry) int {
		s.mu.Lock()
		defer s.mu.Unlock()
		return e.refs
	}
	var held []*entry
	var cancels []context.CancelFunc
	gaveUp := make(chan error, 2)
	for _, id := range []string{a.id, b.id} {
		e, err := s.acquire(t.Context(), id)
		require.NoError(t, err)
		_, err = s.load(t.Context(), e)
		require.NoError(t, err)
		held = append(held, e)
		ctx, cancel := context.WithCancel(t.Context())
		cancels = append(cancels, cancel)
		go func() {
			w, err := s.acquire(ctx, id)
			if err == nil { // it took the game after all: a request done with it
				s.release(w)
			}
			gaveUp <- err
		}()
		require.Eventually(t, func() bool { return refs(e) == 2 }, 5*time.Second, time.Millisecond, "the waiter counts")
	}
	time.Sleep(10 * time.Millisecond) // the waiters wait for the games
	for i, e := range held {
		cancels[i]()
		s.release(e)
	}
	for range held {
		<-gaveUp
	}
	s.mu.Lock()
	n, lru := len(s.cache), s.lru.Len()
	s.mu.Unlock()
	assert.LessOrEqual(t, lru, 1, "games in the cache, no request under way")
	assert.LessOrEqual(t, n, 1, "entries in the cache, no request under way")
}

// TestCacheLeastRecentlyUsedOut: the cache keeps the games most recently
// used (README: "least recently used out"): of three games in a cache of
// two, the one not used the longest is read from the store again, the two
// used since are not.
func TestCacheLeastRecentlyUsedOut(t *testing.T) {
	_, store, a, b, other := threeGamesCacheOfTwo(t)
	a.state()
	b.state()
	a.state()     // a used after b: b is the least recently used
	other.state() // pushes b out
	loads := store.loads.Load()
	a.state()
	other.state()
	assert.Equal(t, loads, store.loads.Load(), "the two games used last are in the cache")
	b.state()
	assert.Equal(t, loads+1, store.loads.Load(), "the least recently used was pushed out")
}

// TestCacheDropsDeletedGames: a game deleted leaves the cache at once, so
// it takes no place there from the games in use.
func TestCacheDropsDeletedGames(t *testing.T) {
	_, store, a, b, other := threeGamesCacheOfTwo(t)
	b.state()
	a.state()
	a.ok("DELETE", "", "", nil)
	other.state()
	loads := store.loads.Load()
	b.state()
	other.state()
	assert.Equal(t, loads, store.loads.Load(), "the two games left are in the cache")
}

// TestCacheKeepsHeldGames: a game a request holds stays in the cache
// however many games are used meanwhile, so that a second request on it
// waits for the first instead of using a copy of its own.
func TestCacheKeepsHeldGames(t *testing.T) {
	c := newClient(t, Config{CacheSize: 1, BotWait: 50 * time.Millisecond})
	_, a, _ := c.create(`{}`)
	_, b, _ := c.create(`{}`)
	a.state()
	e, err := c.srv.acquire(context.Background(), a.id)
	require.NoError(t, err)
	b.state() // past the cache's size: a is held, b is not
	a.refused(http.StatusServiceUnavailable, "busy", "GET", "", "")
	c.srv.release(e)
	a.state()
}

// TestExpiredGameDeleted: a request that finds its game idle past the TTL
// deletes it from the store, the sweep aside (README: never served once
// past it; entries.go's expired).
func TestExpiredGameDeleted(t *testing.T) {
	store := newMemStore()
	c, clock := limitsClient(t, Config{Store: store, DevSeeds: true, TTL: time.Hour})
	_, me, _ := c.create(`{}`)
	me.state()
	clock.add(time.Hour + time.Minute)
	me.refused(http.StatusNotFound, "no_game", "GET", "", "")
	_, err := store.Load(t.Context(), me.id, -1)
	assert.ErrorIs(t, err, ErrNotFound, "deleted from the store")
}
