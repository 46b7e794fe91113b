package nardy

import "math/bits"

// The fast path for the most common turn: a mixed roll in a simple turn
// (see simpleTurn). It walks the same search as mixed but flat, on local
// copies of the mover's side and masks, and it needs no duplicate check:
//
//   - Larger die first (a, then b): every pair of steps gives a distinct
//     position, except one checker moving on (q by a, then q-a by b) against
//     two checkers (p = q-b by a, then q by b onto p), which end alike when
//     the middle point q-a is open and no blot; the second form is skipped
//     (sameAsChain).
//   - Smaller die first: a second step from a point that held a checker at
//     the start gives a play the first pass made (the same two steps in the
//     other order are legal in a simple turn), so only a checker moving on
//     from where its first step landed can give something new (chainIsNew).

// mixedSimple lists the plays of a mixed roll in a simple turn.
func (g *gen) mixedSimple(root *node) {
	a, b := int(g.roll.hi), int(g.roll.lo)
	for cand := g.movable(root, a); cand != 0; {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << uint(p)
		me1, m1, h1, head1, s1 := g.simpleStep(root.me, root.mask, 0, root.head, p, a)
		next := m1 &^ (g.blocked << uint(b)) &^ (2<<uint(b) - 1)
		if g.headRule && head1 == 0 {
			next &^= 1 << Head
		}
		if q := p + b; q <= 24 && next&(1<<uint(q)) != 0 && g.sameAsChain(root, q, a) {
			next &^= 1 << uint(q)
		}
		for next != 0 {
			q := 31 - bits.LeadingZeros32(next)
			next &^= 1 << uint(q)
			me2, m2, h2, _, s2 := g.simpleStep(me1, m1, h1, head1, q, b)
			g.put(me2, m2, h2, 2, s1, s2)
		}
		if g.maxDepth <= 1 {
			g.put(me1, m1, h1, 1, s1, Step{})
		}
	}
	for cand := g.movable(root, b); cand != 0; {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << uint(p)
		me1, m1, h1, head1, s1 := g.simpleStep(root.me, root.mask, 0, root.head, p, b)
		mid := p - b
		if to := mid - a; to >= 1 && g.blocked&(1<<uint(to)) == 0 &&
			root.mask&(1<<uint(mid)) == 0 && g.chainIsNew(root, p, b, a) {
			me2, m2, h2, _, s2 := g.simpleStep(me1, m1, h1, head1, mid, a)
			g.put(me2, m2, h2, 2, s1, s2)
		}
		if g.maxDepth <= 1 {
			g.put(me1, m1, h1, 1, s1, Step{})
		}
	}
	g.put(root.me, root.mask, 0, 0, Step{}, Step{})
}

// simpleStep moves a checker from point from by die on local copies of the
// mover's side and masks, where the caller knows the step is legal
// (movable); a step past point 1 bears off.
func (g *gen) simpleStep(me half, mask, hits uint32, head int8, from, die int) (half, uint32, uint32, int8, Step) {
	to := from - die
	if to < Off {
		to = Off
	}
	me.add(from, -1)
	if me.get(from) == 0 {
		mask &^= 1 << uint(from)
	}
	me.add(to, 1)
	hit := false
	if to != Off {
		bit := uint32(1) << uint(to)
		mask |= bit
		if g.blots&^hits&bit != 0 {
			hits |= bit
			hit = true
		}
	}
	if from == Head && g.headRule {
		head--
	}
	return me, mask, hits, head, Step{From: int8(from), To: int8(to), Die: int8(die), Hit: hit}
}

// put records a play of the fast path of depth steps (s0, s1) ending with
// the mover's side me, its occupied points mask and the blots hit, under
// the same rules as emit: most dice first (C5), no forbidden block at the
// end (L5).
func (g *gen) put(me half, mask, hits uint32, depth int, s0, s1 Step) {
	g.putSteps(me, mask, hits, depth, [4]Step{s0, s1})
}

// putSteps is put with up to four steps.
func (g *gen) putSteps(me half, mask, hits uint32, depth int, steps [4]Step) {
	if depth < g.maxDepth || (g.sixBlock && illegalBlock(mask, g.theirs, g.ahead)) {
		return
	}
	if depth > g.maxDepth {
		g.maxDepth = depth
		g.out = g.out[:g.base]
	}
	k := len(g.out)
	if k < cap(g.out) {
		g.out = g.out[:k+1]
	} else {
		g.out = append(g.out, Play{})
	}
	p := &g.out[k]
	p.after.mover = me
	p.after.opp = g.start.opp
	if hits != 0 {
		n := node{me: me, hits: hits}
		p.after.opp = g.after(&n).opp
	}
	p.after.turn, p.after.variant = g.start.turn, g.start.variant
	p.n, p.roll = uint8(depth), g.roll
	p.steps = steps
}
