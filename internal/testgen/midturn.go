package testgen

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/midturn"
)

// StepBeforePlays returns rec with a step taken before each whole play of
// two or more steps posted at the start of its turn, where the turn can
// take one and still become the play (C8): preferably a step the play
// does not begin with (another order, or another checker's die first).
// The play is kept whole, from the turn's start, as a client that steps,
// asks a hint and posts the hint's play sends it. It also returns how
// many steps it put in, and fails tb if rec does not replay.
func StepBeforePlays(tb testing.TB, rec nardy.Record) (nardy.Record, int) {
	tb.Helper()
	m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start, Setup: rec.Setup})
	if err != nil {
		tb.Fatal(err)
	}
	out := rec
	out.Actions = nil
	inserted := 0
	for i, a := range rec.Actions {
		t, playing := m.Game().Turn()
		if a.Kind == nardy.ActPlay && playing && t.Len() == 0 && len(a.Steps) >= 2 {
			after, err := m.Do(a)
			if err != nil {
				tb.Fatalf("action %d: %v", i, err)
			}
			if s, ok := stepToward(t, after.Game().Position(), a.Steps[0]); ok {
				out.Actions = append(out.Actions, nardy.Action{Kind: nardy.ActStep, Player: a.Player, Steps: []nardy.Step{s}})
				inserted++
			}
		}
		out.Actions = append(out.Actions, a)
		if m, err = m.Do(a); err != nil {
			tb.Fatalf("action %d: %v", i, err)
		}
	}
	return out, inserted
}

// stepToward returns a next step of t after which t can still end at
// end (the board after the play, the next player on roll), preferring
// one other than first.
func stepToward(t nardy.Turn, end nardy.Position, first nardy.Step) (nardy.Step, bool) {
	var found []nardy.Step
	for s := range t.NextSteps() {
		if u, err := t.Step(s); err == nil && midturn.Ends(u)[end] {
			found = append(found, s)
		}
	}
	for _, s := range found {
		if s.From != first.From || s.Die != first.Die {
			return s, true
		}
	}
	if len(found) > 0 {
		return found[0], true
	}
	return nardy.Step{}, false
}
