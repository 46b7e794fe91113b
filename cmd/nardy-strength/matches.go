package main

import (
	"fmt"
	"io"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/stats"
)

// addMatch adds a finished match m to t from the side of a, who played
// aColor: t.n counts matches, t.wins a's match wins, t.sum and t.sumSq
// a's match points won minus lost (each side's score capped at the match
// length), t.games the games played.
func (t *tally) addMatch(m nardy.Match, aColor nardy.Color) {
	t.n++
	t.games += m.GameNumber()
	if w, ok := m.Winner(); ok && w == aColor {
		t.wins++
	}
	// Points past the match's end are not counted: a win by a gammon
	// or a big cube at match point is worth only what the winner needed.
	white, black := m.Score()
	d := float64(min(white, m.Length()) - min(black, m.Length()))
	if aColor == nardy.Black {
		d = -d
	}
	t.sum += d
	t.sumSq += d * d
}

// reportMatches writes the match results of t from a's side.
func (t *tally) reportMatches(w io.Writer, a, b string, r nardy.Rules, length int) {
	if t.n == 0 {
		return
	}
	lo, hi := stats.Wilson(float64(t.wins), t.n)
	pts, ci := stats.Mean(t.sum, t.sumSq, t.n)
	cube := "without"
	if r.Cube {
		cube = "with"
	}
	points := "points"
	if length == 1 {
		points = "point"
	}
	fmt.Fprintf(w, "%s vs %s, %s nardy, %d matches to %d %s %s the cube (pairs with the same dice)\n", a, b, r.Variant, t.n, length, points, cube)
	fmt.Fprintf(w, "  %s wins %.1f%% of the matches (95%% CI %.1f-%.1f%%)\n", a, 100*float64(t.wins)/float64(t.n), 100*lo, 100*hi)
	fmt.Fprintf(w, "  %s match points won minus lost %+.2f per match (95%% CI %+.2f..%+.2f; scores capped at the match length); %.2f games per match\n",
		a, pts, pts-ci, pts+ci, float64(t.games)/float64(t.n))
}
