package nardy

import "math/bits"

// The search for mixed rolls (two different dice, C3). The fast path,
// mixedSimple, is for the most common turn, a mixed roll in a simple turn
// (see simpleTurn): it walks the same search as mixed but flat, on local
// nodes, and needs no duplicate check:
//
//   - Larger die first (a, then b): every pair of steps gives a distinct
//     position, except one checker moving on (q by a, then q-a by b) against
//     two checkers (p = q-b by a, then q by b onto p), which end alike when
//     the middle point q-a is open and no blot; the second form is skipped
//     (twin in mixedSimple).
//   - Smaller die first: a second step from a point that held a checker at
//     the start gives a play the first pass made (the same two steps in the
//     other order are legal in a simple turn), so only a checker moving on
//     from where its first step landed can give something new: when the
//     other order's middle point is closed or off the board, or a blot
//     stands on either middle point (the hits differ).

// mixedSimple lists the plays of a mixed roll in a simple turn. Unless
// plays are only counted, the first steps by the larger die are made in
// registers, the second steps that end in a forbidden block dropped
// (blockFree), and the plays written in the same loop (no call per play
// or per first step).
func (g *gen) mixedSimple(root *node) {
	a, b := int(g.roll.hi), int(g.roll.lo)
	// Points from which a step by b lands on an open point: no bear-off
	// in a simple turn (C6).
	stepB := ^(g.blocked << (uint(b) & 31)) &^ (2<<(uint(b)&31) - 1)
	fast := !g.counting
	// Bit p of twin: a first step from p by a has a second step from q =
	// p+b by b that only repeats the chain of the checker on q (q by a,
	// then on by b): q holds a checker and the middle point q-a is open
	// and no blot, as masks for every p at once.
	twin := root.mask >> (uint(b) & 31) & (^(g.blocked | g.blots) & points24 << (uint(a-b) & 31)) & points24
	for cand := g.movable(root, a); cand != 0; {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << (uint(p) & 31)
		lo, hi, m1 := sideStep(root.me[0], root.me[1], root.mask, p, a)
		next := m1 & stepB
		if g.headRule && (root.head == 0 || p == Head && root.head == 1) {
			next &^= 1 << Head // no checker may leave the head any more (L3)
		}
		next &^= twin & (1 << (uint(p) & 31)) << (uint(b) & 31)
		e := &stepEffects[uint(p<<3|a)&(stepEffectsLen-1)]
		if g.sixBlock && next != 0 && fast {
			next = g.blockFree(lo, hi, m1, next, b) // L5 at the end
		}
		h1 := g.blots & e.bit // the root hits nothing: no bar in a simple turn
		if next != 0 && fast {
			g.reach(2)
			meta := g.meta0 | 2<<metaNShift | playMeta(p) | hitMeta(h1, 0)
			cnt := bits.OnesCount32(next)
			g.reserve(cnt)
			k := len(g.out)
			g.out = g.out[:k+cnt]
			out := g.out[k:]
			// Fields used per play are read once: a store into the list
			// could alias them for all the compiler knows.
			blots, olo0, ohi0 := g.blots, g.start.opp[0], g.start.opp[1]
			if h1 == 0 && blots&(next>>(uint(b)&31)) == 0 {
				// Neither step hits (the usual case): the opponent's side
				// is the same in every play, and the loop is short.
				for i := range out {
					q := 31 - bits.LeadingZeros32(next)
					next &^= 1 << (uint(q) & 31)
					e := &stepEffects[uint(q<<3|b)&(stepEffectsLen-1)]
					pl := &out[i]
					pl.mover[0], pl.mover[1] = lo+e.lo, hi+e.hi
					pl.opp[0], pl.opp[1] = olo0, ohi0
					pl.meta = meta | playMeta(q)<<5
				}
				continue
			}
			for i := range out {
				q := 31 - bits.LeadingZeros32(next)
				next &^= 1 << (uint(q) & 31)
				e := &stepEffects[uint(q<<3|b)&(stepEffectsLen-1)]
				h := blots & e.bit &^ h1
				olo, ohi := olo0, ohi0
				if h1|h != 0 {
					olo, ohi = g.oppAfter(h1 | h)
				}
				pl := &out[i]
				pl.mover[0], pl.mover[1] = lo+e.lo, hi+e.hi
				pl.opp[0], pl.opp[1] = olo, ohi
				pl.meta = meta | playMeta(q)<<5 | hitMeta(h, 1)
			}
			continue
		}
		if next != 0 || g.maxDepth <= 1 {
			var n1 node
			s1 := g.applyTo(&n1, root, p, a)
			if next != 0 {
				g.mixedCount(&n1, next, b)
			}
			if g.maxDepth <= 1 {
				g.put(&n1, 1, s1, rawStep{})
			}
		}
	}
	// Smaller die first: only a checker moving on from where its first
	// step landed can give something new (see the top of this file). As
	// masks of the starting point p: the end p-b-a is open, nothing stood
	// on p-b at the start, and the other order's middle point p-a is off
	// the board or closed, or a blot stands on either middle point.
	cand := g.movable(root, b)
	open := ^g.blocked & points24
	chains := cand & (open << (uint(a+b) & 31)) &^ (root.mask << (uint(b) & 31)) &
		(2<<(uint(a)&31) - 1 | g.blocked<<(uint(a)&31) | g.blots<<(uint(b)&31) | g.blots<<(uint(a)&31))
	if g.maxDepth == 2 && g.blots == 0 && !g.counting {
		// The usual case, always in long nardy: two-step plays are known
		// and no step can hit, so each chain is written in registers.
		g.reserve(bits.OnesCount32(chains))
		meta := g.meta0 | 2<<metaNShift | metaSmallFirst
		olo, ohi := g.start.opp[0], g.start.opp[1]
		for chains != 0 {
			p := 31 - bits.LeadingZeros32(chains)
			chains &^= 1 << (uint(p) & 31)
			lo, hi, m := sideStep(root.me[0], root.me[1], root.mask, p, b)
			lo, hi, m = sideStep(lo, hi, m, p-b, a)
			if g.sixBlock && illegalBlock(m, g.theirs, g.ahead) {
				continue
			}
			g.put5(lo, hi, olo, ohi, meta|playMeta(p)|playMeta(p-b)<<5)
		}
		return
	}
	if g.maxDepth > 1 {
		cand = chains
	}
	for cand != 0 {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << (uint(p) & 31)
		mid := p - b
		chain := chains&(1<<(uint(p)&31)) != 0
		var n1 node
		s1 := g.applyTo(&n1, root, p, b)
		if chain {
			var n2 node
			s2 := g.applyTo(&n2, &n1, mid, a)
			g.put(&n2, 2, s1, s2)
		}
		if g.maxDepth <= 1 {
			g.put(&n1, 1, s1, rawStep{})
		}
	}
	if g.maxDepth == 0 {
		g.put(root, 0, rawStep{}, rawStep{})
	}
}

// mixedCount counts the two-step plays whose second step goes by die b
// from each point of next (not empty) on node n1, when plays are only
// counted (mixedSimple writes them itself otherwise): they are distinct
// (mixedSimple), and each is a play unless it ends in a forbidden block
// (L5).
func (g *gen) mixedCount(n1 *node, next uint32, b int) {
	if !g.sixBlock {
		g.reach(2)
		g.count += bits.OnesCount32(next)
		return
	}
	for next != 0 {
		q := 31 - bits.LeadingZeros32(next)
		next &^= 1 << (uint(q) & 31)
		_, _, bit := leafStep(n1, q, b)
		if illegalBlock(leafMask(n1, q, bit), g.theirs, g.ahead) {
			continue
		}
		g.reach(2)
		g.count++
	}
}

// put records a play of the fast path of depth steps (s0, s1) ending on
// node n, under
// the same rules as emit: most dice first (C5), no forbidden block at the
// end (L5).
func (g *gen) put(n *node, depth int, s0, s1 rawStep) {
	if g.record(n, depth, s0.Die) {
		steps := [2]rawStep{s0, s1}
		g.fill(n.me[0], n.me[1], n.hits, g.stepsMeta(steps[:depth]))
	}
}

// record reports whether the play ending on node n after depth steps,
// whose first step used die first, is to be written. It is not when a play
// of more dice is known (C5) or it ends in a forbidden block (L5), or when
// plays are only counted.
func (g *gen) record(n *node, depth int, first int8) bool {
	if depth < g.maxDepth || (g.sixBlock && illegalBlock(n.mask, g.theirs, g.ahead)) {
		return false
	}
	g.reach(depth)
	if g.counting {
		g.count++
		if first == int8(g.roll.hi) {
			g.countHi++
		}
		return false
	}
	return true
}

// mixed generates the plays of a mixed roll that play die first, then
// second, with the duplicate check (turns that are not simple: the bar, a
// possible bear-off, blocks judged on the pass).
func (g *gen) mixed(root *node, first, second int, seen *dedup, skip uint32, skipOff bool) {
	var c1 node
	for cand := g.movable(root, first); cand != 0; {
		p := 31 - bits.LeadingZeros32(cand)
		cand &^= 1 << (uint(p) & 31)
		s1, ok := g.move(root, p, first, &c1)
		if !ok {
			continue
		}
		g.path[0] = s1
		cand2 := g.movable(&c1, second)
		if s1.To != Off {
			cand2 &^= skip
		} else if skipOff {
			cand2 = 0
		}
		meta := g.meta0 | 2<<metaNShift | stepMeta(s1, 0)
		if first != int(g.roll.hi) {
			meta |= metaSmallFirst
		}
		for cand2 != 0 {
			q := 31 - bits.LeadingZeros32(cand2)
			cand2 &^= 1 << (uint(q) & 31)
			// The last step inline (see doubleLast2); its block check
			// is both the one on the pass and the one at the end (L5).
			lo, hi, bit := leafStep(&c1, q, second)
			if g.sixBlock && illegalBlock(leafMask(&c1, q, bit), g.theirs, g.ahead) {
				continue
			}
			g.reach(2)
			h := g.blots & bit &^ c1.hits
			olo, ohi := g.start.opp[0], g.start.opp[1]
			if hits := c1.hits | h; hits != 0 {
				olo, ohi = g.oppAfter(hits)
			}
			if !seen.insert(g.out[g.base:], lo, hi, olo, ohi) {
				continue
			}
			g.reserve(1)
			g.put5(lo, hi, olo, ohi, meta|playMeta(q)<<5|hitMeta(h, 1))
		}
		if g.maxDepth <= 1 {
			g.emit(&c1, 1, seen)
		}
	}
}

// simpleTurn reports whether the order of two steps of a mixed roll can
// only matter through one checker moving twice: no checker on the bar (S3),
// no bear-off possible during the turn (at least two checkers outside home,
// C6), and blocks judged only at the end (L5).
func (g *gen) simpleTurn(root *node) bool {
	if root.mask&barBit != 0 || (g.sixBlock && !g.transient) {
		return false
	}
	// Two checkers outside: on two points, or two on one.
	m := root.mask & outside
	return m&(m-1) != 0 || m != 0 && root.me.get(bits.TrailingZeros32(m)) >= 2
}
