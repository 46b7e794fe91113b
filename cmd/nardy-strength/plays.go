package main

import (
	"fmt"
	"io"
	"slices"
	"sort"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/internal/stats"
)

// playTally sums the neural player's checker plays of one class of
// position, judged by gnubg.
type playTally struct {
	n, same, errs int
	loss          float64
}

// addLoss counts the loss l of a play unlike gnubg's, by gnubg's
// equities: an error when it is more than threshold.
func (t *playTally) addLoss(l, threshold float64) {
	t.loss += l
	if l > threshold {
		t.errs++
	}
}

// playClasses are the kinds of position the plays check reports, by
// gnubg's class of the position before the play.
var playClasses = []string{"contact", "crashed", "race", "bear-off (gnubg's databases)"}

// classIndex returns the index in playClasses of gnubg's class c.
func classIndex(c int) int {
	switch {
	case c <= gnubgplay.ClassBearoffLast:
		return 3
	case c == gnubgplay.ClassRace:
		return 2
	case c == gnubgplay.ClassCrashed:
		return 1
	}
	return 0
}

// playsSynopsis is the usage line and summary of plays.
const playsSynopsis = `usage: nardy-strength plays [-games N] [-ply PLIES] [-gnubg-plies PLIES] [-worst N] [flags]

Judges the checker plays of the neural player in seeded short-nardy
self-play games by GNU Backgammon's own best play and equities, by the
class of position (GNU Backgammon must be installed).`

// playsCheck judges the checker plays of the neural player with GNU
// Backgammon: in seeded short-nardy games that the neural player plays
// against itself, at every play with more than one legal choice gnubg
// finds its own best play; where the two differ, gnubg evaluates the
// positions both plays leave, and the difference of its cubeless money
// equities is the equity the neural play loses by gnubg's judgement. The
// report splits the positions by gnubg's class (which of its evaluators
// judges them), to show where the network is weakest.
func playsCheck(args []string, stdout, stderr io.Writer) error {
	fs, jf, ply, gp := newCheckFlags("plays")
	worst := fs.Int("worst", 0, "list this many of the plays that lose most, with gnubg's Position ID")
	if err := parse(fs, playsSynopsis, args, stdout, stderr); err != nil {
		return err
	}
	if err := firstErr(jf.check(), checkPlies("ply", *ply, "gnubg-plies", *gp), atLeast("worst", *worst, 0)); err != nil {
		return err
	}
	net, e, err := startCheck(*jf.net, *gp)
	if err != nil {
		return err
	}
	defer e.Close()
	r := cubeless(nardy.Short)
	player := bot.NewNeural(*ply)
	player.Net = net
	var t [4]playTally
	var big []bigLoss
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	err = selfPlay(r, player, *jf.games, *jf.seed, func(g nardy.Game, a nardy.Action, _ bool) error {
		pos := g.Position()
		roll, _ := g.Dice()
		legal, err := r.AppendLegal(buf[:0], pos, roll)
		if err != nil || len(legal) < 2 {
			return err
		}
		ours, err := r.PlayOf(pos, roll, a.Steps...)
		if err != nil {
			return err
		}
		theirs, err := e.Move(r, pos, roll)
		if err != nil {
			return err
		}
		_, class, err := e.Evaluate(pos)
		if err != nil {
			return err
		}
		pt := &t[classIndex(class)]
		pt.n++
		if ours.Result() == theirs.Result() {
			pt.same++
			return nil
		}
		eo, et, err := moverEquities(e, ours, theirs)
		if err != nil {
			return err
		}
		l := max(0, et-eo)
		if *worst > 0 {
			id, _ := gnubg.PositionID(pos)
			big = keepWorst(big, bigLoss{id: id, roll: roll, ours: ours, theirs: theirs, loss: l, class: classIndex(class)}, *worst)
		}
		pt.addLoss(l, *jf.threshold)
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "checker plays of the neural player at %d-ply judged by GNU Backgammon at %d-ply (cubeless money equity), %d short-nardy games\n", *ply, *gp, *jf.games)
	var all playTally
	for i, pt := range t {
		pt.report(stdout, playClasses[i], *jf.games, *jf.threshold)
		all.n, all.same, all.errs, all.loss = all.n+pt.n, all.same+pt.same, all.errs+pt.errs, all.loss+pt.loss
	}
	all.report(stdout, "all", *jf.games, *jf.threshold)
	if len(big) > 0 {
		fmt.Fprintf(stdout, "the %d plays that lose most by gnubg's equities:\n", len(big))
		for _, b := range big {
			fmt.Fprintf(stdout, "  %.3f  %s  roll %s  %s: played %s, gnubg %s\n",
				b.loss, b.id, b.roll, playClasses[b.class], b.ours, b.theirs)
		}
	}
	return nil
}

// bigLoss is one of the plays that lose most.
type bigLoss struct {
	id           string // gnubg's Position ID of the position before the play
	roll         nardy.Roll
	ours, theirs nardy.Play
	loss         float64
	class        int // index in playClasses
}

// keepWorst adds b to list, which holds at most n entries, largest loss
// first.
func keepWorst(list []bigLoss, b bigLoss, n int) []bigLoss {
	i := sort.Search(len(list), func(i int) bool { return list[i].loss < b.loss })
	if i >= n {
		return list
	}
	list = slices.Insert(list, i, b)
	return list[:min(len(list), n)]
}

func (t playTally) report(w io.Writer, title string, games int, threshold float64) {
	if t.n == 0 {
		fmt.Fprintf(w, "  %s: no positions\n", title)
		return
	}
	lo, hi := stats.Wilson(float64(t.same), t.n)
	elo, ehi := stats.Wilson(float64(t.errs), t.n)
	fmt.Fprintf(w, "  %s: %d plays, gnubg's play %.1f%% (%.1f-%.1f%%), errors (loss > %.3f) %.1f%% (%.1f-%.1f%%), loss %.4f per play, %.4f per game\n",
		title, t.n, 100*float64(t.same)/float64(t.n), 100*lo, 100*hi, threshold,
		100*float64(t.errs)/float64(t.n), 100*elo, 100*ehi, t.loss/float64(t.n), t.loss/float64(games))
}

// moverEquities returns gnubg's cubeless money equities of plays a and b
// for the player making them: both results have the opponent on roll, so
// each is minus gnubg's equity of the result.
func moverEquities(e *gnubgplay.Engine, a, b nardy.Play) (float64, float64, error) {
	ca, _, err := e.Evaluate(a.Result())
	if err != nil {
		return 0, 0, err
	}
	cb, _, err := e.Evaluate(b.Result())
	if err != nil {
		return 0, 0, err
	}
	return -ca.Equity(), -cb.Equity(), nil
}
