package nardy

// Two rules that limit a turn as a whole rather than step by step: no
// six-block with no opponent checker ahead of it (L5), and the larger die
// when only one die can be played (C5). The generator asks these after its
// search of steps.

// blockPossible reports whether some position of the turn could hold a
// six-block that L5 forbids. A point the mover holds at the end of a play
// either held a checker at the start or is where a step landed, and a play
// makes at most two steps (four for a double): so a block of six needs
// six consecutive points within the mover's points and the reachable
// landing points, four of them (two for a double) held at the start.
// illegalBlock judges a block by its lowest window, and the lowest window
// of a block at the end of a play is no lower than the lowest candidate
// window, so when the opponent has a checker ahead of that one, no
// position of the turn holds a forbidden block.
func (g *gen) blockPossible() bool {
	m := g.root.mask & points24
	a, b := uint(g.roll.hi), uint(g.roll.lo)
	u := m | m>>a | m>>b | m>>(a+b)
	double := a == b
	if double {
		u |= m>>(3*a) | m>>(4*a)
	}
	// In the opponent's numbering, as illegalBlock: bit w of run is a
	// window w..w+5 within u.
	o := rotate12(u & points24)
	run := o & (o >> 1) & (o >> 2) & (o >> 3) & (o >> 4) & (o >> 5)
	if run == 0 {
		return false
	}
	// Bit-sliced count of the points held at the start in each window:
	// two full adders, then the twos and fours of the sum.
	r := rotate12(m)
	x0, x1, x2, x3, x4, x5 := r, r>>1, r>>2, r>>3, r>>4, r>>5
	s1, c1 := x0^x1^x2, x0&x1|x2&(x0^x1)
	s2, c2 := x3^x4^x5, x3&x4|x5&(x3^x4)
	t := s1 & s2
	twos, fours := c1^c2^t, c1&c2|t&(c1^c2)
	if double {
		run &= fours | twos
	} else {
		run &= fours
	}
	if run == 0 {
		return false
	}
	if g.ahead == OpponentHome {
		return g.theirs&homeMask == 0
	}
	return g.theirs&((run&-run)-1) == 0
}

// keepLargerDie applies the second sentence of C5: when only one die can be
// played, the larger must be played if any legal play uses it.
func (g *gen) keepLargerDie() {
	plays := g.out[g.base:]
	larger := false
	for i := range plays {
		if plays[i].meta&metaSmallFirst == 0 {
			larger = true
			break
		}
	}
	if !larger {
		return
	}
	k := 0
	for _, p := range plays {
		if p.meta&metaSmallFirst == 0 {
			plays[k] = p
			k++
		}
	}
	g.out = g.out[:g.base+k]
}
