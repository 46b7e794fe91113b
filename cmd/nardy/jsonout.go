package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/neural"
)

// The -json documents of legal, eval, hint, rollout and perft. Their names
// are analyze -json's (analysis.Report's, snake_case): "variant",
// "position" (the board as nardy.Position's text), "player" (the player
// who decides: on roll, or in hint the player to act), "away" (in a match,
// the points the player and its opponent still need), "roll" ("6-5"),
// "play" (the notation), "equity", "loss", "ply", "std_err", "probs"
// (neural.Probs' JSON) and "cube" (a verdict on a double,
// neural.CubeDecision's JSON, as analysis.Hint has it). A play has "steps"
// too: [from,to,die] triples in the mover's numbering, the steps of the
// "play" action that makes it (nardy.Play.Action's JSON), left out of the
// empty play of a roll with no legal step (C5), which no game takes.

// positionJSON is what a document says of the position it is about.
type positionJSON struct {
	Variant  nardy.Variant  `json:"variant"`
	Position nardy.Position `json:"position"`
	Player   nardy.Color    `json:"player"`             // on roll
	Away     [2]int         `json:"away,omitzero"`      // a match: the player's, its opponent's
	Crawford bool           `json:"crawford,omitempty"` // a match's Crawford game
}

// newPositionJSON returns what a document says of pos at the match score
// m (the zero MatchScore in money play).
func newPositionJSON(pos nardy.Position, m neural.MatchScore) positionJSON {
	me := pos.OnRoll()
	j := positionJSON{Variant: pos.Variant(), Position: pos, Player: me, Crawford: m.Crawford}
	if m != (neural.MatchScore{}) {
		j.Away = [2]int{m.Away[me], m.Away[me.Other()]}
	}
	return j
}

// playJSON is a play: its notation ([nardy.Play.MarshalText]) and steps.
type playJSON struct {
	Play  nardy.Play      `json:"play"`
	Steps json.RawMessage `json:"steps,omitempty"`
}

// newPlayJSON returns p as playJSON.
func newPlayJSON(p nardy.Play) (playJSON, error) {
	steps, err := playSteps(p)
	return playJSON{Play: p, Steps: steps}, err
}

// playSteps returns the "steps" of the JSON of the action that makes p
// ([nardy.Action.MarshalJSON]), or nil for the empty play, which no game
// takes (C5).
func playSteps(p nardy.Play) (json.RawMessage, error) {
	if p.IsEmpty() {
		return nil, nil
	}
	b, err := json.Marshal(p.Action())
	if err != nil {
		return nil, err
	}
	var a struct {
		Steps json.RawMessage `json:"steps"`
	}
	err = json.Unmarshal(b, &a)
	return a.Steps, err
}

// legalJSON is the document of legal -json.
type legalJSON struct {
	positionJSON
	Roll  nardy.Roll `json:"roll"`
	Count int        `json:"count"` // len(Plays)
	Plays []playJSON `json:"plays"`
}

// rankedPlayJSON is a play ranked by eval -roll or hint: analysis.PlayHint's
// JSON (play, probs, equity, loss ≥ 0 against the best, ply) and steps.
type rankedPlayJSON struct {
	analysis.PlayHint
	Steps json.RawMessage `json:"steps,omitempty"`
}

// newRankedPlays returns plays as rankedPlayJSON.
func newRankedPlays(plays []analysis.PlayHint) ([]rankedPlayJSON, error) {
	out := make([]rankedPlayJSON, len(plays))
	for i, p := range plays {
		steps, err := playSteps(p.Play)
		if err != nil {
			return nil, err
		}
		out[i] = rankedPlayJSON{PlayHint: p, Steps: steps}
	}
	return out, nil
}

// evalJSON is the document of eval -json without -roll.
type evalJSON struct {
	positionJSON
	Ply      int          `json:"ply"`
	Bearoff  bool         `json:"bearoff,omitempty"` // the chances are the bear-off database's
	Equity   float64      `json:"equity"`            // cubeless, under the rules' scoring table
	Probs    neural.Probs `json:"probs"`
	GameCube *nardy.Cube  `json:"game_cube,omitempty"` // the cube, where the rules have it
	// Cube is the verdict on a double by the player on roll, and
	// CubeAction its proper action as the text says it ("double, take");
	// where there is none (the Crawford game, the cube held by the
	// opponent or at its limit), NoCube says why.
	Cube       *neural.CubeDecision `json:"cube,omitempty"`
	CubeAction string               `json:"cube_action,omitempty"`
	NoCube     string               `json:"no_cube,omitempty"`
}

// rankJSON is the document of eval -roll -json: the best -top plays.
type rankJSON struct {
	positionJSON
	Roll  nardy.Roll       `json:"roll"`
	Ply   int              `json:"ply"`
	Count int              `json:"count"` // legal plays, of which Plays are the best
	Plays []rankedPlayJSON `json:"plays"`
}

// hintJSON is the document of hint -json: analysis.Hint's JSON (player,
// probs, equity, ply, plays cut to -top, cube, advice), the cube's
// proper action, and the game's.
type hintJSON struct {
	analysis.Hint
	Variant  nardy.Variant  `json:"variant"`
	Position nardy.Position `json:"position"`
	Act      string         `json:"act"`              // what the player does: "play 5-2", "roll or double"...
	Passed   string         `json:"passed,omitempty"` // the dice rolled had no legal play (C5)
	Length   int            `json:"length"`           // 0 money play, else the match's length
	Away     [2]int         `json:"away,omitzero"`
	Crawford bool           `json:"crawford,omitempty"`
	GameCube *nardy.Cube    `json:"game_cube,omitempty"`
	// CubeAction is Cube's proper action as the text says it ("double,
	// take"), as in eval's and rollout's documents.
	CubeAction string           `json:"cube_action,omitempty"`
	Count      int              `json:"count,omitempty"` // legal plays, of which Plays are the best
	Plays      []rankedPlayJSON `json:"plays,omitempty"`
}

// rolloutResultJSON is a rollout's result; StdErr is left out after a
// single trial, which gives no estimate of it, and the cubeful equity
// without -cubeful.
type rolloutResultJSON struct {
	Trials        int          `json:"trials"`
	Equity        float64      `json:"equity"`
	StdErr        *float64     `json:"std_err,omitempty"`
	Probs         neural.Probs `json:"probs"`
	Cubeful       *float64     `json:"cubeful,omitempty"`
	CubefulStdErr *float64     `json:"cubeful_std_err,omitempty"`
}

// newRolloutResult returns r as rolloutResultJSON.
func newRolloutResult(r neural.RolloutResult, cubeful bool) *rolloutResultJSON {
	j := &rolloutResultJSON{Trials: r.Trials, Equity: r.Equity, Probs: r.Probs}
	if r.Trials > 1 {
		j.StdErr = &r.StdErr
	}
	if cubeful {
		j.Cubeful = &r.Cubeful
		if r.Trials > 1 {
			j.CubefulStdErr = &r.CubefulStdErr
		}
	}
	return j
}

// rolledPlayJSON is a play of rollout -roll with its rollout.
type rolledPlayJSON struct {
	playJSON
	*rolloutResultJSON
}

// rolloutJSON is the document of rollout -json: the position's rollout
// (its fields at the top), the plays' (-roll) or the cube decision's
// (-double); interrupted, those of the trials played (none before the
// first trial), and Interrupted says what stopped it.
type rolloutJSON struct {
	positionJSON
	Ply      int         `json:"ply"`
	GameCube *nardy.Cube `json:"game_cube,omitempty"` // the cube at the start, with -cubeful or -double
	Roll     *nardy.Roll `json:"roll,omitempty"`
	*rolloutResultJSON
	Plays       []rolledPlayJSON     `json:"plays,omitempty"`
	Rollouts    *cubeRolloutsJSON    `json:"rollouts,omitempty"`
	Cube        *neural.CubeDecision `json:"cube,omitempty"`
	CubeAction  string               `json:"cube_action,omitempty"`
	Interrupted string               `json:"interrupted,omitempty"` // what stopped it: the figures are partial then
}

// cubeRolloutsJSON are the two rollouts of rollout -double, on the same
// dice; DoubleTake's cubeful equity is in units of the doubled cube (the
// verdict, "cube", has both in units of the cube before the double).
type cubeRolloutsJSON struct {
	NoDouble   *rolloutResultJSON `json:"no_double"`
	DoubleTake *rolloutResultJSON `json:"double_take,omitempty"` // left out when interrupted before its first trial
}

// perftJSON is the document of perft -json; interrupted, Leaves is the
// count so far, under the first Subtrees of the OfSubtrees (roll, play)
// pairs of the first ply (nardy.PerftCount).
type perftJSON struct {
	Variant     nardy.Variant  `json:"variant"`
	Position    nardy.Position `json:"position"`
	Depth       int            `json:"depth"`
	Leaves      uint64         `json:"leaves"`
	Workers     int            `json:"workers"`
	Seconds     float64        `json:"seconds"`
	Interrupted string         `json:"interrupted,omitempty"`
	Subtrees    *int           `json:"subtrees,omitempty"`
	OfSubtrees  *int           `json:"of_subtrees,omitempty"`
}

// writeJSON writes v to w as analyze -json writes its report: indented,
// one document, nothing written when v cannot be encoded.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// interruptContext returns a context that ends at an interrupt (Ctrl-C)
// or SIGTERM, as analyze's does: rollout and perft then print their
// partial figures, saying so.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
