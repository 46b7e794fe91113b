package main

// The games in memory: each is an entry, locked while a request uses it,
// loaded from the store on first use and saved after each change.

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
)

// storeFailed answers 503 when the store fails, and logs why; a request
// whose client went away (its context cancelled) is no store failure, and
// is not logged.
func (s *Server) storeFailed(w http.ResponseWriter, err error) {
	if !errors.Is(err, context.Canceled) {
		s.cfg.Logf("server: store: %v", err)
	}
	w.Header().Set("Retry-After", "1")
	fail(w, http.StatusServiceUnavailable, "store", "the game store failed; try again")
}

// noGame answers 404 no_game: no game has that id (or it expired).
func noGame(w http.ResponseWriter, id string) {
	if len(id) > 64 {
		id = id[:64] + "…"
	}
	fail(w, http.StatusNotFound, "no_game", "no game %s", errtext.Quote(id))
}

// errBotsBusy: the request ended while it waited for a bot slot.
var errBotsBusy = errors.New("no bot slot was free before the request ended or the wait ran out")

// botsBusy answers 503 busy: the request ended before a bot slot was free.
func botsBusy(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "1")
	fail(w, http.StatusServiceUnavailable, "busy", "no bot slot was free before the request ended or the wait ran out; try again")
}

// errGameBusy: the request ended, or waited as long as it may, while
// another request held its game.
var errGameBusy = errors.New("the game was in use by another request until the request ended or the wait ran out")

// gameBusy answers 503 busy: another request held the game (a bot's
// move, a slow store) past the wait.
func gameBusy(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "1")
	fail(w, http.StatusServiceUnavailable, "busy", "the game was in use by another request until the wait ran out; try again")
}

// acquire returns the entry of game id, locked, waiting for it while
// another request holds it until ctx is done (errGameBusy: the caller
// holds nothing). A new entry is only shared by the requests using it
// until one of them that found the game and its seat releases it: only
// then does it take a place in the cache (release), so that requests on
// unknown ids or with wrong tokens leave nothing behind and push no game
// out. The lock is a channel, not a mutex, so that a request whose client
// went away, or that waited its bound (acquireWithin), stops waiting: with a
// mutex every request on a game held by a slow bot or store waited for
// it, however long, its client gone or not.
func (s *Server) acquire(ctx context.Context, id string) (*entry, error) {
	s.mu.Lock()
	e := s.cache[id]
	if e == nil {
		e = &entry{id: id, lock: make(chan struct{}, 1)}
		s.cache[id] = e
	}
	e.refs++
	s.mu.Unlock()
	select {
	case e.lock <- struct{}{}:
		return e, nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.unref(e)
	// A release while this request waited may have kept e in the cache
	// past its size for this reference alone: trim as a release does.
	s.trim()
	return nil, fmt.Errorf("%w: %w", errGameBusy, context.Cause(ctx))
}

// acquireWithin is acquire with the wait bounded as for a bot slot, by
// Config.BotWait, however long the client would wait.
func (s *Server) acquireWithin(ctx context.Context, id string) (*entry, error) {
	wait, cancel := context.WithTimeout(ctx, s.cfg.BotWait)
	defer cancel()
	return s.acquire(wait, id)
}

// unref drops a request's reference to e (s.mu held), forgetting e once
// no request uses it and it has no place in the cache.
func (s *Server) unref(e *entry) {
	e.refs--
	if e.elem == nil && e.refs == 0 && s.cache[e.id] == e {
		delete(s.cache, e.id)
	}
}

// unlockOnPanic is deferred while a request may hold e: after a panic (a
// bug) with e still held (*held), it forgets e's game, which may be half
// changed and unsaved, unlocks e, and panics on for ServeHTTP to log.
// Without it a panic left the game locked, and every later request on it
// waited for ever.
func (s *Server) unlockOnPanic(e *entry, held *bool) {
	if v := recover(); v != nil {
		if *held {
			s.abandon(e, v)
		}
		panic(v)
	}
}

// abandon forgets e's game after panic v, unlocks e and panics on.
func (s *Server) abandon(e *entry, v any) {
	e.g = nil
	s.drop(e)
	panic(v)
}

// releaseAfter is the deferred release of the entry a request was handed:
// release, or after a panic what unlockOnPanic does.
func (s *Server) releaseAfter(e *entry) {
	if v := recover(); v != nil {
		s.abandon(e, v)
	}
	s.release(e)
}

// release unlocks e after a request that found its game and its seat: e
// becomes the most recently used game, and the cache is trimmed to its
// size, dropping the least recently used entries no request holds.
func (s *Server) release(e *entry) { s.unuse(e, true) }

// drop unlocks e after a refused request (no such game, a wrong token, a
// store failure): e keeps the place it had in the cache, if any, and is
// otherwise forgotten with the last request using it.
func (s *Server) drop(e *entry) { s.unuse(e, false) }

func (s *Server) unuse(e *entry, found bool) {
	loaded := e.g != nil
	<-e.lock
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case found && loaded && e.elem == nil:
		e.elem = s.lru.PushFront(e)
	case found && loaded:
		s.lru.MoveToFront(e.elem)
	case !loaded && e.elem != nil: // deleted, expired, or dropped after a failed save
		s.lru.Remove(e.elem)
		e.elem = nil
	}
	s.unref(e)
	s.trim()
}

// trim drops the least recently used games no request uses until the
// cache holds at most its size (s.mu held). A game a request uses is not
// dropped, so the cache can be above its size while requests are under
// way; the last of them to let go of a game, by a release or by giving
// up its wait (acquire), trims it again.
func (s *Server) trim() {
	for el := s.lru.Back(); s.lru.Len() > s.cfg.CacheSize && el != nil; {
		prev := el.Prev()
		if v := el.Value.(*entry); v.refs == 0 {
			s.lru.Remove(el)
			v.elem = nil
			delete(s.cache, v.id)
		}
		el = prev
	}
}

// load returns e's game as the store has it now (ErrNotFound for a game
// deleted or idle past the TTL); e is locked.
func (s *Server) load(ctx context.Context, e *entry) (*game, error) { return s.loadAs(ctx, e, "") }

// errNoSeat: a request's token is neither a seat's nor an invitation of
// its game (loadAs).
var errNoSeat = errors.New("the token holds no seat and is no invitation")

// loadAs is load for a request carrying token (none: ""). A game it would
// decode, replaying its whole record, is first looked at for its tokens
// alone: when token is neither a seat's nor an invitation, it returns
// errNoSeat, e as it was. So a wrong token costs the server the stored
// row's read and a look at its first fields, not the replay of a game of
// up to 65,536 actions (a refused request leaves nothing in the cache, so
// each one replayed it again).
func (s *Server) loadAs(ctx context.Context, e *entry, token string) (*game, error) {
	if _, ok := s.cfg.Store.(exclusive); ok && e.g != nil {
		if e.updated.Before(s.cfg.Now().Add(-s.cfg.TTL)) {
			return nil, s.expired(ctx, e)
		}
		return e.g, nil
	}
	have := -1
	if e.g != nil {
		have = e.g.version
	}
	row, err := s.store.Load(ctx, e.id, have)
	if err != nil {
		e.g = nil
		return nil, err
	}
	if row.Updated.Before(s.cfg.Now().Add(-s.cfg.TTL)) {
		return nil, s.expired(ctx, e)
	}
	if row.Data != nil {
		if token != "" && !mayHold(row.Data, token) {
			return nil, errNoSeat
		}
		if e.g, err = decodeGame(e.id, row.Data); err != nil {
			return nil, err
		}
	}
	e.updated = row.Updated
	return e.g, nil
}

// expired forgets e's game, idle past the TTL: it deletes it from the
// store (the sweeper deletes it otherwise) and tells its streams, which
// send "gone"; e is locked. It returns ErrNotFound.
func (s *Server) expired(ctx context.Context, e *entry) error {
	e.g = nil
	if err := s.store.Delete(ctx, e.id); err != nil && !errors.Is(err, context.Canceled) {
		s.cfg.Logf("server: deleting expired game %s: %v", e.id, err)
	}
	s.hub.notify(e.id)
	return ErrNotFound
}

// save writes g, changed from version prev, to the store; e is locked. On
// failure the cached copy is dropped, so the next request reads the store,
// and but for a conflict (nothing written) the game's streams are told:
// the store may have kept the change all the same (a timeout past the
// commit), and they read it.
func (s *Server) save(ctx context.Context, e *entry, g *game, prev int) error {
	data, err := g.encode()
	now := s.cfg.Now()
	if err == nil {
		err = s.store.Save(ctx, Row{ID: g.id, Version: g.version, Client: g.client, Over: g.match().IsOver(),
			Updated: now, Data: data}, prev)
	}
	if err != nil {
		e.g = nil
		if !errors.Is(err, ErrConflict) {
			s.hub.notify(g.id)
		}
		return err
	}
	e.updated = now
	s.hub.notify(g.id)
	return nil
}

// catchUp lets the bot make the moves it owes (a request that ended while
// it waited for a bot slot, or whose client had too many bots thinking)
// and saves them, as a request of client.
func (s *Server) catchUp(ctx context.Context, client string, e *entry, g *game) (*game, error) {
	if !g.botToAct() {
		return g, nil
	}
	prev := g.version
	if err := s.moveBot(ctx, client, g); err != nil {
		return g, err
	}
	if err := s.save(ctx, e, g, prev); err != nil {
		if errors.Is(err, ErrConflict) {
			return s.load(ctx, e)
		}
		return nil, err
	}
	return g, nil
}

// open authenticates a request on game id: it returns the entry (locked:
// the caller releases it), the game and the token's seat, or answers the
// request with an error and returns a nil entry.
func (s *Server) open(w http.ResponseWriter, r *http.Request, id string) (*entry, *game, nardy.Color) {
	if twoTokens(w, r) {
		return nil, nil, 0
	}
	token := bearer(r)
	if token == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy"`)
		fail(w, http.StatusUnauthorized, "no_token", "send the seat's token as Authorization: Bearer TOKEN")
		return nil, nil, 0
	}
	e, err := s.acquireWithin(r.Context(), id)
	if err != nil {
		gameBusy(w)
		return nil, nil, 0
	}
	held := true
	defer s.unlockOnPanic(e, &held)
	g, err := s.loadAs(r.Context(), e, token)
	if errors.Is(err, errNoSeat) {
		held = false
		s.drop(e)
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy", error="invalid_token"`)
		fail(w, http.StatusUnauthorized, "bad_token", "that token holds no seat in game %s", id)
		return nil, nil, 0
	}
	if err == nil {
		seat, ok := g.seatOf(token)
		if !ok {
			held = false
			s.drop(e)
			w.Header().Set("WWW-Authenticate", `Bearer realm="nardy", error="invalid_token"`)
			switch inv, used, isInvite := g.inviteOf(token); {
			case isInvite && used:
				fail(w, http.StatusUnauthorized, "invite_used", "that invitation to game %s was used: it holds no seat", id)
			case isInvite:
				fail(w, http.StatusUnauthorized, "join_first", "that token is the invitation to %s's seat of game %s: "+
					"join first (POST /api/games/%s/join) to get the seat's token", inv, id, id)
			default:
				fail(w, http.StatusUnauthorized, "bad_token", "that token holds no seat in game %s", id)
			}
			return nil, nil, 0
		}
		if g, err = s.catchUp(r.Context(), clientOf(r, s.cfg.TrustProxy), e, g); err == nil {
			held = false // the caller's now
			return e, g, seat
		} else if errors.Is(err, errBotsBusy) { // the game as it was is kept; the bot moves later
			held = false
			s.release(e)
			botsBusy(w)
			return nil, nil, 0
		}
	}
	held = false
	s.drop(e)
	if errors.Is(err, ErrNotFound) {
		noGame(w, id)
	} else {
		s.storeFailed(w, err)
	}
	return nil, nil, 0
}
