package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// blockedStore is a Store whose every call waits until its context is
// done and returns the context's error: a database that hangs.
type blockedStore struct{ *memStore }

func (blockedStore) Create(ctx context.Context, _ Row) error {
	<-ctx.Done()
	return ctx.Err()
}

func (blockedStore) Load(ctx context.Context, _ string, _ int) (Row, error) {
	<-ctx.Done()
	return Row{}, ctx.Err()
}

func (blockedStore) Save(ctx context.Context, _ Row, _ int) error {
	<-ctx.Done()
	return ctx.Err()
}

func (blockedStore) Delete(ctx context.Context, _ string) error {
	<-ctx.Done()
	return ctx.Err()
}

func (blockedStore) Count(ctx context.Context, _ string, _ time.Time) (int, int, int, error) {
	<-ctx.Done()
	return 0, 0, 0, ctx.Err()
}

// TestTimedStoreBoundsEveryCall: timedStore bounds each call a request
// makes on the store (Create, Load, Save, Delete, Count) by its limit
// (Config.StoreTimeout): on a store that hangs, every call returns
// context.DeadlineExceeded near the limit, not when the caller's context
// ends (here: never).
func TestTimedStoreBoundsEveryCall(t *testing.T) {
	const limit = 20 * time.Millisecond
	s := timedStore{Store: blockedStore{newMemStore()}, limit: limit}
	ctx := context.Background()
	calls := map[string]func() error{
		"Create": func() error { return s.Create(ctx, Row{ID: newID()}) },
		"Load":   func() error { _, err := s.Load(ctx, newID(), -1); return err },
		"Save":   func() error { return s.Save(ctx, Row{ID: newID()}, 1) },
		"Delete": func() error { return s.Delete(ctx, newID()) },
		"Count":  func() error { _, _, _, err := s.Count(ctx, "c", time.Now()); return err },
	}
	for name, call := range calls {
		done := make(chan error, 1)
		go func() { done <- call() }()
		select {
		case err := <-done:
			require.ErrorIs(t, err, context.DeadlineExceeded, name)
		case <-time.After(5 * time.Second): // a fail-safe, not a measure: the bound is 20 ms
			t.Fatalf("%s waited for the store past its bound of %v", name, limit)
		}
	}
}

// TestStoresKeepTheirOwnCopy: a Store keeps the state it is given, not the
// caller's buffer: a caller that reuses its buffer after Create or Save
// (an encoder's) does not change the stored game.
func TestStoresKeepTheirOwnCopy(t *testing.T) {
	sq, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	defer sq.Close()
	for name, s := range map[string]Store{"memory": newMemStore(), "sqlite": sq} {
		ctx := context.Background()
		buf := []byte(`{"a":1}`)
		r := Row{ID: newID(), Version: 1, Client: "c", Updated: time.Now(), Data: buf}
		require.NoError(t, s.Create(ctx, r), name)
		copy(buf, `{"b":2}`)
		got, err := s.Load(ctx, r.ID, -1)
		require.NoError(t, err, name)
		require.Equal(t, `{"a":1}`, string(got.Data), "%s: the created game", name)

		buf = []byte(`{"a":3}`)
		r.Version, r.Data = 2, buf
		require.NoError(t, s.Save(ctx, r, 1), name)
		copy(buf, `{"b":4}`)
		got, err = s.Load(ctx, r.ID, -1)
		require.NoError(t, err, name)
		require.Equal(t, `{"a":3}`, string(got.Data), "%s: the saved game", name)
	}
}

// TestSQLiteOneConnection: the SQLite store's writes are serialised by one
// connection (sqliteStore's doc): its pool opens at most one.
func TestSQLiteOneConnection(t *testing.T) {
	s, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	defer s.Close()
	require.Equal(t, 1, s.db.Stats().MaxOpenConnections)
}

// TestSaveOfAMissingGameAtVersionZero: Save replaces a game only if its
// stored version is prev; a game never created (or deleted) has none, so
// a save on version 0 is ErrConflict and creates nothing.
func TestSaveOfAMissingGameAtVersionZero(t *testing.T) {
	sq, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	defer sq.Close()
	for name, s := range map[string]Store{"memory": newMemStore(), "sqlite": sq} {
		ctx := context.Background()
		r := Row{ID: newID(), Version: 1, Client: "c", Updated: time.Now(), Data: []byte(`{}`)}
		require.ErrorIs(t, s.Save(ctx, r, 0), ErrConflict, name)
		_, err := s.Load(ctx, r.ID, -1)
		require.ErrorIs(t, err, ErrNotFound, "%s: the save created the game", name)
	}
}
