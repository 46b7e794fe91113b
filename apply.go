package nardy

import "math/bits"

// diceLeft is the multiset of dice not yet played in a turn: for a mixed
// roll each die at most once, for a double up to four of one number.
type diceLeft struct {
	hi, lo   int8 // the roll's dice
	nHi, nLo int8 // how many of each are left; for a double only nHi counts
}

func newDiceLeft(r Roll) diceLeft {
	if r.IsDouble() {
		return diceLeft{hi: int8(r.hi), lo: int8(r.lo), nHi: 4}
	}
	return diceLeft{hi: int8(r.hi), lo: int8(r.lo), nHi: 1, nLo: 1}
}

// take removes one die of number d, reporting false when none is left.
func (l *diceLeft) take(d int) bool {
	switch {
	case int(l.hi) == d && l.nHi > 0:
		l.nHi--
	case int(l.lo) == d && l.nLo > 0 && l.hi != l.lo:
		l.nLo--
	default:
		return false
	}
	return true
}

// values returns the distinct die numbers still left, larger first.
func (l diceLeft) values() (vals [2]int, n int) {
	if l.nHi > 0 {
		vals[n] = int(l.hi)
		n++
	}
	if l.nLo > 0 && l.lo != l.hi {
		vals[n] = int(l.lo)
		n++
	}
	return vals, n
}

func (l diceLeft) count() int { return int(l.nHi + l.nLo) }

// reach reports whether exactly need more legal steps can be played from n
// with the dice left, ending on a position the play may end on (L5 unless
// ignoreEnd). It is the C5 test: a step is legal only if it extends to a
// play of the required length.
//
// n is a pointer: a node passed by value is copied with wide loads from
// the narrow stores that wrote it, which stalls on store forwarding.
func (c *turnCtx) reach(n *node, left diceLeft, need int, ignoreEnd bool) bool {
	if need == 0 {
		return ignoreEnd || c.endOK(n)
	}
	// One child for the loops: declared in them, it would be moved to the
	// heap (its address reaches the recursion's n).
	var child node
	vals, k := left.values()
	for i := 0; i < k; i++ {
		d := vals[i]
		rest := left
		rest.take(d)
		cand := sources(n)
		for cand != 0 {
			p := 31 - bits.LeadingZeros32(cand)
			cand &^= 1 << uint(p)
			_, f := c.step(n, p, d, &child)
			if f == stepOK && c.reach(&child, rest, need-1, ignoreEnd) {
				return true
			}
		}
	}
	return false
}

// required returns how many dice every legal play of the turn uses (C5) and,
// for a mixed roll of which only one die can be played, which die that must
// be (0 otherwise).
func (c *turnCtx) required(root *node) (steps int, die int) {
	all := newDiceLeft(c.roll)
	for k := all.count(); k > 0; k-- {
		if !c.reach(root, all, k, false) {
			continue
		}
		if k == 1 && !c.roll.IsDouble() {
			// The larger die if any one-step play uses it.
			hiOnly := all
			hiOnly.nLo = 0
			if c.reach(root, hiOnly, 1, false) {
				return 1, int(c.roll.hi)
			}
			return 1, int(c.roll.lo)
		}
		return k, 0
	}
	return 0, 0
}

// usesEveryDie reports whether a play of n steps uses every die of the
// turn's roll. Such steps, each legal and their end allowed, are a play
// required's search finds, so it would answer all the dice and no die,
// which refuses nothing (C5): Apply's and PlayOf's paths search only for
// fewer steps.
func (c *turnCtx) usesEveryDie(n int) bool { return n >= c.roll.Steps() }

// stepTarget returns where a step from point from with die d lands (Off for
// a bear-off), the geometry of C3 that every step must follow.
func stepTarget(from, d int) int {
	to := from - d
	if to < Off {
		to = Off
	}
	return to
}

// Apply plays play on pos under r and returns the new position, with the
// opponent on roll. It checks the play against the rules and returns a
// [*RuleError] naming the rule it breaks: a die not of the roll or a wrong
// distance (C3), no checker to move, a closed point (C4), the bar first
// (S3), bearing off (C6), the head (L3, L4), the six-block (L5), fewer dice
// than possible or the smaller die (C5). Plays from [Rules.Legal] for this
// position are always accepted. pos is a value and is never changed.
//
// The play's steps are checked in their order; a play whose steps are legal
// in another order is refused if this order is not. Hit flags in the steps
// are recomputed, not trusted. A play made for another position or roll is
// refused (C8) even where its steps happen to be legal in pos, since they
// would not lead to the play's [Play.Result]. The zero Play, no play of any
// roll, is refused as [Game.Play] refuses it: a *RuleError of C3.
func (r Rules) Apply(pos Position, play Play) (Position, error) {
	// The path of every accepted play: play's own steps replayed on the
	// prepared turn (as Game.Play does), without making Steps of them, a
	// PlayOf, a second Play or its Result to compare; every value stays
	// where it was written (no copy read back with wide loads from narrow
	// stores, which stalls on store forwarding). Anything replay does not
	// accept goes to applyChecked, whose answer (and error) is Apply's.
	var c turnCtx
	var root, cur node
	roll := play.Roll()
	if prepareTurn(&r, &pos, roll, &c, &root) == nil {
		// C5's required dice, searched only for a play of fewer steps
		// than dice (replay checks each step and the end).
		need, die := 0, 0
		if !c.usesEveryDie(play.n()) {
			need, die = c.required(&root)
		}
		// replay checks the turn and variant bits of C8; PlayOf's play
		// has no bit above them (sameResult).
		if play.meta>>(metaVariantShift+2) == 0 && c.replay(&root, play, need, die, &cur) {
			return play.Result(), nil
		}
	}
	return r.applyChecked(pos, play)
}

// applyChecked is Apply of a play that replay did not accept: the play's
// steps checked as a whole play by PlayOf, whose refusal is Apply's error,
// then C8. It is out of line, off the path of every accepted play.
//
//go:noinline
func (r Rules) applyChecked(pos Position, play Play) (Position, error) {
	var st [4]Step
	n := play.n()
	for i := range n {
		st[i] = play.step(i).public()
	}
	p, err := r.PlayOf(pos, play.Roll(), st[:n]...)
	if err != nil {
		if play == (Play{}) { // kept off the path of every real play
			return Position{}, r.zeroPlayError(pos)
		}
		return Position{}, err
	}
	if !p.sameResult(play) { // C8: a play is its resulting position
		return Position{}, ruleError("C8", errOtherPosition, -1)
	}
	return p.Result(), nil
}

// zeroPlayError is Apply's refusal of the zero Play, no play of any roll:
// the inputs' own errors first, as for any play (any valid roll serves,
// since prepareTurn reads the roll only once they pass), then C3's.
func (r Rules) zeroPlayError(pos Position) error {
	var c turnCtx
	var root node
	if err := prepareTurn(&r, &pos, Roll{hi: 2, lo: 1}, &c, &root); err != nil {
		return err
	}
	return ruleError("C3", errZeroPlay, -1)
}

// PlayOf checks the steps as a whole play of roll from pos under r, like
// Apply, and returns the play with its resulting position. The steps keep
// their order; their hit flags are recomputed. It is how a play made
// elsewhere (a user interface, a file, another engine) becomes a Play.
func (r Rules) PlayOf(pos Position, roll Roll, steps ...Step) (Play, error) {
	var c turnCtx
	var root node
	if err := prepareTurn(&r, &pos, roll, &c, &root); err != nil {
		return Play{}, err
	}
	return c.playOf(&root, roll, steps, -1, 0)
}

// playOf is PlayOf from a prepared turn: need and die are c.required's
// answer, or need is −1 to work it out where it matters (checkPlay).
func (c *turnCtx) playOf(root *node, roll Roll, steps []Step, need, die int) (Play, error) {
	var checked [4]rawStep
	var cur node
	if err := c.checkPlay(root, roll, steps, need, die, &cur, &checked); err != nil {
		return Play{}, err
	}
	return c.playAt(&cur, checked[:len(steps)]), nil
}

// playAt returns the play of the turn ending on node n with the given
// steps: makePlay of c.after(n), written word by word (a node or Position
// copied whole is read back with wide loads from the narrow stores that
// wrote it, which stalls on store forwarding).
func (c *turnCtx) playAt(n *node, steps []rawStep) Play {
	lo, hi := c.oppAfter(n.hits)
	var p Play
	p.mover[0], p.mover[1] = n.me[0], n.me[1]
	p.opp[0], p.opp[1] = lo, hi
	p.meta = playMetaOf(&c.start, c.roll, steps)
	return p
}

// checkPlay is playOf's check: it leaves in *cur the node after the steps
// and in checked the steps with their hits, or returns the rule broken.
// [Game.Play] takes the position from *cur without making the Play.
func (c *turnCtx) checkPlay(root *node, roll Roll, steps []Step, need, die int, cur *node, checked *[4]rawStep) error {
	if len(steps) > roll.Steps() {
		return tooManySteps(roll, len(steps))
	}
	*cur = *root
	left := newDiceLeft(roll)
	for i, s := range steps {
		from, to, d := int(s.From), int(s.To), int(s.Die)
		if !left.take(d) {
			return wrongStep(roll, left, s, i) // left as it was: take failed
		}
		if from < 1 || from > Bar || to != stepTarget(from, d) {
			return wrongStep(roll, newDiceLeft(roll), s, i) // the die was there
		}
		// In place (applyTo's dst may be its src): a node written field
		// by field and then copied whole stalls on store forwarding. A
		// refused step may leave *cur part-written: the error ends the check.
		st, f := c.step(cur, from, d, cur)
		if f != stepOK {
			rule, reason := f.rule()
			return ruleError(rule, reason, i)
		}
		checked[i] = st
	}
	if !c.endOK(cur) {
		return ruleError("L5", errSixBlock, -1)
	}
	if need < 0 && !c.usesEveryDie(len(steps)) { // PlayOf's: steps each legal, the end allowed (above)
		need, die = c.required(root)
	}
	if len(steps) < need {
		return ruleError("C5", errMaxDice, -1)
	}
	if die != 0 && int(steps[0].Die) != die {
		return ruleError("C5", errLargerDie, 0)
	}
	return nil
}

// replay reports whether the steps of p, in their order, make a legal play
// of the prepared turn (need and die are c.required's answer) that leads to
// p's Result (C8), leaving in *cur the node after them. It accepts what
// checkPlay accepts of p's steps and Play.leadsTo then holds to: a Play's
// steps are steps of its own roll, each from a point 1..25 and landing
// where its die takes it, so only the dice of this roll, the steps
// themselves (step refuses a point of no checker), the end and the number
// of dice (C5) are checked.
func (c *turnCtx) replay(root *node, p Play, need, die int, cur *node) bool {
	n := p.n()
	if n < need {
		return false
	}
	*cur = *root
	left := newDiceLeft(c.roll)
	for i := range n {
		from, d := p.from(i), p.die(i)
		if i == 0 && die != 0 && d != die {
			return false // C5: the larger die
		}
		if !left.take(d) { // no more steps than the roll's either (C3)
			return false
		}
		if _, f := c.step(cur, from, d, cur); f != stepOK {
			return false
		}
	}
	if !c.endOK(cur) {
		return false
	}
	// p.leadsTo of the position endAt makes of *cur.
	lo, hi := c.oppAfter(cur.hits)
	return p.mover == cur.me && p.opp == half{lo, hi} &&
		Color(p.meta>>metaTurnShift)&1 == c.start.turn && Variant(p.meta>>metaVariantShift)&3 == c.start.variant
}
