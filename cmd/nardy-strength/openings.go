package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/neural"
)

// openingsSynopsis is the usage line and summary of openings.
const openingsSynopsis = `usage: nardy-strength openings [-top N] [-trials N] [-rollout-ply PLIES] [-gnubg-plies PLIES] [flags]

Rolls out the -top plays of each of short nardy's 15 opening rolls and
has GNU Backgammon name its own play and evaluate the rollout's best (GNU
Backgammon must be installed).`

// openings checks the network's rollouts against GNU Backgammon on the 15
// opening rolls of short nardy (the first roll is never a double): for
// each, the top plays at 1-ply are rolled out (cubeless money, the same
// dice for every play), and gnubg names its own play and evaluates the
// positions after the rollout's best play and after its own.
func openings(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("openings", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed of the rollouts' dice")
	netFile := fs.String("net", "", "weights file of the network (default: the embedded network)")
	gp := fs.Int("gnubg-plies", 0, fmt.Sprintf("gnubg's evaluation depth (0..%d)", gnubgplay.MaxPlies))
	top := fs.Int("top", 3, "plays of each roll rolled out, the best at 1-ply")
	trials := fs.Int("trials", neural.DefaultTrials, "trials of each rollout (at least 1)")
	ply := fs.Int("rollout-ply", 0, fmt.Sprintf("depth of the players in the trials (0..%d)", neural.MaxPly))
	reduce := fs.Bool("reduce", false, "variance reduction in the rollouts")
	workers := fs.Int("workers", 1, "goroutines of each rollout")
	if err := parse(fs, openingsSynopsis, args, stdout, stderr); err != nil {
		return err
	}
	if err := firstErr(within("top", *top, 1, nardy.MaxPlays), within("trials", *trials, 1, neural.MaxTrials), within("workers", *workers, 1, maxWorkers),
		checkPlies("rollout-ply", *ply, "gnubg-plies", *gp)); err != nil {
		return err
	}
	net, e, err := startCheck(*netFile, *gp)
	if err != nil {
		return err
	}
	defer e.Close()
	r := cubeless(nardy.Short)
	s := neural.NewSearcher(net, r)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	if err != nil {
		return err
	}
	opt := neural.RolloutOptions{Trials: *trials, Ply: *ply, Reduce: *reduce, Seed: *seed, Workers: *workers}
	fmt.Fprintf(stdout, "short nardy openings: top %d plays at 1-ply rolled out, %d trials at %d-ply (seed %d, variance reduction %v); gnubg at %d-ply\n",
		*top, opt.Trials, opt.Ply, opt.Seed, opt.Reduce, *gp)
	fmt.Fprintln(stdout, "roll  rollout's best         equity ± s.e.     gnubg's play           gnubg: rollout's best, its own")
	agree, n, loss := 0, 0, 0.0
	for hi := 2; hi <= 6; hi++ {
		for lo := 1; lo < hi; lo++ {
			roll := nardy.MustRoll(hi, lo)
			plays, err := r.Legal(start, roll)
			if err != nil {
				return err
			}
			var candidates []nardy.Play
			for _, c := range s.Rank(plays, 1)[:min(*top, len(plays))] {
				candidates = append(candidates, plays[c.Index])
			}
			rolled, err := s.RolloutPlays(context.Background(), candidates, opt)
			if err != nil {
				return err
			}
			best, bestRes := rolled[0].Play, rolled[0].Result
			theirs, err := e.Move(r, start, roll)
			if err != nil {
				return err
			}
			ours, own, err := moverEquities(e, best, theirs)
			if err != nil {
				return err
			}
			if theirs.Result() == best.Result() {
				agree++
			}
			n++
			loss += max(0, own-ours)
			fmt.Fprintf(stdout, "%-5s %-22s %+.3f ± %.3f    %-22s %+.3f, %+.3f\n", roll, best, bestRes.Equity, bestRes.StdErr,
				theirs, ours, own)
		}
	}
	fmt.Fprintf(stdout, "same play as gnubg: %d of %d; equity lost by gnubg's judgement: %.3f in all\n", agree, n, loss)
	return nil
}
