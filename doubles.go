package nardy

import "math/bits"

// The search for doubles (C3: four steps of one number). It needs no
// duplicate check: see double.

// someOrderPasses reports whether the first depth steps of a double, found
// in canonical order, can be played in some order in which no intermediate
// position holds a forbidden block (L5 with TransientBlock false). On
// success steps holds the first such order (canonical order preferred).
func (g *gen) someOrderPasses(steps *[4]rawStep, depth int) bool {
	c := g.turnCtx
	c.transient = false
	var order [4]rawStep
	if !c.permutePasses(g.root, steps, &order, 0, 0, depth) {
		return false
	}
	*steps = order
	return true
}

// permutePasses tries the unused steps of steps[:depth] (used is a bit set)
// in order from node n, k steps made so far, each judged by c.step.
func (c *turnCtx) permutePasses(n node, steps, order *[4]rawStep, used uint8, k, depth int) bool {
	if k == depth {
		return true
	}
	for i := 0; i < depth; i++ {
		if used&(1<<uint(i)) != 0 || (i > 0 && used&(1<<uint(i-1)) == 0 && steps[i] == steps[i-1]) {
			continue
		}
		var child node
		s, f := c.step(&n, int(steps[i].From), int(steps[i].Die), &child)
		if f != stepOK {
			continue
		}
		order[k] = s
		if c.permutePasses(child, steps, order, used|1<<uint(i), k+1, depth) {
			return true
		}
	}
	return false
}

// dnode is a node of the search for doubles: the mover's side (two
// words), its occupied points, the blots hit, the checkers that may still
// leave the head and the bits of the steps so far (see Play).
type dnode struct {
	lo, hi     uint64
	meta       playMeta
	mask, hits uint32
	excl       uint32 // the head's bit once no more checkers may leave it
	head       int8
}

// double generates the plays of a double in canonical order: each step
// starts on a point no higher than the step before. Every legal multiset of
// steps can be played in that order (higher checkers first never spoils a
// later step: landings do not depend on order, and bearing off only gets
// easier), and different multisets give different positions, so this
// enumeration is complete and needs no duplicate check. Blocks judged on the
// pass are the one thing order changes: the search ignores them and
// emitDouble checks the orders of each play (passJudged), so every step here
// is legal once doubleCands allows it.
//
// The four levels are written out as nested loops over nodes on the stack,
// and the last two (doubleLast2) write each play straight into the list:
// no call per node or per play (a call makes Go spill every live
// register), and each level's branches are predicted on their own.
// A node is emitted after its children, when no longer play is known.
func (g *gen) double() {
	d := int(g.roll.hi)
	// Points from which a step by d lands on an open point (C4); bearing
	// off, the bar and the head are judged per node (doubleCands).
	g.dstep = ^(g.blocked << (uint(d) & 31)) &^ (2<<(uint(d)&31) - 1)
	g.dhead = 0
	if g.headRule {
		g.dhead = 1 << Head
	}
	r := &g.root
	var n0, n1, n2 dnode
	n0.lo, n0.hi, n0.mask, n0.hits, n0.head = r.me[0], r.me[1], r.mask, r.hits, r.head
	n0.excl = g.dhead & uint32(int32(n0.head-1)>>31)
	for c0 := g.doubleCands(&n0, Bar, d); c0 != 0; {
		p0 := 31 - bits.LeadingZeros32(c0)
		c0 &^= 1 << (uint(p0) & 31)
		for c1 := g.doubleStep(&n1, &n0, p0, d, 0); c1 != 0; {
			p1 := 31 - bits.LeadingZeros32(c1)
			c1 &^= 1 << (uint(p1) & 31)
			if c2 := g.doubleStep(&n2, &n1, p1, d, 1); c2 != 0 {
				g.doubleLast2(&n2, c2, d)
			}
			if g.maxDepth <= 2 {
				g.emitDouble(&n2, 2)
			}
		}
		if g.maxDepth <= 1 {
			g.emitDouble(&n1, 1)
		}
	}
	if g.maxDepth == 0 {
		g.emitDouble(&n0, 0)
	}
}

// doubleStep writes to c the node after step k of a double, from point p
// of node n by d, and returns the points of c from which the search goes
// on (doubleCands).
func (g *gen) doubleStep(c, n *dnode, p, d, k int) uint32 {
	e := &stepEffects[uint(p<<3|d)&(stepEffectsLen-1)]
	lo, hi := n.lo+e.lo, n.hi+e.hi
	w := n.lo
	if p >= 16 {
		w = n.hi
	}
	held := w >> (4 * uint(p) & 63) & 15 // one checker: p empties
	h := g.blots & e.bit &^ n.hits
	c.lo, c.hi = lo, hi
	c.mask = n.mask&^(uint32((held^1-1)>>63)<<(uint(p)&31)) | e.bit
	c.hits = n.hits | h
	head := n.head - int8(g.dhead>>(uint(p)&31)&1)
	c.head = head
	c.excl = g.dhead & uint32(int32(head-1)>>31)
	c.meta = n.meta | playMeta(p)<<(5*uint(k)&31) | hitMeta(h, uint(k))
	// doubleCands(c, p, d), by hand: the call would cost more than it.
	mask := c.mask
	ok := mask & g.dstep
	if x := mask & outside; x == 0 || x&barBit != 0 {
		ok = g.doubleCandsSlow(mask, d)
	}
	return ok &^ c.excl & (2<<(uint(p)&31) - 1)
}

// doubleCands returns the points of n, none above maxFrom, from which a
// step by d is legal as far as landing (C4), the bar (S3), bearing off (C6)
// and the head (L3) go: movable for the search of doubles.
func (g *gen) doubleCands(n *dnode, maxFrom, d int) uint32 {
	ok := n.mask & g.dstep
	if x := n.mask & outside; x == 0 || x&barBit != 0 {
		ok = g.doubleCandsSlow(n.mask, d)
	}
	return ok &^ n.excl & (2<<(uint(maxFrom)&31) - 1)
}

// doubleCandsSlow is doubleCands with a checker on the bar (only the bar
// moves, S3) or every checker home (bearing off, C6): the exact point, and
// the highest point when it is below the die.
//
//go:noinline
func (g *gen) doubleCandsSlow(mask uint32, d int) uint32 {
	if mask&barBit != 0 {
		return barBit & g.dstep
	}
	ok := mask&g.dstep | mask&(1<<(uint(d)&31))
	if top := 31 - bits.LeadingZeros32(mask); top >= 1 && top < d {
		ok |= 1 << (uint(top) & 31)
	}
	return ok
}

// doubleLast2 is the last two levels of double below node n2, whose
// candidates are c2 (not empty). Unless blocks are judged on the pass or
// plays are only counted, a third step's node stays in registers and the
// plays are written in the same loop (no call per node). That fast path
// is short nardy's alone (long nardy's doubles go to doubleLong, but for
// those two cases), so it has no head rule (L3) and no end rule (L5).
func (g *gen) doubleLast2(n2 *dnode, c2 uint32, d int) {
	if g.passJudged || g.counting {
		g.doubleLast2Nodes(n2, c2, d)
		return
	}
	base := g.meta0 | 4<<metaNShift | n2.meta
	for c2 != 0 {
		p := 31 - bits.LeadingZeros32(c2)
		c2 &^= 1 << (uint(p) & 31)
		e := &stepEffects[uint(p<<3|d)&(stepEffectsLen-1)]
		lo, hi := n2.lo+e.lo, n2.hi+e.hi
		w := n2.lo
		if p >= 16 {
			w = n2.hi
		}
		held := w >> (4 * uint(p) & 63) & 15 // one checker: p empties
		mask := n2.mask&^(uint32((held^1-1)>>63)<<(uint(p)&31)) | e.bit
		// doubleCands by hand.
		c3 := mask & g.dstep
		if x := mask & outside; x == 0 || x&barBit != 0 {
			c3 = g.doubleCandsSlow(mask, d)
		}
		c3 &= 2<<(uint(p)&31) - 1
		if c3 == 0 {
			if g.maxDepth <= 3 {
				g.doubleLast2Nodes(n2, 1<<(uint(p)&31), d)
			}
			continue
		}
		h3 := g.blots & e.bit &^ n2.hits
		hits := n2.hits | h3
		meta := base | playMeta(p)<<10 | hitMeta(h3, 2)
		g.reach(4)
		cnt := bits.OnesCount32(c3)
		g.reserve(cnt)
		k := len(g.out)
		g.out = g.out[:k+cnt]
		out := g.out[k:]
		if hits == 0 && g.blots&(c3>>(uint(d)&31)) == 0 {
			// No step hits (the usual case): see mixedSimple.
			olo, ohi := g.start.opp[0], g.start.opp[1]
			for i := range out {
				q := 31 - bits.LeadingZeros32(c3)
				c3 &^= 1 << (uint(q) & 31)
				e := &stepEffects[uint(q<<3|d)&(stepEffectsLen-1)]
				pl := &out[i]
				pl.mover[0], pl.mover[1] = lo+e.lo, hi+e.hi
				pl.opp[0], pl.opp[1] = olo, ohi
				pl.meta = meta | playMeta(q)<<15
			}
			continue
		}
		for i := range out {
			q := 31 - bits.LeadingZeros32(c3)
			c3 &^= 1 << (uint(q) & 31)
			e := &stepEffects[uint(q<<3|d)&(stepEffectsLen-1)]
			h := g.blots & e.bit &^ hits
			olo, ohi := g.start.opp[0], g.start.opp[1]
			if hits|h != 0 {
				olo, ohi = g.oppAfter(hits | h)
			}
			pl := &out[i]
			pl.mover[0], pl.mover[1] = lo+e.lo, hi+e.hi
			pl.opp[0], pl.opp[1] = olo, ohi
			pl.meta = meta | playMeta(q)<<15 | hitMeta(h, 3)
		}
	}
}

// blockFree returns the points of cand from which a last step by d, from
// the side (lo, hi) with occupied points mask, ends in no six-block that
// L5 forbids (blocks judged at the end of the play).
func (g *gen) blockFree(lo, hi uint64, mask, cand uint32, d int) uint32 {
	ok := cand
	for c := cand; c != 0; c &= c - 1 {
		q := bits.TrailingZeros32(c)
		e := &stepEffects[uint(q<<3|d)&(stepEffectsLen-1)]
		w := lo
		if q >= 16 {
			w = hi
		}
		held := w >> (4 * uint(q) & 63) & 15 // one checker: q empties
		m := mask&^(uint32((held^1-1)>>63)<<(uint(q)&31)) | e.bit
		if illegalBlock(m, g.theirs, g.ahead) {
			ok &^= 1 << (uint(q) & 31)
		}
	}
	return ok
}

// doubleLast2Nodes is doubleLast2 the general way: each third step's node
// made in full, then its fourth steps (doubleLeaves) or itself emitted.
func (g *gen) doubleLast2Nodes(n2 *dnode, c2 uint32, d int) {
	var n3 dnode
	for c2 != 0 {
		p := 31 - bits.LeadingZeros32(c2)
		c2 &^= 1 << (uint(p) & 31)
		if c3 := g.doubleStep(&n3, n2, p, d, 2); c3 != 0 {
			g.doubleLeaves(&n3, c3, d)
		}
		// After its children, as every node: when an end rule refused
		// every fourth step, the three-step play may be the longest.
		if g.maxDepth <= 3 {
			g.emitDouble(&n3, 3)
		}
	}
}

// doubleLeaves is the last level of double made the general way (see
// doubleLast2): the fourth step from each point of cand (not empty) of
// node n. Without an end rule it is reached only when plays are counted
// (doubleLast2 writes them itself otherwise, and an end rule is what
// judges blocks on the pass): each candidate is a distinct play, counted
// without making it.
func (g *gen) doubleLeaves(n *dnode, cand uint32, d int) {
	if g.sixBlock {
		g.doubleLeavesJudged(n, cand, d)
		return
	}
	g.reach(4)
	g.count += bits.OnesCount32(cand)
}

// doubleLeavesJudged is doubleLeaves when an end rule applies (L5, long
// nardy): each leaf goes through emitDouble.
func (g *gen) doubleLeavesJudged(n *dnode, cand uint32, d int) {
	for cand != 0 {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << (uint(p) & 31)
		var leaf dnode
		_ = g.doubleStep(&leaf, n, p, d, 3)
		g.emitDouble(&leaf, 4)
	}
}

// emitDouble records the play of a double ending on node n after depth
// steps, under the same rules as emit.
func (g *gen) emitDouble(n *dnode, depth int) {
	if depth < g.maxDepth {
		return
	}
	if g.sixBlock && illegalBlock(n.mask, g.theirs, g.ahead) {
		return
	}
	meta := g.meta0 | playMeta(depth)<<metaNShift | n.meta
	if g.passJudged {
		steps, _ := Play{meta: meta}.stepArray()
		if !g.someOrderPasses(&steps, depth) {
			return
		}
		meta = g.stepsMeta(steps[:depth])
	}
	g.reach(depth)
	if g.counting {
		g.count++
		return
	}
	olo, ohi := g.start.opp[0], g.start.opp[1]
	if n.hits != 0 {
		olo, ohi = g.oppAfter(n.hits)
	}
	g.reserve(1)
	g.put5(n.lo, n.hi, olo, ohi, meta)
}
