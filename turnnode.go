package nardy

import "math/bits"

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
