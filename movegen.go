package nardy

import (
	"iter"
	"math/bits"
	"slices"
)

// MaxPlays bounds the number of plays AppendLegal can return for one
// position and roll: a buffer of this capacity never grows. The bound is
// proven, not measured: a play of a double is fixed by the multiset of its
// checker paths (start point, number of steps), drawn from at most 15
// occupied start points, which gives at most 15+225+120+1800+3060 = 5220; a
// mixed roll gives at most 15*15+2*15 = 255. The largest counts found, by a
// hill-climb over valid positions of games not over (TestWorstSearch), are
// 2,226 plays for 1-1 and 2,138 for 2-2 in short nardy (GNU Backgammon
// lists the same), and 2,140 for 1-1 and 2,051 for 2-2 in long nardy; the
// worst position of real play in the published corpora has 536.
const MaxPlays = 5220

// refusal is why the generator refuses one step; 0 means the step is legal.
type refusal uint8

const (
	stepOK refusal = iota
	refNoChecker
	refBarFirst
	refClosed
	refNotHome
	refHigher
	refHead
	refBlock
)

// ruleOf maps a refusal to its rule id and reason.
func (f refusal) rule() (string, error) {
	switch f {
	case refNoChecker:
		return "C3", errNoChecker
	case refBarFirst:
		return "S3", errBarFirst
	case refClosed:
		return "C4", errPointClosed
	case refNotHome:
		return "C6", errBearOffNotHome
	case refHigher:
		return "C6", errBearOffHigher
	case refHead:
		return "L3", errHeadRule
	case refBlock:
		return "L5", errSixBlock
	}
	return "", nil
}

// turnCtx holds what stays fixed during one turn: the rule set, the start
// position, the roll and the opponent's checkers as masks. In both games
// the opponent's checkers do not move during the mover's turn, except blots
// hit in short nardy, which the node tracks.
type turnCtx struct {
	start     Position
	roll      Roll
	headRule  bool // long: L3/L4
	sixBlock  bool // long: L5
	transient bool // long: only the end of the play is judged for L5
	ahead     BlockAhead
	blocked   uint32 // points closed to the mover, mover's numbering
	blots     uint32 // short: opponent blots at the start, mover's numbering
	theirs    uint32 // long: opponent's occupied points, its numbering
}

// node is the board during a turn, from the mover's side.
type node struct {
	me   half
	mask uint32 // mover's occupied points, bits 1..25 (25 = bar)
	hits uint32 // short: blots hit so far, mover's numbering
	head int8   // long: checkers that may still leave the head
}

// after returns the position of node n, the mover still on roll: the
// opponent's hit checkers go to its bar (S2).
func (c *turnCtx) after(n *node) Position {
	lo, hi := c.oppAfter(n.hits)
	return Position{mover: n.me, opp: half{lo, hi}, turn: c.start.turn, variant: c.start.variant}
}

// oppAfter returns the opponent's side once the blots of hits have gone to
// its bar (S2).
func (c *turnCtx) oppAfter(hits uint32) (lo, hi uint64) {
	opp := c.start.opp
	for h := hits; h != 0; h &= h - 1 {
		t := bits.TrailingZeros32(h)
		opp.add(Bar-t, -1)
		opp.add(Bar, 1)
	}
	return opp[0], opp[1]
}

// prepareTurn checks the input of the generator, Apply and Turn, like
// CheckPosition but reading only the move-rule fields of r, and prepares the
// turn into c and n: the masks are computed once, for the checks and the
// search. It reads and writes through pointers: returning the context by
// value cost a sixth of a short call, and a copy of the position a tenth
// of a long-nardy one.
func prepareTurn(r *Rules, pos *Position, roll Roll, c *turnCtx, n *node) error {
	if !pos.variant.IsValid() { // pos.IsValid without a copy of pos
		return positionError(errZeroPosition, "")
	}
	if !r.movesOK() { // validateMoves, inlined
		return r.moveRulesError()
	}
	if pos.variant != r.Variant {
		return r.mismatch(*pos)
	}
	if !roll.IsValid() {
		return rollError(roll)
	}
	c.start, c.roll = *pos, roll
	n.me[0], n.me[1] = pos.mover[0], pos.mover[1]
	n.mask = occupied(pos.mover[0], pos.mover[1]) &^ 1
	if r.Variant == Long {
		c.transient, c.ahead = r.TransientBlock, r.BlockAhead
		c.theirs = occupied(pos.opp[0], pos.opp[1]) & points24
		c.blocked = rotate12(c.theirs)
		c.headRule = true
		n.head = 1
		if pos.mover.get(Head) == Checkers {
			n.head = firstTurnHeadLimit(r.HeadException, pos.mover, c.blocked, roll)
		}
		// With an opponent's checker in its home, no block is forbidden
		// (L5): a block of six the opponent has not passed lies below its
		// lowest checker (OnRoute), and the home is not empty
		// (OpponentHome). Then neither the start nor the search judges any.
		if c.theirs&homeMask == 0 {
			c.sixBlock = true
			if illegalBlock(n.mask, c.theirs, c.ahead) {
				return heldBlockError(pos)
			}
		}
	} else {
		c.blocked, c.blots = shortOpponent(pos.opp)
	}
	return nil
}

// reroll makes the turn prepareTurn prepared into c and n the turn of
// another valid roll on the same position: of what prepareTurn works out,
// only the roll and the head's limit (L3, L4's first turn) depend on the
// roll. Perft prepares a position once for its 21 rolls.
func reroll(r *Rules, c *turnCtx, n *node, roll Roll) {
	c.roll = roll
	if c.headRule {
		n.head = firstTurnHeadLimit(r.HeadException, c.start.mover, c.blocked, roll)
	}
}

// step moves one checker from point from by die, returning the new node and
// the step, or the reason the step is refused. It judges one step: landing
// (C4), bar first (S3), bearing off (C6), the head (L3, L4) and, when blocks
// are judged on the pass, the six-block (L5).
func (c *turnCtx) step(n *node, from, die int, res *node) (rawStep, refusal) {
	m := n.mask
	var to int
	if from == Bar {
		if m&barBit == 0 {
			return rawStep{}, refNoChecker
		}
		to = Bar - die
	} else {
		if from < 1 || from > 24 || m&(1<<uint(from)) == 0 {
			return rawStep{}, refNoChecker
		}
		if m&barBit != 0 {
			return rawStep{}, refBarFirst
		}
		to = from - die
	}
	if to >= 1 {
		if c.blocked&(1<<uint(to)) != 0 {
			return rawStep{}, refClosed
		}
	} else if f := bearOffRefusal(m, from, to); f != stepOK {
		return rawStep{}, f
	} else {
		to = Off
	}
	if from == Head && c.headRule && n.head == 0 {
		return rawStep{}, refHead
	}
	s, ok := c.move(n, from, die, res)
	if !ok {
		return rawStep{}, refBlock
	}
	return s, stepOK
}

// movable returns the points from which a step by die is legal from node n
// as far as landing (C4), the bar (S3), bearing off (C6) and the head (L3)
// go: a few masks instead of a call of step per point. Blocks judged on the
// pass (L5) are left to move.
func (c *turnCtx) movable(n *node, d int) uint32 {
	src := sources(n)
	ok := src &^ (c.blocked << (uint(d) & 31)) &^ (2<<(uint(d)&31) - 1)
	if n.mask&outside == 0 {
		// All home: the exact point bears off, and a larger die bears off
		// from the highest point when that is below the die.
		ok |= src & (1 << (uint(d) & 31))
		if top := 31 - bits.LeadingZeros32(n.mask); top >= 1 && top < d {
			ok |= 1 << (uint(top) & 31)
		}
	}
	if c.headRule && n.head == 0 {
		ok &^= 1 << Head
	}
	return ok
}

// move makes a step that movable allows, writing the new node to res; it
// returns false only when the step breaks a six-block judged on the pass.
func (c *turnCtx) move(n *node, from, die int, res *node) (rawStep, bool) {
	s := c.applyTo(res, n, from, die)
	if c.sixBlock && !c.transient && illegalBlock(res.mask, c.theirs, c.ahead) {
		return rawStep{}, false
	}
	return s, true
}

// applyTo moves a checker of src from point from by die into dst (which may
// be src), where the caller knows the step is legal (movable, or step's
// checks); a step past point 1 bears off. The change of the side's words
// comes from stepEffects, as in doubleStep and the loops that write plays.
// It reads every field once and writes the node once, field by field:
// reading a count back from memory right after writing it, or a node built
// as a value and copied, stalls on store forwarding.
func (c *turnCtx) applyTo(dst, src *node, from, die int) rawStep {
	e := &stepEffects[uint(from<<3|die)&(stepEffectsLen-1)]
	lo, hi := src.me[0]+e.lo, src.me[1]+e.hi
	// The count on from before the step, read from the word that holds it
	// (4*from&63 is its shift in either word): one checker there, and the
	// point empties. Read before the step, it does not wait for the sums.
	w := src.me[0]
	if from >= 16 {
		w = src.me[1]
	}
	held := w >> (4 * uint(from) & 63) & 15
	h := c.blots & e.bit &^ src.hits
	head := src.head
	if from == Head && c.headRule {
		head--
	}
	dst.me[0], dst.me[1] = lo, hi
	// Branch-free: whether a point empties is hard to predict.
	dst.mask = src.mask&^(uint32((held^1-1)>>63)<<(uint(from)&31)) | e.bit
	dst.hits, dst.head = src.hits|h, head
	return rawStep{From: int8(from), To: int8(max(from-die, Off)), Die: int8(die), Hit: h != 0}
}

// leafStep returns the mover's side (lo, hi) after moving a checker of n
// from point from by die, and the bit of the landing point (0 for a
// bear-off): the part of applyTo a play's last step needs, small enough
// to be inlined in the loops that write plays.
func leafStep(n *node, from, die int) (lo, hi uint64, bit uint32) {
	e := &stepEffects[uint(from<<3|die)&(stepEffectsLen-1)]
	return n.me[0] + e.lo, n.me[1] + e.hi, uint32(1) << (uint(max(from-die, Off)) & 31) &^ 1
}

// leafMask returns the occupied points of n after the step of leafStep
// from point from, which gave the landing bit bit.
func leafMask(n *node, from int, bit uint32) uint32 {
	w := n.me[0]
	if from >= 16 {
		w = n.me[1]
	}
	held := w >> (4 * uint(from) & 63) & 15 // one checker: the point empties
	return n.mask&^(uint32((held^1-1)>>63)<<(uint(from)&31)) | bit
}

// hitMeta returns the hit bit of step i of a play when h (the blot hit by
// the step, if any) is not zero.
func hitMeta(h uint32, i uint) playMeta {
	var b playMeta
	if h != 0 {
		b = 1 << (metaHitShift + i&3)
	}
	return b
}

// stepEffects[from<<3|die] is what moving one checker from point from
// (1..25) by die (1..6) adds to its side's two nibble words, wrapping: one
// off the nibble of from, one on the landing point's (Off past point 1).
var stepEffects = buildStepEffects()

const stepEffectsLen = 256

// stepEffect is one entry of stepEffects, with the bit of the landing
// point (0 for a bear-off).
type stepEffect struct {
	lo, hi uint64
	bit    uint32
}

func buildStepEffects() (t [stepEffectsLen]stepEffect) {
	for from := 1; from <= Bar; from++ {
		for die := 1; die <= 6; die++ {
			var h half
			h.add(from, -1)
			h.add(max(from-die, Off), 1)
			t[from<<3|die] = stepEffect{h[0], h[1], uint32(1) << max(from-die, Off) &^ 1}
		}
	}
	return t
}

// endOK reports whether a play may end on node n: the six-block rule (L5) is
// judged on the final position.
func (c *turnCtx) endOK(n *node) bool {
	return !c.sixBlock || !illegalBlock(n.mask, c.theirs, c.ahead)
}

// sources returns the points a step may start from: only the bar while a
// checker is on it (S3).
func sources(n *node) uint32 {
	if n.mask&barBit != 0 {
		return barBit
	}
	return n.mask
}

// gen is one run of the move generator: a depth-first search over step
// sequences that keeps the sequences using the most dice (C5) and each
// resulting position once (C8).
type gen struct {
	turnCtx
	out      []Play
	base     int // plays of this call start at out[base]
	maxDepth int
	path     [4]rawStep
	root     node
	meta0    playMeta // the roll, the mover's colour and the variant (see Play)
	// dstep and dhead: for a double, the points from which a step lands on
	// an open point, and the head's bit when the head rule applies.
	dstep, dhead uint32
	// counting: only count the plays (perft's last ply), where the search
	// needs no list to tell plays apart; count and countHi (one-step plays
	// with the larger die) replace the list.
	counting       bool
	count, countHi int
	// passJudged: long nardy with TransientBlock false, for a double. The
	// search then ignores blocks on the pass and emitDouble checks that
	// some order of the steps keeps every intermediate position legal.
	passJudged bool
}

// emit records the play of a mixed roll ending at node n after depth
// steps, unless a longer legal play is already known (C5), it ends in a
// forbidden block (L5) or its position is already listed (C8; seen is nil
// when the enumeration cannot repeat a position). A longer play resets
// the list. Plays are not only counted here (the duplicate check needs the
// list), and blocks on the pass are judged for doubles alone
// (emitDouble).
func (g *gen) emit(n *node, depth int, seen *dedup) {
	if depth < g.maxDepth || !g.endOK(n) {
		return
	}
	g.reach(depth)
	olo, ohi := g.start.opp[0], g.start.opp[1]
	if n.hits != 0 {
		olo, ohi = g.oppAfter(n.hits)
	}
	if seen != nil && !seen.insert(g.out[g.base:], n.me[0], n.me[1], olo, ohi) {
		return
	}
	g.reserve(1)
	g.put5(n.me[0], n.me[1], olo, ohi, g.stepsMeta(g.path[:depth]))
}

// stepsMeta returns the bits of a play of this turn with the given steps.
func (g *gen) stepsMeta(steps []rawStep) playMeta {
	m := g.meta0 | playMeta(len(steps))<<metaNShift
	for i, s := range steps {
		m |= stepMeta(s, i)
	}
	if len(steps) > 0 && steps[0].Die != int8(g.roll.hi) {
		m |= metaSmallFirst
	}
	return m
}

// reach notes that a play of depth steps is listed: a longer play than
// any so far empties the list (C5).
func (g *gen) reach(depth int) {
	if depth > g.maxDepth {
		g.maxDepth = depth
		g.out = g.out[:g.base]
		g.count, g.countHi = 0, 0
	}
}

// fill appends the play ending with the mover's side (lo, hi) and the
// blots hit, whose other bits are meta: five stores.
func (g *gen) fill(lo, hi uint64, hits uint32, meta playMeta) {
	olo, ohi := g.start.opp[0], g.start.opp[1]
	if hits != 0 {
		olo, ohi = g.oppAfter(hits)
	}
	g.reserve(1)
	g.put5(lo, hi, olo, ohi, meta)
}

// put5 appends the play with the mover's side (lo, hi), the opponent's
// (olo, ohi) and meta, where reserve made room: five stores, field by
// field (a Play built as a value and copied is read back with wide loads
// from narrow stores, which stalls on store forwarding), and no call.
func (g *gen) put5(lo, hi, olo, ohi uint64, meta playMeta) {
	k := len(g.out)
	g.out = g.out[:k+1]
	p := &g.out[k]
	p.mover[0], p.mover[1] = lo, hi
	p.opp[0], p.opp[1] = olo, ohi
	p.meta = meta
}

// reserve makes room for n more plays, growing the list only when the
// caller's buffer is full. A loop that writes plays calls it once for
// all the plays it can write (one per candidate point, at most 25).
func (g *gen) reserve(n int) {
	if cap(g.out)-len(g.out) < n {
		g.grow(n)
	}
}

// grow is reserve's slow path, out of line.
//
//go:noinline
func (g *gen) grow(n int) {
	g.out = slices.Grow(g.out, n)
}

// run fills g.out with the legal plays of the prepared turn.
func (g *gen) run() {
	root := &g.root
	g.meta0 = metaOf(g.start, g.roll)
	hi, lo := int(g.roll.hi), int(g.roll.lo)
	if g.sixBlock && !g.blockPossible() {
		// No position of this turn can hold a forbidden block (L5): the
		// search need not judge any.
		g.sixBlock = false
	}
	if g.roll.IsDouble() {
		if g.sixBlock && !g.transient {
			g.passJudged, g.transient = true, true
		}
		if g.headRule && !g.passJudged && !g.counting {
			g.doubleLong()
			return
		}
		g.double()
		return
	}
	if g.simpleTurn(root) {
		g.mixedSimple(root)
	} else {
		// The duplicate check needs the list: no counting here.
		g.counting = false
		var seen dedup
		if g.sixBlock && !g.transient {
			var table [dedupSlots]uint8
			seen.slots = table[:]
		} else {
			var table [dedupSmallSlots]uint8
			seen.slots = table[:]
		}
		// Second pass (smaller die first): a first step y by the smaller
		// die that does not bear off, then x by the larger die where x by
		// the larger die is legal at the start, are the same two steps the
		// first pass made in the other order, and legal there: x by the
		// larger die first, then y by the smaller, which lands where it
		// did and still finds a checker on y (x was not y's last checker,
		// or the second pass would not find x). No bar, blocks judged at
		// the end. Skipping them saves making duplicates the check would
		// drop.
		//
		// A first step that bears off with the smaller die gives nothing
		// new at all (skipOff): every checker is home, and whatever the
		// larger die does next, the first pass made the same end with the
		// larger die's step first, or, when both dice bear off, with the
		// dice swapped (each checker borne off by an exact die or from
		// the highest point, in an order where that holds).
		var skip uint32
		skipOff := root.mask&barBit == 0 && !(g.sixBlock && !g.transient)
		if skipOff {
			skip = g.movable(root, hi)
		}
		g.mixed(root, hi, lo, &seen, 0, false)
		g.mixed(root, lo, hi, &seen, skip, skipOff)
		g.emit(root, 0, &seen)
	}
	if g.maxDepth == 1 {
		if g.counting {
			if g.countHi > 0 {
				g.count = g.countHi
			}
			return
		}
		g.keepLargerDie()
	}
}

// AppendLegal appends to dst the legal plays of pos for roll under r and
// returns the extended slice. Each distinct resulting position is listed
// once (C8), with one canonical step sequence; every play uses the most dice
// any legal sequence uses, and the larger die when only one can be used
// (C5). An empty play (no step possible) is listed alone.
//
// Order: for a double, plays are listed depth-first with each step starting
// on a point no higher than the previous one, higher points first; for a
// mixed roll, plays that start with the larger die come first, then those
// that start with the smaller, each depth-first from the highest point.
// Canonical steps follow the same order: larger die first where the play
// allows it, higher points first.
//
// It never allocates when cap(dst)-len(dst) >= MaxPlays. It returns an
// error, and dst unchanged, for an invalid position (a [*PositionError];
// also, of rule L5, a finished long-nardy game's last position where the
// loser, left on roll, holds a six-block: [Rules.CheckPosition] accepts
// it, but no play of it can be judged) or roll ([ErrInvalidRoll]), a
// position of the other variant ([ErrVariantMismatch]), or invalid move-rule fields of r (an
// [*InvalidRulesError]; the game-level options are not read here).
func (r Rules) AppendLegal(dst []Play, pos Position, roll Roll) ([]Play, error) {
	var g gen
	if err := prepareTurn(&r, &pos, roll, &g.turnCtx, &g.root); err != nil {
		return dst, err
	}
	g.out, g.base = dst, len(dst)
	g.run()
	return g.out, nil
}

// legal returns the plays AppendLegal(nil, t.Start(), t.Roll()) returns
// under the rules t was prepared with, running the generator on the
// prepared turn: the input checked and the masks worked out once, when
// the turn started. Its steps taken so far do not matter (t.root).
func (t *Turn) legal() []Play {
	var g gen
	g.turnCtx, g.root = t.c, t.root
	g.run()
	return g.out
}

// countLegal returns the number of plays AppendLegal lists, counting them
// where the search can without listing them; buf (capacity MaxPlays) is
// the list where it cannot. Perft's last ply uses it.
func (r Rules) countLegal(buf []Play, pos Position, roll Roll) (int, error) {
	var g gen
	if err := prepareTurn(&r, &pos, roll, &g.turnCtx, &g.root); err != nil {
		return 0, err
	}
	g.out, g.base = buf[:0], 0
	return g.countRun(), nil
}

// countRun is countLegal's run of the prepared turn, g.out the list where
// the search cannot count.
func (g *gen) countRun() int {
	g.counting = true
	g.run()
	if g.counting {
		return g.count
	}
	return len(g.out)
}

// Legal returns the legal plays of pos for roll under r; see AppendLegal,
// whose errors it returns. It allocates the slice it returns, growing it
// as it lists the plays: a loop that lists plays again and again (a
// search, self-play) appends them with AppendLegal to a buffer it reuses,
// in a fifth of Legal's time (BENCHMARKS.md in the repository).
func (r Rules) Legal(pos Position, roll Roll) ([]Play, error) {
	return r.AppendLegal(nil, pos, roll)
}

// Plays returns the legal plays of pos for roll under r, in the order of
// AppendLegal, for a range loop:
//
//	for play, err := range r.Plays(pos, roll) {
//		if err != nil { ... } // invalid input: the only value yielded
//		...
//	}
//
// It yields (Play{}, err) once when Legal would return an error. Each call
// of the iterator lists the plays afresh into a new slice; a search loop
// that must not allocate uses AppendLegal with its own buffer.
func (r Rules) Plays(pos Position, roll Roll) iter.Seq2[Play, error] {
	return func(yield func(Play, error) bool) {
		plays, err := r.Legal(pos, roll)
		if err != nil {
			yield(Play{}, err)
			return
		}
		for _, p := range plays {
			if !yield(p, nil) {
				return
			}
		}
	}
}
