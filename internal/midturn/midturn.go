// Package midturn finds the whole plays a turn with steps already taken
// can still become (C8: a play is its resulting position, its steps in any
// order), for the hint of package analysis and the players of package bot
// in a game where steps of the roll were taken one by one.
package midturn

import "github.com/nardylab/nardy"

// Keep filters plays, whole plays of t's roll from its start ([nardy.Game.Legal]
// or [nardy.Rules.AppendLegal]), in place to those t, with its steps taken,
// can still become: those whose result is the board of a way to finish t.
// It returns the plays kept, in their order, in plays' own array. A turn
// with no step taken keeps them all.
func Keep(t nardy.Turn, plays []nardy.Play) []nardy.Play {
	if t.Len() == 0 {
		return plays
	}
	ends := Ends(t)
	out := plays[:0]
	for _, p := range plays {
		if ends[p.Result()] {
			out = append(out, p)
		}
	}
	return out
}

// Ends returns the boards t can end on: the result of every way of taking
// its legal next steps to the end of the turn (of t itself when it is
// done).
func Ends(t nardy.Turn) map[nardy.Position]bool {
	ends := map[nardy.Position]bool{}
	var walk func(t nardy.Turn)
	walk = func(t nardy.Turn) {
		if t.Done() {
			if p, err := t.Play(); err == nil {
				ends[p.Result()] = true
			}
			return
		}
		for s := range t.NextSteps() {
			if next, err := t.Step(s); err == nil {
				walk(next)
			}
		}
	}
	walk(t)
	return ends
}
