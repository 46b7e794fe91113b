package main

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/render"
)

// board writes the SVG picture of the game for the viewer of the query
// (default: the seat of the token).
func (g *game) board(w http.ResponseWriter, r *http.Request, seat nardy.Color) {
	gm := g.game()
	viewer := seat
	if v := r.URL.Query().Get("viewer"); v != "" {
		var err error
		if viewer, err = parseColor("viewer", v); err != nil {
			fail(w, http.StatusBadRequest, "bad_viewer", "%v", err)
			return
		}
	}
	o := render.Options{Viewer: viewer, Title: fmt.Sprintf("%s, game %d", g.preset, g.match().GameNumber())}
	pos := gm.Position()
	if gm.Rules().Cube {
		o.Cube = gm.Cube()
	}
	// The steps of the roll being played, or else the last play while the
	// board is the one it left.
	if t, ok := g.turn(); ok {
		pos = t.Position()
		o.Dice, o.DiceLeft = t.Roll(), t.DiceLeft()
		o.Steps, o.StepsBy = slices.Collect(t.Steps()), onRoll(pos)
	} else if l := g.last; l != nil && l.game == g.match().GameNumber() && l.plays == gm.PlayCount() {
		o.Steps, o.StepsBy = fromTriples(l.Steps), l.by
	}
	b, err := render.AppendSVG(nil, pos, o)
	if err != nil {
		fail(w, http.StatusUnprocessableEntity, "render", "%v", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}
