package render_test

import (
	"reflect"
	"testing"

	"github.com/nardylab/nardy/internal/sweep"
	"github.com/nardylab/nardy/render"
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
	samples, hostile := sweep.NardyFor(t)
	return sweep.Config{
		Path:  "github.com/nardylab/nardy/render",
		Types: []reflect.Type{reflect.TypeFor[render.Options](), reflect.TypeFor[render.OptionsError]()},
		NilReceivers: map[string]string{
			"OptionsError": "A nil *OptionsError is no error: its methods panic, as a nil *os.PathError's do.",
		},
		Funcs:   map[string]any{"AppendSVG": render.AppendSVG, "SVG": render.SVG},
		Samples: samples,
		Hostile: hostile,
	}
}
