package nardy

// The six-block rule (L5) where helper-119's mutations of the generator's
// special paths (longnard.go's illegalBlock, doubles.go's emitDouble)
// survived every test: positions built by hand, each expected result from
// docs/rules.md, each list of plays also compared with the reference
// generator of reference_test.go (requireLegalAsReference, used by the
// other gap tests too).

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestL5_LowestOfTwoBlocksDecides: the mover holds two six-blocks, its
// points 20..24 with 1 (the opponent's 8..13) and, once 15/13 is played,
// 13..18 (the opponent's 1..6). The one opposing checker off its head
// stands on its 7, between them: ahead of the upper block, not of the
// lower one, so the lower block is forbidden (L5, OnRoute: a block is
// allowed only with an opponent checker ahead of it). A reading that
// judged only the upper block would let 15/13 15/14 through.
func TestL5_LowestOfTwoBlocksDecides(t *testing.T) {
	var me, opp Side
	me[24], me[23], me[22], me[21], me[20], me[1] = 2, 1, 1, 1, 1, 1
	me[18], me[17], me[16], me[15], me[14] = 1, 1, 1, 4, 1
	opp[24], opp[7] = 14, 1
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Long)
	require.Equal(t, OnRoute, r.BlockAhead)
	require.NoError(t, r.CheckPosition(pos), "the upper block has a checker ahead")
	roll := MustRoll(2, 1)
	_, err = r.ParsePlay(pos, roll, "15/13 15/14")
	var re *RuleError
	require.ErrorAs(t, err, &re)
	require.Equal(t, "L5", re.Rule)
	_, err = r.ParsePlay(pos, roll, "15/13 14/13")
	require.NoError(t, err, "14 empties: the lower block is not closed")
	require.NotEmpty(t, requireLegalAsReference(t, r, pos, roll))
}

// TestL5_OpponentHomeCountsItsSixPoint: the mover holds its 19..24 (the
// opponent's 7..12) and the opponent's one checker off its head stands on
// its 6, the top point of its home: under OpponentHome (and OnRoute) the
// block is allowed (L5), so CheckPosition accepts the position.
func TestL5_OpponentHomeCountsItsSixPoint(t *testing.T) {
	var me, opp Side
	me[24], me[23], me[22], me[21], me[20], me[19] = 5, 2, 2, 2, 2, 2
	opp[24], opp[6] = 14, 1
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	for _, ahead := range []BlockAhead{OnRoute, OpponentHome} {
		r := DefaultRules(Long)
		r.BlockAhead = ahead
		require.NoError(t, r.CheckPosition(pos), "%v", ahead)
		requireLegalAsReference(t, r, pos, MustRoll(3, 1))
	}
}

// TestL5_CountedDoublesDropForbiddenBlocks: the count of plays that Perft
// makes (countLegal) takes the search's counting path for doubles, where
// the end of a play is judged for L5 apart from Legal's own path. In both
// positions (TransientBlock true, the default: blocks judged at the end)
// some four-step plays of the double end in a six-block no opposing
// checker is ahead of: 3-3 closing 13..18 from 16, 17 and 18 with the
// opponent all on its head, and 6-6 where every fourth six closes 13..18.
// The count must be the number of plays the reference lists, and so
// with blocks judged on the pass (TransientBlock false).
func TestL5_CountedDoublesDropForbiddenBlocks(t *testing.T) {
	var me1, opp1 Side
	me1[24], me1[18], me1[17], me1[16] = 9, 2, 2, 2
	opp1[24] = 15
	me2 := Side{14: 2, 16: 1, 17: 1, 19: 2, 21: 1, 24: 8}
	opp2 := Side{19: 1, 20: 1, 21: 1, 22: 1, 23: 1, 24: 1, Off: 9}
	require.True(t, DefaultRules(Long).TransientBlock)
	buf := make([]Play, 0, MaxPlays)
	for _, c := range []struct {
		me, opp Side
		roll    Roll
	}{{me1, opp1, MustRoll(3, 3)}, {me2, opp2, MustRoll(6, 6)}} {
		pos, err := NewPosition(Long, White, c.me, c.opp)
		require.NoError(t, err)
		for _, transient := range []bool{true, false} {
			r := DefaultRules(Long)
			r.TransientBlock = transient
			want := requireLegalAsReference(t, r, pos, c.roll)
			n, err := r.countLegal(buf, pos, c.roll)
			require.NoError(t, err)
			require.Equal(t, len(want), n, "%v, transient %v", c.roll, transient)
		}
	}
}
