package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// TestOnePlyTarget: with -target 1ply a position learns toward the
// average, over the 36 throws of two dice, of the network's evaluation
// after the play with the best cubeless equity for each, computed here
// throw by throw with Net.Evaluate; the game's first position, whose
// roll is the opening dice, keeps the sampled target; with td0 every
// position does.
func TestOnePlyTarget(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	net, err := neural.NewNet(nardy.Short, 16, 9)
	require.NoError(t, err)
	one := newTrainer(net, r, 1, target1Ply)
	td0 := newTrainer(net, r, 1, targetTD0)
	sampled := neural.Probs{Variant: nardy.Short, Win: 0.25}
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	assert.Equal(t, sampled, one.target(pos, true, sampled), "opening dice")
	for ply := 0; ply < 30 && !pos.IsOver(); ply++ {
		assert.Equal(t, sampled, td0.target(pos, false, sampled))
		want := averageAfterBest(t, net, r, pos)
		got := one.target(pos, false, sampled)
		for i, w := range fields(want) {
			assert.InDelta(t, w, fields(got)[i], 1e-5, "ply %d, field %d", ply, i)
		}
		plays, err := r.Legal(pos, nardy.MustRoll(1+ply%6, 1+(ply*5)%6))
		require.NoError(t, err)
		pos = plays[len(plays)/2].Result()
	}
}

func averageAfterBest(t *testing.T, net *neural.Net, r nardy.Rules, pos nardy.Position) neural.Probs {
	var sum [7]float64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			plays, err := r.Legal(pos, nardy.MustRoll(a, b))
			require.NoError(t, err)
			var best neural.Probs
			for i, pl := range plays {
				p := net.Evaluate(pl.Result()).Flip()
				if i == 0 || p.Equity(r.Scoring) > best.Equity(r.Scoring) {
					best = p
				}
			}
			for i, f := range fields(best) {
				sum[i] += f / 36
			}
		}
	}
	return neural.Probs{Variant: pos.Variant(), Win: sum[0], WinMars: sum[1], WinKoks: sum[2],
		WinHomeMars: sum[3], LoseMars: sum[4], LoseKoks: sum[5], LoseHomeMars: sum[6]}
}

func fields(p neural.Probs) [7]float64 {
	return [7]float64{p.Win, p.WinMars, p.WinKoks, p.WinHomeMars, p.LoseMars, p.LoseKoks, p.LoseHomeMars}
}
