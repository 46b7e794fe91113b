package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/stats"
	"github.com/nardylab/nardy/neural"
)

// judgeFlags are the flags judge, cube and plays share.
type judgeFlags struct {
	games     *int
	seed      *uint64
	threshold *float64
	net       *string
}

// newJudgeFlags defines judgeFlags' flags in fs; netHelp says whose
// weights -net gives.
func newJudgeFlags(fs *flag.FlagSet, netHelp string) judgeFlags {
	return judgeFlags{
		games:     fs.Int("games", 100, "games"),
		seed:      fs.Uint64("seed", 1, "seed of the dice"),
		threshold: fs.Float64("threshold", 0.04, "equity loss that counts as an error (at least 0)"),
		net:       fs.String("net", "", netHelp),
	}
}

// check refuses no games and a threshold below 0 (every play an error)
// or not a number.
func (jf judgeFlags) check() error {
	if !(*jf.threshold >= 0) || math.IsInf(*jf.threshold, 1) {
		return usagef("-threshold %v: want a number of points, at least 0", *jf.threshold)
	}
	return atLeast("games", *jf.games, 1)
}

// judgeSynopsis is the usage line and summary of judge.
const judgeSynopsis = `usage: nardy-strength judge [-variant long|short] [-player NAME] [-judge PLIES] [-games N] [flags]

Plays -games games of -player against itself and judges every play with a
choice by the neural player at -judge plies: the equity lost against the
judge's best play, the error rate and the mean loss per play.`

func judge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	variant := fs.String("variant", "long", "long or short")
	name := fs.String("player", "expectimax", fmt.Sprintf("the player judged (plays both sides) %v", bot.Names()))
	ply := fs.Int("judge", 2, fmt.Sprintf("plies of the neural judge (0..%d)", neural.MaxPly))
	jf := newJudgeFlags(fs, "weights file of the neural judge (default: the embedded network; a neural -player plays with the embedded one)")
	if err := parse(fs, judgeSynopsis, args, stdout, stderr); err != nil {
		return err
	}
	if err := firstErr(jf.check(), within("judge", *ply, 0, neural.MaxPly)); err != nil {
		return err
	}
	games, seed, threshold, netFile := jf.games, jf.seed, jf.threshold, jf.net
	v, err := nardy.ParseVariant(*variant)
	if err != nil {
		return usageError{msg: err.Error()}
	}
	p, err := bot.New(*name, *seed)
	if err != nil {
		return usageError{msg: err.Error()}
	}
	r := cubeless(v)
	net, err := readNet("net", *netFile, v)
	if err != nil {
		return err
	}
	s := neural.NewSearcher(net, r)
	var plays, choices, errs, agree int
	var loss, lossSq float64
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	for i := range *games {
		g, err := nardy.NewGame(r)
		if err != nil {
			return err
		}
		dice := nardy.NewSeededDice(splitmix64(*seed ^ splitmix64(uint64(i))))
		players := [2]bot.Player{p, p}
		for !g.IsOver() {
			a, err := bot.Next(g, players, dice)
			if err != nil {
				return err
			}
			if a.Kind == nardy.ActPlay {
				plays++
				roll, _ := g.Dice()
				legal, err := r.AppendLegal(buf[:0], g.Position(), roll)
				if err != nil {
					return err
				}
				if len(legal) > 1 {
					choices++
					chosen, err := r.PlayOf(g.Position(), roll, a.Steps...)
					if err != nil {
						return err
					}
					l := neural.PlayLoss(s, legal, chosen, *ply)
					loss += l
					lossSq += l * l
					if l > *threshold {
						errs++
					}
					if l == 0 {
						agree++
					}
				}
			}
			if g, err = g.Do(a); err != nil {
				return err
			}
		}
	}
	n := float64(choices)
	mean, half := stats.Mean(loss, lossSq, choices)
	lo, hi := stats.Wilson(float64(errs), choices)
	fmt.Fprintf(stdout, "%s's plays in %d %s-nardy games judged by the neural player at %d-ply\n", *name, *games, v, *ply)
	fmt.Fprintf(stdout, "  %d plays, %d with a choice; the judge's best play chosen in %.1f%%\n", plays, choices, 100*float64(agree)/n)
	fmt.Fprintf(stdout, "  error rate (loss > %.3f): %.1f%% (95%% CI %.1f-%.1f%%)\n", *threshold, 100*float64(errs)/n, 100*lo, 100*hi)
	fmt.Fprintf(stdout, "  mean equity loss per play with a choice: %.4f (95%% CI %.4f..%.4f)\n", mean, mean-half, mean+half)
	return nil
}
