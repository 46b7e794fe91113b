package nardy

import "math/bits"

// Turn plays one roll step by step, as a user interface with drag and drop
// needs: it offers only the single steps that extend to a legal whole play
// (C5: never a step into a dead end with fewer dice), takes a step, undoes
// one, and knows when the play is complete and which dice are forfeited.
//
// Turn is a value: Step and Undo return a new Turn and leave the receiver
// unchanged, so a Turn can be kept, copied and shared between goroutines.
type Turn struct {
	c      turnCtx
	root   node
	cur    node
	left   diceLeft
	steps  [4]Step
	n      int8
	need   int8 // dice every legal play uses (C5)
	forced int8 // mixed roll of which one die can be played: that die
}

// NewTurn starts a turn for pos and roll under r.
func (r Rules) NewTurn(pos Position, roll Roll) (Turn, error) {
	var t Turn
	if err := prepareTurn(&r, pos, roll, &t.c, &t.root); err != nil {
		return Turn{}, err
	}
	t.cur = t.root
	t.left = newDiceLeft(roll)
	need, die := t.c.required(&t.root)
	t.need, t.forced = int8(need), int8(die)
	return t, nil
}

// Start returns the position the turn started from.
func (t Turn) Start() Position { return t.c.start }

// Roll returns the turn's roll.
func (t Turn) Roll() Roll { return t.c.roll }

// Position returns the board after the steps taken so far, still with the
// mover on roll.
func (t Turn) Position() Position {
	return t.c.after(&t.cur)
}

// Len returns the number of steps taken.
func (t Turn) Len() int { return int(t.n) }

// Steps returns the steps taken so far.
func (t Turn) Steps() []Step { return append([]Step(nil), t.steps[:t.n]...) }

// Required returns the number of dice every legal play of this turn uses (C5).
func (t Turn) Required() int { return int(t.need) }

// Done reports whether the play is complete: the steps taken use as many
// dice as the rules require, so no further step may be made.
func (t Turn) Done() bool { return t.n == t.need }

// Forfeited returns the dice that cannot be played this turn (C5, L6, S3),
// larger first: the dice of the roll beyond the required number; for a
// mixed roll of which one die can be played, the other one.
func (t Turn) Forfeited() []int {
	out := []int{}
	if !t.c.roll.IsValid() {
		return out // the zero Turn
	}
	all := []int{int(t.c.roll.hi), int(t.c.roll.lo)}
	if t.c.roll.IsDouble() {
		all = append(all, all...)
	}
	switch {
	case t.need == 0:
		return all
	case t.c.roll.IsDouble():
		return all[t.need:]
	case t.need == 1:
		if int(t.forced) == all[0] {
			return append(out, all[1])
		}
		return append(out, all[0])
	}
	return out
}

// DiceLeft returns the dice not yet played, larger first, including any that
// will be forfeited.
func (t Turn) DiceLeft() []int {
	out := []int{}
	for i := int8(0); i < t.left.nHi; i++ {
		out = append(out, int(t.left.hi))
	}
	for i := int8(0); i < t.left.nLo; i++ {
		out = append(out, int(t.left.lo))
	}
	return out
}

// AppendNextSteps appends the legal next steps to dst: the single steps that
// extend to a legal whole play. It appends nothing when the play is done.
// It does not allocate when dst has room (at most 30 steps: 15 points by two
// dice numbers).
//
// Order: larger die first, then from the highest point down.
func (t Turn) AppendNextSteps(dst []Step) []Step {
	if t.n >= t.need {
		return dst
	}
	vals, k := t.left.values()
	for i := 0; i < k; i++ {
		d := vals[i]
		if t.n == 0 && t.forced != 0 && d != int(t.forced) {
			continue
		}
		rest := t.left
		rest.take(d)
		cand := sources(&t.cur)
		for cand != 0 {
			p := 31 - bits.LeadingZeros32(cand)
			cand &^= 1 << uint(p)
			var child node
			s, f := t.c.step(&t.cur, p, d, &child)
			if f == stepOK && t.c.reach(child, rest, int(t.need-t.n-1), false) {
				dst = append(dst, s)
			}
		}
	}
	return dst
}

// NextSteps returns the legal next steps; see AppendNextSteps.
func (t Turn) NextSteps() []Step { return t.AppendNextSteps(nil) }

// Step takes one step: s.From and s.Die say which checker and which die;
// s.To, when not zero, must be where that step lands (Off is 0, so a
// bear-off may leave it zero); s.Hit is ignored. A refused step returns a
// [*RuleError] with the rule it breaks, and t is unchanged.
func (t Turn) Step(s Step) (Turn, error) {
	if t.n >= t.need {
		return t, ruleError("C5", errTurnComplete, int(t.n))
	}
	from, d := int(s.From), int(s.Die)
	step := int(t.n)
	rest := t.left
	if !rest.take(d) || from < 1 || from > Bar || (s.To != 0 && int(s.To) != stepTarget(from, d)) {
		return t, ruleError("C3", errWrongDice, step)
	}
	var child node
	st, f := t.c.step(&t.cur, from, d, &child)
	if f != stepOK {
		rule, reason := f.rule()
		return t, ruleError(rule, reason, step)
	}
	if t.n == 0 && t.forced != 0 && d != int(t.forced) {
		return t, ruleError("C5", errLargerDie, step)
	}
	remaining := int(t.need - t.n - 1)
	if !t.c.reach(child, rest, remaining, false) {
		if t.c.reach(child, rest, remaining, true) {
			return t, ruleError("L5", errSixBlock, step)
		}
		return t, ruleError("C5", errMaxDice, step)
	}
	t.cur, t.left = child, rest
	t.steps[t.n] = st
	t.n++
	return t, nil
}

// Move is Step for a user interface that knows only the points: it takes
// the legal next step from point from to point to (Off for a bear-off). When
// two dice could make that step (bearing off), the larger is used.
func (t Turn) Move(from, to int) (Turn, error) {
	var buf [32]Step
	for _, s := range t.AppendNextSteps(buf[:0]) {
		if int(s.From) == from && int(s.To) == to {
			return t.Step(s)
		}
	}
	// Not offered: let Step explain why, trying each die that fits.
	vals, k := t.left.values()
	var err error = ruleError("C3", errWrongDice, int(t.n))
	for i := 0; i < k; i++ {
		if stepTarget(from, vals[i]) == to {
			if _, err = t.Step(Step{From: int8(from), To: int8(to), Die: int8(vals[i])}); err == nil {
				break
			}
		}
	}
	return t, err
}

// Undo takes back the last step.
func (t Turn) Undo() (Turn, error) {
	if t.n == 0 {
		return t, ruleError("C3", errNothingToUndo, -1)
	}
	u := t
	u.cur, u.left, u.n = u.root, newDiceLeft(u.c.roll), 0
	u.steps = [4]Step{}
	for i := int8(0); i < t.n-1; i++ {
		s := t.steps[i]
		u.left.take(int(s.Die))
		prev := u.cur
		u.steps[i], _ = u.c.step(&prev, int(s.From), int(s.Die), &u.cur)
		u.n++
	}
	return u, nil
}

// Play returns the finished play once Done; its steps are in the order
// taken. It is the same play as the one of [Rules.Legal] with the same
// Result, whose canonical steps may come in another order.
func (t Turn) Play() (Play, error) {
	if !t.c.start.IsValid() {
		return Play{}, positionError(errZeroPosition, "zero Turn")
	}
	if t.n < t.need {
		return Play{}, ruleError("C5", errTurnIncomplete, -1)
	}
	return makePlay(t.Position(), t.c.roll, t.steps[:t.n]), nil
}
