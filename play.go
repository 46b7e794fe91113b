package nardy

// Step is one checker moved by one die (C3), in the mover's own numbering:
// From is 1..24 or [Bar] (25), To is 1..24 or [Off] (0). Hit reports that the
// step hit an opponent blot (short nardy, S2). Step is a comparable value.
type Step struct {
	From, To int8
	Die      int8
	Hit      bool
}

// IsBearOff reports whether the step bears a checker off.
func (s Step) IsBearOff() bool { return s.To == Off }

// IsEnter reports whether the step enters a checker from the bar.
func (s Step) IsEnter() bool { return s.From == Bar }

// Play is a whole turn: the steps made with one roll and the position they
// give (C8). Plays come from [Legal], [AppendLegal], [Turn.Play] and the
// parsers; the zero Play is invalid. Play is a comparable value of fixed size
// with no pointers.
//
// Two plays are the same play when they give the same position (C8): compare
// Result (or Key), not the Play values, when the steps may come in other
// orders.
type Play struct {
	after Position // the mover's view after the steps, before the turn passes
	steps [4]Step
	n     uint8
	roll  Roll
}

// IsValid reports whether p is a play made by this package (not the zero Play).
func (p Play) IsValid() bool { return p.after.IsValid() && p.roll.IsValid() }

// Roll returns the roll the play was made with.
func (p Play) Roll() Roll { return p.roll }

// Len returns the number of steps, 0 for the empty play of a blocked roll.
func (p Play) Len() int { return int(p.n) }

// Step returns step i (0 <= i < Len); out of range it returns the zero Step.
func (p Play) Step(i int) Step {
	if i < 0 || i >= int(p.n) {
		return Step{}
	}
	return p.steps[i]
}

// Steps returns the steps of the play in order. It allocates; in hot loops
// use Len and Step.
func (p Play) Steps() []Step {
	out := make([]Step, p.n)
	copy(out, p.steps[:p.n])
	return out
}

// IsEmpty reports whether the play has no step (C5: no step was possible).
func (p Play) IsEmpty() bool { return p.n == 0 }

// Result returns the position after the play, with the opponent on roll.
func (p Play) Result() Position { return p.after.Pass() }

// Key returns the conformance key of the position after the play, still seen
// from the player who made it (before the turn passes), as the conformance
// files list plays.
func (p Play) Key() string { return p.after.Key() }

// AppendKey appends Key to b without allocating.
func (p Play) AppendKey(b []byte) []byte { return p.after.AppendKey(b) }

// Hits returns the number of opponent checkers the play hits.
func (p Play) Hits() int {
	n := 0
	for _, s := range p.steps[:p.n] {
		if s.Hit {
			n++
		}
	}
	return n
}
