package nardy

// Long-nardy rules of the generator: geometry of the opponent's route, the
// six-block rule (L5) and the head rule with its first-turn exception (L3,
// L4). Masks carry bit p for point p (1..24); bit 0 and bits above 24 are
// never set here.

const (
	lowHalf  = uint32(0x1ffe)    // points 1..12
	points24 = uint32(0x1fffffe) // points 1..24
	homeMask = uint32(0x7e)      // points 1..6
	outside  = uint32(0x3ffff80) // points 7..24 and the bar (25)
	barBit   = uint32(1) << Bar  // the bar
	oppHead  = 12                // the opponent's head in the mover's numbering (§0)
)

// rotate12 maps a mask of points in one long-nardy player's numbering to the
// other's: q <-> q+12 for q <= 12, q <-> q-12 for q > 12 (§0).
func rotate12(m uint32) uint32 {
	return (m&lowHalf)<<12 | (m>>12)&lowHalf
}

// longOpponentMask returns the points the opponent occupies, in the
// opponent's own numbering.
func longOpponentMask(opp half) uint32 { return occupied(opp[0], opp[1]) & points24 }

// illegalBlock reports whether a mover holding the points of mine (mover's
// numbering) has a six-block that L5 forbids, given the opponent's occupied
// points theirs (opponent's numbering).
//
// Consecutive is judged along the opponent's route: in the opponent's
// numbering the route is simply 24, 23, ..., 1, so the mover's mask is rotated
// into it and a run of six is five shifts and ANDs. The rotation takes care
// of the seam between the mover's points 1 and 24.
func illegalBlock(mine, theirs uint32, ahead BlockAhead) bool {
	o := rotate12(mine & points24)
	run := o & (o >> 1) & (o >> 2) & (o >> 3) & (o >> 4) & (o >> 5)
	if run == 0 {
		return false
	}
	if ahead == OpponentHome {
		return theirs&homeMask == 0
	}
	// The lowest window decides: an opponent checker below its lowest point
	// is below every window. bits.TrailingZeros32 would do; the mask trick
	// keeps it branch-free: points strictly below the lowest set bit.
	below := (run & -run) - 1
	return theirs&below == 0
}

// firstTurnHeadLimit returns how many checkers may leave the head this turn
// (L3, L4): 2 when the first-turn exception of mode applies, else 1.
// blocked is the set of points the mover cannot land on.
func firstTurnHeadLimit(mode HeadException, me half, blocked uint32, r Roll) int8 {
	if me.get(Head) != Checkers {
		return 1
	}
	d := int(r.hi)
	switch mode {
	case Doubles:
		if r.IsDouble() && (d == 3 || d == 4 || d == 6) {
			return 2
		}
	case Classic:
		// Only a double can bring a lone checker to the opponent's head
		// within one roll (two different dice sum to at most 11).
		if r.IsDouble() {
			for k, p := 1, Head-d; k <= 4 && p >= 1; k, p = k+1, p-d {
				if blocked&(1<<uint(p)) != 0 {
					if p == oppHead {
						return 2
					}
					break
				}
			}
		}
	case Literal:
		if !loneCheckerPlaysAll(blocked, r) {
			return 2
		}
	}
	return 1
}

// loneCheckerPlaysAll reports whether one checker from the head can land
// legally on every step of the whole roll in some order of the dice.
func loneCheckerPlaysAll(blocked uint32, r Roll) bool {
	free := func(p int) bool { return p >= 1 && blocked&(1<<uint(p)) == 0 }
	a, b := int(r.hi), int(r.lo)
	if r.IsDouble() {
		for k := 1; k <= 4; k++ {
			if !free(Head - k*a) {
				return false
			}
		}
		return true
	}
	return free(Head-a-b) && (free(Head-a) || free(Head-b))
}
