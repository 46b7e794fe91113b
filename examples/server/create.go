package main

import (
	"crypto/sha256"
	"net/http"
	"strconv"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
	"github.com/nardylab/nardy/variants"
)

// The requests that make games: GET /api/presets, the rules a game can be
// played under, and POST /api/games, a new game or match against the bot
// or another person.

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
	Preset   string `json:"preset"`   // a name of variants.All (default long-moscow)
	Opponent string `json:"opponent"` // "bot" (default) or "human"
	Color    string `json:"color"`    // the creator's colour (default white)
	// Bot: a name of bot.Names (random, greedy, the default, expectimax,
	// neural0, neural1, neural2), for a game against the bot only.
	Bot    *string `json:"bot"`
	Length int     `json:"length"` // match length, 0: one game of money play
	// Start: the score the match begins at, {"score": [white, black],
	// "crawford_done": bool} (nardy.MatchStart); none: 0-0.
	Start nardy.MatchStart `json:"start"`
	// Setup: the first game set up at a position, as a trainer sets one
	// up ({"position": "short w …", "cube": {…}, "starter": "white",
	// "match": bool, "crawford": bool}, a nardy.Setup; see
	// nardy.ResumeRecorder); none: the first game starts at its opening.
	Setup *nardy.Setup `json:"setup"`
	Seed  *uint64      `json:"seed"` // fixes the dice: only with Config.DevSeeds
	// Hints: whether the players may ask the server's advice (GET
	// .../hint). Default: yes against the bot, no in a game between two
	// people, where it would be one player's secret help; the state shows
	// it to both.
	Hints *bool `json:"hints"`
}

// createdJSON is the answer of POST /api/games: the state, the creator's
// seat and token, and for a game between two people the other seat's
// invitation.
type createdJSON struct {
	Game   stateJSON   `json:"game"`
	Seat   string      `json:"seat"`
	Token  string      `json:"token"`
	Invite *inviteJSON `json:"invite,omitempty"`
}

// inviteJSON is the other person's invitation: its seat, its token and
// the page's link. The token only joins the game (POST .../join), once.
type inviteJSON struct {
	Seat  string `json:"seat"`
	Token string `json:"token"`
	URL   string `json:"url"` // relative: /#g=ID&i=TOKEN (the fragment never reaches a server; the page joins with it)
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	req := createRequest{Preset: "long-moscow", Opponent: "bot", Color: "white"}
	if !decode(w, r, &req) {
		return
	}
	preset, err := variants.Lookup(req.Preset)
	if err != nil {
		fail(w, http.StatusBadRequest, "bad_preset", "%v", err)
		return
	}
	if req.Length < 0 || req.Length > 99 {
		fail(w, http.StatusBadRequest, "bad_length", "length: want 0 (money game) to 99, not %d", req.Length)
		return
	}
	me, err := parseColor("color", req.Color)
	if err != nil {
		fail(w, http.StatusBadRequest, "bad_color", "%v", err)
		return
	}
	if req.Seed != nil && !s.cfg.DevSeeds {
		fail(w, http.StatusForbidden, "no_seed", "the server throws the dice: a seed is taken only in development (-dev-seeds)")
		return
	}
	var kinds [2]string
	switch req.Opponent {
	case "bot":
		kinds[me], kinds[me.Other()] = "human", "bot"
	case "human":
		kinds = [2]string{"human", "human"}
	default:
		fail(w, http.StatusBadRequest, "bad_opponent", "opponent: want \"bot\" or \"human\", not %s", errtext.Quote(req.Opponent))
		return
	}
	botName := "greedy" // the API's default
	if req.Bot != nil {
		// A name given is checked even where no seat would use it: a
		// client that names a bot for a game between two people has
		// misread the API, and is told so rather than ignored.
		switch {
		case !knownBot(*req.Bot):
			fail(w, http.StatusBadRequest, "bad_game", "bot: want one of %v, not %s", botNames(), errtext.Quote(*req.Bot))
			return
		case kinds[0] != "bot" && kinds[1] != "bot":
			fail(w, http.StatusBadRequest, "bad_game", "bot: %s given for a game between two people, where no seat is a bot "+
				"(leave bot out, or ask for \"opponent\": \"bot\")", errtext.Quote(*req.Bot))
			return
		}
		botName = *req.Bot
	}
	g, err := newGame(preset, req.Length, req.Start, req.Setup, kinds, botName)
	if err != nil {
		fail(w, http.StatusBadRequest, "bad_game", "%v", err)
		return
	}
	now := s.cfg.Now()
	client := clientOf(r, s.cfg.TrustProxy)
	ctx := r.Context()
	// The rate first: a refused request costs no store query and waits
	// for no lock.
	if ok, wait, crowded := s.rate.allow(client, now); crowded {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())))
		fail(w, http.StatusTooManyRequests, "rate", "the server counts the creations of %d clients at once "+
			"and has no room for yours; try in %.0f s", maxClients, wait.Seconds())
		return
	} else if !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		fail(w, http.StatusTooManyRequests, "rate", "games are created at most %d a minute per client; try in %.0f s",
			s.cfg.CreatesPerMinute, wait.Seconds()+1)
		return
	}
	if network, ok := networkOf(client); ok {
		if ok, wait, crowded := s.rateNet.allow(network, now); crowded {
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())))
			fail(w, http.StatusTooManyRequests, "rate", "the server counts the creations of %d IPv6 networks at once "+
				"and has no room for yours; try in %.0f s", maxClients, wait.Seconds())
			return
		} else if !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
			fail(w, http.StatusTooManyRequests, "rate", "games are created at most %d a minute per IPv6 /48 network; try in %.0f s",
				networkShare*s.cfg.CreatesPerMinute, wait.Seconds()+1)
			return
		}
	}
	select {
	case s.creating <- struct{}{}:
		defer func() { <-s.creating }()
	case <-ctx.Done():
		w.Header().Set("Retry-After", "1")
		fail(w, http.StatusServiceUnavailable, "busy", "the server was creating other games until the request ended; try again")
		return
	}
	all, mine, unfinished, err := s.store.Count(ctx, client, now.Add(-s.cfg.TTL))
	if err != nil {
		s.storeFailed(w, err)
		return
	}
	if all >= s.cfg.MaxGames {
		w.Header().Set("Retry-After", "60")
		fail(w, http.StatusServiceUnavailable, "server_full", "the server holds %d games; try later", all)
		return
	}
	if unfinished >= s.cfg.MaxGamesPerClient {
		games := "games"
		if unfinished == 1 {
			games = "game"
		}
		fail(w, http.StatusTooManyRequests, "quota", "you have %d unfinished %s, the most one client may have; finish or delete one", unfinished, games)
		return
	}
	if mine >= s.cfg.MaxStoredPerClient {
		w.Header().Set("Retry-After", strconv.Itoa(int(s.cfg.TTL.Seconds())))
		fail(w, http.StatusTooManyRequests, "quota", "the server keeps %d of your games, finished ones included, "+
			"the most it keeps for one client; delete some, or wait until they expire", mine)
		return
	}
	g.noHints = kinds == [2]string{"human", "human"}
	if req.Hints != nil {
		g.noHints = !*req.Hints
	}
	if req.Seed != nil {
		g.seed, g.dev = sha256.Sum256([]byte("nardy dev seed "+strconv.FormatUint(*req.Seed, 10))), true
	} else {
		g.seed = newSeed()
	}
	out := createdJSON{Seat: me.String(), Token: newSecret()}
	g.tokens[me] = tokenHash(out.Token)
	g.id, g.client, g.created, g.version = newID(), client, now, 1
	if kinds[me.Other()] == "human" {
		inv := newSecret()
		g.invites[me.Other()] = tokenHash(inv) // the seat's token comes with the join
		out.Invite = &inviteJSON{Seat: me.Other().String(), Token: inv, URL: "/#g=" + g.id + "&i=" + inv}
	}
	data, err := g.encode()
	if err != nil {
		s.storeFailed(w, err)
		return
	}
	if err := s.store.Create(ctx, Row{ID: g.id, Version: g.version, Client: client, Updated: now, Data: data}); err != nil {
		s.storeFailed(w, err)
		return
	}
	out.Game = g.state(me)
	writeJSON(w, http.StatusCreated, out)
}
