package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// The load test: simulated players on the loopback interface play whole
// games through the HTTP API against a server over SQLite (the default
// deployment), for a fixed time, and it reports the requests per second,
// the latency (p50, p99), the 5xx answers, the memory per idle game and
// whether every finished game's record replays (no illegal move was
// accepted, every die matches the revealed seed). It stops by itself.
//
//	go test ./examples/server -run TestLoad -v -load 60s -load.clients 250
//
// Without -load it runs for a second and a half with 16 players, as a
// smoke test in CI.
var (
	loadTime    = flag.Duration("load", 1500*time.Millisecond, "how long TestLoad plays (at most 10m)")
	loadClients = flag.Int("load.clients", 16, "simulated players of TestLoad (at most 1000)")
	loadIdle    = flag.Int("load.idle", 500, "idle games TestLoad creates to measure their memory")
)

// loadStats collects the figures of the load test.
type loadStats struct {
	mu        sync.Mutex
	latencies []time.Duration
	status    map[int]int
	games     atomic.Int64 // finished and replayed
	bad       atomic.Int64 // finished games whose record did not replay
	failures  []string
}

func (s *loadStats) add(d time.Duration, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.latencies = append(s.latencies, d)
	s.status[status]++
}

func (s *loadStats) fail(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.failures) < 20 {
		s.failures = append(s.failures, fmt.Sprintf(format, args...))
	}
}

// loadPlayer is one simulated player: an address of its own (the quotas
// are per client) and the games it plays, one after the other.
type loadPlayer struct {
	url   string
	hc    *http.Client
	addr  string
	stats *loadStats
	rng   *rand.Rand
}

// call sends one request and decodes the JSON answer into v (if not nil).
func (p *loadPlayer) call(ctx context.Context, method, path, token, body string, v any) (int, error) {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, p.url+path, r)
	if err != nil {
		return 0, err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("X-Forwarded-For", p.addr)
	t0 := time.Now()
	resp, err := p.hc.Do(req)
	if err != nil {
		return 0, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return 0, err
	}
	p.stats.add(time.Since(t0), resp.StatusCode)
	if v != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, v); err != nil {
			return resp.StatusCode, err
		}
	}
	if resp.StatusCode >= 500 {
		p.stats.fail("%s %s: %d %s", method, path, resp.StatusCode, bytes.TrimSpace(b))
	}
	return resp.StatusCode, nil
}

// play plays one game to its end (or until ctx is done): against the bot
// mostly, one in five between two people whose seats it both holds.
func (p *loadPlayer) play(ctx context.Context, presets []string) {
	body := fmt.Sprintf(`{"preset":%q}`, presets[p.rng.IntN(len(presets))])
	human := p.rng.IntN(5) == 0
	if human {
		body = fmt.Sprintf(`{"preset":%q,"opponent":"human"}`, presets[p.rng.IntN(len(presets))])
	}
	var out createdJSON
	status, err := p.call(ctx, "POST", "/api/games", "", body, &out)
	if err != nil || status != http.StatusCreated {
		if status == http.StatusTooManyRequests {
			select { // a player past its quota waits a little
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
		return
	}
	tokens := map[string]string{out.Seat: out.Token}
	api := "/api/games/" + out.Game.ID
	st := out.Game
	if out.Invite != nil {
		var joined createdJSON
		s, err := p.call(ctx, "POST", api+"/join", out.Invite.Token, "{}", &joined)
		if err != nil {
			return
		}
		if s != http.StatusOK {
			p.stats.fail("game %s: join refused: %d", out.Game.ID, s)
			return
		}
		tokens[joined.Seat], st = joined.Token, joined.Game
	}
	for i := 0; i < 3000 && !st.MatchOver && ctx.Err() == nil; i++ {
		c, act := "", ""
		for _, color := range []string{"white", "black"} {
			if tokens[color] != "" && slices.ContainsFunc(st.Allowed[color], func(a string) bool {
				return a == "seed" || a == "roll" || a == "play" || a == "step" || a == "take" || a == "accept"
			}) {
				c = color
				break
			}
		}
		if c == "" {
			p.stats.fail("game %s: nobody can act: %+v", st.ID, st)
			return
		}
		allowed, tok := st.Allowed[c], tokens[c]
		fields := ""
		switch {
		case slices.Contains(allowed, "seed"): // as the page does: the first die of a game between people waits for both
			act, fields = "seed", fmt.Sprintf(`,"client_seed":"load-%d"`, p.rng.Uint64())
		case slices.Contains(allowed, "roll"):
			act = "roll"
		case slices.Contains(allowed, "play"):
			act = "play"
		case slices.Contains(allowed, "step"):
			var sj stepsJSON
			if s, err := p.call(ctx, "GET", api+"/steps", tok, "", &sj); err != nil || s != http.StatusOK || len(sj.Next) == 0 {
				return
			}
			n := sj.Next[p.rng.IntN(len(sj.Next))]
			act, fields = "step", fmt.Sprintf(`,"from":%d,"to":%d`, n.From, n.To)
		case slices.Contains(allowed, "take"):
			act = "take"
		case slices.Contains(allowed, "accept"):
			act = "accept"
		default:
			p.stats.fail("game %s: %s may only %v", st.ID, c, allowed)
			return
		}
		if p.rng.IntN(20) == 0 { // now and then the picture, as a page would
			if _, err := p.call(ctx, "GET", api+"/board.svg", tok, "", nil); err != nil {
				return
			}
		}
		var next stateJSON
		status, err := p.call(ctx, "POST", api+"/"+act, tok, fmt.Sprintf(`{"version":%d%s}`, st.Version, fields), &next)
		if err != nil {
			return
		}
		if status != http.StatusOK {
			p.stats.fail("game %s: %s by %s refused: %d", st.ID, act, c, status)
			return
		}
		st = next
	}
	if !st.MatchOver {
		return
	}
	var rec nardy.Record
	if s, err := p.call(ctx, "GET", api+"/record", tokens[out.Seat], "", &rec); err != nil || s != http.StatusOK {
		return
	}
	if _, err := nardy.Replay(rec); err != nil || rec.Fair == nil || rec.Fair.Seed == "" {
		p.stats.bad.Add(1)
		p.stats.fail("game %s: the record does not replay: %v", st.ID, err)
		return
	}
	p.stats.games.Add(1)
	_, _ = p.call(ctx, "DELETE", api, tokens[out.Seat], "", nil)
}

func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

func rssKB() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			n, _ := strconv.Atoi(strings.Fields(l)[1])
			return n
		}
	}
	return 0
}

func TestLoad(t *testing.T) {
	if *loadTime <= 0 || *loadTime > 10*time.Minute || *loadClients < 1 || *loadClients > 1000 || *loadIdle < 1 || *loadIdle > 20000 {
		t.Fatalf("-load %v, -load.clients %d, -load.idle %d: want (0, 10m], [1, 1000], [1, 20000]", *loadTime, *loadClients, *loadIdle)
	}
	perGame := idleMemory(t, *loadIdle)
	st, err := openSQLite(filepath.Join(t.TempDir(), "games.db"))
	require.NoError(t, err)
	defer st.Close()
	// The players are programs playing as fast as they can, not people:
	// the request rate would hold them back.
	s := NewServer(Config{Store: st, TrustProxy: true, Logf: t.Logf, RequestsPerMinute: 1e6, RequestBurst: 1e6})
	ts := httptest.NewServer(s) // 127.0.0.1 only
	defer ts.Close()
	defer s.Close()
	tr := &http.Transport{MaxIdleConns: 2 * *loadClients, MaxIdleConnsPerHost: 2 * *loadClients, IdleConnTimeout: time.Minute}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	stats := &loadStats{status: map[int]int{}}
	presets := []string{"long-moscow", "long-classic", "short-standard", "short-tavla"}
	rss0 := rssKB()

	ctx, cancel := context.WithTimeout(context.Background(), *loadTime)
	defer cancel()
	var wg sync.WaitGroup
	var peakHeap atomic.Uint64
	go func() { // samples the heap while the players play
		var ms runtime.MemStats
		for ctx.Err() == nil {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peakHeap.Load() {
				peakHeap.Store(ms.HeapInuse)
			}
			select {
			case <-ctx.Done():
			case <-time.After(500 * time.Millisecond):
			}
		}
	}()
	t0 := time.Now()
	for i := range *loadClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &loadPlayer{url: ts.URL, hc: hc, addr: fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255+1),
				stats: stats, rng: rand.New(rand.NewPCG(uint64(i), 12))}
			for ctx.Err() == nil {
				p.play(ctx, presets)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(t0)
	rssLoad := rssKB()

	slices.Sort(stats.latencies)
	n := len(stats.latencies)
	fives := 0
	for code, k := range stats.status {
		if code >= 500 {
			fives += k
		}
	}
	var codes []string
	for code, k := range stats.status {
		codes = append(codes, fmt.Sprintf("%d×%d", k, code))
	}
	slices.Sort(codes)
	t.Logf("load: %d players for %.1f s on %d cores (server and players in one process, SQLite store)",
		*loadClients, elapsed.Seconds(), runtime.GOMAXPROCS(0))
	t.Logf("load: %d requests, %.0f requests/s, p50 %.2f ms, p99 %.2f ms, max %.1f ms; statuses %s; 5xx: %d",
		n, float64(n)/elapsed.Seconds(), ms2(percentile(stats.latencies, .50)), ms2(percentile(stats.latencies, .99)),
		ms2(percentile(stats.latencies, 1)), strings.Join(codes, " "), fives)
	t.Logf("load: %d games finished, each record replayed with its dice checked; %d did not replay", stats.games.Load(), stats.bad.Load())
	t.Logf("load: memory: %d bytes of heap per idle game (%d games against the bot); heap in use at most %.0f MB under load; RSS %d MB before, %d MB after the load",
		perGame, *loadIdle, float64(peakHeap.Load())/(1<<20), rss0>>10, rssLoad>>10)
	for _, f := range stats.failures {
		t.Errorf("load: %s", f)
	}
	assert.Zero(t, fives, "5xx answers")
	assert.Zero(t, stats.bad.Load(), "games whose record does not replay")
	assert.Positive(t, n)
	assert.LessOrEqual(t, perGame, int64(16<<10), "memory per idle game")
}

// idleMemory returns the heap each of n idle games against the bot takes
// in a fresh server over SQLite: each after the opening throw and the bot's
// answer, from players of their own, all of them kept decoded in memory.
func idleMemory(t *testing.T, n int) int64 {
	st, err := openSQLite(filepath.Join(t.TempDir(), "idle.db"))
	require.NoError(t, err)
	defer st.Close()
	s := NewServer(Config{Store: st, TrustProxy: true, CacheSize: n, Logf: t.Logf, RequestsPerMinute: 1e6, RequestBurst: 1e6})
	defer s.Close()
	ts := httptest.NewServer(s)
	defer ts.Close()
	p := &loadPlayer{url: ts.URL, hc: ts.Client(), stats: &loadStats{status: map[int]int{}}}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	heap0 := ms.HeapAlloc
	for i := range n {
		p.addr = fmt.Sprintf("172.16.%d.%d", i/250, i%250+1)
		var out createdJSON
		status, err := p.call(context.Background(), "POST", "/api/games", "", `{"preset":"long-moscow"}`, &out)
		require.NoError(t, err)
		require.Equal(t, http.StatusCreated, status)
		status, err = p.call(context.Background(), "POST", "/api/games/"+out.Game.ID+"/roll", out.Token,
			fmt.Sprintf(`{"version":%d}`, out.Game.Version), nil)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, status)
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return (int64(ms.HeapAlloc) - int64(heap0)) / int64(n)
}

func ms2(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
