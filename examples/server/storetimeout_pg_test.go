package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lockRow opens a connection of its own to dsn and holds a row lock on the
// game id in a transaction, as a hung database or a slow writer does,
// until the returned release is called (it rolls the transaction back).
func lockRow(t *testing.T, dsn, id string) (release func()) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), dsn)
	require.NoError(t, err)
	tx, err := conn.Begin(context.Background())
	require.NoError(t, err)
	var version int
	require.NoError(t, tx.QueryRow(context.Background(),
		`SELECT version FROM nardy_games WHERE id = $1 FOR UPDATE`, id).Scan(&version))
	released := false
	release = func() {
		if !released {
			released = true
			assert.NoError(t, tx.Rollback(context.Background()))
			assert.NoError(t, conn.Close(context.Background()))
		}
	}
	t.Cleanup(release)
	return release
}

// updateWaitsOnALock reports whether PostgreSQL shows an UPDATE of
// nardy_games waiting on a lock, looking until done has a value (which it
// leaves there) or a minute has passed.
func updateWaitsOnALock(t *testing.T, dsn string, done chan error) bool {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), dsn)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		var n int
		require.NoError(t, conn.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE nardy_games%'`).Scan(&n))
		if n > 0 {
			return true
		}
		select {
		case err := <-done:
			done <- err
			return false
		default:
		}
	}
	return false
}

// TestPostgresStoreTimeoutOnALockedRow: the bound of Config.StoreTimeout
// holds against a real PostgreSQL, not only against a store written to
// hang: a save waiting on a row another transaction has locked fails when
// the bound runs out (with an error matching context.DeadlineExceeded),
// the statement seen waiting for the lock is cancelled in the database (once the lock is
// released the row keeps its version: nothing that timed out is done
// later), and the store's pool serves the next save.
func TestPostgresStoreTimeoutOnALockedRow(t *testing.T) {
	dsn := postgresDSN(t)
	s := openTestPostgres(t, dsn)
	defer s.Close()
	id := "timeout-" + time.Now().UTC().Format("150405.000000000")
	row := Row{ID: id, Version: 1, Client: "c", Updated: time.Now().UTC(), Data: []byte(`{}`)}
	require.NoError(t, s.Create(context.Background(), row))
	t.Cleanup(func() { _ = s.Delete(context.Background(), id) })

	release := lockRow(t, dsn, id)
	next := row
	next.Version, next.Data = 2, []byte(`{"saved":true}`)
	done := make(chan error, 1)
	go func() { done <- timedStore{s, 2 * time.Second}.Save(context.Background(), next, 1) }()
	assert.True(t, updateWaitsOnALock(t, dsn, done), "the save's UPDATE was never seen waiting on the lock")
	select {
	case err := <-done:
		require.Error(t, err, "a save on a locked row returned before the lock was released")
		assert.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(time.Minute): // a fail-safe, not a measure: the bound is 2 s
		release()
		<-done
		t.Fatal("the save waited for the lock past its bound")
	}
	release()

	// Were the UPDATE still queued in the database, it would run now that
	// the lock is gone; give it time to, then read the row.
	time.Sleep(300 * time.Millisecond)
	got, err := s.Load(context.Background(), id, -1)
	require.NoError(t, err)
	assert.Equal(t, 1, got.Version, "a save that timed out was done after the lock was released")
	assert.Equal(t, []byte(`{}`), got.Data)

	require.NoError(t, timedStore{s, 10 * time.Second}.Save(context.Background(), next, 1),
		"the pool serves the next save")
	got, err = s.Load(context.Background(), id, -1)
	require.NoError(t, err)
	assert.Equal(t, 2, got.Version)
}

// TestPostgresServerAnswersStoreOnALockedRow: a request whose save waits on
// a row locked in PostgreSQL is answered 503 "store" once
// Config.StoreTimeout runs out, the game keeps the state stored, and the
// same action succeeds once the lock is released.
func TestPostgresServerAnswersStoreOnALockedRow(t *testing.T) {
	dsn := postgresDSN(t)
	s := openTestPostgres(t, dsn)
	t.Cleanup(func() { s.Close() }) // after the server's, which holds a connection to LISTEN
	c := newClient(t, Config{Store: s, DevSeeds: true, StoreTimeout: 2 * time.Second})
	st, me, _ := c.create(`{"preset":"short-standard","bot":"greedy"}`)
	t.Cleanup(func() { _ = s.Delete(context.Background(), me.id) })
	release := lockRow(t, dsn, me.id)
	answered := make(chan [2]any, 1)
	go func() { status, b := me.do("POST", "roll", withVersion(st.Version, "")); answered <- [2]any{status, b} }()
	select {
	case got := <-answered:
		refusedWith(t, http.StatusServiceUnavailable, "store", got[0].(int), got[1].([]byte), "a save on a locked row")
	case <-time.After(time.Minute): // a fail-safe, not a measure: the bound is 2 s
		release()
		<-answered
		t.Fatal("the request waited for the locked row past Config.StoreTimeout")
	}
	release()
	time.Sleep(300 * time.Millisecond) // a statement left queued would run now
	assert.Equal(t, st.Version, me.state().Version, "the game keeps the state stored")
	after := me.act("roll", st, "")
	assert.Greater(t, after.Version, st.Version, "the roll is made once the lock is gone")
}
