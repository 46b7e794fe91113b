package nardy

import (
	"errors"
	"fmt"
	"iter"
	"math/bits"
)

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
	steps  [4]rawStep
	n      int8
	need   int8 // dice every legal play uses (C5)
	forced int8 // mixed roll of which one die can be played: that die
}

// NewTurn starts a turn for pos and roll under r. Its errors are
// [Rules.AppendLegal]'s.
func (r Rules) NewTurn(pos Position, roll Roll) (Turn, error) {
	var t Turn
	if err := t.start(&r, &pos, roll); err != nil {
		return Turn{}, err
	}
	return t, nil
}

// start makes *t the new turn for pos and roll under r, as NewTurn
// returns it, in place: a Game sets its turn without copying one. On an
// error *t is left part-written.
func (t *Turn) start(r *Rules, pos *Position, roll Roll) error {
	*t = Turn{}
	if err := prepareTurn(r, pos, roll, &t.c, &t.root); err != nil {
		return err
	}
	t.cur = t.root
	t.left = newDiceLeft(roll)
	need, die := t.c.required(&t.root)
	t.need, t.forced = int8(need), int8(die)
	return nil
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

// Steps returns the steps taken so far, in order, for a range loop.
func (t Turn) Steps() iter.Seq[Step] {
	return func(yield func(Step) bool) {
		for _, s := range t.steps[:t.n] {
			if !yield(s.public()) {
				return
			}
		}
	}
}

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
			if f == stepOK && t.c.reach(&child, rest, int(t.need-t.n-1), false) {
				dst = append(dst, s.public())
			}
		}
	}
	return dst
}

// NextSteps returns the legal next steps for a range loop, in the order of
// AppendNextSteps:
//
//	for s := range turn.NextSteps() { ... }
func (t Turn) NextSteps() iter.Seq[Step] {
	return func(yield func(Step) bool) {
		var buf [maxNextSteps]Step
		for _, s := range t.AppendNextSteps(buf[:0]) {
			if !yield(s) {
				return
			}
		}
	}
}

// maxNextSteps bounds the legal next steps of a turn: 15 points by two
// dice numbers.
const maxNextSteps = 32

// Step takes one step: s.From and s.Die say which checker and which die;
// s.To, when not zero, must be where that step lands (Off is 0, so a
// bear-off may leave it zero); s.Hit is ignored. A refused step returns a
// [*RuleError] with the rule it breaks, and t is unchanged. The zero Turn
// refuses every step with an error matching [ErrInvalidPosition], as
// [Turn.Play] does.
func (t Turn) Step(s Step) (Turn, error) {
	err := t.step(s)
	return t, err
}

// step is Step in place: *t takes the step, or is left unchanged when the
// step is refused. A Game steps its own turn with it, without copying the
// Turn in and out.
func (t *Turn) step(s Step) error {
	if !t.c.start.IsValid() {
		return positionError(errZeroPosition, "zero Turn")
	}
	if t.n >= t.need {
		return ruleError("C5", errTurnComplete, int(t.n))
	}
	from, d := int(s.From), int(s.Die)
	step := int(t.n)
	rest := t.left
	if !rest.take(d) || from < 1 || from > Bar || (s.To != 0 && int(s.To) != stepTarget(from, d)) {
		return wrongStep(t.Roll(), t.left, s, step)
	}
	var child node
	st, f := t.c.step(&t.cur, from, d, &child)
	if f != stepOK {
		rule, reason := f.rule()
		return ruleError(rule, reason, step)
	}
	// C5's larger die: when one die of a mixed roll can be played and the
	// larger can, a step with the smaller is refused for that. When only the
	// smaller can, a step with the larger is refused below for the rule it
	// breaks (L5, as PlayOf does), not for using the larger die.
	if t.n == 0 && int(t.forced) == int(t.c.roll.hi) && d != int(t.forced) {
		return ruleError("C5", errLargerDie, step)
	}
	remaining := int(t.need - t.n - 1)
	if !t.c.reach(&child, rest, remaining, false) {
		if t.c.reach(&child, rest, remaining, true) {
			return ruleError("L5", errSixBlock, step)
		}
		return ruleError("C5", errMaxDice, step)
	}
	t.cur, t.left = child, rest
	t.steps[t.n] = st
	t.n++
	return nil
}

// Move is Step for a user interface that knows only the points: it moves
// the checker on point from to point to (Off for a bear-off), the way a
// player drags a checker.
//
// When one die makes the move, Move takes that step; when two dice could
// (bearing off), the larger is used. Otherwise the checker may use several
// dice of the roll in a row (8 to 4 with 3-1 is 8/5/4 or 8/7/4; C3: every
// point it lands on must be open): Move takes the steps of such a path,
// each a legal next step, larger die first. When the paths give different
// positions (one hits a blot on the way and the other does not), Move
// refuses with a [*RuleError] (C8) that names them: move one die at a time
// then. A move no path makes is refused with the rule the single step
// breaks. The zero Turn refuses every move as Step does.
func (t Turn) Move(from, to int) (Turn, error) {
	if !t.c.start.IsValid() {
		return t, positionError(errZeroPosition, "zero Turn")
	}
	var buf [maxNextSteps]Step
	for _, s := range t.AppendNextSteps(buf[:0]) {
		if s.From == from && s.To == to {
			return t.Step(s)
		}
	}
	if first, other, ok := t.paths(from, to); ok {
		if other.n == 0 {
			return first, nil
		}
		return t, &RuleError{Rule: "C8", Step: int(t.n), Msg: fmt.Sprintf(
			"%s could be played as %s or as %s, with different results: move one die at a time",
			movesText(from, to), pathText(first, t.n), pathText(other, t.n))}
	}
	return t, t.why(from, to)
}

// why explains why no path of one checker leads from point from to point
// to: the rule error of a step on a way the dice could go, or C3 when the
// dice cannot make the distance at all.
func (t Turn) why(from, to int) error {
	wrong := ruleError("C3", errWrongDice, int(t.n))
	switch {
	case from < Off || from > Bar || to < Off || to > Bar:
		return wrong // no point of the board
	case from == Off || (to != Off && to >= from):
		return ruleError("C3", errBackward, int(t.n)) // as ParsePlay says it
	}
	vals, k := t.left.values()
	for i := 0; i < k; i++ {
		next := stepTarget(from, vals[i])
		if next != to && (next == Off || next < to) {
			continue
		}
		u, err := t.Step(Step{From: from, To: next, Die: vals[i]})
		if err == nil && next != to {
			err = u.why(next, to)
		}
		var re *RuleError
		if err != nil && !(errors.As(err, &re) && re.Msg == wrong.Msg) {
			return err // the first rule a way breaks
		}
	}
	return wrong
}

// Undo takes back the last step: one die. A [Turn.Move] over several dice
// took several steps, so a user interface that takes back a whole drag
// undoes until [Turn.Len] is what it was before the Move.
func (t Turn) Undo() (Turn, error) {
	if t.n == 0 {
		return t, ruleError("", errNothingToUndo, -1) // a misuse of the Turn, no rule
	}
	u := t
	u.cur, u.left, u.n = u.root, newDiceLeft(u.c.roll), 0
	u.steps = [4]rawStep{}
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
	return t.c.playAt(&t.cur, t.steps[:t.n]), nil
}

// canEnd reports whether t, with the steps taken, can still be finished
// with end as its board (Position once Done): whether some way of taking
// its legal next steps ends there. A walk of at most four steps of at
// most 30 each, made only for a whole play posted in the middle of a turn.
func (t *Turn) canEnd(end Position) bool {
	if t.n >= t.need {
		return t.c.after(&t.cur) == end
	}
	var buf [maxNextSteps]Step
	for _, s := range t.AppendNextSteps(buf[:0]) {
		u := *t
		if u.step(s) == nil && u.canEnd(end) {
			return true
		}
	}
	return false
}

// midTurn returns err, the refusal of a whole play, saying which steps
// are taken when some are: a play posted then is still a whole play from
// the turn's start, and one that leaves them out (the rest of the play
// alone) is refused for the dice it does not use.
func (t *Turn) midTurn(err error) error {
	if t.n == 0 {
		return err
	}
	return fmt.Errorf("%w (%s taken step by step; a whole play goes from the turn's start)", err, t.takenText())
}

// takenText writes the steps taken, such as "24/21" or "13/7 13/10".
func (t *Turn) takenText() string {
	return t.c.playAt(&t.cur, t.steps[:t.n]).String()
}

// paths searches the moves of one checker from point from to point to
// through several legal next steps. It returns the turn after the first path
// found (larger dice first) and, if another path gives a different position,
// the turn after that one (else a Turn with no steps beyond t's); ok is false
// when no path exists.
func (t Turn) paths(from, to int) (first, other Turn, ok bool) {
	var walk func(u Turn, cur int) bool
	walk = func(u Turn, cur int) bool {
		var buf [maxNextSteps]Step
		for _, s := range u.AppendNextSteps(buf[:0]) {
			if s.From != cur || (s.To != to && (s.To == Off || s.To < to)) {
				continue
			}
			next, err := u.Step(s)
			if err != nil {
				continue
			}
			if s.To != to {
				if walk(next, s.To) {
					return true
				}
				continue
			}
			switch {
			case !ok:
				first, ok = next, true
			case next.Position() != first.Position():
				other = next
				return true
			}
		}
		return false
	}
	other = t
	walk(t, from)
	if ok && other.n == t.n {
		other = Turn{}
	}
	return first, other, ok
}

// pathText writes the steps of u from step k on as one checker's path,
// such as "8/5*/4".
func pathText(u Turn, k int8) string {
	b := fmt.Appendf(nil, "%s", pointText(int(u.steps[k].From)))
	for _, s := range u.steps[k:u.n] {
		b = fmt.Appendf(b, "/%s", pointText(int(s.To)))
		if s.Hit {
			b = append(b, '*')
		}
	}
	return string(b)
}

// movesText writes a move from one point to another, such as "8/4".
func movesText(from, to int) string { return pointText(from) + "/" + pointText(to) }

// pointText writes a point of a move: "bar", "off" or its number.
func pointText(p int) string {
	switch p {
	case Bar:
		return "bar"
	case Off:
		return "off"
	}
	return fmt.Sprint(p)
}
