package nardy

import "math/bits"

// Short-nardy rules of the generator: the players travel in opposite
// directions (the opponent's point q is the mover's 25-q, §0), a point with
// two or more opponent checkers is closed (C4), a lone opponent checker is a
// blot that a landing hits (S2), and the bar enters first (S3).

// mirror maps a mask of points in one short-nardy player's numbering to the
// other's: q <-> 25-q for q in 1..24.
func mirror(m uint32) uint32 {
	return bits.Reverse32(m&points24) >> 6
}

// shortOpponent returns, in the mover's numbering, the points the opponent
// closes (two or more checkers) and its blots (exactly one checker).
func shortOpponent(opp half) (closed, blots uint32) {
	occupied := opp.mask(1) & points24
	closed = opp.mask(2) & points24
	return mirror(closed), mirror(occupied &^ closed)
}
