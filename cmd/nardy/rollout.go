package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/internal/cubetext"
	"github.com/nardylab/nardy/neural"
)

// rollout rolls a position out with the neural evaluator, or with -roll
// the best plays of a roll, and prints the chances and equities.
func rollout(args []string, stdout, stderr io.Writer) int {
	return rolloutContext(interruptContext, args, stdout, stderr)
}

// rolloutContext is rollout, stopped when the context interrupt returns
// ends (an interrupt or SIGTERM): it then prints the figures of the
// trials played (neural.Searcher.Rollout's partial result), the text
// with a last line and the JSON with "interrupted" saying they are
// partial, says so on stderr, and returns 1, as analyze does.
func rolloutContext(interrupt func() (context.Context, context.CancelFunc), args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rollout", flag.ContinueOnError)
	var in positionFlags
	in.define(fs)
	rollText := fs.String("roll", "", "roll out the best plays of this roll (such as 3-1) instead of the position")
	top := fs.Int("top", 5, "with -roll: how many plays, the best at 1-ply, are rolled out")
	trials := fs.Int("trials", neural.DefaultTrials, fmt.Sprintf("games played out (1..%d); with -stop, the most", neural.MaxTrials))
	stop := fs.Float64("stop", 0, "stop once the equity's standard error is at most this (checked after every 36 trials from the 72nd on; 0: never)")
	ply := fs.Int("ply", 0, fmt.Sprintf("depth at which the players choose their plays in the trials (0..%d)", neural.MaxPly))
	truncate := fs.Int("truncate", 0, "stop each trial after this many plies and take the evaluation (0: play to the end)")
	reduce := fs.Bool("reduce", false, "variance reduction: take each roll's luck off the trials (worth it with -ply 1 or more)")
	seed := fs.Uint64("seed", 1, "seed of the dice (the same for every play, so they are compared on the same dice)")
	workers := fs.Int("workers", 1, "goroutines, 1..256 (the result does not depend on them)")
	double := fs.Bool("double", false, "roll out the cube decision of the player on roll instead: no double against double/take, on the same dice")
	cubeful := fs.Bool("cubeful", false, "also play the trials with the cube (money play, or the match of -away) and print the cubeful equity")
	asJSON := fs.Bool("json", false, "print one JSON document instead of the text")
	var cm cubeMatchFlags
	cm.define(fs, "with -cubeful or -double: ", " at the start")
	const usage = "usage: nardy rollout [-variant long|short] [-preset NAME] [-position TEXT | -key KEY | -gnubg ID]\n" +
		"        [-roll 3-1 [-top N] | -double] [-trials N] [-stop SE] [-ply N] [-truncate N] [-reduce] [-seed N]\n" +
		"        [-workers N] [-cubeful] [-cube N -owner white|black] [-away N,M [-crawford]] [-json]\n\n" +
		"Plays the position out many times with the neural evaluator (the rules' scoring\n" +
		"table; money play, or a match at the score -away gives) and prints the cubeless\n" +
		"chances and equity of the player on roll with their standard error, with the kinds\n" +
		"of win the table counts (one it does not count scores as a mars and is in the mars\n" +
		"chance), and with -cubeful its cubeful equity per unit of the cube (in a match,\n" +
		"normalised match equity: +1 for a single win at the starting cube, -1 for a single\n" +
		"loss); with -roll, the same for the best plays of that roll, best first; with\n" +
		"-double, the cubeful equities of no double, double/take and double/pass, and the\n" +
		"proper cube action.\n" +
		"With -json, one JSON document, named as analyze -json names things: \"variant\",\n" +
		"\"position\", \"player\" (on roll), \"away\" and \"crawford\" in a match, \"ply\", \"game_cube\"\n" +
		"(with -cubeful or -double); a rollout is {\"trials\", \"equity\", \"std_err\" (left out\n" +
		"after one trial), \"probs\", \"cubeful\", \"cubeful_std_err\"}: the position's at the top;\n" +
		"with -roll, \"roll\" and \"plays\", each {\"play\", \"steps\"} and its rollout, best first;\n" +
		"with -double, \"rollouts\": {\"no_double\", \"double_take\"}, the two rollouts (double_take's\n" +
		"cubeful equity per the doubled cube), \"cube\" (the verdict, per the cube before the\n" +
		"double, as the text prints it) and \"cube_action\". For example\n" +
		"nardy rollout -json -variant short -trials 1296 | jq '.equity, .std_err'\n" +
		"An interrupt (Ctrl-C) or SIGTERM stops it: it prints the figures of the trials\n" +
		"played so far (their \"trials\"; with -roll, the plays rolled out, the last one\n" +
		"partly; with -double, the no-double rollout, then the double/take one partly),\n" +
		"saying they are partial (a last line; in -json, \"interrupted\"), and the exit status\n" +
		"is 1. The trials played are the first ones: the figures are those of a rollout of\n" +
		"that many trials with the same -seed, whatever -workers."
	if status, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return status
	}
	r, pos, err := in.build(fs)
	if err == nil && (*top < 1 || *top > nardy.MaxPlays) {
		err = fmt.Errorf("-top %d not in 1..%d", *top, nardy.MaxPlays)
	}
	if err == nil && (*trials < 1 || *trials > neural.MaxTrials) {
		err = fmt.Errorf("-trials %d not in 1..%d", *trials, neural.MaxTrials)
	}
	if err == nil && (*workers < 1 || *workers > neural.MaxWorkers) {
		err = fmt.Errorf("-workers %d not in 1..%d", *workers, neural.MaxWorkers)
	}
	if err == nil && *rollText == "" && cliflags.Given(fs)["top"] {
		err = errors.New("-top rolls out the best plays of a -roll: give the roll")
	}
	if err == nil && *double && *rollText != "" {
		err = errors.New("-double rolls out the cube decision before the roll: not with -roll")
	}
	var (
		cube  nardy.Cube
		match neural.MatchScore
		roll  nardy.Roll
	)
	if err == nil {
		cube, match, err = cm.build(fs, *cubeful || *double, r, pos.OnRoll())
	}
	if err == nil && *rollText != "" { // before the network is loaded: a bad flag stops before any work
		roll, err = parseRoll(*rollText)
	}
	if err != nil {
		report(stderr, "rollout", err)
		return 2
	}
	ctx, stopSignals := interrupt() // before the network is loaded: an interrupt then plays no trial
	defer stopSignals()
	s, err := newSearcher(r, match)
	if err != nil {
		report(stderr, "rollout", err)
		return 1
	}
	doc := rolloutJSON{positionJSON: newPositionJSON(pos, match), Ply: *ply}
	if *cubeful || *double {
		doc.GameCube = &cube
	}
	if *rollText != "" {
		doc.Roll = &roll
	}
	// interrupted reports whether err is ctx's: the rollout was stopped by
	// a signal, and returned the figures of the trials played.
	interrupted := func(err error) bool { return err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) }
	// finish writes the document, or the text's last line when ctx
	// stopped the rollout (stopped: of what was played, played what
	// the figures cover, none when no trial was), and returns the exit
	// status.
	finish := func(stopped bool, played string, none bool) int {
		cause := context.Cause(ctx)
		if *asJSON {
			if stopped {
				doc.Interrupted = cause.Error()
			}
			if err := writeJSON(stdout, doc); err != nil {
				report(stderr, "rollout", err)
				return 1
			}
		} else if stopped {
			fmt.Fprintf(stdout, "interrupted (%v): partial figures, %s\n", cause, played)
		}
		switch {
		case stopped && none:
			report(stderr, "rollout", fmt.Errorf("interrupted: %w; no trial played", cause))
			return 1
		case stopped:
			report(stderr, "rollout", fmt.Errorf("interrupted: %w; the figures printed are partial (%s)", cause, played))
			return 1
		}
		return 0
	}
	trialsText := func(n int) string { return fmt.Sprintf("%d of %d trials", n, *trials) }
	opt := neural.RolloutOptions{Trials: *trials, Ply: *ply, Truncate: *truncate, Reduce: *reduce, Seed: *seed, Workers: *workers,
		Cubeful: *cubeful, Cube: cube, StopAt: *stop}
	if *double {
		r, err := s.RolloutCube(ctx, pos, opt)
		stopped := interrupted(err)
		if err != nil && !stopped {
			report(stderr, "rollout", err)
			return 2
		}
		whole := r.DoubleTake.Trials > 0 // both rollouts, and their verdict
		played := fmt.Sprintf("no double %s, double/take %s", trialsText(r.NoDouble.Trials), trialsText(r.DoubleTake.Trials))
		if *asJSON {
			if r.NoDouble.Trials > 0 {
				doc.Rollouts = &cubeRolloutsJSON{NoDouble: newRolloutResult(r.NoDouble, true)}
			}
			if whole {
				doc.Rollouts.DoubleTake = newRolloutResult(r.DoubleTake, true)
				doc.Cube, doc.CubeAction = &r.Decision, cubetext.Action(r.Decision)
			}
			return finish(stopped, played, r.NoDouble.Trials == 0)
		}
		fmt.Fprintf(stdout, "%s, %s on roll%s: cube decision, %d and %d trials\n", pos, pos.OnRoll(), scoreText(match, pos.OnRoll()),
			r.NoDouble.Trials, r.DoubleTake.Trials)
		switch {
		case whole:
			fmt.Fprint(stdout, describeCube(r, match != neural.MatchScore{}))
		case r.NoDouble.Trials > 0:
			fmt.Fprintf(stdout, "no double: %s\n", describe(r.NoDouble, true, s.Rules.Scoring))
		}
		return finish(stopped, played, r.NoDouble.Trials == 0)
	}
	if *rollText == "" {
		res, err := s.Rollout(ctx, pos, opt)
		stopped := interrupted(err)
		if err != nil && !stopped {
			report(stderr, "rollout", err)
			return 2
		}
		if *asJSON {
			if res.Trials > 0 {
				doc.rolloutResultJSON = newRolloutResult(res, *cubeful)
			}
			return finish(stopped, trialsText(res.Trials), res.Trials == 0)
		}
		text := "no trial played"
		if res.Trials > 0 {
			text = describe(res, *cubeful, r.Scoring)
		}
		fmt.Fprintf(stdout, "%s, %s on roll%s: %s\n", pos, pos.OnRoll(), scoreText(match, pos.OnRoll()), text)
		return finish(stopped, trialsText(res.Trials), res.Trials == 0)
	}
	lines, want, err := rolloutPlays(ctx, s, pos, roll, *top, opt)
	stopped := interrupted(err)
	if err != nil && !stopped {
		report(stderr, "rollout", err)
		return 2
	}
	played := fmt.Sprintf("%d of %d plays rolled out, each with the trials it shows, of %d", len(lines), want, *trials)
	if *asJSON {
		for _, l := range lines {
			p, err := newPlayJSON(l.Play)
			if err != nil {
				report(stderr, "rollout", err)
				return 1
			}
			doc.Plays = append(doc.Plays, rolledPlayJSON{playJSON: p, rolloutResultJSON: newRolloutResult(l.Result, *cubeful)})
		}
		return finish(stopped, played, len(lines) == 0)
	}
	noun := "plays"
	if len(lines) == 1 {
		noun = "play" // a roll with one legal play
	}
	fmt.Fprintf(stdout, "%s, %s on roll%s, %s: %d %s rolled out\n", pos, pos.OnRoll(), scoreText(match, pos.OnRoll()), roll, len(lines), noun)
	for _, l := range lines {
		fmt.Fprintf(stdout, "%-24s %s\n", l.Play, describe(l.Result, *cubeful, r.Scoring))
	}
	return finish(stopped, played, len(lines) == 0)
}

// rolloutPlays rolls out the positions after the top plays of roll (the
// best at 1-ply), all on the same dice, and returns them best first, each
// from the view of the player making it.
func rolloutPlays(ctx context.Context, s *neural.Searcher, pos nardy.Position, roll nardy.Roll, top int, opt neural.RolloutOptions) (rolled []neural.PlayRollout, candidates int, err error) {
	plays, err := s.Rules.Legal(pos, roll)
	if err != nil {
		return nil, 0, err
	}
	var best []nardy.Play
	for _, c := range s.Rank(plays, 1)[:min(top, len(plays))] {
		best = append(best, plays[c.Index])
	}
	rolled, err = s.RolloutPlays(ctx, best, opt)
	return rolled, len(best), err
}

// describe prints a rollout's equity, its standard error and chances (the
// kinds of win scoring table s counts, chancesText), and with cubeful its
// cubeful equity. One trial has no standard error: "± n/a", not ± 0.
func describe(res neural.RolloutResult, cubeful bool, s nardy.Scoring) string {
	pm := func(se float64) string {
		if res.Trials < 2 {
			return "± n/a"
		}
		return fmt.Sprintf("± %.3f", se)
	}
	noun := "trials"
	if res.Trials == 1 {
		noun = "trial"
	}
	text := fmt.Sprintf("equity %+.3f %s (%d %s), %s", res.Equity, pm(res.StdErr), res.Trials, noun, chancesText(res.Probs, s))
	if cubeful {
		text = fmt.Sprintf("cubeful %+.3f %s, cubeless ", res.Cubeful, pm(res.CubefulStdErr)) + text
	}
	return text
}

// describeCube prints the equities of a cube decision's rollouts with
// their standard errors, and the proper action.
func describeCube(r neural.CubeRollout, match bool) string {
	return describeVerdict(r.Decision, match, r.NoDoubleStdErr, r.DoubleTakeStdErr)
}
