package neural_test

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/sweep"
	"github.com/nardylab/nardy/neural"
)

// TestSweep calls every exported function and method of the package with
// zero and hostile arguments (internal/sweep): NaN and infinite chances,
// nil and zero networks, searchers of hostile widths and margins, plays of
// the zero Play, a cancelled context. None may panic but those allowed
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
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		r := nardy.DefaultRules(v)
		start, err := nardy.StartPosition(v, nardy.White)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples,
			func() any { n, _ := neural.Default(v); return n },
			func() any { return neural.NewSearcher(nil, r) },
			func() any {
				s := neural.NewSearcher(nil, r)
				s.Match = neural.ScoreFor(nardy.White, [2]int{2, 3}, 1)
				return s
			},
			func() any { return neural.NewSearcher(nil, r).Eval(start, 0) },
		)
	}
	var w bytes.Buffer // the weights of a small network, read whole and mutated
	small, err := neural.NewNet(nardy.Short, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := small.WriteTo(&w); err != nil {
		t.Fatal(err)
	}
	weights := w.String()
	samples = append(samples, func() any { return io.Reader(strings.NewReader(weights)) })
	mutants := sweep.Mutants(weights)
	for i := range min(len(weights), 96) { // the header and first weights: each byte 0x00 and 0xff
		mutants = append(mutants, weights[:i]+"\x00"+weights[i+1:], weights[:i]+"\xff"+weights[i+1:], weights[:i])
	}
	accepted := 0
	for _, m := range mutants {
		hostile = append(hostile, func() any { return io.Reader(strings.NewReader(m)) })
		if _, err := neural.ReadNet(strings.NewReader(m)); err == nil { // odd weights taken: a hostile network
			accepted++
			hostile = append(hostile, func() any { n, _ := neural.ReadNet(strings.NewReader(m)); return n })
		}
	}
	t.Logf("%d of %d mutated weights files read", accepted, len(mutants))
	samples = append(samples,
		func() any { return neural.RolloutOptions{Trials: 36, Truncate: 2} },
		func() any { return [2]int{3, 2} },
		func() any { return neural.DefaultMET() }, func() any { return neural.ScoreFor(nardy.Black, [2]int{1, 4}, 2) },
	)
	return sweep.Config{
		Path: "github.com/nardylab/nardy/neural",
		Types: []reflect.Type{
			reflect.TypeFor[neural.CubeDecision](), reflect.TypeFor[neural.CubeInfo](), reflect.TypeFor[neural.CubeRollout](),
			reflect.TypeFor[neural.MET](), reflect.TypeFor[neural.MatchScore](), reflect.TypeFor[neural.Net](),
			reflect.TypeFor[neural.PlayRollout](), reflect.TypeFor[neural.Probs](), reflect.TypeFor[neural.Ranked](),
			reflect.TypeFor[neural.RolloutError](), reflect.TypeFor[neural.RolloutOptions](), reflect.TypeFor[neural.RolloutResult](),
			reflect.TypeFor[neural.Searcher](), reflect.TypeFor[neural.WeightsError](),
		},
		Funcs: map[string]any{
			"ComputeMET": neural.ComputeMET, "CubeAction": neural.CubeAction, "DecideCube": neural.DecideCube,
			"Default": neural.Default, "DefaultMET": neural.DefaultMET, "Efficiency": neural.Efficiency,
			"GameCubeInfo": neural.GameCubeInfo, "IsBearoffRace": neural.IsBearoffRace, "NewNet": neural.NewNet,
			"NewSearcher": neural.NewSearcher, "PlayLoss": neural.PlayLoss, "ReadNet": neural.ReadNet,
			"ScoreFor": neural.ScoreFor, "WarmUp": neural.WarmUp,
		},
		Samples:     samples,
		LiveContext: true,
		Hostile:     hostile,
		Limits: map[string]sweep.Limit{
			"WarmUp": {Why: "valid rules build the bear-off and match tables, about 1.5 s by design",
				OK: func(in []reflect.Value) bool { return in[0].Interface().(nardy.Rules).Validate() != nil }},
		},
		NilReceivers: map[string]string{
			"CubeDecision": "Called on a nil *CubeDecision it panics, as encoding/json never calls it.",
			"Probs":        "Called on a nil *Probs it panics, as encoding/json never calls it.",
			"RolloutError": "A nil *RolloutError is no error: its methods panic, as a nil *os.PathError's do.",
			"WeightsError": "A nil *WeightsError is no error: its methods panic, as a nil *os.PathError's do.",
		},
	}
}
