package neural

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/nardylab/nardy"
)

// Bounds of a rollout's options.
const (
	// MaxTrials is the most games a rollout plays out.
	MaxTrials = 1 << 20
	// MaxWorkers is the most goroutines a rollout runs.
	MaxWorkers = 256
	// DefaultTrials is the number of trials of a rollout whose options give
	// none: 36 groups of 36 stratified trials.
	DefaultTrials = 1296
	// maxTrialPlies ends a trial that has not ended after so many plies
	// with an error; games of either variant end long before.
	maxTrialPlies = 10_000
	// chunk is the number of consecutive trials a worker plays at a time,
	// a group of stratified first rolls; sums are added chunk by chunk, in
	// order, so the result does not depend on the number of workers.
	chunk = 36
)

// RolloutOptions are the settings of [Searcher.Rollout]. The zero value
// plays 1,296 trials to the end at 0-ply with seed 0, without variance
// reduction, on one goroutine.
type RolloutOptions struct {
	// Trials is the number of games played out from the position,
	// 1..MaxTrials; 0 means DefaultTrials. The trials are played in groups
	// of 36 (the last may be shorter) whose first rolls are the 36
	// ordered throws, each once, in an order drawn from Seed, and whose
	// second rolls are the 36 throws again, in another drawn order
	// (stratified sampling: a multiple of 36 trials throws every first
	// roll and every second roll equally often, and each trial's rolls
	// are still uniformly random). Later rolls come from Seed too.
	Trials int
	// Ply is the depth, 0..MaxPly, at which both players choose their
	// plays in the trials (with the Searcher's move filters, scoring table
	// and match score).
	Ply int
	// Truncate, when above 0, stops each trial after that many plies and
	// counts the network's 0-ply evaluation of the position reached
	// instead of playing on; 0 plays every trial to the end of the game.
	Truncate int
	// Reduce removes the luck of the dice from each trial (variance
	// reduction): at every ply the network's 0-ply evaluation of the best
	// play of the roll thrown, less its average over the 21 rolls, is
	// taken off the trial's result. The correction averages to zero, so
	// the expected result is unchanged and its spread is smaller (its
	// variance 4 to 18 times smaller on positions of short nardy, median 8,
	// and 4 to 31 times on long nardy's, median 6: docs/evaluation.md). It
	// costs 21 evaluations of a roll's plays a ply: about 20 times the
	// time of a 0-ply trial, which the smaller spread does not repay, but
	// only about 1.2 times that of a 1-ply trial, which it repays many
	// times over.
	Reduce bool
	// Seed seeds the dice of every trial (trial i has its own stream, a
	// function of Seed and i alone).
	Seed uint64
	// Workers is the number of goroutines, 0..MaxWorkers; 0 means 1. The result
	// is the same for any number of workers.
	Workers int
	// Cubeful also plays every trial with the doubling cube (S6), from
	// Cube, and reports the cubeful result in RolloutResult.Cubeful: in
	// money play (Jacoby and beavers as the rules say), or in match play
	// at the Searcher's Match (whose Cube must be Cube's value, and whose
	// Crawford forbids doubling). Before each roll the player on roll
	// doubles when [DecideCube] advises it on its evaluation at Ply, and
	// the opponent takes, beavers or passes as the same verdict advises. The
	// checker plays are those of the cubeless rollout (chosen at the
	// starting cube), so the cubeless results are the same as without
	// Cubeful; a passed double fixes the trial's cubeful result while the
	// checkers play on. A trial cut by Truncate counts the cubeful equity
	// of the position reached by DecideCube's model; Reduce reduces the
	// cubeless results only. The rules must have the cube.
	Cubeful bool
	// Cube is the cube at the start of a cubeful rollout: the zero value
	// is the centred cube at 1; an owned cube is worth 2..the rules'
	// CubeLimit.
	Cube nardy.Cube
	// StopAt, when above 0, ends the rollout early: after the first group
	// of 36 trials, counted in order from the second on, at which the
	// standard error of the equity (of the cubeful equity with Cubeful)
	// is at most StopAt. Trials is then the most trials played. The trials
	// played are the first ones of the rollout without StopAt, so the
	// result is that rollout's with Trials set to the number played, for
	// any number of workers.
	StopAt float64
}

// RolloutResult is what [Searcher.Rollout] found, for the player on roll
// of the position rolled out. Its JSON names each field in snake_case,
// as [Probs] and [CubeDecision] are named ("probs", "equity", "std_err",
// "trials", "cubeful", "cubeful_std_err"): the names of nardy rollout
// -json, which leaves "std_err" out after a single trial where this type
// writes its 0.
type RolloutResult struct {
	// Probs are the mean chances of each way the game ends, over the
	// trials (ordered like every Probs of the package: with Reduce a
	// correction can push a mean a little out of order, and it is
	// clamped back).
	Probs Probs `json:"probs"`
	// Equity is the mean cubeless equity of the trials under the
	// Searcher's scoring table, or its normalised match equity at its
	// match score.
	Equity float64 `json:"equity"`
	// StdErr is the standard error of Equity: the trials' standard
	// deviation over the square root of their number, as if the trials
	// were independent (stratifying the first rolls only makes the true
	// error smaller). It is 0 for a single trial, which gives no
	// estimate of its spread: not an exact value.
	StdErr float64 `json:"std_err"`
	// Trials is the number of trials played.
	Trials int `json:"trials"`
	// Cubeful is, with RolloutOptions.Cubeful, the mean cubeful result
	// of the trials for the player on roll, in points per unit of the
	// starting cube's value (in match play, normalised match equity at
	// the starting cube, as Equity), and CubefulStdErr its standard
	// error.
	Cubeful       float64 `json:"cubeful"`
	CubefulStdErr float64 `json:"cubeful_std_err"`
}

// flipDiff returns a difference of two chance vectors seen by the other
// side: the win's difference negated, the wins' kinds and the losses'
// swapped.
func flipDiff(d probVec) probVec {
	return probVec{-d[0], d[4], d[5], d[6], d[1], d[2], d[3]}
}

// sums accumulates trials.
type sums struct {
	vec      probVec
	eq, eqSq float64 // cubeless equities
	cf, cfSq float64 // cubeful results
	n        int
}

func (s *sums) add(o *sums) {
	s.vec.addScaled(&o.vec, 1)
	s.eq += o.eq
	s.eqSq += o.eqSq
	s.cf += o.cf
	s.cfSq += o.cfSq
	s.n += o.n
}

// stdErr returns the standard error of the mean equity of the trials of
// s, or of their cubeful results.
func (s *sums) stdErr(cubeful bool) float64 {
	if cubeful {
		_, se := meanAndErr(s.cf, s.cfSq, s.n)
		return se
	}
	_, se := meanAndErr(s.eq, s.eqSq, s.n)
	return se
}

// Rollout estimates the chances and equity of pos for its player on roll
// by playing the game out many times (Monte Carlo), with both players
// choosing their plays by s at opt.Ply, without the cube (and, with
// opt.Cubeful, with it too). The player on roll throws both dice as in
// any turn after the first (the opening throw of C2, which never gives a
// double under some rules, is not modelled).
// Draws (L11) are not modelled: a trial ends when a side has borne off
// all its checkers. A finished position is its known outcome in every
// trial ([Net.Evaluate]'s), with a standard error of 0.
//
// It returns an error matching [ErrBadRollout] for a nil ctx or a nil
// Searcher, options out of range, a scoring table (Scoring) the rules
// would refuse, a Searcher without a network or whose network, rules and position are not
// of one variant (then [nardy.ErrVariantMismatch] too), or invalid rules; and ctx's error when ctx ends first
// (checked before every trial). The workers play on searchers of their
// own, with s's network, rules, table, match score and move filters; s
// itself is only read, and must not be changed while Rollout runs.
//
// When ctx ends first, Rollout returns an error matching ctx.Err() with
// [errors.Is] ([context.Canceled] or [context.DeadlineExceeded]) together
// with the result of the trials played so far, as an interrupted rollout
// of GNU Backgammon reports them: its Trials says how many it covers (0,
// and the zero result, when none was). They are the first trials of the
// rollout, in order: with one worker every trial played; with several, a
// trial played after one not played (the workers play groups of 36 at
// once) is left out. So the result is the one a rollout of that many
// Trials with the same options would return, for any number of workers,
// whatever the moment ctx ended.
func (s *Searcher) Rollout(ctx context.Context, pos nardy.Position, opt RolloutOptions) (RolloutResult, error) {
	return s.rollout(ctx, pos, opt, false)
}

// Validate checks the options' ranges as every rollout does before it
// starts: Trials, Ply, Truncate, Workers and StopAt, with errors matching
// [ErrBadRollout]. What depends on the Searcher and the position (the
// cube of a cubeful rollout) is checked by the rollout.
func (o RolloutOptions) Validate() error {
	switch {
	case o.Trials < 0 || o.Trials > MaxTrials:
		return rolloutError("Trials", "trials %d not in 0..%d", o.Trials, MaxTrials)
	case o.Ply < 0 || o.Ply > MaxPly:
		return rolloutError("Ply", "ply %d not in 0..%d", o.Ply, MaxPly)
	case o.Truncate < 0:
		return rolloutError("Truncate", "truncation %d below 0", o.Truncate)
	case o.Workers < 0 || o.Workers > MaxWorkers:
		return rolloutError("Workers", "workers %d not in 0..%d", o.Workers, MaxWorkers)
	case !(o.StopAt >= 0) || math.IsInf(o.StopAt, 1):
		return rolloutError("StopAt", "stop at a standard error of %v (want a finite number ≥ 0, 0 for never)", o.StopAt)
	}
	return nil
}

// checkCall refuses a nil context or a nil searcher before a rollout
// starts its workers (where a nil context would panic out of reach of the
// caller's recover).
func checkCall(ctx context.Context, s *Searcher) error {
	switch {
	case ctx == nil:
		return rolloutError("", "a nil context")
	case s == nil:
		return rolloutError("", "a nil searcher")
	}
	return nil
}

// rollout is [Searcher.Rollout]; noDouble keeps the player on roll from
// doubling before its first roll in cubeful trials (the no-double half of
// [Searcher.RolloutCube]).
func (s *Searcher) rollout(ctx context.Context, pos nardy.Position, opt RolloutOptions, noDouble bool) (RolloutResult, error) {
	if err := checkCall(ctx, s); err != nil {
		return RolloutResult{}, err
	}
	if err := s.checkRollout(pos, &opt); err != nil {
		return RolloutResult{}, err
	}
	root := pos.OnRoll()
	chunks := (opt.Trials + chunk - 1) / chunk
	parts := make([]sums, chunks)
	var (
		mu     sync.Mutex
		next   int
		first  error // the first error of any worker: the others stop
		wg     sync.WaitGroup
		done   = make([]bool, chunks)
		prefix int  // the chunks done in order from the first
		run    sums // their sums
		limit  = chunks
	)
	take := func() int {
		mu.Lock()
		defer mu.Unlock()
		if next >= limit || first != nil {
			return -1
		}
		next++
		return next - 1
	}
	// finish records chunk c as played and, with StopAt, ends the rollout
	// at the first prefix of chunks precise enough.
	finish := func(c int) {
		mu.Lock()
		defer mu.Unlock()
		done[c] = true
		for prefix < limit && done[prefix] {
			run.add(&parts[prefix])
			prefix++
			if opt.StopAt > 0 && prefix >= 2 && run.stdErr(opt.Cubeful) <= opt.StopAt {
				limit = prefix
			}
		}
	}
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if first == nil {
			first = err
		}
	}
	for range opt.Workers {
		wg.Go(func() {
			r := s.clone()
			var (
				src rand.PCG // reseeded for each group and trial: no allocation a trial
				rng = rand.New(&src)
				st  strata
			)
			for c := take(); c >= 0; c = take() {
				st.draw(opt.Seed, c, &src, rng)
				p := &parts[c]
				for i := c * chunk; i < min((c+1)*chunk, opt.Trials); i++ {
					if err := ctx.Err(); err != nil {
						fail(err)
						return
					}
					src.Seed(opt.Seed, uint64(i)) // trial i's stream: a function of Seed and i alone
					v, cf, err := r.trial(pos, root, i, &st, rng, &opt, noDouble)
					if err != nil {
						fail(err)
						return
					}
					e := v.probs(pos.Variant()).value(&r.vals[root])
					p.add(&sums{vec: v, eq: e, eqSq: e * e, cf: cf, cfSq: cf * cf, n: 1})
				}
				finish(c)
			}
		})
	}
	wg.Wait()
	stopped := first != nil && stoppedBy(ctx, first)
	if first != nil && !stopped {
		return RolloutResult{}, first
	}
	// The trials played in order from the first: the whole chunks, then
	// the first trials of the next one (a chunk is played in order by one
	// worker). Chunks played after a gap are left out, so that a rollout
	// ctx stopped is the rollout of as many trials without it.
	var total sums
	for c := range parts[:limit] {
		total.add(&parts[c])
		if parts[c].n < min(chunk, opt.Trials-c*chunk) {
			break
		}
	}
	var res RolloutResult
	if total.n > 0 {
		res = result(pos.Variant(), &total)
		if opt.Cubeful {
			res.Cubeful, res.CubefulStdErr = meanAndErr(total.cf, total.cfSq, total.n)
		}
	}
	if stopped && total.n < min(limit*chunk, opt.Trials) { // not when StopAt had ended it already
		return res, fmt.Errorf("neural: rollout stopped after %d of %d trials: %w", total.n, opt.Trials, first)
	}
	return res, nil
}

// stoppedBy reports whether err is the error of ctx, ended.
func stoppedBy(ctx context.Context, err error) bool {
	cerr := ctx.Err()
	return cerr != nil && errors.Is(err, cerr)
}

// result turns the sums of all trials into a RolloutResult.
func result(v nardy.Variant, t *sums) RolloutResult {
	n := float64(t.n)
	var mean probVec
	for k := range mean {
		mean[k] = t.vec[k] / n
	}
	eq, sd := meanAndErr(t.eq, t.eqSq, t.n)
	return RolloutResult{Probs: ordered(mean.probs(v)), Equity: eq, StdErr: sd, Trials: t.n}
}

// meanAndErr returns the mean of n results whose sum and sum of squares
// are given, and its standard error.
func meanAndErr(sum, sumSq float64, n int) (mean, stdErr float64) {
	f := float64(n)
	mean = sum / f
	if n > 1 {
		stdErr = math.Sqrt(max(0, (sumSq-float64(f*mean*mean))/(f-1)) / f)
	}
	return mean, stdErr
}

// checkRollout checks the Searcher, position and options, and fills in
// the options' defaults.
func (s *Searcher) checkRollout(pos nardy.Position, opt *RolloutOptions) error {
	bad := func(format string, a ...any) error { return rolloutError("", format, a...) }
	net := s.net() // s is not nil: rollout checked it (checkCall)
	switch {
	case net == nil:
		return bad("the searcher has no network")
	case net.Variant() != s.Rules.Variant:
		return bad("%w: a %s network with %s rules", nardy.ErrVariantMismatch, net.Variant(), s.Rules.Variant)
	case !pos.IsValid():
		return bad("invalid position")
	case pos.Variant() != s.Rules.Variant:
		return bad("%w: a %s position with %s rules", nardy.ErrVariantMismatch, pos.Variant(), s.Rules.Variant)
	}
	if err := opt.Validate(); err != nil {
		return err
	}
	r := s.Rules
	if s.Scoring != (nardy.Scoring{}) {
		r.Scoring = s.Scoring // the Searcher's table, checked as the rules' own
	}
	if err := r.Validate(); err != nil {
		return rolloutError("", "%w", err)
	}
	if opt.Cube == (nardy.Cube{}) {
		opt.Cube.Value = 1
	}
	if opt.Cubeful {
		c := opt.Cube
		switch {
		case !s.Rules.Cube:
			return rolloutError("Cubeful", "a cubeful rollout with rules without the cube")
		case !s.Match.isMoney() && max(s.Match.Cube, 1) != c.Value:
			return rolloutError("Cube", "the match score's cube %d is not the rollout's cube %d", max(s.Match.Cube, 1), c.Value)
		case !c.Owned && c.Value != 1:
			return rolloutError("Cube", "a centred cube worth %d (a centred cube is worth 1)", c.Value)
		case c.Owned && (c.Value < 2 || c.Value > s.Rules.CubeLimit() || c.Value&(c.Value-1) != 0):
			return rolloutError("Cube", "an owned cube worth %d (a power of two in 2..%d)", c.Value, s.Rules.CubeLimit())
		case c.Owned && c.Owner != nardy.White && c.Owner != nardy.Black:
			return rolloutError("Cube", "a cube owner %d that is neither colour", c.Owner)
		}
	}
	if opt.Trials == 0 {
		opt.Trials = DefaultTrials
	}
	opt.Workers = min(max(opt.Workers, 1), (opt.Trials+chunk-1)/chunk)
	return nil
}

// clone returns a Searcher with s's network (the shared one too, in
// def), rules, table, match and filters and buffers of its own, prepared
// for searching.
func (s *Searcher) clone() *Searcher {
	c := &Searcher{Net: s.Net, def: s.def, Rules: s.Rules}
	c.Scoring, c.Match, c.Width, c.Margin = s.Scoring, s.Match, s.Width, s.Margin
	c.prepare()
	return c
}

// strata are the first and second rolls of the 36 trials of one group,
// each a permutation of the 36 ordered throws (numbered 0..35: the dice
// 1+k%6 and 1+k/6).
type strata [2][36]uint8

// draw sets s to the strata of group c of a rollout with seed, drawn by
// rng from src seeded with them.
func (s *strata) draw(seed uint64, c int, src *rand.PCG, rng *rand.Rand) {
	src.Seed(seed, 1<<63|uint64(c))
	for ply := range s {
		for k := range s[ply] {
			s[ply][k] = uint8(k)
		}
		rng.Shuffle(36, func(a, b int) { s[ply][a], s[ply][b] = s[ply][b], s[ply][a] })
	}
}

// rolloutRoll returns the roll of trial i at ply: from the strata of its
// group at the first two plies, from rng after.
func rolloutRoll(i, ply int, st *strata, rng *rand.Rand) nardy.Roll {
	var k int
	if ply < len(st) {
		k = int(st[ply][i%36])
	} else {
		k = rng.IntN(36)
	}
	return nardy.MustRoll(1+k%6, 1+k/6)
}

// trial plays trial i of a rollout of pos and returns its outcome for
// root (the colour on roll in pos), less the luck of its dice with
// opt.Reduce, and with opt.Cubeful its cubeful result for root (in the
// units of RolloutResult.Cubeful); noDouble skips root's cube decision
// before the first roll. rng throws the rolls after the strata: the
// caller seeds it with trial i's stream.
func (s *Searcher) trial(pos nardy.Position, root nardy.Color, i int, st *strata, rng *rand.Rand, opt *RolloutOptions, noDouble bool) (probVec, float64, error) {
	var luck probVec
	tc := trialCube{cube: opt.Cube, start: opt.Cube.Value, root: root}
	for ply := 0; ; ply++ {
		over := pos.IsOver()
		if over || (opt.Truncate > 0 && ply == opt.Truncate) {
			p := s.evaluate(pos)
			var cf float64
			if opt.Cubeful {
				cf = s.cubefulEnd(pos, p, &tc, over)
			}
			if pos.OnRoll() != root {
				p = p.Flip()
			}
			v := vecOf(p)
			v.addScaled(&luck, -1)
			return v, cf, nil
		}
		if ply == maxTrialPlies {
			return probVec{}, 0, rolloutError("", "trial %d did not end in %d plies", i, maxTrialPlies)
		}
		if opt.Cubeful && !tc.passed && (ply > 0 || !noDouble) {
			s.cubeTurn(pos, &tc, opt.Ply)
		}
		roll := rolloutRoll(i, ply, st, rng)
		if opt.Reduce {
			d, next, err := s.luck(pos, roll)
			if err != nil {
				return probVec{}, 0, err
			}
			if pos.OnRoll() != root {
				d = flipDiff(d)
			}
			luck.addScaled(&d, 1)
			if opt.Ply == 0 { // luck has chosen the 0-ply play of roll already
				pos = next
				continue
			}
		}
		plays, err := s.Rules.AppendLegal(s.buf(0), pos, roll)
		if err != nil {
			return probVec{}, 0, rolloutError("", "%w", err)
		}
		best := 0
		if opt.Ply == 0 {
			best, _ = s.best0(plays, 0)
		} else {
			best = s.rank(plays, opt.Ply)[0].i
		}
		pos = plays[best].Result()
	}
}

// luck returns how much better roll is for the player on roll of pos than
// the average roll, by the network at 0-ply: the chances after the best
// play of roll less their average over the 21 rolls (after the best play
// of each), for that player. It returns too the position after the best
// play of roll at 0-ply, which a 0-ply trial plays.
func (s *Searcher) luck(pos nardy.Position, roll nardy.Roll) (probVec, nardy.Position, error) {
	var mean, thrown probVec
	var next nardy.Position
	for _, wr := range nardy.AllRolls() {
		plays, err := s.Rules.AppendLegal(s.buf(1), pos, wr.Roll)
		if err != nil {
			return probVec{}, nardy.Position{}, rolloutError("", "%w", err)
		}
		best, p := s.best0(plays, 1)
		v := vecOf(p)
		mean.addScaled(&v, float64(wr.Weight)/36)
		if wr.Roll == roll { // a Roll is its two dice in order, low first
			thrown, next = v, plays[best].Result()
		}
	}
	thrown.addScaled(&mean, -1)
	return thrown, next, nil
}
