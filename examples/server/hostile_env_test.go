package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// This file sets up the server the hostile tests (hostile_test.go) attack:
// the production defaults (no dice seeds, the quotas, the TTL) over the
// default SQLite store, with a clock the tests move and the client's
// address taken from X-Forwarded-For so one test plays several clients.
// The hostile tests use only HTTP, so they also run against older servers
// with another copy of this file.

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newHostile(t *testing.T) *hostile {
	st, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	clock := &fakeClock{t: time.Now()}
	// The games here act from one address on a clock that stands still:
	// the request rate is not theirs to test (TestLimitRequests does).
	s := NewServer(Config{Store: st, TrustProxy: true, Now: clock.now, SweepEvery: -1, Logf: t.Logf, RequestsPerMinute: 1e6, RequestBurst: 1e6})
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.Close()
		s.Close()
		st.Close()
	})
	return &hostile{t: t, url: ts.URL, hc: ts.Client(),
		advance: func(d time.Duration) {
			clock.add(d)
			s.Sweep(context.Background())
		},
		body: withVersion,
	}
}
