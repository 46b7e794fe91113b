package main

// The few places where the server reads the shapes of package nardy that
// are planned to change (the colour on roll, the sides of a position, the
// fields of a step): everything else goes through these adapters.

import "github.com/nardylab/nardy"

// onRoll returns the player on roll in pos.
func onRoll(pos nardy.Position) nardy.Color { return pos.OnRoll() }

// sideOf returns c's checkers in pos in the state's form.
func sideOf(pos nardy.Position, c nardy.Color) sideJSON {
	s := pos.Side(c)
	return sideJSON{Points: [24]int(s[1:25]), Bar: s[nardy.Bar], Off: s[nardy.Off]}
}

// triple returns s as [from, to, die].
func triple(s nardy.Step) [3]int { return [3]int{int(s.From), int(s.To), int(s.Die)} }

// stepHit reports whether s hits a blot.
func stepHit(s nardy.Step) bool { return s.Hit }

// makeStep returns the step from, to with die; to may be 0 when die says
// where it goes.
func makeStep(from, to, die int) nardy.Step {
	return nardy.Step{From: from, To: to, Die: die}
}

// triples returns steps as [from, to, die] triples (never nil).
func triples(steps []nardy.Step) [][3]int {
	out := [][3]int{}
	for _, s := range steps {
		out = append(out, triple(s))
	}
	return out
}

// fromTriples returns the steps of [from, to, die] triples (the stored
// and shown ones, or a request's stepTriple).
func fromTriples[T ~[3]int](ts []T) []nardy.Step {
	var out []nardy.Step
	for _, t := range ts {
		out = append(out, makeStep(t[0], t[1], t[2]))
	}
	return out
}
