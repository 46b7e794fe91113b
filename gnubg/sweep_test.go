package gnubg_test

import (
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
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
	samples, hostile := sweep.NardyFor(t)
	for _, s := range samples {
		if g, ok := s().(nardy.Game); ok {
			if pid, id, err := gnubg.FromGame(g); err == nil {
				samples = append(samples, func() any { return id }, func() any { return pid })
				for _, m := range append(sweep.Mutants(pid), sweep.Mutants(id.String())...) {
					hostile = append(hostile, func() any { return m })
				}
			}
		}
	}
	for _, s := range samples { // a .mat file of each record, read whole and mutated
		if rec, ok := s().(nardy.Record); ok {
			var b strings.Builder
			if gnubg.WriteMat(&b, rec, gnubg.MatInfo{Players: [2]string{"a", "b"}}) == nil {
				mat := b.String()
				samples = append(samples, func() any { return io.Reader(strings.NewReader(mat)) })
				for _, m := range sweep.Mutants(mat) {
					hostile = append(hostile, func() any { return io.Reader(strings.NewReader(m)) })
				}
			}
		}
	}
	samples = append(samples, func() any { return gnubg.MatInfo{Tags: []gnubg.MatTag{{Key: "Site", Value: "x"}}} })
	return sweep.Config{
		Path: "github.com/nardylab/nardy/gnubg",
		Types: []reflect.Type{
			reflect.TypeFor[gnubg.GameState](), reflect.TypeFor[gnubg.MatError](), reflect.TypeFor[gnubg.MatInfo](),
			reflect.TypeFor[gnubg.MatTag](), reflect.TypeFor[gnubg.MatchID](),
		},
		NilReceivers: map[string]string{
			"MatchID":  "Called on a nil *MatchID it panics, as encoding/json never calls it.",
			"MatError": "A nil *MatError is no error: its methods panic, as a nil *os.PathError's do.",
		},
		Funcs: map[string]any{
			"FormatMatchID": gnubg.FormatMatchID, "FromGame": gnubg.FromGame, "FromMatch": gnubg.FromMatch,
			"Game": gnubg.Game, "Match": gnubg.Match, "NewMatchID": gnubg.NewMatchID, "ParseMatchID": gnubg.ParseMatchID,
			"ParsePositionID": gnubg.ParsePositionID, "PositionID": gnubg.PositionID, "SplitID": gnubg.SplitID, "ReadMat": gnubg.ReadMat,
			"ReadMatSession": gnubg.ReadMatSession, "Recorder": gnubg.Recorder, "WriteMat": gnubg.WriteMat,
		},
		Samples: samples,
		Hostile: hostile,
	}
}
