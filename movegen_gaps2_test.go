package nardy

// More hand-built positions for the move generator (helper-120's mutation
// run of movegen.go, doubles.go, longdouble.go, turnlimits.go and the
// counting perft of mixed.go), each a case where a mutation made the
// generator list or count a wrong set of plays and no other test caught
// it. Expected plays come from the rules and the reference generator of
// reference_test.go, not from the code under test.

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestC5_CountedPerftKeepsOnlyTheLargerDie: a mixed roll in a simple turn
// where each die alone can be played by one checker but no play uses both
// (C5): only the larger die's play counts. Long nardy, 2-1: 24/22 and
// 24/23 take the head's one checker (L3), 22/21 and 23/21 land on the
// opponent's point (C4), and the checker on 20 finds 18 and 19 closed, so
// 24/22 is the one play. Short nardy, 2-1: the checker on 10 plays 10/8 or
// 10/9 and no further (7 closed), the ones on 24 find 23 and 22 closed:
// 10/8 alone. Perft's last ply counts plays without listing them
// (countLegal): its count for the roll, and perft of depth 1 over the 21
// rolls, must be the reference's. Kills mixed.go:200 counting every
// one-step play as the larger die's (the count then keeps both plays).
func TestC5_CountedPerftKeepsOnlyTheLargerDie(t *testing.T) {
	for _, c := range []struct {
		name    string
		v       Variant
		me, opp map[int]int
		only    [2]int // the one legal play's step, from and to
	}{
		// The opponent's 9, 7 and 6 are the mover's 21, 19 and 18; with
		// a checker in its home, no block is forbidden (L5).
		{"long", Long, map[int]int{24: 14, 20: 1}, map[int]int{9: 5, 7: 5, 6: 5}, [2]int{24, 22}},
		// The opponent's 2, 3 and 18 are the mover's 23, 22 and 7.
		{"short", Short, map[int]int{24: 14, 10: 1}, map[int]int{2: 5, 3: 5, 18: 5}, [2]int{10, 8}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var me, opp Side
			for q, k := range c.me {
				me[q] = k
			}
			for q, k := range c.opp {
				opp[q] = k
			}
			pos, err := NewPosition(c.v, White, me, opp)
			require.NoError(t, err)
			r := DefaultRules(c.v)
			roll := MustRoll(2, 1)
			plays := requireLegalAsReference(t, r, pos, roll)
			require.Len(t, plays, 1)
			require.Equal(t, 1, plays[0].Len())
			s := plays[0].Step(0)
			require.Equal(t, c.only, [2]int{s.From, s.To}, "C5: the larger die")
			n, err := r.countLegal(make([]Play, 0, MaxPlays), pos, roll)
			require.NoError(t, err)
			require.Equal(t, 1, n, "countLegal %v", roll)
			var want uint64
			for _, wr := range AllRolls() {
				keys, _ := refLegalPos(r, pos, wr.Roll)
				want += uint64(len(keys))
			}
			got, err := r.Perft(pos, 1, 1)
			require.NoError(t, err)
			require.Equal(t, want, got, "perft 1")
		})
	}
}
