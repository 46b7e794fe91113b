package neural

import (
	"context"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearchAllocs: the searcher's evaluations and play losses at every
// ply, the cube verdict from chances, the cube efficiency and the bear-off
// test allocate nothing once the searcher's buffers have grown (the first
// call of AllocsPerRun).
func TestSearchAllocs(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		s := searcher(t, v)
		pos := samplePositions(t, v, 1, 9)[0]
		plays, err := s.Rules.Legal(pos, nardy.MustRoll(5, 2))
		require.NoError(t, err)
		require.NotEmpty(t, plays)
		chosen := plays[len(plays)-1]
		for ply := range MaxPly + 1 {
			assert.Zero(t, testing.AllocsPerRun(3, func() { s.Eval(pos, ply) }), "%v Eval at %d-ply", v, ply)
			assert.Zero(t, testing.AllocsPerRun(3, func() { s.PlayEquities(plays, chosen, ply) }), "%v PlayEquities at %d-ply", v, ply)
			assert.Zero(t, testing.AllocsPerRun(3, func() { PlayLoss(s, plays, chosen, ply) }), "%v PlayLoss at %d-ply", v, ply)
		}
		ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: pos.OnRoll(), Away: [2]int{5, 3}}
		p := s.Eval(pos, 0)
		assert.Zero(t, testing.AllocsPerRun(20, func() {
			DecideCube(p, ci)
			Efficiency(pos)
			IsBearoffRace(pos)
		}), "%v DecideCube, Efficiency, IsBearoffRace", v)
	}
}

// TestRolloutAllocsDoNotGrowWithTrials: a rollout allocates what its
// workers and their searchers need once, and nothing a trial (each trial
// drew a new random source: 3,826 allocations for 3,600 trials): 1,440
// trials allocate no more than 36 but for a few more doublings of the
// worker's evaluation buffers, which grow to the most plays a trial met.
func TestRolloutAllocsDoNotGrowWithTrials(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos := samplePositions(t, nardy.Short, 1, 5)[0]
	allocs := func(trials int) float64 {
		return testing.AllocsPerRun(2, func() {
			_, err := s.Rollout(context.Background(), pos, RolloutOptions{Trials: trials, Truncate: 2, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
	few, many := allocs(36), allocs(1440)
	assert.LessOrEqual(t, many, few+8, "allocations of 36 trials (%v), of 1,440 (%v)", few, many)
}
