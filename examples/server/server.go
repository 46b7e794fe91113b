package main

import (
	"crypto/rand"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

//go:embed static
var staticFiles embed.FS

// Config sets the limits of a [Server].
type Config struct {
	// MaxGames is the number of games kept in memory at once (0: 1000).
	// When it is reached, the least recently used finished game is dropped
	// to make room; when none is finished, creating a game is refused with
	// 429 Too Many Requests.
	MaxGames int
	// Logf logs requests that were refused by a bug (a recovered panic);
	// nil: the log package.
	Logf func(format string, args ...any)
}

// maxBody is the largest request body read.
const maxBody = 16 << 10

// Server is the game server: an http.Handler with games in memory, each
// behind its own lock.
type Server struct {
	cfg   Config
	mux   *http.ServeMux
	mu    sync.Mutex // guards games and clock
	games map[string]*game
	clock uint64 // counts uses, for least recently used
}

// NewServer returns a server with the limits of cfg.
func NewServer(cfg Config) *Server {
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = 1000
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), games: map[string]*game{}}
	static, _ := fs.Sub(staticFiles, "static")
	files := http.FileServerFS(static)
	s.mux.HandleFunc("/{$}", s.only("GET", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, static, "index.html")
	}))
	s.mux.Handle("/static/", s.only("GET", http.StripPrefix("/static/", files).ServeHTTP))
	s.mux.HandleFunc("/api/presets", s.only("GET", s.presets))
	s.mux.HandleFunc("/api/games", s.only("POST", s.create))
	s.mux.HandleFunc("/api/games/{id}", s.gameRoot)
	s.mux.HandleFunc("/api/games/{id}/{what}", s.gameSub)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "not_found", "no such path: %s", r.URL.Path)
	})
	return s
}

// ServeHTTP serves the API and the board page. A panic (a bug) is logged
// and answered with a JSON error instead of a dropped connection.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			s.cfg.Logf("server: panic serving %s %s: %v", r.Method, r.URL.Path, v)
			fail(w, http.StatusInternalServerError, "internal", "internal error")
		}
	}()
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	s.mux.ServeHTTP(w, r)
}

// only wraps h to answer other methods with 405 and a JSON error.
func (s *Server) only(method string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method && !(method == "GET" && r.Method == "HEAD") {
			w.Header().Set("Allow", method)
			fail(w, http.StatusMethodNotAllowed, "method_not_allowed", "%s %s: use %s", r.Method, r.URL.Path, method)
			return
		}
		h(w, r)
	}
}

// apiError is the body of every refused request.
type apiError struct {
	Error string `json:"error"`          // why, for people
	Code  string `json:"code"`           // what, for programs
	Rule  string `json:"rule,omitempty"` // the rule a refused step or play breaks (RULES.md id)
}

func fail(w http.ResponseWriter, status int, code, format string, args ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, args...), Code: code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	_ = enc.Encode(v)
}

// failGame answers a refused game action: 409 for an action that is not
// possible now (phase, turn, cube, game over), 422 for a step or play the
// rules forbid and for a malformed action.
func failGame(w http.ResponseWriter, err error) {
	var re *nardy.RuleError
	switch {
	case errors.Is(err, errForbidden):
		fail(w, http.StatusForbidden, "bot_player", "%v", err)
	case errors.Is(err, errBadRequest):
		fail(w, http.StatusBadRequest, "bad_request", "%v", err)
	case errors.As(err, &re):
		writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: err.Error(), Code: "illegal", Rule: re.Rule})
	case errors.Is(err, nardy.ErrNotYourTurn):
		fail(w, http.StatusConflict, "not_your_turn", "%v", err)
	case errors.Is(err, nardy.ErrGameOver), errors.Is(err, nardy.ErrMatchOver):
		fail(w, http.StatusConflict, "game_over", "%v", err)
	case errors.Is(err, nardy.ErrWrongPhase), errors.Is(err, nardy.ErrPlayStarted), errors.Is(err, errNoPlay):
		fail(w, http.StatusConflict, "wrong_phase", "%v", err)
	case errors.Is(err, nardy.ErrCubeOff), errors.Is(err, nardy.ErrCubeNotYours),
		errors.Is(err, nardy.ErrMaxCube), errors.Is(err, nardy.ErrNoBeaver):
		fail(w, http.StatusConflict, "cube", "%v", err)
	case errors.Is(err, nardy.ErrResignKind):
		fail(w, http.StatusUnprocessableEntity, "resign_kind", "%v", err)
	default:
		fail(w, http.StatusUnprocessableEntity, "refused", "%v", err)
	}
}

// decode reads a JSON body into v: unknown fields, trailing data and bodies
// over maxBody are refused. An empty body leaves v as it is.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, "too_large", "request body over %d bytes", maxBody)
			return false
		}
		fail(w, http.StatusBadRequest, "bad_body", "reading the body: %v", err)
		return false
	}
	if len(strings.TrimSpace(string(b))) == 0 {
		return true
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		fail(w, http.StatusBadRequest, "bad_json", "bad JSON body: %v", err)
		return false
	}
	if dec.More() {
		fail(w, http.StatusBadRequest, "bad_json", "bad JSON body: data after the object")
		return false
	}
	return true
}

// presetJSON describes a preset for clients.
type presetJSON struct {
	Name    string `json:"name"`
	Source  string `json:"source"`
	Variant string `json:"variant"`
	Cube    bool   `json:"cube"`
}

func (s *Server) presets(w http.ResponseWriter, r *http.Request) {
	var out []presetJSON
	for _, p := range variants.All() {
		out = append(out, presetJSON{p.Name, p.Source, p.Rules.Variant.String(), p.Rules.Cube})
	}
	writeJSON(w, http.StatusOK, out)
}

// createRequest is the body of POST /api/games.
type createRequest struct {
	Preset   string  `json:"preset"`   // a name of variants.All (default long-moscow)
	Opponent string  `json:"opponent"` // "bot" (default) or "human"
	Color    string  `json:"color"`    // the person's colour against the bot (default white)
	Bot      string  `json:"bot"`      // random, greedy (default) or expectimax
	Length   int     `json:"length"`   // match length, 0: one game of money play
	Seed     *uint64 `json:"seed"`     // the dice seed (default: random)
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	req := createRequest{Preset: "long-moscow", Opponent: "bot", Color: "white", Bot: "greedy"}
	if !decode(w, r, &req) {
		return
	}
	preset, err := variants.Lookup(req.Preset)
	if err != nil {
		fail(w, http.StatusBadRequest, "bad_preset", "%v", err)
		return
	}
	if req.Length < 0 || req.Length > 99 {
		fail(w, http.StatusBadRequest, "bad_length", "match length %d: want 0 (money game) to 99", req.Length)
		return
	}
	human, err := parseColor(req.Color)
	if err != nil {
		fail(w, http.StatusBadRequest, "bad_color", "color: %v", err)
		return
	}
	var seed uint64
	if req.Seed != nil {
		seed = *req.Seed
	} else {
		var b [8]byte
		_, _ = rand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:])
	}
	var kinds [2]string
	switch req.Opponent {
	case "bot":
		kinds[human], kinds[human.Other()] = "human", "bot"
	case "human":
		kinds = [2]string{"human", "human"}
	default:
		fail(w, http.StatusBadRequest, "bad_opponent", "opponent %q: want \"bot\" or \"human\"", req.Opponent)
		return
	}
	g, err := newGame(preset, req.Length, seed, kinds, req.Bot)
	if err != nil {
		fail(w, http.StatusBadRequest, "bad_game", "%v", err)
		return
	}
	if !s.add(g) {
		fail(w, http.StatusTooManyRequests, "too_many_games", "the server holds %d games, none finished; try later", s.cfg.MaxGames)
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.runBot()
	writeJSON(w, http.StatusCreated, g.state())
}

// add stores g under a fresh id, dropping the least recently used
// finished game when the store is full; it reports false when it is full
// of unfinished games.
func (s *Server) add(g *game) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.games) >= s.cfg.MaxGames && !s.evict() {
		return false
	}
	for {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		if _, ok := s.games[id]; !ok {
			g.id = id
			break
		}
	}
	s.clock++
	g.used.Store(s.clock)
	s.games[g.id] = g
	return true
}

// evict drops the least recently used finished game; s.mu is held.
func (s *Server) evict() bool {
	var victim *game
	for _, g := range s.games {
		if g.over.Load() && (victim == nil || g.used.Load() < victim.used.Load()) {
			victim = g
		}
	}
	if victim == nil {
		return false
	}
	delete(s.games, victim.id)
	return true
}

// lookup returns the game named in the path, or answers 404.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) *game {
	id := r.PathValue("id")
	s.mu.Lock()
	g := s.games[id]
	if g != nil {
		s.clock++
		g.used.Store(s.clock)
	}
	s.mu.Unlock()
	if g == nil {
		fail(w, http.StatusNotFound, "no_game", "no game %q", id)
	}
	return g
}

// gameRoot serves GET (the state) and DELETE of /api/games/{id}.
func (s *Server) gameRoot(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case "GET", "HEAD":
		g := s.lookup(w, r)
		if g == nil {
			return
		}
		g.mu.Lock()
		st := g.state()
		g.mu.Unlock()
		writeJSON(w, http.StatusOK, st)
	case "DELETE":
		if g := s.lookup(w, r); g != nil {
			s.mu.Lock()
			delete(s.games, g.id)
			s.mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
		}
	default:
		w.Header().Set("Allow", "GET, DELETE")
		fail(w, http.StatusMethodNotAllowed, "method_not_allowed", "%s %s: use GET or DELETE", r.Method, r.URL.Path)
	}
}

// reads are the GET resources of a game; everything else is an action.
var reads = map[string]bool{"steps": true, "board.svg": true, "record": true}

// gameSub serves the resources and actions of one game.
func (s *Server) gameSub(w http.ResponseWriter, r *http.Request) {
	what := r.PathValue("what")
	_, isAction := actions[what]
	method := "POST"
	switch {
	case reads[what]:
		method = "GET"
	case !isAction:
		fail(w, http.StatusNotFound, "unknown_action", "no resource or action %q; actions: %s", what, actionNames())
		return
	}
	s.only(method, func(w http.ResponseWriter, r *http.Request) {
		var req actionRequest
		if method == "POST" && !decode(w, r, &req) {
			return
		}
		g := s.lookup(w, r)
		if g == nil {
			return
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		switch what {
		case "steps":
			st, err := g.steps()
			if err != nil {
				failGame(w, err)
				return
			}
			writeJSON(w, http.StatusOK, st)
		case "board.svg":
			g.board(w, r)
		case "record":
			rec := g.rec.Record()
			if !g.match().IsOver() {
				rec.Seed = nil // the seed tells the dice to come
			}
			writeJSON(w, http.StatusOK, rec)
		default:
			if err := g.act(what, req); err != nil {
				failGame(w, err)
				return
			}
			g.runBot()
			writeJSON(w, http.StatusOK, g.state())
		}
	})(w, r)
}

func actionNames() string { return strings.Join(actionOrder, ", ") }

// parseColor reads "white" or "black".
func parseColor(s string) (nardy.Color, error) {
	switch s {
	case "white":
		return nardy.White, nil
	case "black":
		return nardy.Black, nil
	}
	return 0, fmt.Errorf("%s: want \"white\" or \"black\"", strconv.Quote(s))
}
