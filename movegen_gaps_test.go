package nardy

// Hand-built positions for the move generator's fast paths (mixed.go,
// movegen.go, turnlimits.go), each a case where a mutation of a fast path
// or pruning test lists a wrong set of plays, or wrong steps, that no
// other test caught (helper-118's mutation run). Expected plays come from
// the rules and the reference generator of reference_test.go, not from
// the code under test.

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireLegalAsReference checks Legal under r for pos and roll against
// the reference generator: the same set of resulting positions, each
// listed once (C8), and every play marks as many hitting steps as it
// sends opposing checkers to the bar (S2). It returns the plays.
func requireLegalAsReference(t *testing.T, r Rules, pos Position, roll Roll) []Play {
	t.Helper()
	plays, err := r.Legal(pos, roll)
	require.NoError(t, err)
	got := map[string]bool{}
	for _, p := range plays {
		k := p.afterKey()
		require.False(t, got[k], "C8: %v listed twice", p)
		got[k] = true
		hits := 0
		for s := range p.Steps() {
			if s.Hit {
				hits++
			}
		}
		sent := p.Result().Mover()[Bar] - pos.Opponent()[Bar]
		require.Equal(t, sent, hits, "S2: %v marks %d hits, sends %d to the bar", p, hits, sent)
	}
	want, _ := refLegalPos(r, pos, roll)
	require.Equal(t, slices.Sorted(maps.Keys(want)), slices.Sorted(maps.Keys(got)), "%v %v", pos, roll)
	return plays
}

// TestS2_SecondCheckerOntoAHitPointDoesNotHitAgain: 5-3 in short nardy,
// 15/10* hits the blot on 10 and 13/10 lands on the point the mover now
// holds: one hit, one checker on the bar, and the second step is no hit
// (S2). Kills mixed.go:81 losing "&^ h1" (the fast path's second step
// marked as a hit too).
func TestS2_SecondCheckerOntoAHitPointDoesNotHitAgain(t *testing.T) {
	var me, opp Side
	me[24], me[15], me[13] = 13, 1, 1
	opp[6], opp[15] = 14, 1 // the opponent's 15 is the mover's 10
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Short)
	plays := requireLegalAsReference(t, r, pos, MustRoll(5, 3))
	requireFirstStepHitsAlone(t, plays, func(res Side) bool { return res[10] == 2 && res[15] == 0 && res[13] == 0 }, "15/10* 13/10")
}

// TestS2_EnteringHitThenSecondCheckerOntoThePoint: 5-3 in short nardy
// with a checker on the bar: bar/20* hits the blot on the mover's 20, then
// 23/20 lands on the point the mover now holds: one hit (S2, S3). Kills
// mixed.go:241 losing "&^ c1.hits" (the general path's second step
// marked as a hit too).
func TestS2_EnteringHitThenSecondCheckerOntoThePoint(t *testing.T) {
	var me, opp Side
	me[Bar], me[24], me[23] = 1, 13, 1
	opp[10], opp[5] = 14, 1 // the opponent's 5 is the mover's 20
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	plays := requireLegalAsReference(t, DefaultRules(Short), pos, MustRoll(5, 3))
	requireFirstStepHitsAlone(t, plays, func(res Side) bool { return res[20] == 2 && res[23] == 0 && res[Bar] == 0 }, "bar/20* 23/20")
}

// requireFirstStepHitsAlone: among plays, those whose mover's side after
// the play is what is (the play named text) are listed, and mark their
// first step as a hit and their second as none.
func requireFirstStepHitsAlone(t *testing.T, plays []Play, is func(Side) bool, text string) {
	t.Helper()
	found := false
	for _, p := range plays {
		if !is(p.Result().Opponent()) {
			continue
		}
		found = true
		var hits []bool
		for s := range p.Steps() {
			hits = append(hits, s.Hit)
		}
		require.Equal(t, []bool{true, false}, hits, "%v", p)
	}
	require.True(t, found, text+" is legal")
}

// TestC5_OnlyTheSmallerDieFirstPlaysBoth: long nardy under OpponentHome
// with the opponent's home empty, 6-5. The larger die first, only 14/8 is
// possible, and after it the only 5 is 12/7, which closes 7..12: a
// six-block L5 forbids. The smaller die first, 12/7 7/1 plays both dice
// (the other 6 after 12/7, 14/8, closes the same block). So 12/7/1 is the
// only legal play (C5: both dice when possible), not 14/8. Kills
// mixed.go:113 taking the in-register path for the chains while the
// longest play known has one step (the chain written without making two
// steps the length, then dropped as a smaller-die play).
func TestC5_OnlyTheSmallerDieFirstPlaysBoth(t *testing.T) {
	var me, opp Side
	me[1], me[9], me[10], me[11], me[12], me[14] = 9, 1, 1, 1, 2, 1
	// The opponent's 15..18 are the mover's 3..6.
	opp[15], opp[16], opp[17], opp[18] = 4, 4, 4, 3
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Long)
	r.BlockAhead = OpponentHome
	require.True(t, r.TransientBlock)
	require.NoError(t, r.CheckPosition(pos))
	plays := requireLegalAsReference(t, r, pos, MustRoll(6, 5))
	require.Len(t, plays, 1)
	res := plays[0].Result().Opponent()
	require.Equal(t, 10, res[1], "%v", plays[0])
	require.Equal(t, 1, res[12], "%v", plays[0])
	require.Equal(t, 0, res[7], "%v", plays[0])
	require.Equal(t, 1, res[14], "%v", plays[0])
}

// TestC5_L5_TheLargerDieOnlyClosesABlock: long nardy under OpponentHome
// with the opponent's home empty, 6-5. The only 6 is 14/8, which closes
// 7..12, a six-block L5 forbids; the 5s are 14/9 and 12/7, after which no
// 6 is legal (12/7 14/8 closes the same block, 12 holding two). No play
// uses both dice, the larger cannot be used, so the plays are the two 5s
// (C5), not 14/8. Kills mixed.go:194 (the fast path's one-step plays not
// judged for L5) and a mutation of gen.run (counting no plays when none uses the
// larger die).
func TestC5_L5_TheLargerDieOnlyClosesABlock(t *testing.T) {
	var me, opp Side
	me[7], me[9], me[10], me[11], me[12], me[14] = 9, 1, 1, 1, 2, 1
	// The opponent's 13..18 are the mover's 1..6.
	opp[13], opp[14], opp[15], opp[16], opp[17], opp[18] = 3, 3, 3, 2, 2, 2
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Long)
	r.BlockAhead = OpponentHome
	require.NoError(t, r.CheckPosition(pos))
	plays := requireLegalAsReference(t, r, pos, MustRoll(6, 5))
	require.Len(t, plays, 2)
	// Perft's count of the last ply finds the same two plays.
	n, err := r.countLegal(make([]Play, 0, MaxPlays), pos, MustRoll(6, 5))
	require.NoError(t, err)
	require.Equal(t, 2, n, "countLegal")
	for _, p := range plays {
		require.Equal(t, 1, p.Len(), "%v", p)
		for s := range p.Steps() {
			require.Equal(t, 5, s.Die, "%v", p)
		}
	}
}

// TestS2_TurnStepOntoAPointJustHit: the position of
// TestS2_EnteringHitThenSecondCheckerOntoThePoint stepped through a Turn:
// bar/20 hits (S2), 23/20 lands on the mover's own point and hits
// nothing, and the play made marks one hit. Kills a mutation of turnCtx.applyTo
// losing "&^ src.hits" (a step onto a point hit earlier in the turn marked as a
// hit again).
func TestS2_TurnStepOntoAPointJustHit(t *testing.T) {
	var me, opp Side
	me[Bar], me[24], me[23] = 1, 13, 1
	opp[10], opp[5] = 14, 1
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	turn, err := DefaultRules(Short).NewTurn(pos, MustRoll(5, 3))
	require.NoError(t, err)
	turn, err = turn.Move(Bar, 20)
	require.NoError(t, err)
	turn, err = turn.Move(23, 20)
	require.NoError(t, err)
	var hits []bool
	for s := range turn.Steps() {
		hits = append(hits, s.Hit)
	}
	require.Equal(t, []bool{true, false}, hits)
	p, err := turn.Play()
	require.NoError(t, err)
	hits = hits[:0]
	for s := range p.Steps() {
		hits = append(hits, s.Hit)
	}
	require.Equal(t, []bool{true, false}, hits, "%v", p)
	require.Equal(t, 1, p.Result().Mover()[Bar])
}

// blockWithOneChecker builds a long-nardy position where the mover holds
// its 13..17 (the opponent's home 1..5) with perPoint checkers each,
// the extra checkers given, the rest on the head, and all fifteen
// opposing checkers on the opponent's head (the mover's 12). A checker
// landing on the mover's 18 closes the opponent's home 1..6: a six-block
// no opposing checker is ahead of (L5, under either reading).
func blockWithOneChecker(t *testing.T, perPoint int, extra map[int]int) Position {
	t.Helper()
	var me, opp Side
	n := 0
	for p := 13; p <= 17; p++ {
		me[p] = perPoint
		n += perPoint
	}
	for p, c := range extra {
		me[p] += c
		n += c
	}
	me[Head] += Checkers - n
	opp[24] = Checkers
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	return pos
}

// TestL5_OneCheckerClosesTheBlockWithBothDice: 4-2, the head checker
// can play 24/20/18 (or 24/22/18), closing 13..18: refused (L5). The
// point 18 is reached only with both dice (20 and 22 hold nothing).
// Kills turnlimits.go:21 dropping the landing by a+b from blockPossible.
func TestL5_OneCheckerClosesTheBlockWithBothDice(t *testing.T) {
	pos := blockWithOneChecker(t, 1, nil)
	r := DefaultRules(Long)
	requireLegalAsReference(t, r, pos, MustRoll(4, 2))
	checkBlockRefused(t, r, pos, MustRoll(4, 2), "24/20 20/18", 13)
}

// TestL5_TheSmallerDieClosesTheBlock: 4-2 with ten checkers on 20:
// 20/18 closes 13..18 (refused, L5); 18 is reached from a held point by
// the smaller die alone. Kills turnlimits.go:21 dropping the landing by b.
func TestL5_TheSmallerDieClosesTheBlock(t *testing.T) {
	pos := blockWithOneChecker(t, 1, map[int]int{20: 10})
	r := DefaultRules(Long)
	requireLegalAsReference(t, r, pos, MustRoll(4, 2))
	checkBlockRefused(t, r, pos, MustRoll(4, 2), "20/18 20/16", 13)
}

// TestL5_ThreeStepsOfADoubleCloseTheBlock: 2-2 with two checkers on each
// of 13..17: 24/22/20/18 and one more 2 that keeps them (17/15) close
// 13..18 (refused, L5); 18 is three steps from the head, 20 and 22 hold
// nothing. Kills turnlimits.go:24 dropping the landing by 3a.
func TestL5_ThreeStepsOfADoubleCloseTheBlock(t *testing.T) {
	pos := blockWithOneChecker(t, 2, nil)
	r := DefaultRules(Long)
	requireLegalAsReference(t, r, pos, MustRoll(2, 2))
	checkBlockRefused(t, r, pos, MustRoll(2, 2), "24/22 22/20 20/18 17/15", 13)
}

// TestL5_FourStepsOfADoubleCloseTheBlock: 1-1 with one checker on 22,
// none on the head: 22/21/20/19/18 closes 13..18 (refused, L5); 18 is
// four steps from 22, and 19..21 hold nothing (nor 23 and 24, or the
// window 19..24 could hold a block as far as a count of points goes).
// Kills turnlimits.go:24 dropping the landing by 4a.
func TestL5_FourStepsOfADoubleCloseTheBlock(t *testing.T) {
	pos := blockWithOneChecker(t, 2, map[int]int{22: 1, 13: 4})
	require.Zero(t, pos.Mover()[Head])
	r := DefaultRules(Long)
	requireLegalAsReference(t, r, pos, MustRoll(1, 1))
	checkBlockRefused(t, r, pos, MustRoll(1, 1), "22/21 21/20 20/19 19/18", 13)
}

// TestL5_TheBlockHeldAroundAGap: 4-2 with the mover on 13, 14, 15, 17
// and 18 (the opponent's home but its 4) and ten checkers on 20: 20/16
// closes 13..18, refused (L5). The count of held points in the window
// (five) must carry from the opponent's 5 and 6 (the mover's 17, 18).
// Kills turnlimits.go:38 dropping the carry x5&(x3^x4) of blockPossible's
// second full adder.
func TestL5_TheBlockHeldAroundAGap(t *testing.T) {
	checkGapBlockRefused(t, Side{13: 1, 14: 1, 15: 1, 17: 1, 18: 1, 20: 10}, "20/16 20/18")
}

// TestL5_TheBlockHeldAboveAGap: 4-2 with the mover on 14..18 (two on 17)
// and nine on 20: 17/13 closes 13..18, refused (L5). The count of held
// points in the window must carry from the opponent's 2 and 3 (the
// mover's 14, 15). Kills turnlimits.go:37 dropping the carry x2&(x0^x1)
// of blockPossible's first full adder.
func TestL5_TheBlockHeldAboveAGap(t *testing.T) {
	checkGapBlockRefused(t, Side{14: 1, 15: 1, 16: 1, 17: 2, 18: 1, 20: 9}, "17/13 20/18")
}

// checkGapBlockRefused: the mover's side me against all fifteen opposing
// checkers on their head; Legal for 4-2 is the reference's, and the play
// text, which closes 13..18, is refused (L5).
func checkGapBlockRefused(t *testing.T, me Side, text string) {
	t.Helper()
	pos, err := NewPosition(Long, White, me, Side{24: Checkers})
	require.NoError(t, err)
	r := DefaultRules(Long)
	requireLegalAsReference(t, r, pos, MustRoll(4, 2))
	checkBlockRefused(t, r, pos, MustRoll(4, 2), text, 13)
}
