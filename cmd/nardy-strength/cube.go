package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/internal/stats"
	"github.com/nardylab/nardy/neural"
)

// tie is the difference of gnubg's equities below which its two choices
// are equal.
const tie = 1e-4

// cubeTally compares the cube decisions of the neural player with gnubg's
// over positions of one cube state.
type cubeTally struct {
	n int
	// doubles: both, the neural player only, gnubg only.
	both, oursOnly, theirsOnly int
	// takes: positions where either doubles, and where the two agree on
	// the take.
	offered, takeAgree int
	// errors and equity lost by gnubg's equities, of the double (every
	// position) and of the take (where either doubles).
	doubleErrs, takeErrs int
	doubleLoss, takeLoss float64
	// the neural cube model on gnubg's chances: agreement with gnubg.
	modelAgree, modelTakeAgree int
	winDiff                    float64 // sum of |Win − gnubg's Win|
}

// add judges one position: d is the neural player's decision, m the
// neural cube model's on gnubg's chances, a gnubg's answer.
func (t *cubeTally) add(d, m neural.CubeDecision, a gnubgplay.CubeAnswer, win, threshold float64) {
	t.n++
	t.winDiff += math.Abs(win - a.Win)
	// Where gnubg's equities of the two choices are equal (a game already
	// won: doubling out and playing on both give 1), either choice agrees.
	doubled := min(a.DoubleTake, a.DoublePass)
	evenDouble := math.Abs(doubled-a.NoDouble) <= tie
	evenTake := math.Abs(a.DoubleTake-a.DoublePass) <= tie
	switch {
	case d.Double && a.Double():
		t.both++
	case d.Double == a.Double() || evenDouble:
	case d.Double:
		t.oursOnly++
	default:
		t.theirsOnly++
	}
	if m.Double == a.Double() || evenDouble {
		t.modelAgree++
	}
	// The doubler's loss: gnubg's best against gnubg's value of the
	// neural player's choice, the opponent answering as gnubg would.
	best := max(a.NoDouble, doubled)
	chosen := a.NoDouble
	if d.Double {
		chosen = doubled
	}
	if l := best - chosen; l > 0 {
		t.doubleLoss += l
		if l > threshold {
			t.doubleErrs++
		}
	}
	// The take, where either doubles. The taker's loss: gnubg's equities
	// are the doubler's, so taking costs DT − DP when gnubg passes.
	if d.Double || a.Double() {
		t.offered++
		if d.Take == a.Take() || evenTake {
			t.takeAgree++
		}
		if m.Take == a.Take() || evenTake {
			t.modelTakeAgree++
		}
		l := 0.0
		if d.Take && !a.Take() {
			l = a.DoubleTake - a.DoublePass
		} else if !d.Take && a.Take() {
			l = a.DoublePass - a.DoubleTake
		}
		t.takeLoss += l
		if l > threshold {
			t.takeErrs++
		}
	}
}

func (t *cubeTally) report(w io.Writer, title string, threshold float64) {
	pct := func(k, n int) string {
		if n == 0 {
			return "-"
		}
		lo, hi := stats.Wilson(float64(k), n)
		return fmt.Sprintf("%.1f%% (%.1f-%.1f%%)", 100*float64(k)/float64(n), 100*lo, 100*hi)
	}
	fmt.Fprintf(w, "%s: %d positions\n", title, t.n)
	fmt.Fprintf(w, "  double: both %d, neural only %d, gnubg only %d (gnubg indifferent counts as agreeing); agree %s\n",
		t.both, t.oursOnly, t.theirsOnly, pct(t.n-t.oursOnly-t.theirsOnly, t.n))
	fmt.Fprintf(w, "  take or pass, where either doubles (%d): agree %s\n", t.offered, pct(t.takeAgree, t.offered))
	fmt.Fprintf(w, "  errors by gnubg's equities (loss > %.3f): doubling %s, taking %s\n",
		threshold, pct(t.doubleErrs, t.n), pct(t.takeErrs, t.offered))
	if t.n > 0 {
		fmt.Fprintf(w, "  equity lost per position: doubling %.4f, taking %.4f (where either doubles: %.4f)\n",
			t.doubleLoss/float64(t.n), t.takeLoss/float64(t.n), t.takeLoss/float64(max(t.offered, 1)))
		fmt.Fprintf(w, "  mean |winning chance - gnubg's|: %.4f\n", t.winDiff/float64(t.n))
	}
	fmt.Fprintf(w, "  the neural cube model on gnubg's chances: double agrees %s, take %s\n",
		pct(t.modelAgree, t.n), pct(t.modelTakeAgree, t.offered))
}

// gnubgProbs returns gnubg's cubeless chances as the neural package's.
func gnubgProbs(a gnubgplay.CubeAnswer) neural.Probs {
	return neural.Probs{Variant: nardy.Short, Win: a.Win, WinMars: a.WinGammon, WinKoks: a.WinBackgammon,
		LoseMars: a.LoseGammon, LoseKoks: a.LoseBackgammon}
}

// cubeSynopsis is the usage line and summary of cube.
const cubeSynopsis = `usage: nardy-strength cube [-games N] [-ply PLIES] [-gnubg-plies PLIES] [-match N] [flags]

Compares the neural player's cube decisions in short nardy with GNU
Backgammon's on the positions of seeded self-play games, in money play or
at every score of a -match (GNU Backgammon must be installed).`

// cubeCheck compares the neural player's cube decisions with GNU
// Backgammon's on the positions of seeded short-nardy games that the 0-ply
// neural player plays against itself: before each roll but the first, the
// double of the player on roll and its opponent's take, in money play with
// the cube centred (Jacoby, as the default rules) and with the cube owned
// by the player on roll (a redouble), or in match play at every score of
// -match (2..N away each, cycled over the positions).
func cubeCheck(args []string, stdout, stderr io.Writer) error {
	fs, jf, ply, gp := newCheckFlags("cube")
	match := fs.Int("match", 0, fmt.Sprintf("match length (2..%d; 0: money play)", neural.MaxAway))
	if err := parse(fs, cubeSynopsis, args, stdout, stderr); err != nil {
		return err
	}
	if err := firstErr(jf.check(), checkPlies("ply", *ply, "gnubg-plies", *gp)); err != nil {
		return err
	}
	games, seed, threshold, netFile := jf.games, jf.seed, jf.threshold, jf.net
	if *match == 1 || *match < 0 || *match > neural.MaxAway {
		return usagef("-match %d: a match of 2..%d points, or 0 for money play", *match, neural.MaxAway)
	}
	net, e, err := startCheck(*netFile, *gp)
	if err != nil {
		return err
	}
	defer e.Close()
	r := cubeless(nardy.Short)
	s := neural.NewSearcher(net, r)
	player, err := bot.New("neural0", *seed)
	if err != nil {
		return err
	}
	player.(*bot.Neural).Net = net
	j := cubeJudge{e: e, s: s, ply: *ply, match: *match, jacoby: nardy.DefaultRules(nardy.Short).Jacoby, threshold: *threshold}
	err = selfPlay(r, player, *games, *seed, func(g nardy.Game, _ nardy.Action, first bool) error {
		if first {
			return nil
		}
		return j.judge(g.Position())
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "cube decisions of the neural player at %d-ply against GNU Backgammon at %d-ply, positions of %d short-nardy games\n", *ply, *gp, *games)
	if *match > 0 {
		j.matchT.report(stdout, fmt.Sprintf("match to %d, centred cube, every score 2..%d away", *match, *match), *threshold)
		return nil
	}
	j.centred.report(stdout, "money, centred cube (Jacoby)", *threshold)
	j.owned.report(stdout, "money, cube 2 owned by the player on roll", *threshold)
	return nil
}

// newCheckFlags returns the flag set of a check against gnubg with the
// flags every check has: judgeFlags', the neural player's plies and gnubg's.
func newCheckFlags(name string) (*flag.FlagSet, judgeFlags, *int, *int) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	jf := newJudgeFlags(fs, "weights file of the neural player (default: the embedded network)")
	ply := fs.Int("ply", 0, fmt.Sprintf("plies of the neural player (0..%d)", neural.MaxPly))
	gp := fs.Int("gnubg-plies", 0, fmt.Sprintf("gnubg's evaluation depth (0..%d)", gnubgplay.MaxPlies))
	return fs, jf, ply, gp
}

// startCheck reads the neural player's network (the embedded one for "")
// and starts gnubg at plies, for the checks against gnubg.
func startCheck(netFile string, plies int) (*neural.Net, *gnubgplay.Engine, error) {
	net, err := readNet("net", netFile, nardy.Short)
	if err != nil {
		return nil, nil, err
	}
	e, err := gnubgplay.Start(plies)
	return net, e, err
}

// selfPlay plays games seeded games of player against itself under r and
// calls visit with the game before each play and the play action; first
// is true for the game's first play.
func selfPlay(r nardy.Rules, player bot.Player, games int, seed uint64, visit func(g nardy.Game, a nardy.Action, first bool) error) error {
	for i := range games {
		g, err := nardy.NewGame(r)
		if err != nil {
			return err
		}
		dice := nardy.NewSeededDice(splitmix64(seed ^ splitmix64(uint64(i))))
		first := true
		for !g.IsOver() {
			a, err := bot.Next(g, [2]bot.Player{player, player}, dice)
			if err != nil {
				return err
			}
			if a.Kind == nardy.ActPlay {
				if err := visit(g, a, first); err != nil {
					return err
				}
				first = false
			}
			if g, err = g.Do(a); err != nil {
				return err
			}
		}
	}
	return nil
}

// cubeJudge is one run of the cube check: both programs, its settings and
// its tallies.
type cubeJudge struct {
	e         *gnubgplay.Engine
	s         *neural.Searcher
	ply       int
	match     int // match length, 0 for money play
	jacoby    bool
	threshold float64
	k         int // positions judged in match play, to cycle the scores
	// money play with the cube centred and owned; match play.
	centred, owned, matchT cubeTally
}

// nextAway returns the score of the next position judged in match play,
// the points each side still needs (the player on roll first): every
// score of 2..match away each in turn, cycled over the positions.
func (j *cubeJudge) nextAway() [2]int {
	n := j.match - 1 // away counts 2..match
	away := [2]int{2 + j.k%n, 2 + (j.k/n)%n}
	j.k++
	return away
}

// judge asks both sides about pos, before its player on roll rolls: the
// neural player decides as it does in play ([neural.Searcher.SearchCube]
// at its ply).
func (j *cubeJudge) judge(pos nardy.Position) error {
	p := j.s.Eval(pos, j.ply)
	me := pos.OnRoll()
	x := neural.Efficiency(pos)
	type state struct {
		ci neural.CubeInfo
		q  gnubgplay.CubeQuery
		t  *cubeTally
	}
	var states []state
	if j.match > 0 {
		away := j.nextAway()
		states = []state{{
			neural.CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: me, Away: away, Efficiency: x},
			gnubgplay.CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 1}, MatchTo: j.match, Away: away}, &j.matchT}}
	} else {
		c1, c2 := nardy.Cube{Value: 1}, nardy.Cube{Value: 2, Owned: true, Owner: me}
		states = []state{
			{neural.CubeInfo{Cube: c1, OnRoll: me, Money: true, Jacoby: j.jacoby, Efficiency: x}, gnubgplay.CubeQuery{Pos: pos, Cube: c1, Jacoby: j.jacoby}, &j.centred},
			{neural.CubeInfo{Cube: c2, OnRoll: me, Money: true, Efficiency: x}, gnubgplay.CubeQuery{Pos: pos, Cube: c2}, &j.owned},
		}
	}
	for _, st := range states {
		a, err := j.e.Cube(st.q)
		if err != nil {
			return err
		}
		j.s.Match = neural.ScoreFor(me, st.ci.Away, 1) // for the search's plays; money play without away
		d := j.s.SearchCube(pos, st.ci, j.ply)         // the player's decision: the model on p at 0-ply
		st.t.add(d, neural.DecideCube(gnubgProbs(a), st.ci), a, p.Win, j.threshold)
	}
	return nil
}
