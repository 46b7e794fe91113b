package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgStore keeps the games in PostgreSQL, for several servers behind a load
// balancer: a change is saved only on the version it was made on
// (optimistic concurrency: UPDATE ... WHERE version = prev), so two
// servers never both apply an action to the same state, and every save
// sends a NOTIFY that the other servers' event streams listen to.
type pgStore struct {
	pool *pgxpool.Pool
}

// pgChannel is the LISTEN/NOTIFY channel of changed games (payload: id).
const pgChannel = "nardy_games"

const pgSchema = `
CREATE TABLE IF NOT EXISTS nardy_games (
	id      text PRIMARY KEY,
	version integer NOT NULL,
	client  text NOT NULL,
	over    boolean NOT NULL,
	updated timestamptz NOT NULL,
	data    bytea NOT NULL
);
CREATE INDEX IF NOT EXISTS nardy_games_updated ON nardy_games (updated);
CREATE INDEX IF NOT EXISTS nardy_games_client ON nardy_games (client, over, updated);`

// openPostgres connects to dsn and creates the table if needed.
func openPostgres(ctx context.Context, dsn string) (*pgStore, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	// Two servers starting at once may both create the table: take a
	// lock for it.
	_, err = pool.Exec(ctx, `SELECT pg_advisory_lock(7150001)`)
	if err == nil {
		_, err = pool.Exec(ctx, pgSchema)
		_, _ = pool.Exec(ctx, `SELECT pg_advisory_unlock(7150001)`)
	}
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return &pgStore{pool: pool}, nil
}

func (s *pgStore) Create(ctx context.Context, r Row) error {
	tag, err := s.pool.Exec(ctx, `INSERT INTO nardy_games (id, version, client, over, updated, data)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
		r.ID, r.Version, r.Client, r.Over, r.Updated, r.Data)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrExists
	}
	return nil
}

func (s *pgStore) Load(ctx context.Context, id string, have int) (Row, error) {
	r := Row{ID: id}
	err := s.pool.QueryRow(ctx, `SELECT version, client, over, updated,
		CASE WHEN version = $2 THEN NULL ELSE data END FROM nardy_games WHERE id = $1`, id, have).
		Scan(&r.Version, &r.Client, &r.Over, &r.Updated, &r.Data)
	if errors.Is(err, pgx.ErrNoRows) {
		return Row{}, ErrNotFound
	}
	return r, err
}

func (s *pgStore) Save(ctx context.Context, r Row, prev int) error {
	var tag pgconn.CommandTag
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		tag, err = tx.Exec(ctx, `UPDATE nardy_games SET version = $1, over = $2, updated = $3, data = $4
			WHERE id = $5 AND version = $6`, r.Version, r.Over, r.Updated, r.Data, r.ID, prev)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, pgChannel, r.ID)
		return err
	})
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrConflict
	}
	return nil
}

func (s *pgStore) Delete(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `WITH d AS (DELETE FROM nardy_games WHERE id = $1 RETURNING id)
		SELECT pg_notify($2, id) FROM d`, id, pgChannel)
	return err
}

func (s *pgStore) Expire(ctx context.Context, t time.Time) (int, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM nardy_games WHERE updated < $1`, t)
	return int(tag.RowsAffected()), err
}

func (s *pgStore) Count(ctx context.Context, client string, since time.Time) (all, mine, unfinished int, err error) {
	// Each count is read from an index (nardy_games_updated,
	// nardy_games_client), as in the SQLite store.
	err = s.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM nardy_games WHERE updated >= $2),
		count(*), count(*) FILTER (WHERE NOT over)
		FROM nardy_games WHERE client = $1 AND updated >= $2`, client, since).Scan(&all, &mine, &unfinished)
	return all, mine, unfinished, err
}

func (s *pgStore) Close() error {
	s.pool.Close()
	return nil
}

// Watch listens for the changes saved by any server (and this one) and
// calls changed with each game's id, until ctx is done or the connection
// fails; once listening, it calls changed("") (see Watcher).
func (s *pgStore) Watch(ctx context.Context, changed func(id string)) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+pgChannel); err != nil {
		return err
	}
	changed("") // what was saved while nothing listened (see Watcher)
	defer func() {
		// The connection goes back to the pool: stop listening on it.
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_, _ = conn.Exec(c, "UNLISTEN "+pgChannel)
	}()
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			return err
		}
		changed(n.Payload)
	}
}
