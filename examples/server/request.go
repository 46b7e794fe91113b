package main

import (
	"encoding/json"
	"fmt"

	"github.com/nardylab/nardy"
)

// actionRequest is the body of POST /api/games/{id}/{action}. Version is
// the state version the action was made on; Player, if given, must be the
// token's seat; the other fields belong to single actions.
type actionRequest struct {
	Version    *int         `json:"version"`
	Player     string       `json:"player"`
	From       *int         `json:"from"`        // step
	To         *int         `json:"to"`          // step
	Die        int          `json:"die"`         // step (0: the die that makes from/to)
	Steps      []stepTriple `json:"steps"`       // play: a whole play as [from, to, die] triples
	Notation   *string      `json:"notation"`    // play: a whole play as text, "24/18 13/11" (not with steps)
	Kind       string       `json:"kind"`        // resign: oin, mars, home_mars or koks, or single, gammon, backgammon (default oin)
	ClientSeed string       `json:"client_seed"` // seed: the player's part of the dice salt
}

// stepTriple is a step of a whole play as a request sends it: [from, to,
// die], exactly three whole numbers (encoding/json would drop a fourth
// and take two as [from, to, 0]).
type stepTriple [3]int

// UnmarshalJSON reads [from, to, die].
func (s *stepTriple) UnmarshalJSON(b []byte) error {
	var xs []int
	if err := json.Unmarshal(b, &xs); err != nil || len(xs) != 3 {
		if len(b) > 40 {
			b = append(b[:40:40], "..."...)
		}
		return fmt.Errorf("steps: a step is [from, to, die], three whole numbers, not %s", b)
	}
	*s = stepTriple(xs)
	return nil
}

// actions are the game actions a client may post, by name.
var actions = map[string]nardy.ActionKind{
	"roll": nardy.ActRoll, "step": nardy.ActStep, "undo": nardy.ActUndo, "play": nardy.ActPlay,
	"double": nardy.ActDouble, "take": nardy.ActTake, "drop": nardy.ActDrop, "beaver": nardy.ActBeaver,
	"resign": nardy.ActResign, "accept": nardy.ActAccept, "reject": nardy.ActReject,
}

// actionOrder lists the routes of POST /api/games/{id}/{action} in the order an
// error names them.
var actionOrder = []string{"seed", "roll", "step", "undo", "play", "double", "take", "drop", "beaver", "resign", "accept", "reject"}

// badRequest wraps errBadRequest with what is wrong with the request.
func badRequest(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errBadRequest, fmt.Sprintf(format, args...))
}
