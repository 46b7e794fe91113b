package main

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

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

// TestCacheFlood: requests on unknown game ids and with wrong tokens, of
// a real game in the cache or not, leave no entry in the cache and push
// no game out of it: the games in use are still served without reading
// the store.
func TestCacheFlood(t *testing.T) {
	store := &countingStore{memStore: newMemStore()}
	c := newClient(t, Config{Store: store, CacheSize: 2})
	_, a, _ := c.create(`{}`)
	_, b, _ := c.create(`{}`)
	_, other, _ := c.create(`{}`)
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
