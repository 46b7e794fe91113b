// Package reach computes which points a side's checkers can reach with one
// roll in short nardy, for the blot-exposure terms of the hand-written
// evaluation (package bot) and of the network's inputs (package neural).
package reach

// board is the mask of points 1..24 (bit p is point p).
const board = 0x1fffffe

// Points returns the points checkers at srcs (a mask of points 1..24, in
// the numbering of the side being hit, the hitters moving up) can reach by
// playing the roll d1-d2 (d1 == d2: a double, up to four steps of one
// checker), where the points in closed are made by the side being hit:
// they can be reached (a hitter may be counted there) but not passed
// through, so callers test the result against blots, never against closed.
func Points(srcs, closed uint32, d1, d2 int) uint32 {
	open := ^closed
	if d1 == d2 {
		var reach uint32
		s := srcs
		for range 4 {
			s = (s << d1) & board
			reach |= s
			s &= open
		}
		return reach
	}
	r1, r2 := (srcs<<d1)&board, (srcs<<d2)&board
	return r1 | r2 | ((r1&open)<<d2)&board | ((r2&open)<<d1)&board
}
