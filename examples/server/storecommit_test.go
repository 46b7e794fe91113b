package main

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
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

// TestStoreFailureTellsStreams: a failed save or deletion (which the store
// may have done all the same) wakes the game's event streams, which then
// read the store: with a store only this server writes (memory, SQLite:
// no watcher tells of changes) the other seat's page went on showing the
// state before an action the store kept until its stream's heartbeat,
// 20 s on. The test looks at the stream's channel in the hub when the
// request has been answered: the notice is sent before the answer.
func TestStoreFailureTellsStreams(t *testing.T) {
	store := &lateStore{memStore: newMemStore()}
	c := newClient(t, Config{Store: store, DevSeeds: true})
	woken := func(ch <-chan struct{}) bool {
		select {
		case <-ch:
			return true
		default:
			return false
		}
	}
	for _, method := range []string{"POST", "DELETE"} {
		st, a, _ := c.create(`{"preset":"short-standard","opponent":"human"}`)
		ch, err := c.srv.hub.subscribe(st.ID, nardy.Black, "test")
		require.NoError(t, err)
		store.late.Store(true)
		var status int
		if method == "POST" {
			status, _ = a.do("POST", "roll", withVersion(st.Version, ""))
		} else {
			status, _ = a.do("DELETE", "", "")
		}
		store.late.Store(false)
		assert.Equal(t, http.StatusServiceUnavailable, status, method)
		assert.True(t, woken(ch), "%s: the streams were told", method)
		c.srv.hub.unsubscribe(st.ID, ch)
	}
}
