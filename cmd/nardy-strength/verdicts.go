package main

import (
	"fmt"
	"io"
	"math"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/cubetext"
	"github.com/nardylab/nardy/neural"
)

// verdictTally judges cube verdicts, one per name, by cube rollouts: how
// often each agrees with the rollouts' proper action, and how much equity
// the doubler and the taker lose by following it, valued by the
// rollouts' no double, double/take and double/pass. Where the rollouts
// value doubling and not doubling the same (a cash that the player on
// roll can as well take next turn: every trial wins the cube's value),
// both verdicts agree.
type verdictTally struct {
	names            []string
	n                int
	doubles, passes  int // positions where the rollouts double, pass
	ties             int // positions where doubling and not are worth the same
	doubleOK, takeOK []int
	wrong, missed    []int     // doubles the rollouts do not give, and missed ones
	doublerLoss      []float64 // the doubler's loss by the rollouts
	takerLoss        []float64 // the taker's loss by the rollouts
}

// tieEquity is the difference in equity below which doubling and not
// doubling count as equal.
const tieEquity = 1e-9

func newVerdictTally(names ...string) *verdictTally {
	k := len(names)
	return &verdictTally{names: names, doubleOK: make([]int, k), takeOK: make([]int, k), wrong: make([]int, k),
		missed: make([]int, k), doublerLoss: make([]float64, k), takerLoss: make([]float64, k)}
}

// add counts one position: the rollouts' verdict r and the verdicts of
// the tally's names, in order. It reports whether any verdict differs
// from the rollouts' in the double or the take.
func (t *verdictTally) add(r neural.CubeDecision, verdicts []neural.CubeDecision) (differ bool) {
	t.n++
	if r.Double {
		t.doubles++
	}
	if !r.Take {
		t.passes++
	}
	doubled := r.DoubleEquity() // the double, answered as the rollouts advise
	tie := math.Abs(doubled-r.NoDouble) <= tieEquity
	if tie {
		t.ties++
	}
	for i, v := range verdicts {
		switch {
		case v.Double == r.Double || tie:
			t.doubleOK[i]++
		case v.Double:
			differ = true
			t.wrong[i]++
			t.doublerLoss[i] += r.NoDouble - doubled
		default:
			differ = true
			t.missed[i]++
			t.doublerLoss[i] += doubled - r.NoDouble
		}
		if v.Take == r.Take {
			t.takeOK[i]++
		} else {
			differ = true
			t.takerLoss[i] += max(r.DoubleTake-r.DoublePass, r.DoublePass-r.DoubleTake)
		}
	}
	return differ
}

// listVerdicts prints a position whose verdicts differ from the cube
// rollouts': its key, the network's 0-ply chances, the rollouts'
// equities with their standard errors and verdict, and each verdict with
// its name.
func listVerdicts(w io.Writer, pos nardy.Position, p neural.Probs, rc neural.CubeRollout, names []string, verdicts []neural.CubeDecision) {
	mover, opponent := pos.Pips()
	fmt.Fprintf(w, "position %s (pips %d-%d): 0-ply %v\n", pos.Key(), mover, opponent, p)
	d := rc.Decision
	fmt.Fprintf(w, "  rollouts: no double %+.3f (%.3f), double/take %+.3f (%.3f), double/pass %+.3f: %s\n",
		d.NoDouble, rc.NoDoubleStdErr, d.DoubleTake, rc.DoubleTakeStdErr, d.DoublePass, cubetext.Action(d))
	for i, v := range verdicts {
		fmt.Fprintf(w, "  %s: no double %+.3f, double/take %+.3f: %s\n", names[i], v.NoDouble, v.DoubleTake, cubetext.Action(v))
	}
}

func (t *verdictTally) report(w io.Writer, title string) {
	fmt.Fprintln(w, title)
	if t.n == 0 {
		return
	}
	n := float64(t.n)
	fmt.Fprintf(w, "  %d positions; the rollouts double in %d, pass in %d, and find doubling and not doubling equal in %d (either agrees)\n",
		t.n, t.doubles, t.passes, t.ties)
	for i, name := range t.names {
		fmt.Fprintf(w, "  %s: double agrees %.1f%% (%d wrong doubles, %d missed), take agrees %.1f%%, "+
			"mean loss by the rollouts %.4f doubling, %.4f taking\n",
			name, 100*float64(t.doubleOK[i])/n, t.wrong[i], t.missed[i], 100*float64(t.takeOK[i])/n,
			t.doublerLoss[i]/n, t.takerLoss[i]/n)
	}
}
