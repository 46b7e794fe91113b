package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestActionErrorSentinels_S6: the refusals ErrWrongPhase and ErrGameOver
// document, each an *ActionError matching ErrActionRefused and its
// sentinel: any action on the zero Game or Match and a whole play while
// one is being made step by step that the turn cannot become
// (ErrWrongPhase), any action on a match
// that is over (ErrGameOver; Match.Roll's doc).
func TestActionErrorSentinels_S6(t *testing.T) {
	short := DefaultRules(Short)
	roll := Action{Kind: ActRoll, Player: White, Dice: [2]int{3, 1}}
	threeOne := []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}

	g, err := NewGame(short)
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}}) // White opens with 3-1
	require.NoError(t, err)
	g, err = g.Step(threeOne[0])
	require.NoError(t, err)
	_, stepped := g.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 24, To: 21, Die: 3}, threeOne[1]}})

	_, zeroGame := Game{}.Do(roll)
	_, zeroLegal := Game{}.Legal()
	_, zeroMatch := Match{}.Do(roll)
	_, _, zeroMatchRoll := Match{}.Roll(NewSeededDice(1))
	over := mjAfterResignation(t, short, 1, MatchStart{}) // White wins the match to 1
	require.True(t, over.IsOver())
	_, overDo := over.Do(roll)
	_, _, overRoll := over.Roll(NewSeededDice(1))
	for _, c := range []struct {
		name     string
		err      error
		sentinel error
	}{
		{"a whole play after a step it cannot follow", stepped, ErrWrongPhase},
		{"the zero Game", zeroGame, ErrWrongPhase},
		{"Legal of the zero Game", zeroLegal, ErrWrongPhase},
		{"the zero Match", zeroMatch, ErrWrongPhase},
		{"Roll of the zero Match", zeroMatchRoll, ErrWrongPhase},
		{"a match over", overDo, ErrGameOver},
		{"Roll of a match over", overRoll, ErrGameOver},
	} {
		var ae *ActionError
		require.ErrorAs(t, c.err, &ae, c.name)
		assert.ErrorIs(t, c.err, ErrActionRefused, c.name)
		assert.ErrorIs(t, c.err, c.sentinel, "%s: %v", c.name, c.err)
	}
}
