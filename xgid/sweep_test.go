package xgid_test

import (
	"reflect"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/sweep"
	"github.com/nardylab/nardy/xgid"
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
	for _, s := range samples {
		if g, ok := s().(nardy.Game); ok {
			if id, err := xgid.FromGame(g); err == nil {
				samples = append(samples, func() any { return id }, func() any { return id.String() })
				for _, m := range sweep.Mutants(id.String()) {
					hostile = append(hostile, func() any { return m }, func() any { return []byte(m) })
				}
			}
		}
	}
	return sweep.Config{
		Path:         "github.com/nardylab/nardy/xgid",
		Types:        []reflect.Type{reflect.TypeFor[xgid.CubeAction](), reflect.TypeFor[xgid.ID]()},
		Funcs:        map[string]any{"Format": xgid.Format, "FromGame": xgid.FromGame, "FromMatch": xgid.FromMatch, "Parse": xgid.Parse},
		NilReceivers: map[string]string{"ID": "Called on a nil *ID it panics, as encoding/json never calls it."},
		Samples:      samples,
		Hostile:      hostile,
	}
}
