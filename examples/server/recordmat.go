package main

// GET /api/games/{id}/record.mat: the game's record as a GNU Backgammon
// match file, written by gnubg.WriteMat.

import (
	"bytes"
	"net/http"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

// matContentType is the content type of a .mat file: text, which gnubg
// reads as ASCII or UTF-8 (the names of the players).
const matContentType = "text/plain; charset=utf-8"

// recordMat answers GET .../record.mat: the record g.record() gives the
// JSON route, written as a .mat file, so it shows no more than that route
// (a .mat file has no place for the fair-dice proof, whose seed the JSON
// route shows once the match is over). Long nardy, which the format
// cannot hold, and a short-nardy game WriteMat refuses (a set-up first
// game, a scoring gnubg cannot read, …) are 409 no_mat, saying why.
func (g *game) recordMat(w http.ResponseWriter, id string) {
	rec := g.record()
	if v := rec.Rules.Variant; v != nardy.Short {
		fail(w, http.StatusConflict, "no_mat",
			"a game of %s nardy has no .mat record: the .mat format of GNU Backgammon holds short nardy (backgammon) only; GET .../record gives the record as JSON", v)
		return
	}
	var buf bytes.Buffer
	if err := gnubg.WriteMat(&buf, rec, gnubg.MatInfo{Players: g.matPlayers()}); err != nil {
		fail(w, http.StatusConflict, "no_mat", "this game has no .mat record: %v; GET .../record gives the record as JSON", err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", matContentType)
	h.Set("Content-Disposition", `attachment; filename="nardy-`+id+`.mat"`) // an id is 32 hex digits: nothing to quote
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
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
