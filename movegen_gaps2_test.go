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

// TestS2_FourthStepOfADoubleOntoAPointJustHit: 2-2 in short nardy, with
// a blot on the mover's 20. In 24/22(2) 22/20*(2), the third step hits
// the blot and the fourth lands on the point the mover now holds: one
// hit, one checker sent to the bar (S2). Kills doubles.go:224 losing
// "&^ hits" (the fast path's fourth step marked as a second hit).
func TestS2_FourthStepOfADoubleOntoAPointJustHit(t *testing.T) {
	var me, opp Side
	me[24], me[22], me[13] = 2, 2, 11
	opp[5], opp[19] = 1, 14 // the opponent's 5 is the mover's 20
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	plays := requireLegalAsReference(t, DefaultRules(Short), pos, MustRoll(2, 2))
	found := false
	for _, p := range plays {
		res := p.Result().Opponent() // the mover's side
		if res[24] != 0 || res[22] != 2 || res[20] != 2 {
			continue
		}
		found = true
		var hits []bool
		for s := range p.Steps() {
			hits = append(hits, s.Hit)
		}
		require.Equal(t, []bool{false, false, true, false}, hits, "%v", p)
	}
	require.True(t, found, "24/22(2) 22/20*(2) is legal")
}

// TestC3_PassJudgedDoubleEqualsItsPlayOf: Play is a comparable value, and
// a play the generator lists is the Play that PlayOf and Turn make of the
// same steps in the same order. Long nardy with TransientBlock false
// (blocks judged on the pass, L5) and 3-3 near a forbidden block, where
// the generator writes each double's steps again after checking their
// orders: no bit of those plays may differ from PlayOf's (a double's
// steps all use the one number, C3). Kills a mutation of gen.stepsMeta testing
// the first step's die against the smaller die (a double's plays then marked
// as played smaller die first, unlike PlayOf's).
func TestC3_PassJudgedDoubleEqualsItsPlayOf(t *testing.T) {
	var me, opp Side
	me[24], me[18], me[17], me[16] = 9, 2, 2, 2
	opp[24] = 15
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Long)
	r.TransientBlock = false
	roll := MustRoll(3, 3)
	plays := requireLegalAsReference(t, r, pos, roll)
	for _, p := range plays {
		var steps []Step
		for s := range p.Steps() {
			steps = append(steps, s)
		}
		q, err := r.PlayOf(pos, roll, steps...)
		require.NoError(t, err, "%v", p)
		require.Equal(t, q, p, "%v", p)
		turn, err := r.NewTurn(pos, roll)
		require.NoError(t, err)
		for _, s := range steps {
			turn, err = turn.Step(s)
			require.NoError(t, err, "%v", p)
		}
		q, err = turn.Play()
		require.NoError(t, err, "%v", p)
		require.True(t, q == p, "%v: Turn gives %v", p, q)
	}
}

// TestL5_OneStepPlayClosingABlockIsRefused: long nardy under OpponentHome
// (no opposing checker in its home: a six-block is forbidden, L5), 6-2,
// the mover on 2..6 and one checker outside, on 16: a turn the generator
// does not take as simple (a bear-off may come, C6). The 6 cannot be
// played: 16/10 lands on the opponent's point (C4), and the checkers at
// home cannot bear off while 16 is outside (C6). So one die only, the 2
// (C5): 16/14, 6/4, 5/3 and 4/2, but not 3/1, which closes 1..6 (L5).
// Under OnRoute 3/1 is allowed: the opponent's head stands ahead of the
// block on its route. Kills a mutation of gen.emit losing "|| !g.endOK(n)" (the
// one-step play 3/1 listed though it ends in the forbidden block).
func TestL5_OneStepPlayClosingABlockIsRefused(t *testing.T) {
	var me, opp Side
	me[6], me[5], me[4], me[3], me[2], me[16] = 2, 3, 2, 3, 4, 1
	// The opponent's 12, 19, 20, 22 and 23 are the mover's 24, 7, 8, 10
	// and 11.
	opp[12], opp[19], opp[20], opp[22], opp[23] = 6, 2, 4, 2, 1
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Long)
	require.True(t, r.TransientBlock, "blocks judged at the end of the play")
	roll := MustRoll(6, 2)
	_, err = r.ParsePlay(pos, roll, "3/1")
	require.NoError(t, err, "OnRoute: the opponent's head is ahead of the block")
	r.BlockAhead = OpponentHome
	plays := requireLegalAsReference(t, r, pos, roll)
	require.Len(t, plays, 4, "16/14, 6/4, 5/3, 4/2")
	checkBlockRefused(t, r, pos, roll, "3/1", 1)
}

// TestL5_PassJudgedDoubleListsALegalOrder: long nardy under OpponentHome
// with TransientBlock false (no forbidden block even during the play, L5),
// 1-1. The play 24/22 13/12 7/6 is legal only with 7/6 before 13/12:
// 13/12 first closes 7..12 with no opposing checker in its home. The
// generator lists each play with an order of its steps that is legal as
// listed (Apply checks the steps in their order). Kills doubles.go:318
// keeping the canonical order (higher points first) once some order was
// found to pass: 13/12 was listed before 7/6, and Apply refused the play.
func TestL5_PassJudgedDoubleListsALegalOrder(t *testing.T) {
	var me, opp Side
	me[24], me[13], me[11], me[10], me[9], me[8], me[7] = 9, 1, 1, 1, 1, 1, 1
	opp[15] = 15 // the mover's 3
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Long)
	r.BlockAhead, r.TransientBlock = OpponentHome, false
	roll := MustRoll(1, 1)
	plays := requireLegalAsReference(t, r, pos, roll)
	found := false
	for _, p := range plays {
		res, err := r.Apply(pos, p)
		require.NoError(t, err, "%v: its steps in the listed order", p)
		require.Equal(t, p.Result(), res)
		if s := res.Opponent(); s[13] == 0 && s[12] == 1 && s[7] == 0 && s[6] == 1 && s[22] == 1 {
			found = true
		}
	}
	require.True(t, found, "24/22 13/12 7/6 is legal")
}
