package analysis_test

// Values a Go program builds by hand given to package analysis: records of
// any length and rules, options with any field values, hints at any away
// score. Each call must return, without a panic, within a time bound.

import (
	"context"
	"errors"
	"fmt"
	"github.com/nardylab/nardy/internal/handbuilt"
	"math"
	"testing"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// edgeInts are the integers a hand-built field is most likely to break on.
var edgeInts = []int{0, 1, 2, -1, -2, 25, 26, 64, 1 << 20, 1 << 62, math.MaxInt, math.MinInt, math.MaxInt/2 + 1}

// genInt draws an edge value, a small value or any int.
func genInt() *rapid.Generator[int] {
	return handbuilt.Int(edgeInts, -3, 10)
}

// TestHandBuiltAnalysis: a random game's record, its length set by hand,
// judged with options of any field values (ply, threshold NaN or infinite,
// a net of either variant or none, rollouts of at most 2 short trials with
// any cube: 0 trials or no truncation means the default, minutes of work),
// and hints asked at every fourth state with any away score: nothing panics or
// hangs, and Analyze's errors match a sentinel (analysis, nardy, neural).
func TestHandBuiltAnalysis(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := nardy.DefaultRules(nardy.Variant(rapid.IntRange(1, 2).Draw(t, "v")))
		if r.Variant == nardy.Short {
			r.Cube, r.Beavers, r.Jacoby = true, rapid.Bool().Draw(t, "beav"), rapid.Bool().Draw(t, "jac")
		}
		seed := rapid.Uint64().Draw(t, "seed")
		_, rec, err := bot.PlayGame(r, bot.NewRandom(seed), &bot.Greedy{}, nardy.NewSeededDice(seed))
		require.NoError(t, err)
		rec.Length = rapid.OneOf(rapid.IntRange(0, 3), genInt()).Draw(t, "length")
		opt := analysis.Options{Ply: rapid.IntRange(-1, 0).Draw(t, "ply"),
			Threshold: rapid.SampledFrom([]float64{0, -1, math.NaN(), math.Inf(1), 0.04, 1e300}).Draw(t, "threshold")}
		if rapid.Bool().Draw(t, "net?") {
			opt.Net, _ = neural.Default(nardy.Variant(rapid.IntRange(1, 2).Draw(t, "netv")))
		}
		if rapid.Bool().Draw(t, "rollout?") {
			opt.Rollout = &neural.RolloutOptions{Trials: rapid.SampledFrom([]int{-1, 1, 2}).Draw(t, "trials"), Truncate: rapid.IntRange(1, 3).Draw(t, "trunc"),
				Cube: nardy.Cube{Value: genInt().Draw(t, "cube"), Owned: rapid.Bool().Draw(t, "owned")}}
		}
		away := [2]int{genInt().Draw(t, "a0"), genInt().Draw(t, "a1")}
		handbuilt.Within(t, 60*time.Second, fmt.Sprintf("length %d %+v away %v", rec.Length, opt, away), func() {
			_, err := analysis.Analyze(context.Background(), rec, opt)
			if err != nil {
				assert.True(t, errors.Is(err, analysis.ErrBadOptions) || errors.Is(err, nardy.ErrBadRecord) ||
					errors.Is(err, nardy.ErrInvalidRules) || errors.Is(err, nardy.ErrVariantMismatch) ||
					errors.Is(err, neural.ErrBadRollout), "Analyze: %v", err)
			}
			m, err := nardy.NewMatch(r, max(1, min(rec.Length, 1<<40)))
			if err != nil {
				return
			}
			for i, a := range rec.Actions {
				if i%4 == 0 { // a hint at every fourth state: each is a search
					_, _ = analysis.HintFor(m.Game(), away, opt)
				}
				if m, err = m.Do(a); err != nil {
					return
				}
			}
		})
	})
}
