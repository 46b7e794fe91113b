package bot

import (
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nardylab/nardy"
)

// sample is a position seen by the player on roll, its evaluation, mean
// pip count and whether that player went on to win.
type sample struct {
	e, pips float64
	won     bool
}

// TestCalibration fits the width of WinChance's logistic curve (scale k
// times the mean pip count) by maximum likelihood to the outcomes of greedy
// self-play games, and checks that the weights in use are within 0.002 nats
// per position of the best fit. It plays 3000 games: run it with
// NARDY_CALIBRATE=1.
func TestCalibration(t *testing.T) {
	if os.Getenv("NARDY_CALIBRATE") == "" {
		t.Skip("set NARDY_CALIBRATE=1 to fit the WinChance scale to self-play games")
	}
	for v, name := range []string{"long-moscow", "short-tavla"} {
		r := preset(t, name)
		w := defaultWeights()
		var ss []sample
		for i := range 1500 {
			g, _ := nardy.NewGame(r)
			players := [2]Player{NewGreedy(), NewGreedy()}
			dice := nardy.NewSeededDice(uint64(5000 + i))
			var pend []sample
			var who []nardy.Color
			for !g.IsOver() {
				if g.Phase() == nardy.PhaseRoll && g.PlayCount()%3 == 0 {
					pos := g.Position()
					pm, po := pos.Pips()
					pend = append(pend, sample{e: w.evaluate(pos, pos.OnRoll()), pips: float64(pm+po) / 2})
					who = append(who, pos.OnRoll())
				}
				a, _ := Next(g, players, dice)
				g, _ = g.Do(a)
			}
			res, _ := g.Result()
			for j := range pend {
				pend[j].won = res.Winner == who[j]
			}
			ss = append(ss, pend...)
		}
		ll := func(k float64) float64 {
			s := 0.0
			for _, x := range ss {
				p := 1 / (1 + math.Exp(-x.e/(1+k*x.pips)))
				p = min(max(p, 1e-6), 1-1e-6)
				if x.won {
					s += math.Log(p)
				} else {
					s += math.Log(1 - p)
				}
			}
			return s / float64(len(ss))
		}
		bestK, best := 0.0, math.Inf(-1)
		for k := 0.02; k <= 1.0; k += 0.01 {
			if v := ll(k); v > best {
				bestK, best = k, v
			}
		}
		now := ll(w.scalePips[v])
		t.Logf("%s: %d positions, best k %.2f (log-likelihood %.4f per position); in use %.2f (%.4f)",
			name, len(ss), bestK, best, w.scalePips[v], now)
		assert.InDelta(t, best, now, 0.002)
	}
}
