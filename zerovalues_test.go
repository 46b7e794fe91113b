package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestZeroRollAndStepSayNothing: the zero Roll (no roll) is no double and
// gives no steps, and the zero Step moves nothing, so bears nothing off;
// they answered true, 4 and true (helper-81). Real ones keep C3's counts.
func TestZeroRollAndStepSayNothing_C3(t *testing.T) {
	var r Roll
	assert.False(t, r.IsDouble())
	assert.Zero(t, r.Steps())
	assert.Equal(t, 4, MustRoll(1, 1).Steps())
	assert.True(t, MustRoll(6, 6).IsDouble())
	assert.Equal(t, 2, MustRoll(6, 1).Steps())
	assert.False(t, MustRoll(6, 1).IsDouble())

	assert.False(t, Step{}.IsBearOff())
	assert.True(t, Step{From: 3, To: Off, Die: 5}.IsBearOff())
	assert.False(t, Step{From: 8, To: 3, Die: 5}.IsBearOff())
}

// TestZeroPlayIsNoPass_C5: the zero Play is not the empty play of a
// blocked roll: it is not empty and prints as an invalid play, where it
// printed "(no play)" and said it was empty, as a pass does (helper-79).
// The empty play of a roll that cannot move is both.
func TestZeroPlayIsNoPass_C5(t *testing.T) {
	var zero Play
	assert.False(t, zero.IsEmpty())
	assert.Equal(t, "(invalid play)", zero.String())

	// White closed out: on the bar against Black's six home points.
	var me, opp Side
	me[Bar], me[6] = 1, 14
	for p := 19; p <= 24; p++ { // Black's home, White's 19..24
		opp[25-p] = 2
	}
	opp[12] = 3
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	plays, err := DefaultRules(Short).Legal(pos, MustRoll(6, 5))
	require.NoError(t, err)
	require.Len(t, plays, 1)
	assert.True(t, plays[0].IsEmpty())
	assert.Equal(t, NoPlay, plays[0].String())
}

// TestZeroPlayActionIsNoAction: the zero Play's action is the zero Action,
// not a pass by White (helper-82).
func TestZeroPlayActionIsNoAction(t *testing.T) {
	assert.Equal(t, Action{}, Play{}.Action())
}
