package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// rollout rolls a position out with the neural evaluator, or with -roll
// the best plays of a roll, and prints the chances and equities.
func rollout(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rollout", flag.ContinueOnError)
	var in positionFlags
	in.define(fs)
	rollText := fs.String("roll", "", "roll out the best plays of this roll (such as 3-1) instead of the position")
	top := fs.Int("top", 5, "with -roll: how many plays, the best at 1-ply, are rolled out")
	trials := fs.Int("trials", neural.DefaultTrials, fmt.Sprintf("games played out (1..%d); with -stop, the most", neural.MaxTrials))
	stop := fs.Float64("stop", 0, "stop once the equity's standard error is at most this (checked every 36 trials; 0: never)")
	ply := fs.Int("ply", 0, fmt.Sprintf("depth at which the players choose their plays in the trials (0..%d)", neural.MaxPly))
	truncate := fs.Int("truncate", 0, "stop each trial after this many plies and take the evaluation (0: play to the end)")
	reduce := fs.Bool("reduce", false, "variance reduction: take each roll's luck off the trials (worth it with -ply 1 or more)")
	seed := fs.Uint64("seed", 1, "seed of the dice (the same for every play, so they are compared on the same dice)")
	workers := fs.Int("workers", 1, "goroutines (the result does not depend on them)")
	double := fs.Bool("double", false, "roll out the cube decision of the player on roll instead: no double against double/take, on the same dice")
	cubeful := fs.Bool("cubeful", false, "also play the trials with the cube (money play, or the match of -away) and print the cubeful equity")
	cubeValue := fs.Int("cube", 1, "with -cubeful or -double: the cube's value at the start (above 1 it needs -owner)")
	owner := fs.String("owner", "", "with -cubeful or -double: white or black holds the cube (default: centred)")
	awayText := fs.String("away", "", "match play: the points the player on roll and its opponent still need, such as 3,5 (default: money play)")
	crawford := fs.Bool("crawford", false, "with -away: the game is the Crawford game (one side 1-away; nobody doubles)")
	const usage = "usage: nardy rollout [-variant long|short] [-preset NAME] [-position TEXT | -key KEY | -gnubg ID]\n" +
		"        [-roll 3-1 [-top N] | -double] [-trials N] [-stop SE] [-ply N] [-truncate N] [-reduce] [-seed N]\n" +
		"        [-workers N] [-cubeful] [-cube N -owner white|black] [-away N,M [-crawford]]\n\n" +
		"Plays the position out many times with the neural evaluator (the variant's scoring\n" +
		"table; money play, or a match at the score -away gives) and prints the cubeless\n" +
		"chances and equity of the player on roll with their standard error, and with -cubeful\n" +
		"its cubeful equity per unit of the cube (in a match, normalised match equity: +1 for\n" +
		"a single win at the starting cube, -1 for a single loss); with -roll, the same for\n" +
		"the best plays of that roll, best first; with -double, the cubeful equities of no\n" +
		"double, double/take and double/pass, and the proper cube action."
	if status, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return status
	}
	r, pos, err := in.build(fs)
	if err == nil && (*top < 1 || *top > nardy.MaxPlays) {
		err = fmt.Errorf("-top %d not in 1..%d", *top, nardy.MaxPlays)
	}
	if err == nil && *double && *rollText != "" {
		err = errors.New("-double rolls out the cube decision before the roll: not with -roll")
	}
	var (
		cube  nardy.Cube
		match neural.MatchScore
	)
	if err == nil {
		cube, err = cubeFlags(*cubeful || *double, *cubeValue, *owner)
	}
	if err == nil {
		match, err = matchFlags(*awayText, *crawford, pos.OnRoll(), max(cube.Value, 1))
	}
	if err != nil {
		report(stderr, "rollout", err)
		return 2
	}
	net, err := neural.Default(r.Variant)
	if err != nil {
		report(stderr, "rollout", err)
		return 1
	}
	s := neural.NewSearcher(net, r)
	s.Match = match
	opt := neural.RolloutOptions{Trials: *trials, Ply: *ply, Truncate: *truncate, Reduce: *reduce, Seed: *seed, Workers: *workers,
		Cubeful: *cubeful, Cube: cube, StopAt: *stop}
	if *double {
		r, err := s.RolloutCube(context.Background(), pos, opt)
		if err != nil {
			report(stderr, "rollout", err)
			return 2
		}
		fmt.Fprintf(stdout, "%s, %s on roll%s: cube decision, %d and %d trials\n%s", pos, pos.OnRoll(), scoreText(match, pos.OnRoll()),
			r.NoDouble.Trials, r.DoubleTake.Trials, describeCube(r, match != neural.MatchScore{}))
		return 0
	}
	if *rollText == "" {
		res, err := s.Rollout(context.Background(), pos, opt)
		if err != nil {
			report(stderr, "rollout", err)
			return 2
		}
		fmt.Fprintf(stdout, "%s, %s on roll%s: %s\n", pos, pos.OnRoll(), scoreText(match, pos.OnRoll()), describe(res, *cubeful))
		return 0
	}
	roll, err := nardy.ParseRoll(*rollText)
	if err != nil {
		report(stderr, "rollout", err)
		return 2
	}
	lines, err := rolloutPlays(s, pos, roll, *top, opt)
	if err != nil {
		report(stderr, "rollout", err)
		return 2
	}
	noun := "plays"
	if len(lines) == 1 {
		noun = "play" // a roll with one legal play
	}
	fmt.Fprintf(stdout, "%s, %s on roll%s, %s: %d %s rolled out\n", pos, pos.OnRoll(), scoreText(match, pos.OnRoll()), roll, len(lines), noun)
	for _, l := range lines {
		fmt.Fprintf(stdout, "%-24s %s\n", l.Play, describe(l.Result, *cubeful))
	}
	return 0
}

// rolloutPlays rolls out the positions after the top plays of roll (the
// best at 1-ply), all on the same dice, and returns them best first, each
// from the view of the player making it.
func rolloutPlays(s *neural.Searcher, pos nardy.Position, roll nardy.Roll, top int, opt neural.RolloutOptions) ([]neural.PlayRollout, error) {
	plays, err := s.Rules.Legal(pos, roll)
	if err != nil {
		return nil, err
	}
	var candidates []nardy.Play
	for _, c := range s.Rank(plays, 1)[:min(top, len(plays))] {
		candidates = append(candidates, plays[c.Index])
	}
	return s.RolloutPlays(context.Background(), candidates, opt)
}

// cubeFlags returns the starting cube -cube and -owner give; they are
// refused without -cubeful.
func cubeFlags(cubeful bool, value int, owner string) (nardy.Cube, error) {
	if !cubeful {
		if value != 1 || owner != "" {
			return nardy.Cube{}, errors.New("-cube and -owner need -cubeful or -double")
		}
		return nardy.Cube{}, nil
	}
	c := nardy.Cube{Value: value}
	switch owner {
	case "":
	case "white", "black":
		c.Owned, c.Owner = true, nardy.White
		if owner == "black" {
			c.Owner = nardy.Black
		}
	default:
		return c, fmt.Errorf("-owner %q: white or black", owner)
	}
	return c, nil
}

// matchFlags returns the match score -away and -crawford give for a game
// in which onRoll is on roll at cube value cube; the zero MatchScore
// (money play) without -away.
func matchFlags(away string, crawford bool, onRoll nardy.Color, cube int) (neural.MatchScore, error) {
	if away == "" {
		if crawford {
			return neural.MatchScore{}, errors.New("-crawford needs -away")
		}
		return neural.MatchScore{}, nil
	}
	var a [2]int
	parts := strings.Split(away, ",")
	if len(parts) != 2 {
		return neural.MatchScore{}, fmt.Errorf("-away %q: two numbers, such as 3,5", away)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > neural.MaxAway {
			return neural.MatchScore{}, fmt.Errorf("-away %q: points away in 1..%d", away, neural.MaxAway)
		}
		a[i] = n
	}
	if crawford && (a[0] == 1) == (a[1] == 1) {
		return neural.MatchScore{}, fmt.Errorf("-crawford at %d-away %d-away: the Crawford game has one side 1-away", a[0], a[1])
	}
	m := neural.ScoreFor(onRoll, a, cube)
	m.Crawford = crawford
	return m, nil
}

// scoreText names the match score for the header of the output: ""
// in money play, else ", 2-away 1-away" from onRoll's side, and the
// Crawford game.
func scoreText(m neural.MatchScore, onRoll nardy.Color) string {
	if m == (neural.MatchScore{}) {
		return ""
	}
	t := fmt.Sprintf(", %d-away %d-away", m.Away[onRoll], m.Away[onRoll.Other()])
	if m.Crawford {
		t += " (Crawford)"
	}
	return t
}

// describe prints a rollout's equity, its standard error and chances, and
// with cubeful its cubeful equity.
func describe(res neural.RolloutResult, cubeful bool) string {
	s := fmt.Sprintf("equity %+.3f ± %.3f (%d trials), %s", res.Equity, res.StdErr, res.Trials, res.Probs)
	if cubeful {
		s = fmt.Sprintf("cubeful %+.3f ± %.3f, cubeless ", res.Cubeful, res.CubefulStdErr) + s
	}
	return s
}

// describeCube prints the equities of a cube decision's rollouts with
// their standard errors, and the proper action.
func describeCube(r neural.CubeRollout, match bool) string {
	return describeVerdict(r.Decision, match, r.NoDoubleStdErr, r.DoubleTakeStdErr)
}

// cubeAction names the proper cube action of a verdict as backgammon
// players do: the double (or not) and the answer (take, beaver or pass),
// or too good to double when playing on is worth more than the pass.
func cubeAction(d neural.CubeDecision) string {
	answer := "pass"
	switch {
	case d.Beaver:
		answer = "beaver"
	case d.Take:
		answer = "take"
	}
	switch {
	case d.Double:
		return "double, " + answer
	case d.Take:
		return "no double, " + answer
	default:
		return "too good to double, pass"
	}
}
