package main

// Joining a game between two people: the invitation the creator passes on
// is no seat token. Its only power is to join, once: POST .../join gives
// the invited seat a token of its own, which only the person who joined
// holds. The joining client should choose that token itself and send it:
// then the join is safe to retry (the same invitation and the same token
// are answered again as the first time), so an answer lost on the way
// does not lose the seat.

import (
	"crypto/subtle"
	"errors"
	"net/http"
)

// joinRequest is the body of POST /api/games/{id}/join: {} (the joining
// player knows no version yet), or {"token": T} with the seat's token the
// client chose: 32 random bytes in base64url without padding (43
// characters of A-Z a-z 0-9 - _). Without one the server draws the token,
// and a join whose answer is lost cannot be retried.
type joinRequest struct {
	Token string `json:"token"`
}

// seatTokenLen is the length of a seat token: 32 bytes in base64url
// without padding.
const seatTokenLen = 43

// validSeatToken reports whether t has the form of a seat token a client
// may choose: seatTokenLen characters of base64url.
func validSeatToken(t string) bool {
	if len(t) != seatTokenLen {
		return false
	}
	for _, c := range []byte(t) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// join serves POST /api/games/{id}/join with the invitation as the Bearer
// token: it gives the invited seat its token (the client's, or a fresh
// one; the store keeps its hash), retires the invitation, and answers
// like creating a game. The same invitation with the same client token
// after the join is answered again the same way and changes nothing.
func (s *Server) join(w http.ResponseWriter, r *http.Request, id string) {
	var req joinRequest
	if !decode(w, r, &req) {
		return
	}
	if req.Token != "" && !validSeatToken(req.Token) {
		fail(w, http.StatusBadRequest, "bad_seat_token",
			"token: a seat's token is %d characters of A-Z a-z 0-9 - _ (32 random bytes in base64url)", seatTokenLen)
		return
	}
	if twoTokens(w, r) {
		return
	}
	token := bearer(r)
	if token == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy"`)
		fail(w, http.StatusUnauthorized, "no_token", "send the invitation as Authorization: Bearer TOKEN")
		return
	}
	ctx := r.Context()
	e, err := s.acquireWithin(ctx, id)
	if err != nil {
		gameBusy(w)
		return
	}
	found := false // the game, and the invitation or the seat's token
	defer func() {
		if v := recover(); v != nil { // a bug: forget the half-changed game
			s.abandon(e, v)
		}
		if found {
			s.release(e)
		} else {
			s.drop(e)
		}
	}()
	g, err := s.loadAs(ctx, e, token)
	if errors.Is(err, errNoSeat) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy", error="invalid_token"`)
		fail(w, http.StatusUnauthorized, "bad_token", "that token is no invitation to game %s", id)
		return
	}
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			noGame(w, id)
		} else {
			s.storeFailed(w, err)
		}
		return
	}
	if seat, ok := g.seatOf(token); ok {
		found = true
		fail(w, http.StatusConflict, "seated", "that token holds %s's seat already: join takes an invitation", seat)
		return
	}
	seat, used, ok := g.inviteOf(token)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy", error="invalid_token"`)
		fail(w, http.StatusUnauthorized, "bad_token", "that token is no invitation to game %s", id)
		return
	}
	found = true
	switch {
	case used && req.Token != "" && subtle.ConstantTimeCompare([]byte(tokenHash(req.Token)), []byte(g.tokens[seat])) == 1:
		// A retry of the join that took the seat: its answer again.
		writeJSON(w, http.StatusOK, createdJSON{Seat: seat.String(), Token: req.Token, Game: g.state(seat)})
		return
	case used:
		w.Header().Set("WWW-Authenticate", `Bearer realm="nardy", error="invalid_token"`)
		fail(w, http.StatusUnauthorized, "invite_used", "that invitation to game %s was used already", id)
		return
	}
	out := createdJSON{Seat: seat.String(), Token: req.Token}
	if out.Token == "" {
		out.Token = newSecret()
	} else if _, taken := matchHash(out.Token, g.tokens); taken || out.Token == token {
		// The other seat's token, or the invitation (which the creator
		// knows): either would let someone else act for the seat.
		fail(w, http.StatusBadRequest, "bad_seat_token", "token: a token of this game already; draw a new one")
		return
	}
	prev := g.version
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
