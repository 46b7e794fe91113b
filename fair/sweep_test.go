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
func TestSweep(t *testing.T) {
	var seed [fair.SeedSize]byte
	seed[0] = 1
	sweep.Run(t, sweep.Config{
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
	})
}
