package analysis

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnswerVerdictBeaverOfAHopelessDouble_S6: a double so bad that the
// doubler, beavered, drops the beaver (S6: it loses twice the cube) is
// worth +2 to the taker who beavers, whatever a take at four times would
// have been. answerVerdict values the beaver at −DoubleBeaver, as its doc
// says; a take there loses 2 − (−DoubleTake). (Kills valuing the beaver
// at −2·DoubleTake, which is more than 2 exactly here.)
func TestAnswerVerdictBeaverOfAHopelessDouble_S6(t *testing.T) {
	ci := neural.CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Beavers: true}
	d := neural.DecideCube(neural.Probs{Variant: nardy.Short, Win: 0.03}, ci)
	require.Less(t, d.DoubleTake, -1.0, "a take leaves the doubler worse than losing the cube")
	require.True(t, d.Beaver, "the taker beavers")
	require.InDelta(t, -2, d.DoubleBeaver, 1e-12, "the doubler drops the beaver: twice the cube lost")

	beaver := answerVerdict(7, nardy.Black, "beaver", d)
	assert.Equal(t, "beaver", beaver.Best)
	assert.InDelta(t, 2, beaver.Equity, 1e-12, "the beaver wins twice the cube")
	assert.InDelta(t, 0, beaver.Loss, 1e-12)

	take := answerVerdict(7, nardy.Black, "take", d)
	assert.Equal(t, "beaver", take.Best)
	assert.InDelta(t, 2, take.Equity, 1e-12)
	assert.InDelta(t, 2+d.DoubleTake, take.Loss, 1e-12, "the take is worth −DoubleTake")

	drop := answerVerdict(7, nardy.Black, "drop", d)
	assert.InDelta(t, 3, drop.Loss, 1e-12, "the drop loses the cube (−1) against +2")
}
