package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
)

// evalCheck measures how far the network's n-ply evaluations are from
// rollouts of the same positions: positions are taken after every -every-th
// play of seeded games that the 0-ply neural player plays against itself,
// each is rolled out with -trials trials at 0-ply, and the equity of its
// evaluation at 0, 1 and 2 ply is compared with the rollout's (cubeless
// money equity of the player on roll). The rollout's own standard error
// is reported too: the differences include it.
func evalCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("evalcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "short", "long or short")
	games := fs.Int("games", 10, "self-play games the positions come from")
	every := fs.Int("every", 10, "take the position after every this many plays")
	trials := fs.Int("trials", neural.DefaultTrials, "trials of each rollout")
	seed := fs.Uint64("seed", 1, "seed of the games' and the rollouts' dice")
	workers := fs.Int("workers", 1, "goroutines of each rollout")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *every < 1 {
		return fmt.Errorf("-every %d below 1", *every)
	}
	v, err := nardy.ParseVariant(*variant)
	if err != nil {
		return err
	}
	net, err := neural.Default(v)
	if err != nil {
		return err
	}
	r := cubeless(v)
	s := neural.NewSearcher(net, r)
	opt := neural.RolloutOptions{Trials: *trials, Seed: *seed, Workers: *workers}
	var t evalTally
	plays := 0
	err = selfPlay(r, bot.NewNeural(0), *games, *seed, func(g nardy.Game, a nardy.Action, _ bool) error {
		if plays++; plays%*every != 0 {
			return nil
		}
		roll, _ := g.Dice()
		p, err := r.PlayOf(g.Position(), roll, a.Steps...)
		if err != nil {
			return err
		}
		pos := p.Result()
		if pos.IsOver() {
			return nil
		}
		res, err := s.Rollout(context.Background(), pos, opt)
		if err != nil {
			return err
		}
		var evals [neural.MaxPly + 1]float64
		for ply := range evals {
			evals[ply] = s.Eval(pos, ply).Equity(r.Scoring)
		}
		t.add(res, evals)
		return nil
	})
	if err != nil {
		return err
	}
	t.report(stdout, v, *games, opt.Trials)
	return nil
}

// evalTally sums the differences between evaluations and rollouts.
type evalTally struct {
	n        int
	abs, sgn [neural.MaxPly + 1]float64 // |eval − rollout| and eval − rollout
	se       float64                    // the rollouts' standard errors
}

func (t *evalTally) add(res neural.RolloutResult, evals [neural.MaxPly + 1]float64) {
	t.n++
	t.se += res.StdErr
	for ply, e := range evals {
		d := e - res.Equity
		t.abs[ply] += math.Abs(d)
		t.sgn[ply] += d
	}
}

func (t *evalTally) report(w io.Writer, v nardy.Variant, games, trials int) {
	fmt.Fprintf(w, "evaluations against 0-ply rollouts of %d trials, %s nardy: %d positions from %d self-play games\n", trials, v, t.n, games)
	if t.n == 0 {
		return
	}
	n := float64(t.n)
	fmt.Fprintf(w, "  rollouts' standard error: %.4f on average\n", t.se/n)
	for ply := range t.abs {
		fmt.Fprintf(w, "  %d-ply: mean |evaluation - rollout| %.4f, mean evaluation - rollout %+.4f\n", ply, t.abs[ply]/n, t.sgn[ply]/n)
	}
}
