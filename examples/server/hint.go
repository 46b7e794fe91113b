package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
)

// hintPly is the depth of the hints: 1-ply (every play scored by the
// network, the best few averaged over the opponent's 21 rolls), a few
// milliseconds of one core, at most some 40,000 positions (about 55 ms) in
// the set-up positions with the most plays; a hint is bounded by
// Config.BotWork as a bot's decision is (analysis.Options.MaxEvals), and
// past it is the 0-ply hint.
const hintPly = 1

// maxHintPlays bounds the plays a hint lists.
const maxHintPlays = 10

// hintJSON is the answer of GET /api/games/{id}/hint: advice for the seat
// of the token, which must be the one to act. Chances and equities are
// the player's own, cubeless, under the game's scoring table.
type hintJSON struct {
	Version int    `json:"version"` // the state version the hint is for
	Player  string `json:"player"`
	Phase   string `json:"phase"`
	// Ply: the depth the hint was judged at, hintPly, or 0 when
	// Config.BotWork cut its search or a play had a single play to choose
	// (analysis.Hint.Ply).
	Ply int `json:"ply"`
	// Advice: the best play's text, or "roll", "double", "take", "beaver",
	// "drop", "accept", "reject".
	Advice string `json:"advice"`
	// Equity: the cubeless equity of Chances under the game's scoring
	// table (analysis.Hint.Equity), money play's units in a match too,
	// where the plays' equities are normalised match equity.
	Equity float64 `json:"equity"`
	// Chances: "win" and, by the game's words for the kinds of result,
	// "win_gammon", "lose_mars"... (chances of that kind or better), of
	// the kinds the game's scoring table counts only: a kind it does not
	// count scores as mars (L9), in whose chance it is (no koks or home
	// mars under the Moscow table, no backgammon in tavla), so the chances
	// are those Equity is computed from.
	Chances map[string]float64 `json:"chances"`
	// Plays: in the play of a roll, the best legal plays, whole plays
	// from the start of the roll, best first: once steps of the roll are
	// taken, only those the steps can still become (C8: the hint of the
	// game with the steps taken), and of a complete play (every step
	// taken, not yet posted) that play alone; those judged at Ply (the
	// others fell to the 0-ply filter), at most maxHintPlays. MorePlays
	// counts the plays not listed (of those the steps can become).
	Plays     []hintPlayJSON `json:"plays,omitempty"`
	MorePlays int            `json:"more_plays,omitempty"`
	Cube      *hintCubeJSON  `json:"cube,omitempty"`
}

type hintPlayJSON struct {
	Play   string   `json:"play"`
	Steps  [][3]int `json:"steps"` // [from, to, die], the mover's numbering
	Equity float64  `json:"equity"`
	Loss   float64  `json:"loss"` // equity lost against the best play
	Win    float64  `json:"win"`
	Ply    int      `json:"ply"` // the depth the play was judged at
}

// hintCubeJSON is the verdict on a double: the equities (money: points
// per cube value; match play: normalised match equity) of no double,
// double and take, double and drop, for the player on roll.
type hintCubeJSON struct {
	NoDouble   float64 `json:"no_double"`
	DoubleTake float64 `json:"double_take"`
	DoublePass float64 `json:"double_pass"`
	Double     bool    `json:"double"` // the player on roll should double
	Take       bool    `json:"take"`   // its opponent should take
	// Exact: the equities are exact, from the bear-off database's cube
	// tables (money play, both sides bearing off with at most five
	// checkers), not the cube model's estimates.
	Exact bool `json:"exact"`
}

// maxHintsPerClient bounds the hints of one client thinking or waiting
// for a bot slot at once; past it 429 hint_busy.
const maxHintsPerClient = 2

// maxBotRunsPerClient bounds the requests of one client that have a bot
// thinking or waiting for a bot slot at once; a request past it waits for
// one of them to end, as for a slot, and when none ends in time the bot
// owes its move, which a later request makes (a client with games against
// the slowest bot took every slot: helper-90).
const maxBotRunsPerClient = 2

// clientCount counts the runs of each client under way (hints, bot
// moves), at most limit each.
type clientCount struct {
	mu    sync.Mutex
	n     map[string]int
	limit int
	// freed is closed, and forgotten, when a run ends while a client
	// waits in acquire: the waiters then try again (made by the first
	// waiter after the last close).
	freed chan struct{}
}

// start counts a run of client, reporting false (and counting nothing)
// when the client has limit under way.
func (h *clientCount) start(client string) bool {
	ok, _ := h.tryStart(client)
	return ok
}

// tryStart is start that also returns, when it counts nothing, the
// channel closed when a run ends next.
func (h *clientCount) tryStart(client string) (bool, <-chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n[client] >= h.limit {
		if h.freed == nil {
			h.freed = make(chan struct{})
		}
		return false, h.freed
	}
	if h.n == nil {
		h.n = map[string]int{}
	}
	h.n[client]++
	return true, nil
}

// acquire counts a run of client like start, waiting while the client has
// limit under way, until ctx is done (its error then). It wakes when a run
// ends, not by polling.
func (h *clientCount) acquire(ctx context.Context, client string) error {
	for {
		ok, freed := h.tryStart(client)
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-freed:
		}
	}
}

// done ends a run of client and wakes the waiters.
func (h *clientCount) done(client string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n[client]--; h.n[client] <= 0 {
		delete(h.n, client)
	}
	if h.freed != nil {
		close(h.freed)
		h.freed = nil
	}
}

// running returns the runs of client under way.
func (h *clientCount) running(client string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n[client]
}

// hint answers GET /api/games/{id}/hint for seat: the network's advice on
// the decision the seat must make now. It takes what it needs of game g
// and releases e, its entry, before it waits for a bot slot and thinks, so
// that the game's other requests (the other seat's included) never wait
// for a hint; the answer says the version it is for. It thinks in a bot
// slot, so hints and bots together never take more than the pool's CPU,
// and a client has at most maxHintsPerClient hints under way.
func (s *Server) hint(w http.ResponseWriter, r *http.Request, e *entry, g *game, seat nardy.Color) {
	// What the hint needs, taken under the game's lock: gm is a value,
	// which the game's later changes do not touch; away is zeros in money
	// play.
	m := g.match()
	gm, version, away, over, off := m.Game(), g.version, m.Away(seat), m.IsOver(), g.noHints
	// Once steps of the roll are taken, the hint is the hint of the game
	// with them taken (C8): the plays they can still become. A complete
	// play is judged among the plays of its steps but the last, and is the
	// hint's one play.
	var made *nardy.Play
	if t, ok := g.turn(); ok && t.Len() > 0 {
		var err error
		if gm, err = g.stepped(t); err != nil {
			s.release(e)
			failGame(w, err) // not reached: the pending play's steps are its game's
			return
		}
		if p, err := t.Play(); err == nil && t.Done() {
			made = &p
		}
	}
	s.release(e)
	if off {
		fail(w, http.StatusForbidden, "no_hints",
			"hints are off in this game (a game between two people has them only when created with \"hints\": true, which both players see)")
		return
	}
	if over {
		failGame(w, nardy.ErrGameOver)
		return
	}
	if c, ok := gm.ToAct(); !ok || gm.Phase() == nardy.PhaseOpening {
		failGame(w, fmt.Errorf("%w: no hint for the opening throw", nardy.ErrWrongPhase))
		return
	} else if c != seat {
		failGame(w, fmt.Errorf("%w: a hint is for the player who must act, %s", nardy.ErrNotYourTurn, c))
		return
	}
	client := clientOf(r, s.cfg.TrustProxy)
	if !s.hints.start(client) {
		w.Header().Set("Retry-After", "1")
		fail(w, http.StatusTooManyRequests, "hint_busy", "a client has at most %d hints under way at once; wait for one", maxHintsPerClient)
		return
	}
	defer s.hints.done(client)
	var h analysis.Hint
	var err error
	if serr := s.bots.run(r.Context(), func() {
		h, err = analysis.HintFor(gm, away, analysis.Options{Ply: hintPly, MaxEvals: max(s.cfg.BotWork, 0)})
	}); serr != nil {
		botsBusy(w)
		return
	}
	if err == nil && made != nil {
		h, err = onlyPlay(h, *made, gm.Rules())
	}
	if err != nil {
		failGame(w, err)
		return
	}
	writeJSON(w, http.StatusOK, hintOf(h, version, gm.Phase(), gm.Rules()))
}

// onlyPlay returns play hint h cut to the play made (the one of h's plays
// with its board): the hint of a play whose every step is taken, which can
// become that play alone, judged as h judged it; its loss is then 0, and
// the hint's chances and equity are its.
func onlyPlay(h analysis.Hint, made nardy.Play, r nardy.Rules) (analysis.Hint, error) {
	for _, p := range h.Plays {
		if p.Play.Result() == made.Result() {
			p.Loss = 0
			h.Plays, h.Advice, h.Probs, h.Ply = []analysis.PlayHint{p}, p.Text, p.Probs, p.Ply
			h.Equity = p.Probs.Equity(r.Scoring)
			return h, nil
		}
	}
	// Not reached: the steps taken but the last can become the play they make.
	return h, fmt.Errorf("%w: the play made, %s, is none of the hint's", nardy.ErrWrongPhase, made)
}

// hintOf turns a hint into its JSON, for a game of rules r.
func hintOf(h analysis.Hint, version int, ph nardy.Phase, r nardy.Rules) hintJSON {
	v, sc := r.Variant, r.Scoring
	if sc == (nardy.Scoring{}) {
		sc = nardy.DefaultRules(v).Scoring
	}
	out := hintJSON{Version: version, Player: h.Player.String(), Phase: ph.String(), Ply: h.Ply,
		Advice: h.Advice, Equity: h.Equity, Chances: map[string]float64{"win": h.Probs.Win}}
	p := h.Probs
	kinds := []struct {
		k        nardy.ResultKind
		win, los float64
	}{{nardy.Mars, p.WinMars, p.LoseMars}, {nardy.Koks, p.WinKoks, p.LoseKoks}, {nardy.HomeMars, p.WinHomeMars, p.LoseHomeMars}}
	for _, k := range kinds {
		if !sc.Uses(k.k) || (k.k == nardy.HomeMars && v != nardy.Long) {
			continue
		}
		name := k.k.Name(v)
		out.Chances["win_"+name], out.Chances["lose_"+name] = k.win, k.los
	}
	for i, ph := range h.Plays {
		// The best plays were searched at the hint's depth, the rest at
		// 0-ply: their equities do not compare, so only the first are shown.
		if i == maxHintPlays || ph.Ply != h.Plays[0].Ply {
			out.MorePlays = len(h.Plays) - i
			break
		}
		out.Plays = append(out.Plays, hintPlayJSON{Play: ph.Text, Steps: triples(slices.Collect(ph.Play.Steps())),
			Equity: ph.Equity, Loss: ph.Loss, Win: ph.Probs.Win, Ply: ph.Ply})
	}
	if c := h.Cube; c != nil {
		out.Cube = &hintCubeJSON{NoDouble: c.NoDouble, DoubleTake: c.DoubleTake, DoublePass: c.DoublePass,
			Double: c.Double, Take: c.Take, Exact: c.Exact}
	}
	return out
}
