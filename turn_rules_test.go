package nardy

// Turn's refusals judged against the rule a step breaks: the rule ids and
// reasons come from docs/rules.md, worked out by hand in the comments.

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestL5_TurnStepLargerDieIntoSixBlock: the larger die of a mixed roll
// whose only step closes a six-block with no opponent checker ahead is
// refused for L5, as PlayOf refuses the same one-step play, not for using
// the larger die (C5 asks for the larger die when only one can be played;
// here the smaller one is the only playable die, so a step with the larger
// one breaks L5, not C5).
//
// Long nardy, 5-1. The mover holds 2, 6, 14 (2), 15 (2), 16 (2), 17 (3)
// and 18 (4); the opponent holds, in its own numbering, 24 (2), 23, 22 (2),
// 21 (2), 20, 19, 17 (2), 16, 13 and 12 (2): in the mover's numbering 12,
// 11, 10, 9, 8, 7, 5, 4, 1 and 24. The fives: 18/13 closes 18..13 (the
// opponent's 6..1, none of its checkers ahead: L5); 17/12, 16/11, 15/10,
// 14/9 and 6/1 land on the opponent (C4); 2 cannot bear off (C6). A one
// (14/13, or within 18..14) changes none of that: the 5 stays unplayable,
// so every legal play is one step with the 1 (C5).
func TestL5_TurnStepLargerDieIntoSixBlock(t *testing.T) {
	r := DefaultRules(Long)
	pos := mkPos(t, Long, sd(2, 1, 6, 1, 14, 2, 15, 2, 16, 2, 17, 3, 18, 4),
		sd(24, 2, 23, 1, 22, 2, 21, 2, 20, 1, 19, 1, 17, 2, 16, 1, 13, 1, 12, 2))
	roll := MustRoll(5, 1)
	plays, err := r.Legal(pos, roll)
	require.NoError(t, err)
	require.NotEmpty(t, plays)
	for _, p := range plays {
		steps := slices.Collect(p.Steps())
		require.Len(t, steps, 1, "%v", p)
		assert.Equal(t, 1, steps[0].Die, "only the 1 can be played: %v", p)
	}

	_, err = r.PlayOf(pos, roll, st(18, 13, 5))
	checkRuleError(t, err, "L5", errSixBlock, -1)

	tn := mustTurn(t, r, pos, roll)
	assert.Equal(t, []int{5}, tn.Forfeited())
	u, err := tn.Step(st(18, 13, 5))
	checkRuleError(t, err, "L5", errSixBlock, 0)
	assert.Equal(t, tn, u, "a refused step changes the turn")
	_, err = tn.Move(18, 13)
	checkRuleError(t, err, "L5", errSixBlock, 0)
}

// TestC5_TurnForfeitsBothDiceOfABlockedMixedRoll: when no die of a mixed
// roll can be played, the turn is complete at once and both dice are
// forfeited, larger first (C5, S3).
//
// Short nardy, 6-5: the mover has a checker on the bar and the opponent
// holds its points 1..6 (the mover's 24..19), so neither die enters, and
// nothing else may move while a checker is on the bar (S3).
func TestC5_TurnForfeitsBothDiceOfABlockedMixedRoll(t *testing.T) {
	r := DefaultRules(Short)
	pos := mkPos(t, Short, sd(Bar, 1, 13, 5, 8, 4, 6, 5), sd(1, 2, 2, 2, 3, 2, 4, 2, 5, 2, 6, 2, 13, 3))
	tn := mustTurn(t, r, pos, MustRoll(6, 5))
	assert.Equal(t, 0, tn.Required())
	assert.True(t, tn.Done())
	assert.Equal(t, []int{6, 5}, tn.Forfeited())
	assert.Equal(t, []int{6, 5}, tn.DiceLeft())
	assert.Empty(t, tn.AppendNextSteps(nil))
	p, err := tn.Play()
	require.NoError(t, err)
	assert.Equal(t, 0, p.Len())
}

// TestC5_TurnPlayRefusedOneStepShort: a play one die short of what the
// roll requires is no play: Turn.Play refuses it until Done (C5: every
// legal play of 6-5 from the long start uses both dice, 24/18 then a 5).
func TestC5_TurnPlayRefusedOneStepShort(t *testing.T) {
	r := DefaultRules(Long)
	tn := mustTurn(t, r, longStart, MustRoll(6, 5))
	require.Equal(t, 2, tn.Required())
	u, err := tn.Step(st(24, 18, 6))
	require.NoError(t, err)
	require.False(t, u.Done())
	_, err = u.Play()
	checkRuleError(t, err, "C5", errTurnIncomplete, -1)
	u, err = u.Step(st(18, 13, 5))
	require.NoError(t, err)
	p, err := u.Play()
	require.NoError(t, err)
	assert.Equal(t, 2, p.Len())
}
