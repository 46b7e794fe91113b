package main

// GET /api/games/{id}/record.mat: the game's record as a GNU Backgammon
// match file, written by gnubg.WriteMat.

import (
	"bytes"
	"fmt"
	"io"
	"net/http"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

// matContentType is the content type of a .mat file: text, which gnubg
// reads as ASCII or UTF-8 (the names of the players).
const matContentType = "text/plain; charset=utf-8"

// recordMat answers GET .../record.mat: the record g.record() gives the
// JSON route, written as a .mat file (writeMat), or 409 no_mat saying
// why the game has none.
func (g *game) recordMat(w http.ResponseWriter, id string) {
	var buf bytes.Buffer
	if err := g.writeMat(&buf); err != nil {
		fail(w, http.StatusConflict, "no_mat", "%v; GET .../record gives the record as JSON", err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", matContentType)
	h.Set("Content-Disposition", `attachment; filename="nardy-`+id+`.mat"`) // an id is 32 hex digits: nothing to quote
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

// writeMat writes the record g.record() gives the JSON route as a .mat
// file to w, so it shows no more than that route (a .mat file has no
// place for the fair-dice proof, whose seed the JSON route shows once the
// match is over). Long nardy, which the format cannot hold, and a
// short-nardy game WriteMat refuses (a set-up first game, a scoring gnubg
// cannot read, …) have no .mat file: the error says why. The state's
// "mat" is whether it has one, so the board page offers the download
// exactly when the route serves it.
func (g *game) writeMat(w io.Writer) error {
	rec := g.record()
	if v := rec.Rules.Variant; v != nardy.Short {
		return fmt.Errorf("a game of %s nardy has no .mat record: the .mat format of GNU Backgammon holds short nardy (backgammon) only", v)
	}
	if err := gnubg.WriteMat(w, rec, gnubg.MatInfo{Players: g.matPlayers()}); err != nil {
		return fmt.Errorf("this game has no .mat record: %w", err)
	}
	return nil
}

// hasMat reports whether writeMat writes the record: the state's "mat".
// It writes it once a version (matAt).
func (g *game) hasMat() bool {
	if g.matAt != g.version+1 {
		g.matOK, g.matAt = g.writeMat(io.Discard) == nil, g.version+1
	}
	return g.matOK
}

// matPlayers names the players of the .mat file: a person by its colour,
// the bot by its name.
func (g *game) matPlayers() [2]string {
	names := [2]string{"White", "Black"}
	for c := range names {
		if g.kinds[c] == "bot" {
			names[c] = g.botName
		}
	}
	return names
}
