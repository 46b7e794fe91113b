package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/neural"
)

// TestCubeTally: four positions judged by hand against gnubg's answers
// (threshold 0.04).
//
//  1. gnubg: no double 0.5, double/take 0.8, double/pass 1: double, take.
//     The player does not double (gnubg only; it loses 0.8 − 0.5 = 0.3)
//     and would take (agrees); the model doubles and takes.
//  2. 0.9, 1.3, 1: double (worth min(1.3, 1) = 1), pass. The player
//     doubles (both) and takes, which costs the taker 1.3 − 1 = 0.3; the
//     model neither doubles nor takes.
//  3. 0.2, 0.1, 1: no double, take. The player doubles (neural only; it
//     loses 0.2 − 0.1 = 0.1) and would pass, which costs 1 − 0.1 = 0.9;
//     the model does not double and takes.
//  4. 1, 2, 1: doubling and not are worth 1 (gnubg indifferent: either
//     agrees, no loss); gnubg passes. The player doubles and passes, the
//     model doubles and passes.
//
// So: both 1, neural only 1, gnubg only 1; offered 4 (someone doubles in
// each), takes agreed 2 (1 and 4); errors 2 doubling, 2 taking; losses
// 0.4 doubling, 1.2 taking; the model agrees on 3 doubles (1, 3, 4) and 4
// takes; the win chance differs by 0.1 + 0.05 over the positions.
func TestCubeTally(t *testing.T) {
	var ct cubeTally
	ans := func(nd, dt, dp, win float64) gnubgplay.CubeAnswer {
		return gnubgplay.CubeAnswer{NoDouble: nd, DoubleTake: dt, DoublePass: dp, Chances: gnubgplay.Chances{Win: win}}
	}
	ct.add(neural.CubeDecision{Take: true}, neural.CubeDecision{Double: true, Take: true}, ans(0.5, 0.8, 1, 0.7), 0.6, 0.04)
	ct.add(neural.CubeDecision{Double: true, Take: true}, neural.CubeDecision{}, ans(0.9, 1.3, 1, 0.85), 0.9, 0.04)
	ct.add(neural.CubeDecision{Double: true}, neural.CubeDecision{Take: true}, ans(0.2, 0.1, 1, 0.5), 0.5, 0.04)
	ct.add(neural.CubeDecision{Double: true}, neural.CubeDecision{Double: true}, ans(1, 2, 1, 0.95), 0.95, 0.04)
	assert.Equal(t, 4, ct.n)
	assert.Equal(t, [3]int{1, 1, 1}, [3]int{ct.both, ct.oursOnly, ct.theirsOnly}, "both, neural only, gnubg only")
	assert.Equal(t, 4, ct.offered)
	assert.Equal(t, 2, ct.takeAgree)
	assert.Equal(t, [2]int{2, 2}, [2]int{ct.doubleErrs, ct.takeErrs})
	assert.InDelta(t, 0.4, ct.doubleLoss, 1e-12)
	assert.InDelta(t, 1.2, ct.takeLoss, 1e-12)
	assert.Equal(t, [2]int{3, 4}, [2]int{ct.modelAgree, ct.modelTakeAgree})
	assert.InDelta(t, 0.15, ct.winDiff, 1e-12)

	var b bytes.Buffer
	ct.report(&b, "money", 0.04)
	out := b.String()
	assert.Contains(t, out, "double: both 1, neural only 1, gnubg only 1 (gnubg indifferent counts as agreeing); agree 50.0% (")
	assert.Contains(t, out, "take or pass, where either doubles (4): agree 50.0% (")
	assert.Contains(t, out, "equity lost per position: doubling 0.1000, taking 0.3000 (where either doubles: 0.3000)")
	assert.Contains(t, out, "mean |winning chance - gnubg's|: 0.0375")
	assert.Contains(t, out, "the neural cube model on gnubg's chances: double agrees 75.0% (")
}

// TestVerdictTallyWrongDouble: the rollouts do not double (no double 0.6,
// double/take 0.4, double/pass 1: no double, take). A verdict that
// doubles loses the doubler 0.6 − 0.4 = 0.2; one that passes loses the
// taker 1 − 0.4 = 0.6. The report gives each verdict's rates and its mean
// losses per position.
func TestVerdictTallyWrongDouble(t *testing.T) {
	vt := newVerdictTally("a", "b")
	r := neural.CubeDecision{NoDouble: 0.6, DoubleTake: 0.4, DoublePass: 1, Take: true}
	assert.True(t, vt.add(r, []neural.CubeDecision{{Double: true, Take: true}, {}}))
	var b bytes.Buffer
	vt.report(&b, "verdicts")
	assert.Equal(t, "verdicts\n"+
		"  1 positions; the rollouts double in 0, pass in 0, and find doubling and not doubling equal in 0 (either agrees)\n"+
		"  a: double agrees 0.0% (1 wrong doubles, 0 missed), take agrees 100.0%, mean loss by the rollouts 0.2000 doubling, 0.0000 taking\n"+
		"  b: double agrees 100.0% (0 wrong doubles, 0 missed), take agrees 0.0%, mean loss by the rollouts 0.0000 doubling, 0.6000 taking\n",
		b.String())
}

// TestEvalTally: two positions, rollouts 0.3 (standard error 0.01) and
// −0.2 (0.03); x evaluates them 0.5 and −0.1 (0.2 and 0.1 too high), y
// 0.1 and −0.2 (0.2 too low, then exact), z exactly. The means are over
// the 2 positions (not the 3 names).
func TestEvalTally(t *testing.T) {
	et := newEvalTally("x", "y", "z")
	et.add(0.01, 0.3, []float64{0.5, 0.1, 0.3})
	et.add(0.03, -0.2, []float64{-0.1, -0.2, -0.2})
	var b bytes.Buffer
	et.report(&b, "evaluations")
	assert.Equal(t, "evaluations\n"+
		"  rollouts' standard error: 0.0200 on average\n"+
		"  x: mean |evaluation - rollout| 0.1500, mean evaluation - rollout +0.1500\n"+
		"  y: mean |evaluation - rollout| 0.1000, mean evaluation - rollout -0.1000\n"+
		"  z: mean |evaluation - rollout| 0.0000, mean evaluation - rollout +0.0000\n",
		b.String())
}

// TestClassIndex: gnubg's classes 4..7 are its bear-off databases, 8 a
// race, 9 a crashed position, 10 contact (gnubg's positionclass).
func TestClassIndex(t *testing.T) {
	for c, want := range map[int]string{4: "bear-off (gnubg's databases)", 5: "bear-off (gnubg's databases)", 7: "bear-off (gnubg's databases)",
		8: "race", 9: "crashed", 10: "contact"} {
		assert.Equal(t, want, playClasses[classIndex(c)], "class %d", c)
	}
}

// TestPlayTallyReport: 4 plays of 2 games, 2 of them gnubg's, 1 error,
// 0.2 lost in all: 0.05 a play, 0.1 a game.
func TestPlayTallyReport(t *testing.T) {
	var b bytes.Buffer
	playTally{n: 4, same: 2, errs: 1, loss: 0.2}.report(&b, "race", 2, 0.04)
	assert.Regexp(t, `^  race: 4 plays, gnubg's play 50\.0% \([0-9.]+-[0-9.]+%\), errors \(loss > 0\.040\) 25\.0% \([0-9.]+-[0-9.]+%\), loss 0\.0500 per play, 0\.1000 per game\n$`, b.String())
}
