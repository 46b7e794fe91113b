package analysis

import (
	"context"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
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

// TestPlayLossNeverNegative: Decision.Loss is "equity lost, ≥ 0". A play
// the 1-ply filters drop is judged at 1-ply all the same, and can come out
// better than the play the filtered search found best: it then loses 0,
// not a negative amount. An untrained network (whose 0-ply and 1-ply
// disagree often) judging the start of a greedy game meets such a play; the test checks
// that it does. (Kills dropping the max(0, …) of the play's loss.)
func TestPlayLossNeverNegative(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	net, err := neural.NewNet(nardy.Short, 8, 9) // the untrained weights of seed 9 meet one
	require.NoError(t, err)
	rec := record(t, r, 0, bot.NewGreedy(), bot.NewGreedy(), 2, false)
	rec.Actions = rec.Actions[:4] // up to the play of action 3, one such play
	rep, err := Analyze(context.Background(), rec, Options{Ply: 1, Net: net})
	require.NoError(t, err)

	s := neural.NewSearcher(net, r)
	better := 0
	for _, d := range rep.Decisions {
		assert.GreaterOrEqual(t, d.Loss, 0.0, "action %d (%s): %s for %s", d.Action, d.Kind, d.Played, d.Best)
		if d.Kind != "play" {
			continue
		}
		roll, err := nardy.ParseRoll(d.Roll)
		require.NoError(t, err)
		legal, err := r.AppendLegal(nil, d.Position, roll)
		require.NoError(t, err)
		chosen, err := r.ParsePlay(d.Position, roll, d.Played)
		require.NoError(t, err)
		if _, bestE, e := s.PlayEquities(legal, chosen, 1); e > bestE {
			better++
			assert.Zero(t, d.Loss, "action %d: the play evaluates better than the best", d.Action)
		}
	}
	assert.Positive(t, better, "some play evaluates better at 1-ply than the filtered best")
}
