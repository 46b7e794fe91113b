package main

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Errors of a [Store].
var (
	// ErrNotFound: no game of that id (never created, deleted or expired).
	ErrNotFound = errors.New("store: no such game")
	// ErrConflict: the game changed since it was loaded (its version is not
	// the one the change was made on), or was deleted meanwhile.
	ErrConflict = errors.New("store: the game changed meanwhile")
	// ErrExists: a game of that id exists already.
	ErrExists = errors.New("store: the game exists already")
)

// Row is one stored game: its id, its state version, who created it (for
// the quota), whether the match is over, when it last changed, and its
// state (the JSON of a snapshot).
type Row struct {
	ID      string
	Version int
	Client  string
	Over    bool
	Updated time.Time
	Data    []byte
}

// Store keeps the games between requests and across restarts. Several
// servers may share one store (PostgreSQL): every change is written with
// Save, which succeeds only on the version it was made on, so two servers
// never both apply an action to the same state. Implementations are safe
// for concurrent use.
type Store interface {
	// Create adds a new game (ErrExists if the id is taken).
	Create(ctx context.Context, r Row) error
	// Load returns the game id (ErrNotFound). When its version is have,
	// Data is nil: the caller's copy is current.
	Load(ctx context.Context, id string, have int) (Row, error)
	// Save replaces game r.ID if its stored version is prev, else returns
	// ErrConflict.
	Save(ctx context.Context, r Row, prev int) error
	// Delete removes game id; deleting a missing game is no error.
	Delete(ctx context.Context, id string) error
	// Expire deletes the games last changed before t and returns how many.
	Expire(ctx context.Context, t time.Time) (int, error)
	// Count returns the number of games changed at or after since, and of
	// those the ones created by client: all of them, and the unfinished.
	Count(ctx context.Context, client string, since time.Time) (all, mine, unfinished int, err error)
	// Close releases the store.
	Close() error
}

// Watcher is a store that tells of changes made by other servers sharing
// it (PostgreSQL's LISTEN/NOTIFY): Watch calls changed with the id of each
// game changed, until ctx is done; and once it listens, with "": any game
// may have changed while it did not (before the server's first Watch, or
// between a failed one and the next).
type Watcher interface {
	Watch(ctx context.Context, changed func(id string)) error
}

// exclusive is a store only this server writes (memory; SQLite, one
// process per file): the server's decoded copy of a game is then always
// current, and a request reads the store only for a game not in memory.
type exclusive interface{ exclusive() }

func (*memStore) exclusive()    {}
func (*sqliteStore) exclusive() {}

// memStore is a Store in memory: for tests and for servers that need no
// persistence (-db :memory:).
type memStore struct {
	mu   sync.Mutex
	rows map[string]Row
}

func newMemStore() *memStore { return &memStore{rows: map[string]Row{}} }

func (m *memStore) Create(_ context.Context, r Row) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.rows[r.ID]; ok {
		return ErrExists
	}
	r.Data = append([]byte(nil), r.Data...)
	m.rows[r.ID] = r
	return nil
}

func (m *memStore) Load(_ context.Context, id string, have int) (Row, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.rows[id]
	if !ok {
		return Row{}, ErrNotFound
	}
	if r.Version == have {
		r.Data = nil
	}
	return r, nil
}

func (m *memStore) Save(_ context.Context, r Row, prev int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.rows[r.ID]
	if !ok || old.Version != prev {
		return ErrConflict
	}
	r.Data = append([]byte(nil), r.Data...)
	m.rows[r.ID] = r
	return nil
}

func (m *memStore) Delete(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.rows, id)
	return nil
}

func (m *memStore) Expire(_ context.Context, t time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for id, r := range m.rows {
		if r.Updated.Before(t) {
			delete(m.rows, id)
			n++
		}
	}
	return n, nil
}

func (m *memStore) Count(_ context.Context, client string, since time.Time) (all, mine, unfinished int, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range m.rows {
		if r.Updated.Before(since) {
			continue
		}
		all++
		if r.Client == client {
			mine++
			if !r.Over {
				unfinished++
			}
		}
	}
	return all, mine, unfinished, nil
}

func (m *memStore) Close() error { return nil }

// timedStore bounds each call of the server's requests on its Store in
// time (Config.StoreTimeout): a request holds its game while it waits for
// the store, and one whose action is kept after its client went away
// saves without the client's context, so a hung database (a lock, a
// network partition) held the game, and every request waiting for it, for
// as long as it hung. Expire, the sweep's, is not bounded: it holds no
// game, and may take long on many games.
type timedStore struct {
	Store
	limit time.Duration
}

func (t timedStore) Create(ctx context.Context, r Row) error {
	ctx, cancel := context.WithTimeout(ctx, t.limit)
	defer cancel()
	return t.Store.Create(ctx, r)
}

func (t timedStore) Load(ctx context.Context, id string, have int) (Row, error) {
	ctx, cancel := context.WithTimeout(ctx, t.limit)
	defer cancel()
	return t.Store.Load(ctx, id, have)
}

func (t timedStore) Save(ctx context.Context, r Row, prev int) error {
	ctx, cancel := context.WithTimeout(ctx, t.limit)
	defer cancel()
	return t.Store.Save(ctx, r, prev)
}

func (t timedStore) Delete(ctx context.Context, id string) error {
	ctx, cancel := context.WithTimeout(ctx, t.limit)
	defer cancel()
	return t.Store.Delete(ctx, id)
}

func (t timedStore) Count(ctx context.Context, client string, since time.Time) (int, int, int, error) {
	ctx, cancel := context.WithTimeout(ctx, t.limit)
	defer cancel()
	return t.Store.Count(ctx, client, since)
}
