package nardy

import "math/bits"

// The search for doubles (C3: four steps of one number). It needs no
// duplicate check: see double.

// someOrderPasses reports whether the first depth steps of a double, found
// in canonical order, can be played in some order in which no intermediate
// position holds a forbidden block (L5 with TransientBlock false). On
// success steps holds the first such order (canonical order preferred).
func (g *gen) someOrderPasses(steps *[4]Step, depth int) bool {
	c := g.turnCtx
	c.transient = false
	var order [4]Step
	if !c.permutePasses(g.root, steps, &order, 0, 0, depth) {
		return false
	}
	*steps = order
	return true
}

// permutePasses tries the unused steps of steps[:depth] (used is a bit set)
// in order from node n, k steps made so far, each judged by c.step.
func (c *turnCtx) permutePasses(n node, steps, order *[4]Step, used uint8, k, depth int) bool {
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
// leave the head, the bits of the steps so far (see Play) and the points
// from which the search still has to try a step.
type dnode struct {
	lo, hi     uint64
	meta       playMeta
	mask, hits uint32
	cand       uint32
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
// The search is iterative over a stack of four nodes, and the last level is
// a flat loop that writes each play straight into the list: no call per
// node or per play (a call makes Go spill every live register).
func (g *gen) double() {
	d := int(g.roll.hi)
	// Points from which a step by d lands on an open point (C4); bearing
	// off and the head are added or removed per node.
	g.dstep = ^(g.blocked << (uint(d) & 31)) &^ (2<<(uint(d)&31) - 1)
	g.dhead = 0
	if g.headRule {
		g.dhead = 1 << Head
	}
	var st [4]dnode
	r := &g.root
	st[0] = dnode{lo: r.me[0], hi: r.me[1], mask: r.mask, hits: r.hits, head: r.head}
	st[0].cand = g.doubleCands(&st[0], Bar, d)
	k := 0
	for {
		n := &st[k]
		if k == 3 {
			g.doubleLeaves(n, d)
			n.cand = 0
		}
		if n.cand == 0 {
			if k >= g.maxDepth {
				g.emitDouble(n, k)
			}
			if k == 0 {
				return
			}
			k--
			continue
		}
		p := 31 - bits.LeadingZeros32(n.cand)
		n.cand &^= 1 << (uint(p) & 31)
		c := &st[k+1]
		e := &stepEffects[uint(p<<3|d)&(stepEffectsLen-1)]
		lo, hi := n.lo+e.lo, n.hi+e.hi
		w := lo
		if p >= 16 {
			w = hi
		}
		left := w >> (4 * uint(p) & 63) & 15
		bit := uint32(1) << (uint(max(p-d, Off)) & 31) &^ 1
		h := g.blots & bit &^ n.hits
		head := n.head
		if g.dhead&(1<<(uint(p)&31)) != 0 {
			head--
		}
		c.lo, c.hi = lo, hi
		c.mask = n.mask&^(uint32((left-1)>>63)<<(uint(p)&31)) | bit
		c.hits = n.hits | h
		c.head = head
		c.meta = n.meta | playMeta(p)<<(5*uint(k)&31) | hitMeta(h, uint(k))
		c.cand = g.doubleCands(c, p, d)
		k++
	}
}

// doubleCands returns the points of n, none above maxFrom, from which a
// step by d is legal as far as landing (C4), the bar (S3), bearing off (C6)
// and the head (L3) go: movable for the search of doubles.
func (g *gen) doubleCands(n *dnode, maxFrom, d int) uint32 {
	src := n.mask
	if src&barBit != 0 {
		src = barBit
	}
	ok := src & g.dstep
	if n.mask&outside == 0 {
		ok |= g.bearOffCands(n.mask, d)
	}
	if n.head == 0 {
		ok &^= g.dhead
	}
	return ok & (2<<(uint(maxFrom)&31) - 1)
}

// bearOffCands returns the points from which a die d bears off when every
// checker of mask is home (C6): the exact point, and the highest point when
// it is below the die.
func (g *gen) bearOffCands(mask uint32, d int) uint32 {
	ok := mask & (1 << (uint(d) & 31))
	if top := 31 - bits.LeadingZeros32(mask); top >= 1 && top < d {
		ok |= 1 << (uint(top) & 31)
	}
	return ok
}

// doubleLeaves is the last level of double: the fourth step from each
// candidate of n, written straight into the list.
func (g *gen) doubleLeaves(n *dnode, d int) {
	cand := n.cand
	if g.counting && !g.sixBlock && cand != 0 {
		// Each candidate is a distinct play and no end rule applies in
		// short nardy: count them without making them.
		g.reach(4)
		g.count += bits.OnesCount32(cand)
		return
	}
	base := g.meta0 | 4<<metaNShift
	g.reserve(bits.OnesCount32(cand))
	for cand != 0 {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << (uint(p) & 31)
		e := &stepEffects[uint(p<<3|d)&(stepEffectsLen-1)]
		lo, hi := n.lo+e.lo, n.hi+e.hi
		bit := uint32(1) << (uint(max(p-d, Off)) & 31) &^ 1
		h := g.blots & bit &^ n.hits
		stepBits := n.meta | playMeta(p)<<15 | hitMeta(h, 3)
		if g.sixBlock {
			w := lo
			if p >= 16 {
				w = hi
			}
			left := w >> (4 * uint(p) & 63) & 15
			leaf := dnode{lo: lo, hi: hi, meta: stepBits,
				mask: n.mask&^(uint32((left-1)>>63)<<(uint(p)&31)) | bit, hits: n.hits | h}
			g.emitDouble(&leaf, 4)
			continue
		}
		if g.maxDepth < 4 {
			g.reach(4)
		}
		if g.counting {
			g.count++
			continue
		}
		olo, ohi := g.start.opp[0], g.start.opp[1]
		if n.hits|h != 0 {
			olo, ohi = g.oppAfter(n.hits | h)
		}
		g.put5(lo, hi, olo, ohi, base|stepBits)
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
