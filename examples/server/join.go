package main

// Joining a game between two people: the invitation the creator passes on
// is no seat token. Its only power is to join, once: POST .../join gives
// the invited seat a fresh token, which only the person who joined holds.

import (
	"errors"
	"net/http"
)

// joinRequest is the body of POST /api/games/{id}/join: {} (the joining
// player knows no version yet).
type joinRequest struct{}

// join serves POST /api/games/{id}/join with the invitation as the Bearer
// token: it gives the invited seat a token of its own (the store keeps its
// hash), retires the invitation, and answers like creating a game.
func (s *Server) join(w http.ResponseWriter, r *http.Request, id string) {
	var req joinRequest
	if !decode(w, r, &req) {
		return
	}
	token := bearer(r)
	if token == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy"`)
		fail(w, http.StatusUnauthorized, "no_token", "send the invitation as Authorization: Bearer TOKEN")
		return
	}
	ctx := r.Context()
	e := s.acquire(id)
	defer s.release(e)
	g, err := s.load(ctx, e)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			fail(w, http.StatusNotFound, "no_game", "no game %q", id)
		} else {
			s.storeFailed(w, err)
		}
		return
	}
	if seat, ok := g.seatOf(token); ok {
		fail(w, http.StatusConflict, "seated", "that token holds %s's seat already: join takes an invitation", seat)
		return
	}
	seat, used, ok := g.inviteOf(token)
	switch {
	case !ok:
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy", error="invalid_token"`)
		fail(w, http.StatusUnauthorized, "bad_token", "that token is no invitation to game %s", id)
		return
	case used:
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy", error="invalid_token"`)
		fail(w, http.StatusUnauthorized, "invite_used", "that invitation to game %s was used already", id)
		return
	}
	prev := g.version
	out := createdJSON{Seat: seat.String(), Token: newSecret()}
	g.tokens[seat] = tokenHash(out.Token)
	g.version++
	g.logf("%s joins the game", seat)
	if err := s.save(ctx, e, g, prev); err != nil {
		if errors.Is(err, ErrConflict) { // another server changed the game first: the invitation is unused
			fail(w, http.StatusConflict, "stale", "the game changed meanwhile: join again")
		} else {
			s.storeFailed(w, err)
		}
		return
	}
	out.Game = g.state(seat)
	writeJSON(w, http.StatusOK, out)
}
