package main

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
)

// lateStore is a store whose Save and Delete, once late is set, do their
// work and then fail with context.DeadlineExceeded, as a database call
// that committed while its timeout (Config.StoreTimeout) ran out: the
// server cannot tell it from a call that did nothing.
type lateStore struct {
	*memStore
	late atomic.Bool
}

func (l *lateStore) Save(ctx context.Context, r Row, prev int) error {
	if err := l.memStore.Save(ctx, r, prev); err != nil || !l.late.Load() {
		return err
	}
	return context.DeadlineExceeded
}

func (l *lateStore) Delete(ctx context.Context, id string) error {
	if err := l.memStore.Delete(ctx, id); err != nil || !l.late.Load() {
		return err
	}
	return context.DeadlineExceeded
}

// TestStoreFailureAfterCommit: after a store call that failed but may have
// been done (a timeout past the commit), the server answers from the store,
// not from its copy: a game whose deletion timed out after the store
// deleted it is gone (the copy in memory was still served, 200 with the
// deleted game, until an action's save found no row); an action whose save
// did the same is in the game, and its retry on the old version is stale,
// not done twice.
func TestStoreFailureAfterCommit(t *testing.T) {
	store := &lateStore{memStore: newMemStore()}
	c := newClient(t, Config{Store: store, DevSeeds: true})

	st, me, _ := c.create(`{"preset":"short-standard","opponent":"human"}`)
	store.late.Store(true)
	status, b := me.do("POST", "roll", withVersion(st.Version, ""))
	refusedWith(t, http.StatusServiceUnavailable, "store", status, b, "a roll whose save timed out after the commit")
	store.late.Store(false)
	assert.Greater(t, me.state().Version, st.Version, "the roll, as stored")
	me.refused(http.StatusConflict, "stale", "POST", "roll", withVersion(st.Version, ""))

	_, me, _ = c.create(`{}`)
	store.late.Store(true)
	status, b = me.do("DELETE", "", "")
	refusedWith(t, http.StatusServiceUnavailable, "store", status, b, "a deletion that timed out after the commit")
	store.late.Store(false)
	me.refused(http.StatusNotFound, "no_game", "GET", "", "")
}
