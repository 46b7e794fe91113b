package nardy

import "math/bits"

// doubleLong is double for long nardy when the plays are listed and blocks
// are judged only at the end of a play (TransientBlock, or no block can be
// forbidden). It makes the same search in the same order, but a long-nardy
// node is only the mover's side, its occupied points and the checkers that
// may still leave the head: no checker is ever hit (L2) and none is on the
// bar. So every level is a loop of this one function over local variables,
// with no call and no node in memory on the common path: a long-nardy
// double lists fewer plays per node than a short one, and a call per node
// (doubleStep) cost more than the node's own work. The fourth steps that
// end in a forbidden block are dropped (blockFree) and the plays are
// written in the third level's loop; a third step with no fourth step left
// is a three-step play, listed when no four-step play is known (C5).
//
// The head (L3, L4) only matters on a step from the head: steps go from
// points no higher than the step before, so once a step starts below the
// head, no later step can start on it.
func (g *gen) doubleLong() {
	d := int(g.roll.hi)
	g.dstep = ^(g.blocked << (uint(d) & 31)) &^ (2<<(uint(d)&31) - 1)
	r := &g.root
	lo0, hi0, m0, head0 := r.me[0], r.me[1], r.mask, r.head
	c0 := g.longCands(m0, d)
	if head0 <= 0 {
		c0 &^= 1 << Head
	}
	for c0 != 0 {
		p0 := 31 - bits.LeadingZeros32(c0)
		c0 &^= 1 << (uint(p0) & 31)
		lo1, hi1, m1 := sideStep(lo0, hi0, m0, p0, d)
		head1 := head0
		c1 := g.longCands(m1, d) & (2<<(uint(p0)&31) - 1)
		if p0 == Head {
			if head1--; head1 <= 0 {
				c1 &^= 1 << Head
			}
		}
		s1 := playMeta(p0)
		for c1 != 0 {
			p1 := 31 - bits.LeadingZeros32(c1)
			c1 &^= 1 << (uint(p1) & 31)
			lo2, hi2, m2 := sideStep(lo1, hi1, m1, p1, d)
			c2 := g.longCands(m2, d) & (2<<(uint(p1)&31) - 1)
			head2 := head1
			if p1 == Head {
				if head2--; head2 <= 0 {
					c2 &^= 1 << Head
				}
			}
			s2 := s1 | playMeta(p1)<<5
			for c2 != 0 {
				p := 31 - bits.LeadingZeros32(c2)
				c2 &^= 1 << (uint(p) & 31)
				lo3, hi3, m3 := sideStep(lo2, hi2, m2, p, d)
				c3 := g.longCands(m3, d) & (2<<(uint(p)&31) - 1)
				if p == Head && head2 <= 1 {
					c3 &^= 1 << Head
				}
				if g.sixBlock && c3 != 0 {
					c3 = g.blockFree(lo3, hi3, m3, c3, d)
				}
				if c3 == 0 {
					if g.maxDepth <= 3 {
						g.emitLong(lo3, hi3, m3, 3, s2|playMeta(p)<<10)
					}
					continue
				}
				meta := g.meta0 | 4<<metaNShift | s2 | playMeta(p)<<10
				g.reach(4)
				cnt := bits.OnesCount32(c3)
				g.reserve(cnt)
				k := len(g.out)
				g.out = g.out[:k+cnt]
				out := g.out[k:]
				olo, ohi := g.start.opp[0], g.start.opp[1]
				// The first two plays without a loop: most groups have one
				// or two, and a loop's exit is hard to predict. With one,
				// q2 is q1 and the second write repeats the first.
				low := c3 & -c3
				q1 := 31 - bits.LeadingZeros32(c3)
				c3 &^= 1 << (uint(q1) & 31)
				q2 := 31 - bits.LeadingZeros32(c3|low)
				c3 &^= 1 << (uint(q2) & 31)
				e := &stepEffects[uint(q1<<3|d)&(stepEffectsLen-1)]
				out[0].mover[0], out[0].mover[1] = lo3+e.lo, hi3+e.hi
				out[0].opp[0], out[0].opp[1] = olo, ohi
				out[0].meta = meta | playMeta(q1)<<15
				e = &stepEffects[uint(q2<<3|d)&(stepEffectsLen-1)]
				pl := &out[min(1, cnt-1)]
				pl.mover[0], pl.mover[1] = lo3+e.lo, hi3+e.hi
				pl.opp[0], pl.opp[1] = olo, ohi
				pl.meta = meta | playMeta(q2)<<15
				for i := 2; c3 != 0; i++ {
					q := 31 - bits.LeadingZeros32(c3)
					c3 &^= 1 << (uint(q) & 31)
					e := &stepEffects[uint(q<<3|d)&(stepEffectsLen-1)]
					pl := &out[i]
					pl.mover[0], pl.mover[1] = lo3+e.lo, hi3+e.hi
					pl.opp[0], pl.opp[1] = olo, ohi
					pl.meta = meta | playMeta(q)<<15
				}
			}
			if g.maxDepth <= 2 {
				g.emitLong(lo2, hi2, m2, 2, s2)
			}
		}
		if g.maxDepth <= 1 {
			g.emitLong(lo1, hi1, m1, 1, s1)
		}
	}
	if g.maxDepth == 0 {
		g.emitLong(lo0, hi0, m0, 0, 0)
	}
}

// sideStep returns the side (lo, hi) with occupied points m after one
// checker moves from point p by d, where the step is legal: the part of
// doubleStep a long-nardy node needs.
func sideStep(lo, hi uint64, m uint32, p, d int) (uint64, uint64, uint32) {
	e := &stepEffects[uint(p<<3|d)&(stepEffectsLen-1)]
	// The word that holds point p, chosen without a branch: p is hard to
	// predict. Point p is left empty when it held one checker; read
	// before the step, the count does not wait for the step's sums.
	hiWord := uint64(int64(15-p) >> 63)
	held := (lo&^hiWord | hi&hiWord) >> (4 * uint(p) & 63) & 15
	return lo + e.lo, hi + e.hi, m&^(uint32((held^1-1)>>63)<<(uint(p)&31)) | e.bit
}

// longCands returns the points of the occupied points m from which a step
// by d is legal as far as landing (C4) and bearing off (C6) go; the
// highest point a step may start from and the head are the caller's.
func (g *gen) longCands(m uint32, d int) uint32 {
	if m&outside == 0 {
		return g.doubleCandsSlow(m, d)
	}
	return m & g.dstep
}

// emitLong records the play of doubleLong of depth steps (bits s) ending
// on the side (lo, hi) with occupied points m, under the same rules as
// emitDouble: most dice (C5), no forbidden block at the end (L5).
//
//go:noinline
func (g *gen) emitLong(lo, hi uint64, m uint32, depth int, s playMeta) {
	if depth < g.maxDepth || g.sixBlock && illegalBlock(m, g.theirs, g.ahead) {
		return
	}
	g.reach(depth)
	g.reserve(1)
	g.put5(lo, hi, g.start.opp[0], g.start.opp[1], g.meta0|playMeta(depth)<<metaNShift|s)
}
