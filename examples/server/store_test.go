package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testStore checks the contract of a Store: create once, load with and
// without the data, save only on the version loaded (one winner among
// racing saves), count, expire, delete. Ids and clients are fresh, so a
// shared database may hold other rows.
func testStore(t *testing.T, s Store) {
	ctx := context.Background()
	now := time.Now().Truncate(time.Millisecond)
	id, client := newID(), "test-"+newID()
	r := Row{ID: id, Version: 1, Client: client, Updated: now, Data: []byte(`{"a":1}`)}
	require.NoError(t, s.Create(ctx, r))
	assert.ErrorIs(t, s.Create(ctx, r), ErrExists)

	got, err := s.Load(ctx, id, -1)
	require.NoError(t, err)
	assert.Equal(t, r.Data, got.Data)
	assert.Equal(t, 1, got.Version)
	assert.Equal(t, client, got.Client)
	assert.False(t, got.Over)
	assert.True(t, got.Updated.Equal(now), "updated %v, want %v", got.Updated, now)
	got, err = s.Load(ctx, id, 1)
	require.NoError(t, err)
	assert.Nil(t, got.Data, "the caller's copy is current: no data")
	_, err = s.Load(ctx, newID(), -1)
	assert.ErrorIs(t, err, ErrNotFound)

	r2 := r
	r2.Version, r2.Data, r2.Updated = 2, []byte(`{"a":2}`), now.Add(time.Second)
	require.NoError(t, s.Save(ctx, r2, 1))
	r3 := r2
	r3.Version = 3
	assert.ErrorIs(t, s.Save(ctx, r3, 1), ErrConflict, "a save on an old version")
	got, err = s.Load(ctx, id, 1)
	require.NoError(t, err)
	assert.Equal(t, 2, got.Version)
	assert.Equal(t, `{"a":2}`, string(got.Data))
	assert.True(t, got.Updated.Equal(r2.Updated), "a save renews the time of the last change (the TTL counts from it): updated %v, want %v",
		got.Updated, r2.Updated)
	missing := r3
	missing.ID = newID()
	assert.ErrorIs(t, s.Save(ctx, missing, 2), ErrConflict, "a save of a deleted game")

	// Racing saves on one version: exactly one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ri := r2
			ri.Version, ri.Data = 3, []byte(fmt.Sprintf(`{"writer":%d}`, i))
			err := s.Save(ctx, ri, 2)
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				wins++
			} else if !errors.Is(err, ErrConflict) {
				t.Errorf("racing save: %v", err)
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, wins)

	all, mine, unfinished, err := s.Count(ctx, client, now.Add(-time.Hour))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, all, 1)
	assert.Equal(t, 1, mine)
	assert.Equal(t, 1, unfinished)
	over := r2
	over.Version, over.Over = 4, true
	require.NoError(t, s.Save(ctx, over, 3))
	_, mine, unfinished, err = s.Count(ctx, client, now.Add(-time.Hour))
	require.NoError(t, err)
	assert.Equal(t, 0, unfinished, "a finished game is not counted as unfinished")
	assert.Equal(t, 1, mine, "but it is still the client's, until it expires")
	_, mine, unfinished, err = s.Count(ctx, "nobody-"+newID(), now.Add(-time.Hour))
	require.NoError(t, err)
	assert.Zero(t, mine)
	assert.Zero(t, unfinished)

	old := Row{ID: newID(), Version: 1, Client: client, Updated: now.Add(-48 * time.Hour), Data: []byte(`{}`)}
	require.NoError(t, s.Create(ctx, old))
	n, err := s.Expire(ctx, now.Add(-24*time.Hour))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, n, 1)
	_, err = s.Load(ctx, old.ID, -1)
	assert.ErrorIs(t, err, ErrNotFound, "expired")
	_, err = s.Load(ctx, id, -1)
	assert.NoError(t, err, "a recent game is kept")

	require.NoError(t, s.Delete(ctx, id))
	require.NoError(t, s.Delete(ctx, id), "deleting twice")
	_, err = s.Load(ctx, id, -1)
	assert.ErrorIs(t, err, ErrNotFound)
	testStoreBounds(t, s)
}

// testStoreBounds checks the bounds of the Store's times as its docs
// put them: Count(since) counts the games changed at or after since, the
// client's included, and none before; Expire(t) deletes the games last
// changed before t, not one changed at t. The counts look far in the
// future and the expiry far in the past, where a shared database holds no
// other rows to count or to delete.
func testStoreBounds(t *testing.T, s Store) {
	ctx := context.Background()
	jitter := time.Duration(time.Now().UnixNano() % int64(time.Hour))
	client := "bounds-" + newID()
	pair := func(at time.Time) (edge, before Row) {
		edge = Row{ID: newID(), Version: 1, Client: client, Updated: at, Data: []byte(`{}`)}
		before = Row{ID: newID(), Version: 1, Client: client, Updated: at.Add(-time.Millisecond), Data: []byte(`{}`)}
		require.NoError(t, s.Create(ctx, edge))
		require.NoError(t, s.Create(ctx, before))
		t.Cleanup(func() { _ = s.Delete(ctx, edge.ID); _ = s.Delete(ctx, before.ID) })
		return edge, before
	}

	future := time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC).Add(jitter)
	pair(future)
	all, mine, unfinished, err := s.Count(ctx, client, future)
	require.NoError(t, err)
	assert.Equal(t, 1, all, "a game changed at since is counted, one changed before is not")
	assert.Equal(t, 1, mine, "the client's game changed at since")
	assert.Equal(t, 1, unfinished)
	_, mine, _, err = s.Count(ctx, client, future.Add(time.Millisecond))
	require.NoError(t, err)
	assert.Zero(t, mine, "no game of the client changed since")

	past := time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC).Add(jitter)
	edge, before := pair(past)
	n, err := s.Expire(ctx, past)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, n, 1)
	_, err = s.Load(ctx, before.ID, -1)
	assert.ErrorIs(t, err, ErrNotFound, "changed before t: expired")
	_, err = s.Load(ctx, edge.ID, -1)
	assert.NoError(t, err, "changed at t: kept")
}

func TestMemStore(t *testing.T) { testStore(t, newMemStore()) }

func TestSQLiteStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := openSQLite(path)
	require.NoError(t, err)
	testStore(t, s)
	// The games are in the file: another opening sees them.
	r := Row{ID: newID(), Version: 7, Client: "c", Updated: time.Now(), Data: []byte(`{"kept":true}`)}
	require.NoError(t, s.Create(context.Background(), r))
	require.NoError(t, s.Close())
	s, err = openSQLite(path)
	require.NoError(t, err)
	defer s.Close()
	got, err := s.Load(context.Background(), r.ID, -1)
	require.NoError(t, err)
	assert.Equal(t, r.Data, got.Data)
}

// postgresDSN returns the test database's connection string, or skips the
// test loudly: .ci/run installs and starts PostgreSQL and sets it.
func postgresDSN(t *testing.T) string {
	dsn := os.Getenv("NARDY_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("SKIP: no PostgreSQL: set NARDY_TEST_POSTGRES to a connection string (.ci/run starts one) " +
			"to test the PostgreSQL store")
	}
	return dsn
}

func TestPostgresStore(t *testing.T) {
	s := openTestPostgres(t, postgresDSN(t))
	defer s.Close()
	testStore(t, s)
}

// TestSQLiteCountReadsIndexes: the counts a creation checks come from
// the indexes alone (SQLite's plan says COVERING INDEX for every table it
// reads), so their cost does not grow with the games' rows: one scan of
// every row, as the count once did, took 0.1–0.3 s at 100,000 games on the
// store's only connection.
func TestSQLiteCountReadsIndexes(t *testing.T) {
	s, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	defer s.Close()
	rows, err := s.db.Query(`EXPLAIN QUERY PLAN `+countSQLite, "client", int64(0))
	require.NoError(t, err)
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
		plan = append(plan, detail)
	}
	require.NoError(t, rows.Err())
	reads := 0
	for _, step := range plan {
		if strings.HasPrefix(step, "SCAN") || strings.HasPrefix(step, "SEARCH") {
			reads++
			assert.Contains(t, step, "COVERING INDEX", "plan %q", plan)
		}
	}
	assert.Equal(t, 2, reads, "plan %q", plan)
}
