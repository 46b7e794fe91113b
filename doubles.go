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

// double generates the plays of a double in canonical order: each step
// starts on a point no higher than the step before. Every legal multiset of
// steps can be played in that order (higher checkers first never spoils a
// later step: landings do not depend on order, and bearing off only gets
// easier), and different multisets give different positions, so this
// enumeration is complete and needs no duplicate check. Blocks judged on the
// pass are the one thing order changes: the search ignores them and emit
// checks the orders of each play (passJudged), so every step here is legal
// once movable allows it.
func (g *gen) double(ns *[4]node, depth, maxFrom int) {
	n := &ns[depth]
	d := int(g.roll.hi)
	// The nodes live in ns, one per depth: passing a node by value to the
	// next level would read it back with wide loads. The fourth step is
	// doubleLastStep's, or, when blocks are judged on the pass, emitted
	// from a local node.
	var leaf node
	child := &leaf
	if depth < 3 {
		child = &ns[depth+1]
	}
	last := depth == 2 && !g.passJudged
	for cand := g.movable(n, d) & (2<<(uint(maxFrom)&31) - 1); cand != 0; {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << (uint(p) & 31)
		g.path[depth] = g.applyTo(child, n, p, d)
		switch {
		case last:
			g.doubleLastStep(child, p)
		case depth < 3:
			g.double(ns, depth+1, p)
		default:
			g.emit(child, 4, nil)
		}
	}
	if depth >= g.maxDepth {
		g.emit(n, depth, nil)
	}
}

// doubleLastStep is double's last level, flat: the fourth step of each
// candidate point is made on locals and written out directly (put).
func (g *gen) doubleLastStep(n *node, maxFrom int) {
	d := int(g.roll.hi)
	cand := g.movable(n, d) & (2<<(uint(maxFrom)&31) - 1)
	if g.counting && !g.sixBlock && cand != 0 {
		// Each candidate is a distinct play and no end rule applies in
		// short nardy: count them without making them.
		g.reach(4)
		g.count += bits.OnesCount32(cand)
		cand = 0
	}
	for cand != 0 {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << (uint(p) & 31)
		// The leaf is written straight into the play, not into a node.
		// This is record and fill by hand: the hottest loop of the
		// generator, where the calls cost a sixth of the time.
		lo, hi, mask, hits, s := g.stepValues(n, p, d)
		if g.sixBlock && illegalBlock(mask, g.theirs, g.ahead) {
			continue
		}
		g.reach(4)
		if g.counting {
			g.count++
			continue
		}
		pl := g.slot()
		pl.after.mover[0], pl.after.mover[1] = lo, hi
		pl.after.opp[0], pl.after.opp[1] = g.start.opp[0], g.start.opp[1]
		if hits != 0 {
			pl.after.opp[0], pl.after.opp[1] = g.oppAfter(hits)
		}
		pl.after.turn, pl.after.variant = g.start.turn, g.start.variant
		pl.n, pl.roll = 4, g.roll
		pl.steps[0], pl.steps[1], pl.steps[2], pl.steps[3] = g.path[0], g.path[1], g.path[2], s
	}
	if g.maxDepth <= 3 {
		g.emit(n, 3, nil)
	}
}
