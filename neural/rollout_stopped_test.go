package neural

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// endsAfter is a context whose Err is nil for its first n calls and
// context.Canceled after: a rollout, which asks before every trial, is
// stopped after n trials, without a clock.
type endsAfter struct {
	context.Context
	n, calls atomic.Int64
}

func newEndsAfter(n int) *endsAfter {
	c := &endsAfter{Context: context.Background()}
	c.n.Store(int64(n))
	return c
}

func (c *endsAfter) Err() error {
	if c.calls.Add(1) > c.n.Load() {
		return context.Canceled
	}
	return nil
}

// TestRolloutStoppedReportsTheTrialsPlayed: a rollout stopped by its
// context after n trials returns, with an error matching
// context.Canceled, the result of those n trials: the result of a
// rollout of n trials with the same seed and options, as an interrupted
// rollout of GNU Backgammon reports the games played so far (none played:
// the zero result).
func TestRolloutStoppedReportsTheTrialsPlayed(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos := samplePositions(t, nardy.Short, 1, 3)[0]
	for _, cubeful := range []bool{false, true} {
		opt := RolloutOptions{Trials: 100, Truncate: 12, Seed: 9, Cubeful: cubeful}
		for _, n := range []int{0, 1, 35, 36, 37, 80} {
			res, err := s.Rollout(newEndsAfter(n), pos, opt)
			require.Error(t, err, "n=%d", n)
			assert.ErrorIs(t, err, context.Canceled)
			assert.NotErrorIs(t, err, ErrBadRollout)
			assert.Equal(t, n, res.Trials, "n=%d", n)
			if n == 0 {
				assert.Zero(t, res)
				continue
			}
			want := opt
			want.Trials = n
			full, err := s.Rollout(context.Background(), pos, want)
			require.NoError(t, err)
			assert.Equal(t, full, res, "n=%d cubeful=%v: the rollout of its first %d trials", n, cubeful, n)
		}
	}
}

// TestRolloutStoppedWithWorkers: with several workers a stopped rollout
// covers the trials played in order from the first (a group a worker
// played after one not played is left out), so whenever it stops its
// result is that of a rollout of as many trials on one worker.
func TestRolloutStoppedWithWorkers(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos := samplePositions(t, nardy.Short, 1, 5)[0]
	opt := RolloutOptions{Trials: 36 * 12, Truncate: 8, Seed: 2, Workers: 3}
	for _, n := range []int{50, 150, 300} {
		res, err := s.Rollout(newEndsAfter(n), pos, opt)
		require.ErrorIs(t, err, context.Canceled)
		require.Positive(t, res.Trials, "n=%d", n)
		assert.LessOrEqual(t, res.Trials, n)
		one := opt
		one.Trials, one.Workers = res.Trials, 1
		want, err := s.Rollout(context.Background(), pos, one)
		require.NoError(t, err)
		assert.Equal(t, want, res, "n=%d: %d trials", n, res.Trials)
	}
	// A stop that comes after the whole rollout has been played is none.
	res, err := s.Rollout(newEndsAfter(36*12), pos, opt)
	require.NoError(t, err)
	assert.Equal(t, 36*12, res.Trials)
}

// TestRolloutPlaysStopped: the plays of RolloutPlays are rolled out one
// after the other; stopped in the second, it returns the first complete
// and the second with the trials it played, each as its own rollout
// would give it, best first, and leaves the third out.
func TestRolloutPlaysStopped(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos := samplePositions(t, nardy.Short, 1, 7)[0]
	plays, err := s.Rules.Legal(pos, nardy.MustRoll(3, 1))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(plays), 3)
	plays = plays[:3]
	opt := RolloutOptions{Trials: 36, Truncate: 6, Seed: 1}
	got, err := s.RolloutPlays(newEndsAfter(36+10), plays, opt)
	require.ErrorIs(t, err, context.Canceled)
	assert.Contains(t, err.Error(), "play 2 of 3")
	require.Len(t, got, 2)
	byPlay := map[string]PlayRollout{got[0].Play.String(): got[0], got[1].Play.String(): got[1]}
	for i, trials := range []int{36, 10} {
		o := opt
		o.Trials = trials
		want, err := s.RolloutPlays(context.Background(), plays[i:i+1], o)
		require.NoError(t, err)
		assert.Equal(t, want[0], byPlay[plays[i].String()], "play %d", i+1)
	}
	value := func(r PlayRollout) float64 { return r.Result.Equity }
	assert.GreaterOrEqual(t, value(got[0]), value(got[1]), "best first")

	got, err = s.RolloutPlays(newEndsAfter(0), plays, opt)
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, got)
}

// TestRolloutCubeStopped: RolloutCube plays the no-double rollout, then
// the double/take one; stopped in the first, it returns that one's
// trials alone; stopped in the second, both, and the verdict of the
// trials played, which is RolloutCube's with the rollouts cut alike.
func TestRolloutCubeStopped(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos := samplePositions(t, nardy.Short, 1, 11)[0]
	opt := RolloutOptions{Trials: 36, Truncate: 6, Seed: 3}

	r, err := s.RolloutCube(newEndsAfter(5), pos, opt)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 5, r.NoDouble.Trials)
	assert.Zero(t, r.DoubleTake)
	assert.Zero(t, r.Decision)

	r, err = s.RolloutCube(newEndsAfter(36+7), pos, opt)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 36, r.NoDouble.Trials)
	assert.Equal(t, 7, r.DoubleTake.Trials)
	full, err := s.RolloutCube(context.Background(), pos, opt)
	require.NoError(t, err)
	assert.Equal(t, full.NoDouble, r.NoDouble)
	o := opt
	o.Trials = 7
	seven, err := s.RolloutCube(context.Background(), pos, o)
	require.NoError(t, err)
	assert.Equal(t, seven.DoubleTake, r.DoubleTake, "the double/take rollout of its first 7 trials")
	assert.InDelta(t, 2*r.DoubleTake.Cubeful, r.Decision.DoubleTake, 1e-12, "the verdict of the trials played (money: two cubes)")
	assert.Equal(t, r.NoDouble.Cubeful, r.Decision.NoDouble)
}
