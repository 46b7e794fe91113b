package analysis_test

import (
	"reflect"
	"testing"

	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/internal/sweep"
	"github.com/nardylab/nardy/neural"
)

// TestSweep calls every exported function and method of the package with
// zero and hostile arguments (internal/sweep): hostile options, records
// and games, a nil or cancelled context. None may panic but those allowed
// here by their doc, and every exported type and function must be
// registered here.
func TestSweep(t *testing.T) { sweep.Run(t, sweepConfig(t)) }

// TestConcurrentSweep calls every function of the package, and every
// method of each type whose docs promise it can be shared between
// goroutines, on the same values from several goroutines at once
// (internal/sweep's concurrent sweep; run it with -race): each result must
// be the lone call's.
func TestConcurrentSweep(t *testing.T) { sweep.RunConcurrent(t, sweepConfig(t)) }

// sweepConfig registers the package's API, samples and exceptions for
// both sweeps.
func sweepConfig(t *testing.T) sweep.Config {
	t.Helper()
	samples, hostile := sweep.NardyFor(t)
	samples = append(samples,
		func() any { return analysis.Options{} },
		func() any { return analysis.Options{Rollout: &neural.RolloutOptions{Trials: 36, Truncate: 2}} },
		func() any { return [2]int{3, 2} },
	)
	return sweep.Config{
		Path: "github.com/nardylab/nardy/analysis",
		Types: []reflect.Type{
			reflect.TypeFor[analysis.Decision](), reflect.TypeFor[analysis.GameResult](), reflect.TypeFor[analysis.Hint](),
			reflect.TypeFor[analysis.Luck](), reflect.TypeFor[analysis.Options](), reflect.TypeFor[analysis.OptionsError](),
			reflect.TypeFor[analysis.PlayHint](), reflect.TypeFor[analysis.PlayerStats](), reflect.TypeFor[analysis.Report](),
		},
		Funcs:       map[string]any{"Analyze": analysis.Analyze, "HintFor": analysis.HintFor},
		Samples:     samples,
		LiveContext: true,
		Hostile:     hostile,
		NilReceivers: map[string]string{
			"OptionsError": "A nil *OptionsError is no error: its methods panic, as a nil *os.PathError's do.",
		},
	}
}
