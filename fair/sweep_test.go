package fair_test

import (
	"reflect"
	"testing"

	"github.com/nardylab/nardy/fair"
	"github.com/nardylab/nardy/internal/sweep"
)

// TestSweep calls every exported function and method of the package with
// zero and hostile arguments (internal/sweep): none may panic but those
// allowed here by their doc, and every exported type and function must be
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
	var seed [fair.SeedSize]byte
	seed[0] = 1
	return sweep.Config{
		Path:  "github.com/nardylab/nardy/fair",
		Types: []reflect.Type{reflect.TypeFor[fair.Dice](), reflect.TypeFor[fair.Proof](), reflect.TypeFor[fair.ProofError]()},
		NilReceivers: map[string]string{
			"ProofError": "A nil *ProofError is no error: its methods panic, as a nil *os.PathError's do.",
			"Proof":      "Called on a nil *Proof it panics, as encoding/json never calls it.",
		},
		Funcs: map[string]any{"Commitment": fair.Commitment, "New": fair.New},
		Samples: []func() any{
			func() any { d, _ := fair.New(seed, "salt"); return d },
			func() any { return seed },
			func() any { return fair.Proof{Commitment: fair.Commitment(seed)} },
		},
	}
}
