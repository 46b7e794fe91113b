package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
)

// watchedStore is a store two servers share, as they share PostgreSQL,
// whose Watch listens only once told to (listen): it then says that any
// game may have changed (changed("")) and hears nothing more, as a watch
// that starts, or connects again, after other servers' changes.
type watchedStore struct {
	Store
	listen chan struct{}
}

func (w watchedStore) Watch(ctx context.Context, changed func(id string)) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-w.listen:
	}
	changed("")
	<-ctx.Done()
	return ctx.Err()
}

// TestStreamCatchesUpWhenTheWatchListens: a change another server saved
// before this server's watch of the store listened (at the server's start,
// or while its watch connects again) reaches this server's streams as soon
// as the watch listens, not at the next heartbeat 20 s later (ci77 saw
// TestPostgresTwoServers miss server A's roll on server B, whose watch had
// not yet run LISTEN, under load).
func TestStreamCatchesUpWhenTheWatchListens(t *testing.T) {
	mem := newMemStore()
	listen := make(chan struct{})
	ca := newClient(t, Config{Store: mem, DevSeeds: true})
	cb := newClient(t, Config{Store: watchedStore{Store: mem, listen: listen}, DevSeeds: true})
	st, a, b := ca.create(`{"preset":"long-moscow","opponent":"human","seed":5}`)
	bOnB := &seat{c: cb, id: b.id, color: b.color, token: b.token}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream := bOnB.events(ctx)
	assert.Equal(t, st.Version, next(t, stream).state.Version)
	st = a.act("roll", st, "") // on server A, which B's watch does not hear
	close(listen)
	assert.Equal(t, st.Version, next(t, stream).state.Version, "server B's stream sees A's change once B's watch listens")
}
