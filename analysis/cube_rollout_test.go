package analysis

// The judge's cube decisions (doubles, takes, drops, beavers) and its
// rollouts of the decisions the search counts as errors.

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// cubeChoices are the choices a cube decision of each kind is between.
var cubeChoices = map[string][]string{
	"double": {"double", "no double"}, "no double": {"double", "no double"},
	"take": {"take", "drop"}, "drop": {"take", "drop"}, "beaver": {"take", "beaver", "drop"},
}

// TestAnalyzeRollout: with Options.Rollout only the decisions the search
// counts as errors are judged again: checker plays by rolling out the
// play made and the best on the same dice, cube decisions by rolling out
// no double and double/take; every other decision is as without
// rollouts, so no player has more errors than the search gave it, and a
// random player's plays are still mostly errors. Bad rollout options are
// an error of Analyze.
func TestAnalyzeRollout(t *testing.T) {
	// A money game with a take or drop the search calls an error, and a
	// 5-point match with missed doubles.
	for _, c := range []struct{ length, seed int }{{0, 5}, {5, 34}} {
		rec := record(t, variants.ShortStandard(), c.length, bot.NewNeural(0), bot.NewRandom(3), uint64(c.seed), false)
		plain, err := Analyze(t.Context(), rec, Options{})
		require.NoError(t, err)
		rolled, err := Analyze(t.Context(), rec, Options{Rollout: &neural.RolloutOptions{Trials: 36, Truncate: 2}})
		require.NoError(t, err)
		checkRolledOut(t, plain, rolled)
		_, err = Analyze(t.Context(), rec, Options{Rollout: &neural.RolloutOptions{Trials: -1}})
		assert.ErrorIs(t, err, neural.ErrBadRollout)
	}
}

// checkRolledOut checks the report of a record analysed with rollouts
// against the report without.
func checkRolledOut(t *testing.T, plain, rolled Report) {
	t.Helper()
	require.Len(t, rolled.Decisions, len(plain.Decisions))
	n, cube, spread := 0, 0, 0
	for i, d := range rolled.Decisions {
		p := plain.Decisions[i]
		if !p.Error {
			assert.Equal(t, p, d)
			continue
		}
		assert.True(t, d.RolledOut, "%+v", d)
		assert.GreaterOrEqual(t, d.Loss, 0.0)
		assert.Equal(t, d.Loss > rolled.Threshold, d.Error)
		assert.Equal(t, p.Played, d.Played)
		assert.Equal(t, p.Kind, d.Kind)
		if d.Best == d.Played {
			assert.Zero(t, d.Loss)
		}
		if p.Kind != "play" {
			cube++
			assert.Contains(t, cubeChoices[d.Kind], d.Best, "%+v", d)
			assert.Equal(t, d.StdErr == 0, d.Best == "drop" || d.Best == "double" && d.Equity == 1, "%+v: only a pass is known exactly", d)
			continue
		}
		n++
		assert.GreaterOrEqual(t, d.StdErr, 0.0)
		if d.StdErr > 0 {
			spread++ // a decided game rolls out without any
		}
		assert.Contains(t, []string{p.Best, p.Played}, d.Best, "the best is one of the two plays rolled out")
	}
	assert.Positive(t, n)
	assert.Positive(t, spread, "the rollouts' standard errors")
	assert.Positive(t, cube, "the random player's cube errors")
	for c := range rolled.Players {
		assert.LessOrEqual(t, rolled.Players[c].Errors, plain.Players[c].Errors)
	}
	assert.Greater(t, rolled.Players[nardy.Black].Errors, n/2, "random plays stay errors")
}

// TestAnalyzeBeaver (S6): after white's 3-1 opening made its 5 point,
// black doubles; the take leaves white the favourite, so where the rules
// allow beavers the judge's best answer is a beaver, worth twice the take
// to white: a take loses half the beaver's equity and a beaver nothing.
// Without beavers the take is best. (Every backgammon reference beavers
// this double.) The hint to white, doubled, says the same. Black's double
// is an error, which a beaver makes worse by the take's value to white:
// half the beaver's.
func TestAnalyzeBeaver(t *testing.T) {
	doubleLoss := map[bool]float64{} // black's, with and without beavers
	beaverEquity := 0.0
	for _, c := range []struct {
		beavers  bool
		answer   nardy.ActionKind
		best     string
		halfLoss bool
	}{
		{true, nardy.ActTake, "beaver", true},
		{true, nardy.ActBeaver, "beaver", false},
		{false, nardy.ActTake, "take", false},
	} {
		r := variants.ShortStandard()
		r.Beavers = c.beavers
		gr := blackDoubles(t, r)
		h, err := HintFor(gr.g, [2]int{}, Options{})
		require.NoError(t, err)
		assert.Equal(t, c.best, h.Advice, "the hint to the doubled player")
		gr.do(nardy.Action{Kind: c.answer, Player: nardy.White})
		rep, err := Analyze(t.Context(), gr.rec, Options{})
		require.NoError(t, err)
		var answer *Decision
		for i, d := range rep.Decisions {
			if d.Player == nardy.White && d.Kind != "play" {
				answer = &rep.Decisions[i]
			}
			if d.Player == nardy.Black && d.Kind == "double" {
				assert.Equal(t, "no double", d.Best)
				doubleLoss[c.beavers] = d.Loss
			}
		}
		require.NotNil(t, answer, "%+v", rep.Decisions)
		assert.Equal(t, c.best, answer.Best, "%+v", answer)
		assert.Equal(t, map[nardy.ActionKind]string{nardy.ActTake: "take", nardy.ActBeaver: "beaver"}[c.answer], answer.Played)
		assert.Positive(t, answer.Equity, "white is the favourite after the take")
		if c.halfLoss {
			assert.InDelta(t, answer.Equity/2, answer.Loss, 1e-12, "%+v", answer)
			beaverEquity = answer.Equity
		} else {
			assert.Zero(t, answer.Loss, "%+v", answer)
		}
	}
	assert.InDelta(t, beaverEquity/2, doubleLoss[true]-doubleLoss[false], 1e-12)
}

// recorded is a game played action by action, with its record.
type recorded struct {
	t   *testing.T
	g   nardy.Game
	rec nardy.Record
}

// do performs a, which must be accepted, and records it.
func (r *recorded) do(a nardy.Action) {
	r.t.Helper()
	g, err := r.g.Do(a)
	require.NoError(r.t, err, "%+v", a)
	r.g, r.rec.Actions = g, append(r.rec.Actions, a)
}

// blackDoubles is a money game under r in which white opens with 3-1,
// played 8/5 6/5, and black doubles.
func blackDoubles(t *testing.T, r nardy.Rules) *recorded {
	t.Helper()
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	gr := &recorded{t: t, g: g, rec: nardy.Record{Rules: r}}
	gr.do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	roll, _ := gr.g.Dice()
	play, err := r.ParsePlay(gr.g.Position(), roll, "8/5 6/5")
	require.NoError(t, err)
	gr.do(nardy.Action{Kind: nardy.ActPlay, Player: nardy.White, Steps: slices.Collect(play.Steps())})
	gr.do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.Black})
	return gr
}

// TestAnalyzeBeaverAnswer (S6): after white's beaver of black's double of
// TestAnalyzeBeaver, black answers it as a double. Taking plays on with
// the cube at 4, white's; dropping loses 2, the cube the beaver took: a
// drop loses DoubleBeaver + 2 (black is the underdog, not by 2 points a
// cube: DoubleBeaver is twice DoubleTake, minus the 2·equity white's
// beaver is worth), a take nothing. The hint to black says take.
func TestAnalyzeBeaverAnswer(t *testing.T) {
	r := variants.ShortStandard()
	r.Beavers = true
	for _, answer := range []nardy.ActionKind{nardy.ActTake, nardy.ActDrop} {
		gr := blackDoubles(t, r)
		gr.do(nardy.Action{Kind: nardy.ActBeaver, Player: nardy.White})
		h, err := HintFor(gr.g, [2]int{}, Options{})
		require.NoError(t, err)
		assert.Equal(t, nardy.Black, h.Player)
		assert.Equal(t, "take", h.Advice, "the hint to the doubler, beavered")
		require.NotNil(t, h.Cube)
		gr.do(nardy.Action{Kind: answer, Player: nardy.Black})
		rep, err := Analyze(t.Context(), gr.rec, Options{})
		require.NoError(t, err)
		last := rep.Decisions[len(rep.Decisions)-1]
		played := map[nardy.ActionKind]string{nardy.ActTake: "take", nardy.ActDrop: "drop"}[answer]
		assert.Equal(t, Decision{Action: 4, Game: 1, Player: nardy.Black, Position: last.Position, Kind: played + " beaver",
			Played: played, Best: "take", Equity: h.Cube.DoubleBeaver, Loss: last.Loss, Error: last.Error}, last)
		assert.Negative(t, last.Equity, "black is the underdog")
		assert.Greater(t, last.Equity, -2.0)
		if answer == nardy.ActTake {
			assert.Zero(t, last.Loss)
		} else {
			assert.InDelta(t, h.Cube.DoubleBeaver+2, last.Loss, 1e-12)
			assert.True(t, last.Error)
		}
		assert.Equal(t, 2, rep.Players[nardy.Black].Cube, "the double and the answer to the beaver")
	}
}

// TestAnsweredStdErr: a pass's value is known; a take's standard error is
// the double/take rollout's, a beaver's twice that (it is worth twice the
// take).
func TestAnsweredStdErr(t *testing.T) {
	r := neural.CubeRollout{DoubleTakeStdErr: 0.03, NoDoubleStdErr: 0.02}
	assert.Zero(t, answeredStdErr(r))
	r.Decision.Take = true
	assert.Equal(t, 0.03, answeredStdErr(r))
	r.Decision.Beaver = true
	assert.Equal(t, 0.06, answeredStdErr(r))
}
