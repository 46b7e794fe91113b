package nardy

// The refusals of a whole play posted after steps of the roll (C8) say
// which steps are taken and which play the turn cannot become, one in
// place of the other nowhere, whatever check refuses the play.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestC8_GamePlayAfterAStepNamesTakenAndPlayApart: after the step 24/21 of
// White's opening 3-1 (short nardy), the whole play 8/5 6/5 is refused
// saying that 24/21 is what is taken and 8/5 6/5 what the turn cannot
// become (each named in its place, not merely somewhere in the text).
func TestC8_GamePlayAfterAStepNamesTakenAndPlayApart(t *testing.T) {
	r := DefaultRules(Short)
	playing := gmOpen(t, r, 3, 1)
	stepped, err := playing.Step(st(24, 21, 3))
	require.NoError(t, err)
	p := mustParse(t, playing.Position(), MustRoll(3, 1), "8/5 6/5")
	_, err = stepped.Play(p)
	require.ErrorIs(t, err, ErrWrongPhase)
	assert.ErrorContains(t, err, "with 24/21 taken")
	assert.ErrorContains(t, err, "cannot become 8/5 6/5")
}

// TestC3_GamePlayOfFiveStepsAfterAStepNamesTheStep: a play of five steps
// (C3: a roll gives at most four) posted after the step 24/21 of 3-1 is
// refused for C3 as before any step, and, like every refusal of a whole
// play in the middle of a turn, names the step taken and says that a whole
// play goes from the turn's start; the game is unchanged.
func TestC3_GamePlayOfFiveStepsAfterAStepNamesTheStep(t *testing.T) {
	r := DefaultRules(Short)
	stepped, err := gmOpen(t, r, 3, 1).Step(st(24, 21, 3))
	require.NoError(t, err)
	five := Action{Kind: ActPlay, Player: White, Steps: []Step{
		st(8, 5, 3), st(6, 5, 1), st(13, 10, 3), st(13, 12, 1), st(10, 9, 1)}}
	got, err := stepped.Do(five)
	require.ErrorIs(t, err, ErrIllegalPlay)
	var ae *ActionError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "C3", ae.Rule)
	assert.ErrorContains(t, err, "24/21", "names the step taken")
	assert.ErrorContains(t, err, "turn's start")
	assert.Equal(t, stepped, got, "the game is unchanged")
}

// TestC8_GamePlayAfterTwoStepsNamesBoth: Black rolls 4-4 after White's
// opening 3-1 played 13/9 and takes 24/20 and 13/9; the whole play 6/2(4), legal from
// the turn's start but not a way of finishing these steps, is refused
// naming both steps taken, and the remainder 6/2(2) alone (two of the four
// dice, C5) names both too.
func TestC8_GamePlayAfterTwoStepsNamesBoth(t *testing.T) {
	r := DefaultRules(Short)
	opened := gmDo(t, gmOpen(t, r, 3, 1), mustParse(t, gmOpen(t, r, 3, 1).Position(), MustRoll(3, 1), "13/9").Action())
	rolled := gmDo(t, opened, Action{Kind: ActRoll, Player: Black, Dice: [2]int{4, 4}})
	stepped := gmDo(t, rolled, Action{Kind: ActStep, Player: Black, Steps: []Step{st(24, 20, 4)}})
	stepped = gmDo(t, stepped, Action{Kind: ActStep, Player: Black, Steps: []Step{st(13, 9, 4)}})
	require.Equal(t, PhasePlay, stepped.Phase())

	p := mustParse(t, rolled.Position(), MustRoll(4, 4), "6/2(4)")
	got, err := stepped.Play(p)
	require.ErrorIs(t, err, ErrWrongPhase)
	assert.ErrorContains(t, err, "24/20", "names the first step taken")
	assert.ErrorContains(t, err, "13/9", "names the second step taken")
	assert.Equal(t, stepped, got, "the game is unchanged")

	rest := Action{Kind: ActPlay, Player: Black, Steps: []Step{st(6, 2, 4), st(6, 2, 4)}}
	_, err = stepped.Do(rest)
	require.ErrorIs(t, err, ErrIllegalPlay)
	assert.ErrorContains(t, err, "24/20", "names the first step taken")
	assert.ErrorContains(t, err, "13/9", "names the second step taken")
}
