package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// event is one event of a game's stream.
type event struct {
	name  string
	state stateJSON
}

// events opens the seat's event stream of its game (with the headers
// given as name, value pairs); the channel closes when the stream ends. The
// stream ends with ctx.
func (s *seat) events(ctx context.Context, header ...string) <-chan event {
	req, err := http.NewRequestWithContext(ctx, "GET", s.c.url+s.path("events"), nil)
	require.NoError(s.c.t, err)
	req.Header.Set("Authorization", "Bearer "+s.token)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := s.c.hc.Do(req)
	require.NoError(s.c.t, err)
	require.Equal(s.c.t, http.StatusOK, resp.StatusCode)
	require.Equal(s.c.t, "text/event-stream", resp.Header.Get("Content-Type"))
	out := make(chan event, 64)
	go func() {
		defer close(out)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && ev.name == "state":
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.state) != nil {
					return
				}
			case line == "" && ev.name != "":
				out <- ev
				ev = event{}
			}
		}
	}()
	return out
}

// next returns the next event of ch, failing after a few seconds.
func next(t *testing.T, ch <-chan event) event {
	t.Helper()
	select {
	case ev, ok := <-ch:
		require.True(t, ok, "the stream ended")
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10 s")
	}
	return event{}
}

// ends waits for the stream ch to end (its channel to close), reading
// past its events, and fails the test at once if it has not ended within
// 10 s: a stream that should have ended and did not fails the test
// quickly instead of hanging it until the test binary's timeout.
func ends(t *testing.T, ch <-chan event, what string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatalf("%s did not end within 10 s", what)
		}
	}
}

// TestEvents: a player's stream gets the state at once and again whenever
// the other player acts, without asking; a deleted game says "gone".
func TestEvents(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"short-standard","opponent":"human","seed":1}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := b.events(ctx)
	ev := next(t, ch)
	assert.Equal(t, "state", ev.name)
	assert.Equal(t, st.Version, ev.state.Version)
	st = a.act("roll", st, "")
	ev = next(t, ch)
	assert.Equal(t, st.Version, ev.state.Version)
	assert.Equal(t, st.Position, ev.state.Position)
	mover := byColor(st.ToAct, a, b)
	st, _ = mover.move(st, 0)
	assert.Equal(t, st.Version, next(t, ch).state.Version)

	_, me, _ := c.create(`{"seed":2}`)
	ch2 := me.events(ctx)
	next(t, ch2)
	status, _ := me.do("DELETE", "", "")
	require.Equal(t, http.StatusNoContent, status)
	assert.Equal(t, "gone", next(t, ch2).name)
	ends(t, ch2, "the stream of a deleted game")
}

// TestEventsClientGoneFreesItsPlace: a stream whose client goes away ends
// at once and gives back its place among the 4 a seat may have (README),
// not only when the next heartbeat, 20 s later, finds the client gone.
func TestEventsClientGoneFreesItsPlace(t *testing.T) {
	c := newClient(t, Config{})
	_, me, _ := c.create(`{"seed":1}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first, closeFirst := context.WithCancel(ctx)
	next(t, me.events(first))
	for range maxStreamsPerSeat - 1 {
		next(t, me.events(ctx))
	}
	streams := func() int {
		c.srv.hub.mu.Lock()
		defer c.srv.hub.mu.Unlock()
		return c.srv.hub.n
	}
	require.Equal(t, maxStreamsPerSeat, streams())
	closeFirst()
	for end := time.Now().Add(5 * time.Second); streams() == maxStreamsPerSeat; time.Sleep(10 * time.Millisecond) {
		require.True(t, time.Now().Before(end), "a stream whose client went away still holds its place after 5 s")
	}
	assert.Equal(t, maxStreamsPerSeat-1, streams())
	next(t, me.events(ctx)) // the seat's fourth again
}

// TestEventsBounded: a seat of a game has at most maxStreamsPerSeat
// streams, so it cannot take the other seat's; a client has at most
// MaxStreamsPerClient, so it cannot take everyone's; the server has at most
// MaxStreams, and when they are all taken a client with two fewer than the
// client with the most takes that client's oldest (25 clients took all
// 1,000 and kept everyone out); and closing the server ends them.
func TestEventsBounded(t *testing.T) {
	c := newClient(t, Config{MaxStreamsPerClient: 6, MaxStreams: 8, TrustProxy: true})
	_, a, b := c.create(`{"opponent":"human","seed":3}`)
	_, me, _ := c.create(`{"seed":4}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var chans []<-chan event
	open := func(s *seat, header ...string) {
		ch := s.events(ctx, header...)
		next(t, ch)
		chans = append(chans, ch)
	}
	// A stream wrongly granted fails by the timeout instead of hanging.
	quick := &client{t: t, url: c.url, hc: &http.Client{Timeout: 5 * time.Second}}
	refused := func(s *seat, status int, code string, header ...string) {
		got, body := quick.request("GET", s.path("events"), s.token, "", header...)
		refusedWith(t, status, code, got, body, "events of "+s.color)
	}
	for range maxStreamsPerSeat {
		open(a)
	}
	refused(a, http.StatusTooManyRequests, "seat_streams")
	open(b) // the other seat keeps its streams
	open(me)
	refused(me, http.StatusTooManyRequests, "client_streams")
	status, _ := me.do("HEAD", "events", "")
	assert.Equal(t, http.StatusMethodNotAllowed, status, "a HEAD would hold a stream with no body")
	open(me, "X-Forwarded-For", "192.0.2.1") // another client still has room
	open(b, "X-Forwarded-For", "192.0.2.2")
	// Every stream is taken (6 of this client, 1 and 1): a client with
	// none takes the oldest stream of the client with the most (a's
	// first, which ends), and that client, now at 5 of 8, takes none back.
	open(b, "X-Forwarded-For", "192.0.2.3")
	ends(t, chans[0], "the oldest stream of the client with the most")
	refused(me, http.StatusServiceUnavailable, "streams")
	c.srv.Close()
	for i, ch := range chans[1:] {
		ends(t, ch, fmt.Sprintf("stream %d, the server closed,", i+2))
	}
}

// TestPostgresTwoServers: two servers behind a load balancer share one
// PostgreSQL store. A game created on one is played on the other; the
// same action sent to both at once on the same version is done exactly
// once (the other gets 409); and a stream on one server sees the changes
// made on the other (LISTEN/NOTIFY).
func TestPostgresTwoServers(t *testing.T) {
	dsn := postgresDSN(t)
	open := func() *client {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // fails, not hangs
		defer cancel()
		st, err := openPostgres(ctx, dsn)
		require.NoError(t, err)
		// The database may hold games of this client from earlier runs
		// (they expire after a day): no quota, as in newClient.
		s := NewServer(Config{Store: st, DevSeeds: true, Logf: t.Logf, CreatesPerMinute: 1000, CreateBurst: 1000,
			MaxGamesPerClient: 100_000})
		ts := httptest.NewServer(s)
		t.Cleanup(func() { ts.Close(); s.Close(); st.Close() })
		return &client{t: t, url: ts.URL, hc: ts.Client(), srv: s}
	}
	ca, cb := open(), open()
	st, a, b := ca.create(`{"preset":"long-moscow","opponent":"human","seed":5}`)
	bOnB := &seat{c: cb, id: b.id, color: b.color, token: b.token}
	aOnB := &seat{c: cb, id: a.id, color: a.color, token: a.token}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream := bOnB.events(ctx)
	assert.Equal(t, st.Version, next(t, stream).state.Version)

	st = a.act("roll", st, "") // on server A
	assert.Equal(t, st.Version, next(t, stream).state.Version, "server B's stream sees server A's change")
	assert.Equal(t, st.Version, aOnB.state().Version)

	// Racing: the player to act sends the same action to both servers.
	for range 10 {
		mover := byColor(st.ToAct, a, b)
		if st.Phase != "roll" {
			st, _ = mover.move(st, 0)
			next(t, stream)
			continue
		}
		on := [2]*seat{mover, {c: cb, id: mover.id, color: mover.color, token: mover.token}}
		var wg sync.WaitGroup
		var codes [2]int
		var bodies [2][]byte
		for i, s := range on {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], bodies[i] = s.do("POST", "roll", withVersion(st.Version, ""))
			}()
		}
		wg.Wait()
		ok := 0
		for i := range codes {
			switch codes[i] {
			case http.StatusOK:
				ok++
				require.NoError(t, json.Unmarshal(bodies[i], &st))
			case http.StatusConflict:
				var e apiError
				require.NoError(t, json.Unmarshal(bodies[i], &e))
				assert.Equal(t, "stale", e.Code)
			default:
				t.Fatalf("status %d: %s", codes[i], bodies[i])
			}
		}
		require.Equal(t, 1, ok, "the roll was done %d times", ok)
		for ev := next(t, stream); ev.state.Version < st.Version; ev = next(t, stream) {
		}
	}
}

// TestEventsOutliveReadTimeout: a stream outlives the server's read
// timeout (net/http cancels a request whose read deadline passes while the
// handler runs) and its write timeout.
func TestEventsOutliveReadTimeout(t *testing.T) {
	s := NewServer(Config{DevSeeds: true, Logf: t.Logf})
	ts := httptest.NewUnstartedServer(s)
	ts.Config.ReadTimeout, ts.Config.WriteTimeout = 500*time.Millisecond, 500*time.Millisecond
	ts.Start()
	t.Cleanup(func() { s.Close(); ts.Close() })
	c := &client{t: t, url: ts.URL, hc: ts.Client(), srv: s}
	st, a, b := c.create(`{"opponent":"human","seed":1}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := b.events(ctx)
	next(t, ch)
	time.Sleep(1500 * time.Millisecond)
	st = a.act("roll", st, "")
	assert.Equal(t, st.Version, next(t, ch).state.Version, "the same stream, after the timeouts")
}

// TestEventsExpired: a game found idle past the TTL by a request tells its
// streams at once, which send "gone" (they learnt it at the next
// heartbeat, 20 s later).
func TestEventsExpired(t *testing.T) {
	c, clock := limitsClient(t, Config{TTL: time.Hour})
	_, me, _ := c.create(`{}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := me.events(ctx)
	assert.Equal(t, "state", next(t, ch).name)
	clock.add(2 * time.Hour)
	me.refused(http.StatusNotFound, "no_game", "GET", "", "")
	assert.Equal(t, "gone", next(t, ch).name)
}
