package neural

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
)

// doublesToWin is a bear-off the mover wins only by throwing 3-3, 4-4, 5-5
// or 6-6 (two checkers on its 6 point, the opponent's last checker on its
// own 1 point): its exact chance of winning is 4/36, and the opponent, with
// 14 checkers off, wins no mars or gammon. Worked out by hand, not by the
// code under test.
func doublesToWin(t testing.TB, v nardy.Variant) nardy.Position {
	var me, opp nardy.Side
	me[6], me[nardy.Off] = 2, 13
	opp[1], opp[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(v, nardy.White, me, opp)
	require.NoError(t, err)
	return pos
}

func searcher(t testing.TB, v nardy.Variant) *Searcher {
	net, err := Default(v)
	require.NoError(t, err)
	return NewSearcher(net, nardy.DefaultRules(v))
}

// TestRolloutExactBearOff: with a multiple of 36 trials every first roll is
// thrown equally often (stratified), so a position decided by the first
// roll rolls out to its exact chances, whatever the seed.
func TestRolloutExactBearOff(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		s := searcher(t, v)
		pos := doublesToWin(t, v)
		for _, opt := range []RolloutOptions{{Trials: 36}, {Trials: 72, Seed: 9, Workers: 2}, {Trials: 36, Ply: 1}, {}} {
			got, err := s.Rollout(context.Background(), pos, opt)
			require.NoError(t, err)
			want := Probs{Variant: v, Win: 4.0 / 36}
			assert.InDelta(t, want.Win, got.Probs.Win, 1e-12, "%s %+v", v, opt)
			got.Probs.Win = want.Win
			assert.Equal(t, want, got.Probs, "%s %+v: no mars or koks either way", v, opt)
			assert.InDelta(t, 4.0/36-32.0/36, got.Equity, 1e-12)
			// Trials of +1 (4 in 36) and −1: the sample standard
			// deviation over √n.
			n := float64(got.Trials)
			mean := -28.0 / 36
			sd := math.Sqrt((4*(1-mean)*(1-mean) + 32*(1+mean)*(1+mean)) / 36 * n / (n - 1) / n)
			assert.InDelta(t, sd, got.StdErr, 1e-12)
			if opt.Trials == 0 {
				assert.Equal(t, DefaultTrials, got.Trials)
			} else {
				assert.Equal(t, opt.Trials, got.Trials)
			}
		}
	}
}

// TestRolloutTruncatedIsSearch: 36 trials stopped after one ply are the
// 36 first rolls, each followed by the 0-ply evaluation after the play the
// network prefers: the 1-ply evaluation, which Searcher.Eval computes
// over the 21 distinct rolls with their weights. With Reduce, every single
// trial is that average (the roll's luck is all that separates them). And
// with Reduce, 36 trials stopped after two plies average to the 2-ply
// evaluation exactly, whatever the second rolls: each trial less the second
// roll's luck is the 1-ply evaluation after the first play.
func TestRolloutTruncatedIsSearch(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		s := searcher(t, v)
		for _, pos := range samplePositions(t, v, 12, 5) {
			want := s.Eval(pos, 1)
			for _, reduce := range []bool{false, true} {
				got, err := s.Rollout(context.Background(), pos, RolloutOptions{Trials: 36, Truncate: 1, Reduce: reduce})
				require.NoError(t, err)
				w, g := vecOf(want), vecOf(got.Probs)
				assert.InDeltaSlice(t, w[:], g[:], 1e-5, "%s reduce=%v", pos, reduce)
				assert.InDelta(t, want.Equity(nardy.Scoring{}), got.Equity, 1e-5)
				if reduce {
					assert.Less(t, got.StdErr, 1e-5, "no luck left in any trial")
				}
			}
			two, err := s.Rollout(context.Background(), pos, RolloutOptions{Trials: 36, Truncate: 2, Reduce: true, Seed: 3})
			require.NoError(t, err)
			assert.InDelta(t, s.Eval(pos, 2).Equity(nardy.Scoring{}), two.Equity, 1e-5, "%s", pos)
		}
	}
}

// TestRolloutDeterministic: the result is a function of the position and
// the options alone: the same for any number of workers, another for
// another seed.
func TestRolloutDeterministic(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos := samplePositions(t, nardy.Short, 1, 3)[0]
	opt := RolloutOptions{Trials: 200, Truncate: 10, Seed: 4}
	one, err := s.Rollout(context.Background(), pos, opt)
	require.NoError(t, err)
	opt.Workers = 3
	three, err := s.Rollout(context.Background(), pos, opt)
	require.NoError(t, err)
	assert.Equal(t, one, three)
	opt.Seed = 5
	other, err := s.Rollout(context.Background(), pos, opt)
	require.NoError(t, err)
	assert.NotEqual(t, one.Equity, other.Equity)
}

// TestRolloutStdErrHonest: the standard error a rollout reports is the
// spread its equity really has. Thirty rollouts of the same position that
// differ only in their seed scatter, in standard deviation, by about the
// standard error each reports. The ratio of the two is 1, or a little
// less (the stratified first rolls make the true error smaller than the
// reported one, which counts the trials as independent), and estimated
// from thirty samples it is uncertain by 13% (one standard deviation); so
// 0.6..1.6 fails only a wrong formula (a missing square root, errors of
// group means counted as trials', a variance divided twice), not the luck
// of the seeds.
func TestRolloutStdErrHonest(t *testing.T) {
	const rollouts = 30
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		s := searcher(t, v)
		pos := samplePositions(t, v, 20, 3)[19]
		var equities []float64
		var reported float64
		for seed := range uint64(rollouts) {
			res, err := s.Rollout(context.Background(), pos, RolloutOptions{Trials: 36, Seed: seed, Workers: 2})
			require.NoError(t, err)
			equities = append(equities, res.Equity)
			reported += res.StdErr / rollouts
		}
		var mean, sq float64
		for _, e := range equities {
			mean += e / rollouts
		}
		for _, e := range equities {
			sq += (e - mean) * (e - mean)
		}
		spread := math.Sqrt(sq / (rollouts - 1))
		require.Greater(t, reported, 0.0, "%s: the position is not decided", v)
		assert.InDelta(t, 1.1, spread/reported, 0.5, "%s: spread %.3f, reported %.3f", v, spread, reported)
	}
}

// TestRolloutReduceKeepsMean: variance reduction changes the spread of the
// trials, not what they estimate: on contact positions the means with and
// without it agree within the noise, and its standard error is smaller.
func TestRolloutReduceKeepsMean(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		s := searcher(t, v)
		pos := samplePositions(t, v, 1, 8)[0]
		opt := RolloutOptions{Trials: 360, Truncate: 4, Seed: 1, Workers: 2}
		plain, err := s.Rollout(context.Background(), pos, opt)
		require.NoError(t, err)
		opt.Reduce = true
		reduced, err := s.Rollout(context.Background(), pos, opt)
		require.NoError(t, err)
		assert.Less(t, reduced.StdErr, plain.StdErr/2, "%s", v)
		assert.InDelta(t, plain.Equity, reduced.Equity, 4*math.Hypot(plain.StdErr, reduced.StdErr), "%s", v)
	}
}

// TestRolloutErrors: options out of range, mismatched variants and a
// cancelled context are errors, never a panic or a partial result.
func TestRolloutErrors(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos := doublesToWin(t, nardy.Short)
	long := doublesToWin(t, nardy.Long)
	bad := []struct {
		name string
		s    *Searcher
		pos  nardy.Position
		opt  RolloutOptions
	}{
		{"negative trials", s, pos, RolloutOptions{Trials: -1}},
		{"too many trials", s, pos, RolloutOptions{Trials: MaxTrials + 1}},
		{"ply", s, pos, RolloutOptions{Ply: MaxPly + 1}},
		{"negative ply", s, pos, RolloutOptions{Ply: -1}},
		{"truncation", s, pos, RolloutOptions{Truncate: -1}},
		{"workers", s, pos, RolloutOptions{Workers: 257}},
		{"negative workers", s, pos, RolloutOptions{Workers: -1}},
		{"negative stop", s, pos, RolloutOptions{StopAt: -0.1}},
		{"stop at NaN", s, pos, RolloutOptions{StopAt: math.NaN()}},
		{"stop at infinity", s, pos, RolloutOptions{StopAt: math.Inf(1)}},
		{"long position, short rules", s, long, RolloutOptions{}},
		{"zero position", s, nardy.Position{}, RolloutOptions{}},
		{"no network", &Searcher{Rules: nardy.DefaultRules(nardy.Short)}, pos, RolloutOptions{}},
		{"long network, short rules", NewSearcher(searcher(t, nardy.Long).Net, nardy.DefaultRules(nardy.Short)), pos, RolloutOptions{}},
		{"invalid rules", &Searcher{Net: s.Net, Rules: nardy.Rules{Variant: nardy.Short, TransientBlock: true}}, pos, RolloutOptions{}},
		{"nil searcher", nil, pos, RolloutOptions{}},
		{"scoring table the rules refuse", &Searcher{Net: s.Net, Rules: s.Rules,
			Scoring: nardy.Scoring{Oin: -1, Mars: math.MaxInt, Koks: math.MinInt}}, pos, RolloutOptions{}},
	}
	optionAtFault := map[string]string{"negative trials": "Trials", "too many trials": "Trials", "ply": "Ply", "negative ply": "Ply", "truncation": "Truncate", "workers": "Workers", "negative workers": "Workers", "negative stop": "StopAt", "stop at NaN": "StopAt", "stop at infinity": "StopAt"}
	for _, c := range bad {
		res, err := c.s.Rollout(context.Background(), c.pos, c.opt)
		assert.ErrorIs(t, err, ErrBadRollout, c.name)
		var re *RolloutError
		if assert.ErrorAs(t, err, &re, c.name) {
			assert.Equal(t, optionAtFault[c.name], re.Option, "%s: the option at fault (none for the call's fault)", c.name)
		}
		assert.Zero(t, res, c.name)
		if re != nil && re.Option == "StopAt" { // -1 is a number: say what is wanted
			assert.Contains(t, err.Error(), "want a finite number ≥ 0", c.name)
		}
		if mismatch := strings.Contains(c.name, "long"); mismatch { // the sentinel a bot.Neural player's Act gives too
			assert.ErrorIs(t, err, nardy.ErrVariantMismatch, c.name)
		} else {
			assert.NotErrorIs(t, err, nardy.ErrVariantMismatch, c.name)
		}
	}
	// The rules' own error comes through, for errors.As.
	_, err := (&Searcher{Net: s.Net, Rules: nardy.Rules{Variant: nardy.Short, TransientBlock: true}}).Rollout(context.Background(), pos, RolloutOptions{})
	var rulesErr *nardy.InvalidRulesError
	require.ErrorAs(t, err, &rulesErr)
	assert.Equal(t, "transient_block", rulesErr.Option)
	assert.Equal(t, "neural: bad rollout: "+rulesErr.Error(), err.Error())

	// A nil context is refused before any worker starts (a worker's
	// ctx.Err() would panic where the caller cannot recover), by each of
	// the three rollouts, and so is a nil searcher.
	var nilCtx context.Context
	_, err = s.Rollout(nilCtx, pos, RolloutOptions{Trials: 1})
	assert.ErrorIs(t, err, ErrBadRollout)
	_, err = s.RolloutCube(nilCtx, pos, RolloutOptions{Trials: 1})
	assert.ErrorIs(t, err, ErrBadRollout)
	plays, err := s.Rules.Legal(pos, nardy.MustRoll(3, 1))
	require.NoError(t, err)
	_, err = s.RolloutPlays(nilCtx, plays[:1], RolloutOptions{Trials: 1})
	assert.ErrorIs(t, err, ErrBadRollout)
	var none *Searcher
	_, err = none.RolloutCube(context.Background(), pos, RolloutOptions{Trials: 1})
	assert.ErrorIs(t, err, ErrBadRollout)
	_, err = none.RolloutPlays(context.Background(), plays[:1], RolloutOptions{Trials: 1})
	assert.ErrorIs(t, err, ErrBadRollout)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.Rollout(ctx, pos, RolloutOptions{})
	assert.True(t, errors.Is(err, context.Canceled), "%v", err)
	assert.Zero(t, res)

	// A context that ends during a long rollout stops every worker; the
	// result is that of the trials played (rollout_stopped_test.go).
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err = s.Rollout(ctx, samplePositions(t, nardy.Short, 1, 1)[0], RolloutOptions{Trials: MaxTrials, Workers: 2})
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
	assert.Less(t, res.Trials, MaxTrials)
}

// TestRolloutProperties: on positions of random games, with any small
// options, a rollout's chances keep the order of every Probs (in 0..1,
// WinKoks + WinHomeMars ≤ WinMars ≤ Win), its equity lies within the
// game's points, it plays the trials asked, and without Reduce (nothing
// clamped) its money equity is the equity of its mean chances. In short nardy a
// cubeful rollout gives the cubeless rollout's chances, equity and error,
// and a cubeful result within what the cube can reach, in money play or
// at a match score.
func TestRolloutProperties(t *testing.T) {
	nets := map[nardy.Variant]*Searcher{nardy.Long: searcher(t, nardy.Long), nardy.Short: searcher(t, nardy.Short)}
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(rt, "variant")
		pos := samplePositions(t, v, 1, rapid.Uint64().Draw(rt, "game"))[0]
		opt := RolloutOptions{
			Trials:   rapid.IntRange(1, 24).Draw(rt, "trials"),
			Ply:      rapid.IntRange(0, 1).Draw(rt, "ply"),
			Truncate: rapid.IntRange(1, 4).Draw(rt, "truncate"),
			Reduce:   rapid.Bool().Draw(rt, "reduce"),
			Seed:     rapid.Uint64().Draw(rt, "seed"),
			Workers:  rapid.IntRange(0, 3).Draw(rt, "workers"),
		}
		s := nets[v]
		if v == nardy.Short {
			opt.Cubeful = rapid.Bool().Draw(rt, "cubeful")
			if rapid.Bool().Draw(rt, "match") {
				s = NewSearcher(s.Net, s.Rules)
				away := [2]int{rapid.IntRange(1, 9).Draw(rt, "away"), rapid.IntRange(1, 9).Draw(rt, "opponent away")}
				s.Match = ScoreFor(pos.OnRoll(), away, 1)
				s.Match.Crawford = (away[0] == 1) != (away[1] == 1) && rapid.Bool().Draw(rt, "crawford")
			}
		}
		res, err := s.Rollout(context.Background(), pos, opt)
		require.NoError(rt, err)
		if opt.Cubeful {
			limit := float64(s.Rules.CubeLimit())
			if s.Match.isMoney() {
				assert.LessOrEqual(rt, math.Abs(res.Cubeful), 3*limit, "a backgammon at the highest cube")
			}
			assert.GreaterOrEqual(rt, res.CubefulStdErr, 0.0)
			cubeless := opt
			cubeless.Cubeful = false
			want, err := s.Rollout(context.Background(), pos, cubeless)
			require.NoError(rt, err)
			res.Cubeful, res.CubefulStdErr = 0, 0
			assert.Equal(rt, want, res)
		} else {
			assert.Zero(rt, res.Cubeful)
			assert.Zero(rt, res.CubefulStdErr)
		}
		p := res.Probs
		for _, x := range vecOf(p) {
			assert.True(rt, x >= 0 && x <= 1, "%v", p)
		}
		assert.LessOrEqual(rt, p.WinKoks+p.WinHomeMars, p.WinMars+1e-12)
		assert.LessOrEqual(rt, p.WinMars, p.Win)
		assert.LessOrEqual(rt, p.LoseKoks+p.LoseHomeMars, p.LoseMars+1e-12)
		assert.LessOrEqual(rt, p.LoseMars, p.Lose())
		top := 3.0 // a koks or backgammon under the default tables
		if !opt.Reduce && s.Match.isMoney() {
			assert.LessOrEqual(rt, math.Abs(res.Equity), top)
			assert.InDelta(rt, p.Equity(nardy.Scoring{}), res.Equity, 1e-9)
		}
		assert.Equal(rt, opt.Trials, res.Trials)
		assert.GreaterOrEqual(rt, res.StdErr, 0.0)
	})
}

// TestRolloutStopAt: a rollout told to stop at a standard error plays
// groups of 36 trials until the error of the first ones is that small (at
// least two groups), and gives what a rollout of that many trials gives,
// for any number of workers.
func TestRolloutStopAt(t *testing.T) {
	s := searcher(t, nardy.Short)
	ctx := context.Background()
	// 4/36 to win: trials of +1 and −1, a standard error of about 0.6/√n,
	// under 0.1 from 72 trials on, which is when the rollout may stop.
	res, err := s.Rollout(ctx, doublesToWin(t, nardy.Short), RolloutOptions{StopAt: 0.1})
	require.NoError(t, err)
	assert.Equal(t, 72, res.Trials)
	assert.LessOrEqual(t, res.StdErr, 0.1)

	// A sure double and pass: cubeful error 0 at once, cubeless not.
	res, err = s.Rollout(ctx, lastRoll(t), RolloutOptions{StopAt: 0.01, Cubeful: true})
	require.NoError(t, err)
	assert.Equal(t, 72, res.Trials)
	res, err = s.Rollout(ctx, lastRoll(t), RolloutOptions{Trials: 360, StopAt: 0.01})
	require.NoError(t, err)
	assert.Equal(t, 360, res.Trials, "never that precise: every trial asked")

	pos := samplePositions(t, nardy.Short, 1, 5)[0]
	opt := RolloutOptions{Trials: 1296, Truncate: 6, StopAt: 0.05, Seed: 8}
	one, err := s.Rollout(ctx, pos, opt)
	require.NoError(t, err)
	assert.Less(t, one.Trials, 1296)
	assert.Zero(t, one.Trials%36)
	assert.LessOrEqual(t, one.StdErr, 0.05)
	opt.Workers = 3
	three, err := s.Rollout(ctx, pos, opt)
	require.NoError(t, err)
	assert.Equal(t, one, three)
	fixed, err := s.Rollout(ctx, pos, RolloutOptions{Trials: one.Trials, Truncate: 6, Seed: 8})
	require.NoError(t, err)
	assert.Equal(t, fixed, one)
	shorter, err := s.Rollout(ctx, pos, RolloutOptions{Trials: one.Trials - 36, Truncate: 6, Seed: 8})
	require.NoError(t, err)
	assert.Greater(t, shorter.StdErr, 0.05, "it stopped at the first group precise enough")
}
