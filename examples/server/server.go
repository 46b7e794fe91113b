package main

import (
	"container/list"
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
)

//go:embed static
var staticFiles embed.FS

// Config sets the store and the limits of a [Server]. The zero Config is a
// server with games in memory and the default limits.
type Config struct {
	// Store keeps the games; nil: in memory (lost on restart).
	Store Store
	// TTL: a game not changed for this long is deleted (0: 24 hours).
	TTL time.Duration
	// MaxGames bounds the games kept at once, over all clients (0:
	// 100,000); past it creating a game is refused with 503.
	MaxGames int
	// MaxGamesPerClient bounds the unfinished games one client (an IP
	// address, an IPv6 /64) has at once (0: 20); past it 429.
	MaxGamesPerClient int
	// MaxStoredPerClient bounds the games one client has in the store at
	// once, finished ones included until the TTL removes them (0: ten
	// times MaxGamesPerClient); past it 429. Without it a client that
	// finishes its games at once (a resignation) would fill the store.
	MaxStoredPerClient int
	// CreatesPerMinute and CreateBurst bound how fast one client creates
	// games (0: 30 a minute, bursts of 10); past it 429 with Retry-After.
	CreatesPerMinute, CreateBurst int
	// RequestsPerMinute and RequestBurst bound how fast one client sends
	// requests on games, reads and actions alike (0: 600 a minute, bursts
	// of 60); past it 429 request_rate with Retry-After.
	RequestsPerMinute, RequestBurst int
	// DevSeeds lets a request fix the dice with "seed": for development
	// and tests only, never in front of players.
	DevSeeds bool
	// TrustProxy takes the client's address from the last entry of
	// X-Forwarded-For (set it only behind a reverse proxy that sets it).
	TrustProxy bool
	// CacheSize bounds the games kept decoded in memory (0: 2048); the
	// others are read from the store when used.
	CacheSize int
	// BotSlots bounds the bots thinking at once (0: twice GOMAXPROCS),
	// and BotWait a request's wait for a slot (0: 10 seconds), during
	// which its game is locked, however long the client would wait: past
	// it a read, a hint, or an action that the bot's owed move must come
	// before is 503 busy (nothing done), and an action after which the bot
	// is to move is kept and answered with its state, the bot to act (it
	// moves on the game's next request).
	BotSlots int
	BotWait  time.Duration
	// BotWork bounds the work of a neural bot's decision, and of a hint:
	// the positions its search may evaluate at the bot's ply (a hint's:
	// 1-ply) before it is searched a ply shallower, down to 0-ply (0:
	// 200,000, a cut decision some 0.3 to 1.5 s of one core; negative: no
	// bound). A hint past it is the 0-ply hint, its "ply" 0
	// (analysis.Options.MaxEvals); 1-ply hints evaluated at most some
	// 40,000 positions in the set-up positions with the most plays, so
	// the default cuts none.
	BotWork int
	// StoreTimeout bounds each call on the store a request makes (0: 10
	// seconds): past it the request is 503 store, and its game is free.
	StoreTimeout time.Duration
	// MaxStreams bounds the live event streams at once (0: 1000), and
	// StreamLifetime the life of one (0: 30 minutes; the page reconnects).
	// A seat of a game has at most 4 at once.
	MaxStreams     int
	StreamLifetime time.Duration
	// MaxStreamsPerClient bounds the streams one client has open at once
	// (0: twice MaxGamesPerClient); past it 429.
	MaxStreamsPerClient int
	// SweepEvery is how often expired games are deleted (0: a tenth of
	// TTL, at most a minute; negative: never, for tests that sweep by hand).
	SweepEvery time.Duration
	// Now is the clock (nil: time.Now); tests move it.
	Now func() time.Time
	// Logf logs store failures and recovered panics; nil: the log package.
	Logf func(format string, args ...any)
}

// maxBody is the largest request body read.
const maxBody = 16 << 10

// Server is the game server: an http.Handler over a Store. Each game is
// used by one request at a time in a server (a lock per game); between
// servers sharing a store, the version each change is saved on decides.
type Server struct {
	cfg   Config
	store Store
	mux   *http.ServeMux
	bots  *botPool
	rate  *rateLimiter // creations
	// rateNet counts the creations of each IPv6 /48 network (networkOf).
	rateNet *rateLimiter
	reqs    *rateLimiter // requests on games
	hub     *hub
	hints   clientCount // hints under way, by client
	// botRuns counts the requests of each client with a bot thinking or
	// waiting for a slot.
	botRuns clientCount
	cancel  context.CancelFunc
	done    sync.WaitGroup

	// creating (a semaphore of one) makes the check of the game limits
	// and the insert of a new game one step within this server, so that
	// concurrent creations do not all pass the check; a request that ends
	// while it waits gives up its turn. Servers sharing PostgreSQL each
	// hold their own: together they may overshoot a limit by one game per
	// server.
	creating chan struct{}

	mu    sync.Mutex // guards cache and lru
	cache map[string]*entry
	lru   list.List // of *entry, most recently used first
}

// entry is a game's place in the server: its lock and its decoded state
// (nil until loaded, and after a failed save).
type entry struct {
	lock    chan struct{} // held (full) by the request using the game (acquire)
	id      string
	g       *game
	updated time.Time // when g was last saved
	refs    int       // requests using it; guarded by Server.mu
	elem    *list.Element
}

// NewServer returns a server over cfg.Store with the limits of cfg. Close
// stops its background work.
func NewServer(cfg Config) *Server {
	if cfg.Store == nil {
		cfg.Store = newMemStore()
	}
	if cfg.TTL <= 0 {
		cfg.TTL = 24 * time.Hour
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = 100_000
	}
	if cfg.MaxGamesPerClient <= 0 {
		cfg.MaxGamesPerClient = 20
	}
	if cfg.MaxStoredPerClient <= 0 {
		cfg.MaxStoredPerClient = 10 * cfg.MaxGamesPerClient
	}
	if cfg.CreatesPerMinute <= 0 {
		cfg.CreatesPerMinute = 30
	}
	if cfg.CreateBurst <= 0 {
		cfg.CreateBurst = 10
	}
	if cfg.RequestsPerMinute <= 0 {
		cfg.RequestsPerMinute = 600
	}
	if cfg.RequestBurst <= 0 {
		cfg.RequestBurst = 60
	}
	if cfg.CacheSize <= 0 {
		cfg.CacheSize = 2048
	}
	if cfg.BotSlots <= 0 {
		cfg.BotSlots = 2 * runtime.GOMAXPROCS(0)
	}
	if cfg.BotWait <= 0 {
		cfg.BotWait = 10 * time.Second
	}
	if cfg.StoreTimeout <= 0 {
		cfg.StoreTimeout = 10 * time.Second
	}
	if cfg.BotWork == 0 {
		cfg.BotWork = defaultBotWork
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = 1000
	}
	if cfg.MaxStreamsPerClient <= 0 {
		cfg.MaxStreamsPerClient = 2 * cfg.MaxGamesPerClient
	}
	if cfg.StreamLifetime <= 0 {
		cfg.StreamLifetime = 30 * time.Minute
	}
	if cfg.SweepEvery == 0 {
		cfg.SweepEvery = min(cfg.TTL/10, time.Minute)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	s := &Server{cfg: cfg, store: timedStore{cfg.Store, cfg.StoreTimeout}, creating: make(chan struct{}, 1), mux: http.NewServeMux(), bots: newBotPool(cfg.BotSlots, cfg.BotWait, max(cfg.BotWork, 0)),
		rate:    newRateLimiter(cfg.CreatesPerMinute, cfg.CreateBurst),
		rateNet: newRateLimiter(networkShare*cfg.CreatesPerMinute, networkShare*cfg.CreateBurst),
		reqs:    newRateLimiter(cfg.RequestsPerMinute, cfg.RequestBurst),
		hub:     newHub(cfg.MaxStreams, cfg.MaxStreamsPerClient), cache: map[string]*entry{},
		hints: clientCount{limit: maxHintsPerClient}, botRuns: clientCount{limit: maxBotRunsPerClient}}
	static, _ := fs.Sub(staticFiles, "static")
	files := http.FileServerFS(static)
	s.mux.HandleFunc("/{$}", s.only("GET", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, static, "index.html")
	}))
	s.mux.Handle("/static/", s.only("GET", func(w http.ResponseWriter, r *http.Request) {
		// The page's files only: no directory index (which served the
		// page at /static/), and a JSON 404 as elsewhere.
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		if f, err := fs.Stat(static, name); name == "" || strings.HasSuffix(name, "/") || err != nil || f.IsDir() {
			fail(w, http.StatusNotFound, "not_found", "no such path: %s", errtext.Shorten(r.URL.Path))
			return
		}
		http.StripPrefix("/static/", files).ServeHTTP(w, r)
	}))
	s.mux.HandleFunc("/api/presets", s.only("GET", s.presets))
	s.mux.HandleFunc("/api/games", s.only("POST", s.create))
	s.mux.HandleFunc("/api/games/{id}", s.limited(s.gameRoot))
	s.mux.HandleFunc("/api/games/{id}/{what}", s.limited(s.gameSub))
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "not_found", "no such path: %s", errtext.Shorten(r.URL.Path))
	})
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	if cfg.SweepEvery > 0 {
		s.done.Add(1)
		go func() {
			defer s.done.Done()
			t := time.NewTicker(cfg.SweepEvery)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					s.Sweep(ctx)
				}
			}
		}()
	}
	if wt, ok := cfg.Store.(Watcher); ok {
		s.done.Add(1)
		go func() {
			defer s.done.Done()
			for ctx.Err() == nil {
				if err := wt.Watch(ctx, s.hub.changed); err != nil && ctx.Err() == nil {
					s.cfg.Logf("server: watching the store: %v", err)
					select {
					case <-ctx.Done():
					case <-time.After(time.Second):
					}
				}
			}
		}()
	}
	return s
}

// pagePolicy is the Content-Security-Policy of the board page: its own
// script and style only, no framing.
const pagePolicy = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; " +
	"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// Close stops the server's background work (the sweeper, the store
// watcher) and ends its event streams. It does not close the store.
func (s *Server) Close() {
	s.cancel()
	s.hub.closeAll()
	s.done.Wait()
}

// Sweep deletes the games not changed for the TTL and forgets full rate
// buckets; the server calls it every SweepEvery.
func (s *Server) Sweep(ctx context.Context) {
	now := s.cfg.Now()
	if _, err := s.store.Expire(ctx, now.Add(-s.cfg.TTL)); err != nil {
		s.cfg.Logf("server: expiring games: %v", err)
	}
	s.rate.prune(now)
	s.rateNet.prune(now)
	s.reqs.prune(now)
}

// ServeHTTP serves the API and the board page. A panic (a bug) is logged
// and answered with a JSON error instead of a dropped connection.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.cfg.Logf("server: panic serving %s %s: %v", errtext.Shorten(r.Method), errtext.Shorten(r.URL.Path), v)
			fail(w, http.StatusInternalServerError, "internal", "internal error")
		}
	}()
	h := w.Header()
	h.Set("Content-Security-Policy", pagePolicy) // every answer, the page's own and any other
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	s.mux.ServeHTTP(w, r)
}

// only wraps h to answer other methods with 405 and a JSON error.
func (s *Server) only(method string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method && !(method == "GET" && r.Method == "HEAD") {
			w.Header().Set("Allow", method)
			fail(w, http.StatusMethodNotAllowed, "method_not_allowed", "%s %s: use %s", errtext.Shorten(r.Method), errtext.Shorten(r.URL.Path), method)
			return
		}
		h(w, r)
	}
}

// gameRoot serves GET (the state) and DELETE of /api/games/{id}.
func (s *Server) gameRoot(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" && r.Method != "HEAD" && r.Method != "DELETE" {
		w.Header().Set("Allow", "GET, DELETE")
		fail(w, http.StatusMethodNotAllowed, "method_not_allowed", "%s %s: use GET or DELETE", errtext.Shorten(r.Method), errtext.Shorten(r.URL.Path))
		return
	}
	if !validID(r.PathValue("id")) {
		noGame(w, r.PathValue("id"))
		return
	}
	e, g, seat := s.open(w, r, r.PathValue("id"))
	if e == nil {
		return
	}
	defer s.releaseAfter(e)
	if r.Method != "DELETE" {
		writeJSON(w, http.StatusOK, g.state(seat))
		return
	}
	// In play from its first action: a game set up at a position can be
	// decided by a dropped double before any die (helper-90).
	if g.kinds == [2]string{"human", "human"} && len(g.rec.Record().Actions) > 0 && !g.match().IsOver() {
		fail(w, http.StatusConflict, "in_play", "a game between two people is deleted before its first action or once it is over: resign first")
		return
	}
	if err := s.store.Delete(r.Context(), g.id); err != nil {
		// The store may have deleted it all the same (a timeout past the
		// commit): the next request, and the streams told now, read the
		// store, as after a failed save, instead of the copy in memory.
		e.g = nil
		s.hub.notify(g.id)
		s.storeFailed(w, err)
		return
	}
	e.g = nil
	s.hub.notify(g.id)
	w.WriteHeader(http.StatusNoContent)
}

// readOrder lists the GET resources of a game, as the README and the
// refusal of an unknown one name them; everything else is an action.
var readOrder = []string{"steps", "board.svg", "record", "record.mat", "events", "hint"}

// reads holds the names of readOrder.
var reads = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range readOrder {
		m[r] = true
	}
	return m
}()

// gameSub serves the resources and actions of one game.
func (s *Server) gameSub(w http.ResponseWriter, r *http.Request) {
	if !validID(r.PathValue("id")) {
		noGame(w, r.PathValue("id"))
		return
	}
	what := r.PathValue("what")
	_, isAction := actions[what]
	method := "POST"
	switch {
	case reads[what]:
		method = "GET"
	case what == "join":
		s.only("POST", func(w http.ResponseWriter, r *http.Request) { s.join(w, r, r.PathValue("id")) })(w, r)
		return
	case !isAction && what != "seed":
		fail(w, http.StatusNotFound, "unknown_action", "no resource or action %s; resources (GET): %s; actions (POST): join, %s",
			errtext.Quote(what), strings.Join(readOrder, ", "), strings.Join(actionOrder, ", "))
		return
	}
	s.only(method, func(w http.ResponseWriter, r *http.Request) {
		if (what == "events" || what == "hint") && r.Method == "HEAD" {
			// A stream without a body would only hold a slot, and a hint
			// without one would think for nothing.
			w.Header().Set("Allow", "GET")
			fail(w, http.StatusMethodNotAllowed, "method_not_allowed", "HEAD %s: use GET", errtext.Shorten(r.URL.Path))
			return
		}
		if what == "events" {
			s.events(w, r, r.PathValue("id"))
			return
		}
		var req actionRequest
		if method == "POST" {
			if !decode(w, r, &req) {
				return
			}
			if req.Version == nil {
				fail(w, http.StatusBadRequest, "no_version", "an action says the state version it was made on: {\"version\": N}")
				return
			}
		}
		e, g, seat := s.open(w, r, r.PathValue("id"))
		if e == nil {
			return
		}
		if what == "hint" {
			s.hint(w, r, e, g, seat) // releases e before it thinks
			return
		}
		defer s.releaseAfter(e)
		switch what {
		case "steps":
			st, err := g.steps()
			if err != nil {
				failGame(w, err)
				return
			}
			writeJSON(w, http.StatusOK, st)
		case "board.svg":
			g.board(w, r, seat)
		case "record":
			writeJSON(w, http.StatusOK, g.record())
		case "record.mat":
			g.recordMat(w, e.id)
		default:
			s.action(w, r, e, g, seat, what, req)
		}
	})(w, r)
}

// moveBot lets the bot of g make the moves it owes, in a bot slot, for a
// request of client: at most maxBotRunsPerClient of one client's requests
// have a bot thinking or waiting for a slot at once, a request past it
// waiting for one of them to end; when that or a slot does not come
// within Config.BotWait, the bot owes its moves (errBotsBusy), which a
// later request makes (catchUp).
func (s *Server) moveBot(ctx context.Context, client string, g *game) error {
	wait, cancel := context.WithTimeout(ctx, s.cfg.BotWait) // one deadline for both waits
	defer cancel()
	if err := s.botRuns.acquire(wait, client); err != nil {
		return fmt.Errorf("%w: %w", errBotsBusy, err)
	}
	defer s.botRuns.done(client)
	if err := s.bots.with(wait, g.botName, g.runBot); err != nil {
		return fmt.Errorf("%w: %w", errBotsBusy, err)
	}
	return nil
}

// action performs one action: exactly once, on the version it was made on.
func (s *Server) action(w http.ResponseWriter, r *http.Request, e *entry, g *game, seat nardy.Color, what string, req actionRequest) {
	ctx := r.Context()
	if *req.Version != g.version {
		st := g.state(seat)
		writeJSON(w, http.StatusConflict, apiError{Code: "stale", State: &st,
			Error: fmt.Sprintf("the action was made on version %d; the game is at version %d: nothing was done", *req.Version, g.version)})
		return
	}
	prev := g.version
	err := g.act(what, seat, req)
	if err == nil && g.botToAct() && s.moveBot(ctx, clientOf(r, s.cfg.TrustProxy), g) != nil {
		// The request ended while it waited for a bot slot: the action is
		// kept all the same, and the bot moves on a later request (catchUp).
		ctx = context.WithoutCancel(ctx)
	}
	if g.version != prev {
		if serr := s.save(ctx, e, g, prev); serr != nil {
			if !errors.Is(serr, ErrConflict) {
				s.storeFailed(w, serr)
				return
			}
			// Another server changed the game first: nothing of this
			// request was kept.
			cur, lerr := s.load(ctx, e)
			switch {
			case errors.Is(lerr, ErrNotFound): // swept or deleted meanwhile
				s.hub.notify(e.id)
				noGame(w, e.id)
				return
			case lerr != nil:
				fail(w, http.StatusConflict, "stale", "the game changed meanwhile: nothing was done")
				return
			}
			st := cur.state(seat)
			writeJSON(w, http.StatusConflict, apiError{Code: "stale", State: &st,
				Error: "the game changed meanwhile: nothing was done"})
			return
		}
	}
	if err != nil {
		failGame(w, err)
		return
	}
	writeJSON(w, http.StatusOK, g.state(seat))
}

// parseColor reads "white" or "black", the value of field, which its
// error names.
func parseColor(field, s string) (nardy.Color, error) {
	switch s {
	case "white":
		return nardy.White, nil
	case "black":
		return nardy.Black, nil
	}
	return 0, fmt.Errorf("%s: want \"white\" or \"black\", not %s", field, errtext.Quote(s))
}
