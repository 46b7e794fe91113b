package nardy

import "math/bits"

// Short-nardy rules of the generator: the players travel in opposite
// directions (the opponent's point q is the mover's 25-q, §0), a point with
// two or more opponent checkers is closed (C4), a lone opponent checker is a
// blot that a landing hits (S2), and the bar enters first (S3).

// shortOpponent returns, in the mover's numbering, the points the opponent
// closes (two or more checkers) and its blots (exactly one checker).
func shortOpponent(opp half) (closed, blots uint32) {
	occupied := opp.mask(1) & points24
	c := opp.mask(2) & points24
	// One reversal mirrors both: bit q of c goes to 63-q, bit q of the
	// blots (at 32+q) to 31-q; 25-q is 38 and 6 below.
	r := bits.Reverse64(uint64(c) | uint64(occupied&^c)<<32)
	return uint32(r>>38) & points24, uint32(r>>6) & points24
}
