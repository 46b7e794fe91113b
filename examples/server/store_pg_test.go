package main

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openTestPostgres opens a store on dsn within 30 s: a database that does
// not answer fails the test instead of hanging it until the suite's timeout.
// The caller closes the store.
func openTestPostgres(t *testing.T, dsn string) *pgStore {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := openPostgres(ctx, dsn)
	require.NoError(t, err)
	return st
}

// postgresServer opens a store of its own on dsn (bounded: a store that
// cannot open fails the test instead of hanging it) and a test server over
// it; the server closes before its store.
func postgresServer(t *testing.T, dsn string) *client {
	t.Helper()
	st := openTestPostgres(t, dsn)
	t.Cleanup(func() { st.Close() }) // after the server's, which holds a connection to LISTEN
	return newClient(t, Config{Store: st, DevSeeds: true})
}

// TestPostgresStreamSeesDeleteOnOtherServer: a game deleted on one server
// ends the streams open on another with "gone" at once (README: the events
// stream says "gone" when the game is deleted, on whichever server the
// change was made), not at the other server's next heartbeat, 20 s later.
func TestPostgresStreamSeesDeleteOnOtherServer(t *testing.T) {
	dsn := postgresDSN(t)
	ca, cb := postgresServer(t, dsn), postgresServer(t, dsn)
	st, me, _ := ca.create(`{"preset":"short-standard","bot":"greedy"}`)
	meOnB := &seat{c: cb, id: me.id, color: me.color, token: me.token}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream := meOnB.events(ctx)
	assert.Equal(t, st.Version, next(t, stream).state.Version)
	status, b := me.do("DELETE", "", "")
	require.Equal(t, 204, status, "%s", b)
	assert.Equal(t, "gone", next(t, stream).name, "server B's stream is told of server A's delete")
	ends(t, stream, "the stream of a game deleted on another server")
}

// TestPostgresStreamsOutliveALostListen: when the connection a server
// listens on for the other servers' changes is lost (here ended by the
// database), the server listens again, and its streams go on seeing the
// changes made on another server soon after (the watcher retries after a
// second), not only at their heartbeat, 20 s later.
func TestPostgresStreamsOutliveALostListen(t *testing.T) {
	dsn := postgresDSN(t)
	began := time.Now().Add(-time.Second)
	ca, cb := postgresServer(t, dsn), postgresServer(t, dsn)
	st, a, b := ca.create(`{"preset":"long-moscow","opponent":"human","seed":5}`)
	bOnB := &seat{c: cb, id: b.id, color: b.color, token: b.token}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream := bOnB.events(ctx)
	assert.Equal(t, st.Version, next(t, stream).state.Version)

	admin, err := pgx.Connect(context.Background(), dsn)
	require.NoError(t, err)
	defer admin.Close(context.Background())
	var ended int
	require.NoError(t, admin.QueryRow(context.Background(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query = 'LISTEN '||$1 AND backend_start >= $2`, pgChannel, began).Scan(&ended))
	require.Equal(t, 2, ended, "the two servers' listening connections")

	// A change made before a server listens again is seen at the next
	// heartbeat only: change the game until one is seen, for at most 12 s
	// (well under the 20 s heartbeat).
	deadline := time.Now().Add(12 * time.Second)
	for {
		require.True(t, time.Now().Before(deadline),
			"server B's stream saw no change made on server A for 12 s after B's LISTEN connection was lost")
		moved := false
		for _, s := range []*seat{a, b} {
			if st, moved = s.move(st, 0); moved {
				break
			}
		}
		require.True(t, moved, "neither seat has an action in phase %s", st.Phase)
		if sawVersion(stream, st.Version, time.Second) {
			return
		}
	}
}

// sawVersion reports whether stream sends a state of version v or later
// within d, reading past the older ones.
func sawVersion(stream <-chan event, v int, d time.Duration) bool {
	end := time.After(d)
	for {
		select {
		case ev, ok := <-stream:
			if !ok {
				return false
			}
			if ev.name == "state" && ev.state.Version >= v {
				return true
			}
		case <-end:
			return false
		}
	}
}

// TestPostgresServerCloseStopsListening: a closed server's listening
// connection goes back to its store's pool no longer listening (Watch's
// UNLISTEN), so the store's connections do not go on taking in every
// server's notices.
func TestPostgresServerCloseStopsListening(t *testing.T) {
	dsn := postgresDSN(t)
	began := time.Now().Add(-time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := openPostgres(ctx, dsn)
	require.NoError(t, err)
	defer st.Close()
	s := NewServer(Config{Store: st, Logf: t.Logf})
	defer s.Close() // before the store's: the pool waits for the watcher's connection
	// The server listens: wait for it, on the database's word.
	admin, err := pgx.Connect(context.Background(), dsn)
	require.NoError(t, err)
	defer admin.Close(context.Background())
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		require.True(t, time.Now().Before(end), "the server never listened")
		var n int
		require.NoError(t, admin.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND query = 'LISTEN '||$1 AND backend_start >= $2`, pgChannel, began).Scan(&n))
		if n > 0 {
			break
		}
	}
	s.Close()
	assert.Zero(t, listening(t, st), "a connection of the store still listens after the server closed")
}

// listening counts the channels the idle connections of st's pool listen
// on (each connection asked in turn).
func listening(t *testing.T, st *pgStore) int {
	t.Helper()
	conns := st.pool.AcquireAllIdle(context.Background())
	defer func() {
		for _, c := range conns {
			c.Release()
		}
	}()
	n := 0
	for _, c := range conns {
		var k int
		require.NoError(t, c.QueryRow(context.Background(), `SELECT count(*) FROM pg_listening_channels()`).Scan(&k))
		n += k
	}
	return n
}

// TestPostgresOpenAtOnce: servers starting at once on a database without
// the table all open (openPostgres creates the table under an advisory
// lock: without it two CREATE TABLE IF NOT EXISTS at once fail with a
// duplicate key in pg_type, which 16 at once showed in every run), and a
// store opened does not keep the others from opening while it stays open
// (the lock is given back). Five rounds, each on a fresh schema.
func TestPostgresOpenAtOnce(t *testing.T) {
	dsn := postgresDSN(t)
	for round := range 5 {
		if !t.Run(fmt.Sprint("round", round), func(t *testing.T) { openAtOnce(t, dsn) }) {
			return
		}
	}
}

// openAtOnce opens 16 stores at once on a fresh schema of dsn, each held
// open until all have opened, and checks that all opened, within 30 s.
func openAtOnce(t *testing.T, dsn string) {
	schema := fmt.Sprintf("nardy_open_%d", time.Now().UnixNano())
	admin, err := pgx.Connect(context.Background(), dsn)
	require.NoError(t, err)
	defer admin.Close(context.Background())
	_, err = admin.Exec(context.Background(), `CREATE SCHEMA `+schema)
	require.NoError(t, err)
	defer func() { _, _ = admin.Exec(context.Background(), `DROP SCHEMA `+schema+` CASCADE`) }()
	inSchema := withParams(dsn, "search_path", schema)

	const servers = 16
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make([]error, servers)
	stores := make([]*pgStore, servers) // each held open until all have opened
	defer func() {
		for _, st := range stores {
			if st != nil {
				st.Close()
			}
		}
	}()
	for i := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = openPostgres(ctx, inSchema)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		assert.NoError(t, err, "store %d of %d opening at once", i+1, servers)
	}
	var tables int
	require.NoError(t, admin.QueryRow(context.Background(),
		`SELECT count(*) FROM pg_tables WHERE schemaname = $1 AND tablename = 'nardy_games'`, schema).Scan(&tables))
	assert.Equal(t, 1, tables)
}

// withParams returns dsn (a URL or key=value pairs) with the connection
// parameters given as name, value pairs added.
func withParams(dsn string, params ...string) string {
	if u, err := url.Parse(dsn); err == nil && u.Scheme != "" {
		q := u.Query()
		for i := 0; i+1 < len(params); i += 2 {
			q.Set(params[i], params[i+1])
		}
		u.RawQuery = q.Encode()
		return u.String()
	}
	for i := 0; i+1 < len(params); i += 2 {
		dsn += " " + params[i] + "=" + params[i+1]
	}
	return dsn
}

// TestPostgresOpenFailsWithoutTheTable: a store that cannot create its
// table (here: a search_path naming no schema, so there is nowhere to
// create it) is not opened: openPostgres says why, rather than a server
// starting whose every request then fails, and it leaves no connection
// open behind it.
func TestPostgresOpenFailsWithoutTheTable(t *testing.T) {
	dsn := postgresDSN(t)
	app := fmt.Sprintf("nardy_open_fail_%d", time.Now().UnixNano())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := openPostgres(ctx, withParams(dsn, "search_path", "nardy_no_such_schema", "application_name", app))
	if err == nil {
		st.Close()
	}
	require.Error(t, err, "a store without its table was opened")
	admin, err := pgx.Connect(context.Background(), dsn)
	require.NoError(t, err)
	defer admin.Close(context.Background())
	var n int
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		require.NoError(t, admin.QueryRow(context.Background(),
			`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&n))
		if n == 0 || time.Now().After(end) {
			break
		}
	}
	assert.Zero(t, n, "connections of the store that failed to open are still open")
}
