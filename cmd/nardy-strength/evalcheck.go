package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/neural"
)

// evalCheckSynopsis is the usage line and summary of evalcheck.
const evalCheckSynopsis = `usage: nardy-strength evalcheck [-variant short|long] [-games N] [-every N] [-trials N] [-cubeful [-gnubg-plies PLIES] [-decisions [-list]]] [-bearoff] [flags]

Compares the network's evaluations at 0, 1 and 2 ply with rollouts of
positions from seeded self-play games; with -cubeful, the cubeful
equities too.`

// evalCheck measures how far the network's n-ply evaluations are from
// rollouts of the same positions: positions are taken after every -every-th
// play of each of the seeded games that the 0-ply neural player plays
// against itself (counted per game, so that a change to one game leaves
// the positions of the others as they were),
// each is rolled out with -trials trials at 0-ply, and the equity of its
// evaluation at 0, 1 and 2 ply is compared with the rollout's (cubeless
// money equity of the player on roll). The rollout's own standard error
// is reported too: the differences include it.
//
// With -cubeful (short nardy) the rollouts also play with the money cube,
// centred at the start, under the Jacoby rule, and the cubeful equities
// are compared with theirs: the network's at each ply through the cube
// model (neural.DecideCube), and with -gnubg-plies GNU Backgammon's own
// cubeful evaluation.
//
// With -bearoff only the positions where both sides have every checker
// home are taken, which the searcher evaluates with the bear-off database,
// and the network's own 0-ply evaluation of them is compared too.
//
// With -decisions too, each position's cube decision is rolled out
// instead (neural.Searcher.RolloutCube: no double and double/take on the
// same dice): the cubeless rollout is the no-double one's, the cubeful
// equities are compared with the rollouts' proper cubeful equity, and the
// cube model's and gnubg's verdicts are judged by the rollouts' (how often
// they agree, and the equity they lose).
func evalCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("evalcheck", flag.ContinueOnError)
	variant := fs.String("variant", "short", "long or short")
	games := fs.Int("games", 10, "self-play games the positions come from")
	every := fs.Int("every", 10, "take the position after every this many plays of each game")
	trials := fs.Int("trials", neural.DefaultTrials, "trials of each rollout")
	seed := fs.Uint64("seed", 1, "seed of the games' and the rollouts' dice")
	workers := fs.Int("workers", 1, "goroutines of each rollout")
	cubeful := fs.Bool("cubeful", false, "short: roll out with the money cube too and compare cubeful equities")
	gnubgPlies := fs.Int("gnubg-plies", -1, fmt.Sprintf("with -cubeful: compare GNU Backgammon's cubeful evaluation at this depth (0..%d) too (-1: not)", gnubgplay.MaxPlies))
	decisions := fs.Bool("decisions", false, "with -cubeful: roll out each position's cube decision and judge the verdicts by it")
	list := fs.Bool("list", false, "with -decisions: print every position where a verdict differs from the rollouts', with the rollouts' equities and each verdict")
	bearoff := fs.Bool("bearoff", false, "only races of two bear-offs (every checker of both sides home), and the network's own 0-ply evaluation too")
	if err := parse(fs, evalCheckSynopsis, args, stdout, stderr); err != nil {
		return err
	}
	if err := firstErr(atLeast("games", *games, 1), atLeast("every", *every, 1), within("trials", *trials, 1, neural.MaxTrials),
		within("workers", *workers, 1, maxWorkers), within("gnubg-plies", *gnubgPlies, -1, gnubgplay.MaxPlies)); err != nil {
		return err
	}
	v, err := nardy.ParseVariant(*variant)
	if err != nil {
		return usageError{msg: err.Error()}
	}
	if *cubeful && v != nardy.Short {
		return usagef("-cubeful is for short nardy, the game with the cube")
	}
	if (*gnubgPlies >= 0 || *decisions) && !*cubeful {
		return usagef("-gnubg-plies and -decisions need -cubeful")
	}
	if *list && !*decisions {
		return usagef("-list needs -decisions")
	}
	net, err := neural.Default(v)
	if err != nil {
		return err
	}
	r := cubeless(v)
	s := neural.NewSearcher(net, r)
	if *cubeful {
		s.Rules = nardy.DefaultRules(v) // the cube and Jacoby; the same plays
	}
	var e *gnubgplay.Engine
	if *gnubgPlies >= 0 {
		if e, err = gnubgplay.Start(*gnubgPlies); err != nil {
			return err
		}
		defer e.Close()
	}
	opt := neural.RolloutOptions{Trials: *trials, Seed: *seed, Workers: *workers, Cubeful: *cubeful}
	rows := []string{"0-ply", "1-ply", "2-ply"}
	if *bearoff {
		rows = append(rows, "network alone, 0-ply")
	}
	t := newEvalTally(rows...)
	cubeRows := []string{"0-ply, cube model", "1-ply, cube model", "2-ply, cube model", "1-ply, cubeful search", "2-ply, cubeful search"}
	if e != nil {
		cubeRows = append(cubeRows, fmt.Sprintf("gnubg %d-ply", *gnubgPlies))
	}
	cf := newEvalTally(cubeRows...)
	vt := newVerdictTally(cubeRows...)
	plays := 0 // of the game being played: a game that changes leaves the others' positions as they were
	err = selfPlay(r, bot.NewNeural(0), *games, *seed, func(g nardy.Game, a nardy.Action, first bool) error {
		if first {
			plays = 0
		}
		if plays++; plays%*every != 0 {
			return nil
		}
		roll, _ := g.Dice()
		p, err := r.PlayOf(g.Position(), roll, a.Steps...)
		if err != nil {
			return err
		}
		pos := p.Result()
		if pos.IsOver() || (*bearoff && !neural.IsBearoffRace(pos)) {
			return nil
		}
		var rc neural.CubeRollout
		if *decisions {
			rc, err = s.RolloutCube(context.Background(), pos, opt)
		} else {
			rc.NoDouble, err = s.Rollout(context.Background(), pos, opt)
		}
		if err != nil {
			return err
		}
		res := rc.NoDouble
		evals := make([]float64, neural.MaxPly+1)
		cubefuls := make([]float64, 0, neural.MaxPly+2)
		verdicts := make([]neural.CubeDecision, 0, neural.MaxPly+2)
		ci := neural.CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: pos.OnRoll(), Money: true, Jacoby: true, Efficiency: neural.Efficiency(pos)}
		for ply := range evals {
			probs := s.Eval(pos, ply)
			evals[ply] = probs.Equity(r.Scoring)
			if *cubeful {
				d := neural.DecideCube(probs, ci)
				cubefuls, verdicts = append(cubefuls, d.Equity()), append(verdicts, d)
			}
		}
		if *bearoff {
			evals = append(evals, net.Evaluate(pos).Equity(r.Scoring))
		}
		t.add(res.StdErr, res.Equity, evals)
		if !*cubeful {
			return nil
		}
		for ply := 1; ply <= neural.MaxPly; ply++ {
			d := s.SearchCube(pos, ci, ply)
			cubefuls, verdicts = append(cubefuls, d.Equity()), append(verdicts, d)
		}
		if e != nil {
			a, err := e.Cube(gnubgplay.CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 1}, Jacoby: true})
			if err != nil {
				return err
			}
			gd := neural.CubeDecision{NoDouble: a.NoDouble, DoubleTake: a.DoubleTake, DoublePass: a.DoublePass, Double: a.Double(), Take: a.Take()}
			cubefuls, verdicts = append(cubefuls, gd.Equity()), append(verdicts, gd)
		}
		if *decisions {
			// The standard error of the proper action's rollout: a pass
			// is worth the cube exactly, with no noise.
			se := rc.NoDoubleStdErr
			if d := rc.Decision; d.Double && d.Take {
				se = rc.DoubleTakeStdErr
			} else if d.Double {
				se = 0
			}
			cf.add(se, rc.Decision.Equity(), cubefuls)
			if differ := vt.add(rc.Decision, verdicts); *list && differ {
				listVerdicts(stdout, pos, s.Eval(pos, 0), rc, cubeRows, verdicts)
			}
			return nil
		}
		cf.add(res.CubefulStdErr, res.Cubeful, cubefuls)
		return nil
	})
	if err != nil {
		return err
	}
	t.report(stdout, fmt.Sprintf("evaluations against 0-ply rollouts of %d trials, %s nardy: %d positions from %d self-play games", opt.Trials, v, t.n, *games))
	switch {
	case *decisions:
		cf.report(stdout, "cubeful equities against the proper cubeful equity of cube rollouts (no double and double/take; centred cube, Jacoby)")
		vt.report(stdout, "cube verdicts against the cube rollouts' proper action")
	case *cubeful:
		cf.report(stdout, "cubeful equities against the same rollouts played with the money cube (centred at the start, Jacoby)")
	}
	return nil
}

// evalTally sums the differences between evaluations, one per name, and
// rollouts.
type evalTally struct {
	names    []string
	n        int
	abs, sgn []float64 // |eval − rollout| and eval − rollout
	se       float64   // the rollouts' standard errors
}

func newEvalTally(names ...string) *evalTally {
	return &evalTally{names: names, abs: make([]float64, len(names)), sgn: make([]float64, len(names))}
}

// add counts one position: its rollout's standard error and equity, and
// the evaluations of its tally's names, in order.
func (t *evalTally) add(se, rollout float64, evals []float64) {
	t.n++
	t.se += se
	for i, e := range evals {
		d := e - rollout
		t.abs[i] += math.Abs(d)
		t.sgn[i] += d
	}
}

func (t *evalTally) report(w io.Writer, title string) {
	fmt.Fprintln(w, title)
	if t.n == 0 {
		return
	}
	n := float64(t.n)
	fmt.Fprintf(w, "  rollouts' standard error: %.4f on average\n", t.se/n)
	for i, name := range t.names {
		fmt.Fprintf(w, "  %s: mean |evaluation - rollout| %.4f, mean evaluation - rollout %+.4f\n", name, t.abs[i]/n, t.sgn[i]/n)
	}
}
