package main

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
)

// TestEvalCheckDecisionsReplayed: evalcheck -cubeful -decisions, replayed
// here: its positions (taken as TestEvalCheckTakesEveryNthPosition checks) are
// rolled out with RolloutCube on the same options, and each cubeful row
// is the mean difference between that row's cubeful equity (the cube
// model, DecideCube, on the n-ply chances, and the cubeful search,
// SearchCube, both with the cube centred under the Jacoby rule as the
// doc says) and the rollouts' proper cubeful equity (no double's, or
// double/take's or double/pass's when the rollouts double); the
// rollouts' standard error is that of the rollout of the proper action
// (double/take's when they double and the opponent takes; none when it
// passes: a pass is worth the cube exactly). The game of -seed 5 has
// positions the rollouts double where the opponent takes and where it
// passes, in which the no-double rollout is not the proper equity.
func TestEvalCheckDecisionsReplayed(t *testing.T) {
	const seed, every, trials = 5, 7, 12
	out := runOK(t, "evalcheck", "-games", "1", "-every", fmt.Sprint(every), "-trials", fmt.Sprint(trials), "-seed", fmt.Sprint(seed),
		"-cubeful", "-decisions")
	title := "cubeful equities against the proper cubeful equity of cube rollouts"
	i := strings.Index(out, title)
	require.GreaterOrEqual(t, i, 0, out)
	section := out[i:]

	r := cubeless(nardy.Short)
	net, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	s := neural.NewSearcher(net, r)
	s.Rules = nardy.DefaultRules(nardy.Short)
	var positions []nardy.Position
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	dice := nardy.NewSeededDice(vigna(seed ^ vigna(0)))
	p := bot.NewNeural(0)
	for n := 0; !g.IsOver(); {
		a, err := bot.Next(g, [2]bot.Player{p, p}, dice)
		require.NoError(t, err)
		g, err = g.Do(a)
		require.NoError(t, err)
		if a.Kind == nardy.ActPlay {
			if n++; n%every == 0 && !g.Position().IsOver() {
				positions = append(positions, g.Position())
			}
		}
	}
	require.NotEmpty(t, positions)

	opt := neural.RolloutOptions{Trials: trials, Seed: seed, Workers: 1, Cubeful: true}
	rows := []string{"0-ply, cube model", "1-ply, cube model", "2-ply, cube model", "1-ply, cubeful search", "2-ply, cubeful search"}
	abs, sgn := make([]float64, len(rows)), make([]float64, len(rows))
	se, doubles, passes := 0.0, 0, 0
	for _, pos := range positions {
		rc, err := s.RolloutCube(context.Background(), pos, opt)
		require.NoError(t, err)
		proper, e := rc.Decision.NoDouble, rc.NoDoubleStdErr
		if d := rc.Decision; d.Double {
			proper, e = min(d.DoubleTake, d.DoublePass), rc.DoubleTakeStdErr
			if d.DoublePass < d.DoubleTake {
				e = 0 // a pass is worth the cube, exactly
				passes++
			}
			doubles++
		}
		se += e
		ci := neural.CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: pos.OnRoll(), Money: true, Jacoby: true, Efficiency: neural.Efficiency(pos)}
		for k := range rows {
			var eq float64
			if k < 3 {
				eq = neural.DecideCube(s.Eval(pos, k), ci).Equity()
			} else {
				eq = s.SearchCube(pos, ci, k-2).Equity()
			}
			abs[k] += math.Abs(eq - proper)
			sgn[k] += eq - proper
		}
	}
	require.Positive(t, doubles, "a position the rollouts double, to check")
	require.Positive(t, passes, "a position the rollouts double out, to check")
	require.Positive(t, doubles-passes, "a position the rollouts double and take, to check")
	n := float64(len(positions))
	number := func(re string) float64 {
		m := regexp.MustCompile(re).FindStringSubmatch(section)
		require.NotNil(t, m, "%s in\n%s", re, section)
		v, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)
		return v
	}
	assert.InDelta(t, se/n, number(`rollouts' standard error: ([0-9.]+) on average`), 0.00006)
	for k, row := range rows {
		assert.InDelta(t, abs[k]/n, number(regexp.QuoteMeta(row)+`: mean \|evaluation - rollout\| ([0-9.]+)`), 0.00006, row)
		assert.InDelta(t, sgn[k]/n, number(regexp.QuoteMeta(row)+`: mean \|evaluation - rollout\| [0-9.]+, mean evaluation - rollout ([-+][0-9.]+)`), 0.00006, row)
	}
}
