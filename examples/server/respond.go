package main

// Writing responses and reading request bodies: every reply of the API is
// JSON, every refusal an apiError.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/nardylab/nardy"
)

// apiError is the body of every refused request.
type apiError struct {
	Error string     `json:"error"`           // why, for people
	Code  string     `json:"code"`            // what, for programs
	Rule  string     `json:"rule,omitempty"`  // the rule a refused step or play breaks (docs/rules.md id)
	State *stateJSON `json:"state,omitempty"` // the current state, with a 409 for a stale version
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
	var ae *nardy.ActionError
	switch {
	case errors.Is(err, errWrongSeat):
		fail(w, http.StatusForbidden, "wrong_seat", "%v", err)
	case errors.Is(err, errBadRequest):
		fail(w, http.StatusBadRequest, "bad_request", "%v", err)
	case errors.Is(err, errResignAgain):
		fail(w, http.StatusConflict, "resign_again", "%v", err)
	case errors.Is(err, errSeedSet):
		fail(w, http.StatusConflict, "seed_set", "%v", err)
	case errors.As(err, &re):
		writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: err.Error(), Code: "illegal", Rule: re.Rule})
	case errors.Is(err, nardy.ErrNotYourTurn):
		fail(w, http.StatusConflict, "not_your_turn", "%v", err)
	case errors.Is(err, nardy.ErrGameOver):
		fail(w, http.StatusConflict, "game_over", "%v", err)
	case errors.Is(err, nardy.ErrWrongPhase), errors.Is(err, errNoPlay):
		fail(w, http.StatusConflict, "wrong_phase", "%v", err)
	case errors.As(err, &ae) && ae.Rule == "S6":
		fail(w, http.StatusConflict, "cube", "%v", err)
	case errors.As(err, &ae) && (ae.Rule == "L9" || ae.Rule == "S5"):
		fail(w, http.StatusUnprocessableEntity, "resign_kind", "%v", err)
	default:
		fail(w, http.StatusUnprocessableEntity, "refused", "%v", err)
	}
}

// decode reads a JSON object body into v. The body must be sent as
// Content-Type application/json: other types are what a page of another
// site can send without asking (a "simple" request), so they are refused
// with 415. Unknown fields, trailing data and bodies over maxBody are
// refused; an empty body leaves v as it is.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		fail(w, http.StatusUnsupportedMediaType, "not_json", "send the body as Content-Type: application/json")
		return false
	}
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
