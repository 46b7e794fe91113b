package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"sync"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// maxCalibrationGames bounds -games of calibration, which keeps a summary
// of each game (under a kilobyte) for the intervals by game.
const maxCalibrationGames = 1_000_000

// calibrationSynopsis is the usage line and summary of calibration.
const calibrationSynopsis = `usage: nardy-strength calibration [-variant short|long] [-games N] [-net FILE] [flags]

Compares the network's predicted chances of each way of winning with how
often its own 0-ply self-play games ended so, by tenths of the predicted
win.`

// calibration checks that the network's chances mean what they say: it
// plays -games seeded cubeless games of the 0-ply neural player against
// itself, evaluates every position before its roll at 0-ply for the player
// on roll, and compares, by tenths of the predicted chance of winning, the
// mean predicted chances of a win, a mars or more (a gammon) and a koks (a
// backgammon), and in long nardy of a home mars, with how often the player
// on roll went on to win that way. A network trained by self-play should
// agree with its own games; where it does not, its equities are off by
// the difference. The kinds are those of the board at the end (L8, L9, S5),
// whether or not the default scoring table counts them.
func calibration(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("calibration", flag.ContinueOnError)
	variant := fs.String("variant", "short", "long or short")
	games := fs.Int("games", 10000, fmt.Sprintf("self-play games (1..%d)", maxCalibrationGames))
	seed := fs.Uint64("seed", 1, "seed of the games' dice (game i's dice depend on it and i alone)")
	netFile := fs.String("net", "", "weights file of the network (default: the embedded one)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	if err := parse(fs, calibrationSynopsis, args, stdout, stderr); err != nil {
		return err
	}
	v, err := nardy.ParseVariant(*variant)
	if err != nil {
		return usageError{msg: err.Error()}
	}
	if err := firstErr(within("games", *games, 1, maxCalibrationGames), within("workers", *workers, 1, maxWorkers)); err != nil {
		return err
	}
	net, err := readNet("net", *netFile, v)
	if err != nil {
		return err
	}
	per := make([]calibGame, *games)
	errs := make([]error, *workers)
	var wg sync.WaitGroup
	for w := range *workers {
		wg.Go(func() {
			s := neural.NewSearcher(net, cubeless(v))
			for i := w; i < *games && errs[w] == nil; i += *workers {
				per[i], errs[w] = calibGameOf(s, splitmix64(*seed^splitmix64(uint64(i))))
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	printCalibration(stdout, v, per)
	return nil
}

// The chances calibration compares, in the order of calibSums' arrays.
const (
	calWin = iota
	calMars
	calKoks
	calHome
	calKinds
)

// calibSums are the sums over positions of the predicted chances and of
// the outcomes (1 or 0), each kind of win in the order above.
type calibSums struct {
	n         int
	pred, won [calKinds]float64
}

func (c *calibSums) add(o calibSums) {
	c.n += o.n
	for k := range calKinds {
		c.pred[k] += o.pred[k]
		c.won[k] += o.won[k]
	}
}

// calibGame is one game's sums, by tenth of the predicted win chance.
type calibGame [10]calibSums

// total returns the sums over the tenths.
func (g *calibGame) total() calibSums {
	var t calibSums
	for _, b := range g {
		t.add(b)
	}
	return t
}

// calibGameOf plays one game of s's network at 0-ply against itself, with
// dice seeded by seed, and returns its sums.
func calibGameOf(s *neural.Searcher, seed uint64) (calibGame, error) {
	var out calibGame
	dice := nardy.NewSeededDice(seed)
	g, err := nardy.NewGame(s.Rules)
	if err != nil {
		return out, err
	}
	type seen struct {
		mover nardy.Color
		p     neural.Probs
	}
	var positions []seen
	var buf []nardy.Play
	for !g.IsOver() {
		switch g.Phase() {
		case nardy.PhaseOpening, nardy.PhaseRoll:
			if g.Phase() == nardy.PhaseRoll {
				pos := g.Position()
				positions = append(positions, seen{pos.OnRoll(), s.Eval(pos, 0)})
			}
			g, _, err = g.Roll(dice)
		case nardy.PhasePlay:
			roll, _ := g.Dice()
			if buf, err = s.Rules.AppendLegal(buf[:0], g.Position(), roll); err == nil {
				i, _ := s.Choose(buf, 0)
				g, err = g.Play(buf[i])
			}
		default:
			err = fmt.Errorf("a cubeless game in phase %s", g.Phase())
		}
		if err != nil {
			return out, err
		}
	}
	res, _ := g.Result()
	kind := res.Kind
	if res.Kind != nardy.Draw {
		// the board's own kind, whatever the rules' table counts
		if kind, err = nardy.Classify(g.Position(), res.Winner, fullScoring(g.Rules().Variant)); err != nil {
			return out, err
		}
	}
	for _, x := range positions {
		var won [calKinds]float64
		if kind != nardy.Draw && res.Winner == x.mover {
			won[calWin] = 1
			won[calMars] = b2f(kind != nardy.Oin)
			won[calKoks] = b2f(kind == nardy.Koks)
			won[calHome] = b2f(kind == nardy.HomeMars)
		}
		b := &out[min(int(x.p.Win*10), 9)]
		b.n++
		for k, p := range [calKinds]float64{x.p.Win, x.p.WinMars, x.p.WinKoks, x.p.WinHomeMars} {
			b.pred[k] += p
			b.won[k] += won[k]
		}
	}
	return out, nil
}

// fullScoring returns a scoring table of variant v that counts every kind
// of win the game has, so that Classify names the board's own kind.
func fullScoring(v nardy.Variant) nardy.Scoring {
	if v == nardy.Long {
		return variants.AzerbaijaniScoring()
	}
	return variants.BackgammonScoring()
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// printCalibration prints the tenths and the whole, the mean size of the
// tenths' differences (observed − predicted; the expected calibration
// error) and, for each kind of win, the whole's difference with its 95%
// interval by game, since the positions of one game share its outcome.
// The win has no such line: its whole is balanced by construction, each
// game's positions being seen from both sides, whose chances add up to
// about 1.
func printCalibration(w io.Writer, v nardy.Variant, per []calibGame) {
	var bins calibGame
	for i := range per {
		for b := range bins {
			bins[b].add(per[i][b])
		}
	}
	all := bins.total()
	names := [calKinds]string{"win", "mars", "koks", "home mars"}
	if v == nardy.Short {
		names = [calKinds]string{"win", "gammon", "backgammon", ""}
	}
	fmt.Fprintf(w, "calibration of the %s network at 0-ply: %d self-play games, %d positions before a roll, chances of the player on roll (predicted / observed)\n", v, len(per), all.n)
	row := func(label string, c calibSums) {
		fmt.Fprintf(w, "%-10s %8d", label, c.n)
		for k, name := range names {
			if name != "" {
				fmt.Fprintf(w, "   %s %.4f / %.4f", name, c.pred[k]/float64(c.n), c.won[k]/float64(c.n))
			}
		}
		fmt.Fprintln(w)
	}
	for b, c := range bins {
		if c.n > 0 {
			row(fmt.Sprintf("win %.1f-%.1f", float64(b)/10, float64(b+1)/10), c)
		}
	}
	row("all", all)
	for k, name := range names {
		if name == "" {
			continue
		}
		var ece float64 // the tenths' |observed − predicted|, weighted by their positions
		for _, c := range bins {
			ece += math.Abs(c.won[k] - c.pred[k])
		}
		fmt.Fprintf(w, "  %s: mean |observed − predicted| over the tenths %.4f", name, ece/float64(all.n))
		if k != calWin {
			d, half := clusterMean(per, k)
			fmt.Fprintf(w, "; over all positions, observed − predicted %+.4f (%+.4f..%+.4f)", d, d-half, d+half)
		}
		fmt.Fprintln(w)
	}
}

// clusterMean returns the mean over all positions of observed − predicted
// for kind k and the half-width of its 95% interval, with the games as
// the independent units (a cluster-robust standard error).
func clusterMean(per []calibGame, k int) (mean, half float64) {
	var n, sum float64
	for i := range per {
		t := per[i].total()
		n += float64(t.n)
		sum += t.won[k] - t.pred[k]
	}
	g := float64(len(per))
	if n == 0 || g < 2 {
		return 0, math.Inf(1)
	}
	mean = sum / n
	var ss float64
	for i := range per {
		t := per[i].total()
		e := t.won[k] - t.pred[k] - mean*float64(t.n)
		ss += e * e
	}
	return mean, 1.96 * math.Sqrt(g/(g-1)*ss) / n
}
