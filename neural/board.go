package neural

import "github.com/nardylab/nardy"

// This file is the only one that reads the checkers of a [nardy.Position]:
// everything else in the package works on a board. When the root package's
// Side or Position change shape, only boardOf changes.

// board is a position as the encodings read it: the counts of the player on
// roll (me) and of its opponent, each indexed by point number in its own
// numbering: [nardy.Off] (0) borne off, 1..24 the points, [nardy.Bar] (25)
// the bar.
type board struct {
	me, opp [26]int8
	variant nardy.Variant
}

// boardOf reads pos into a board.
func boardOf(pos nardy.Position) board {
	b := board{variant: pos.Variant()}
	fill := func(dst *[26]int8, s nardy.Side) {
		for p, n := range s {
			dst[p] = int8(n)
		}
	}
	fill(&b.me, pos.Mover())
	fill(&b.opp, pos.Opponent())
	return b
}

// pips returns the pip count of one side (a bar checker counts 25).
func pips(s *[26]int8) int {
	n := 0
	for p := 1; p <= 25; p++ {
		n += p * int(s[p])
	}
	return n
}

// loserKind returns the ways the side s (the loser: its opponent has borne
// off all its checkers) lost, as bits: mars (none borne off), koks (none
// borne off and a checker on own points 19..24 or the bar: L9, S5) and home
// mars (none borne off and all home: L9, long nardy).
func loserKind(s *[26]int8, v nardy.Variant) (mars, koks, home bool) {
	if s[nardy.Off] > 0 {
		return false, false, false
	}
	back := s[nardy.Bar] > 0
	allHome := s[nardy.Bar] == 0
	for p := 7; p <= 24; p++ {
		if s[p] == 0 {
			continue
		}
		allHome = false
		if p >= 19 {
			back = true
		}
	}
	return true, back, allHome && v == nardy.Long
}
