package bot_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/sweep"
	"github.com/nardylab/nardy/neural"
)

// TestSweep calls every exported function and method of the package with
// zero and hostile arguments (internal/sweep): nil, lying and erring
// players among them. None may panic but those allowed here by their doc,
// and every exported type and function must be registered here.
func TestSweep(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} { // the tables built before, not in a call
		r := nardy.DefaultRules(v)
		r.Beavers = v == nardy.Short
		if err := neural.WarmUp(r); err != nil {
			t.Fatal(err)
		}
	}
	sweep.Run(t, sweepConfig(t))
}

// TestConcurrentSweep calls every function of the package, and every
// method of each type whose docs promise it can be shared between
// goroutines, on the same values from several goroutines at once
// (internal/sweep's concurrent sweep; run it with -race): each result must
// be the lone call's. Its samples are games' openings: no call needs the
// bear-off tables, which take a minute to build under -race.
func TestConcurrentSweep(t *testing.T) { sweep.RunConcurrent(t, sweepConfig(t)) }

// sweepConfig registers the package's API, samples and exceptions for
// both sweeps.
func sweepConfig(t *testing.T) sweep.Config {
	t.Helper()
	samples, hostile := sweep.NardyFor(t)
	samples = append(samples,
		func() any { return bot.NewGreedy() }, func() any { return bot.NewRandom(1) },
		func() any { return bot.NewNeural(0) }, func() any { return bot.NewExpectimax(200) },
		func() any { return [2]bot.Player{bot.NewGreedy(), bot.NewRandom(2)} },
		func() any { return bot.DefaultCubePolicy() },
	)
	return sweep.Config{
		Path: "github.com/nardylab/nardy/bot",
		Types: []reflect.Type{
			reflect.TypeFor[bot.CubePolicy](), reflect.TypeFor[bot.Expectimax](), reflect.TypeFor[bot.Greedy](),
			reflect.TypeFor[bot.MatchSeer](), reflect.TypeFor[bot.Neural](), reflect.TypeFor[bot.Player](),
			reflect.TypeFor[bot.PlayerError](), reflect.TypeFor[bot.Random](), reflect.TypeFor[bot.UnknownBotError](),
		},
		Funcs: map[string]any{
			"DefaultCubePolicy": bot.DefaultCubePolicy, "Evaluate": bot.Evaluate, "Names": bot.Names, "New": bot.New,
			"NewExpectimax": bot.NewExpectimax, "NewGreedy": bot.NewGreedy, "NewNeural": bot.NewNeural,
			"NewRandom": bot.NewRandom, "Next": bot.Next, "NextInMatch": bot.NextInMatch, "PlayGame": bot.PlayGame,
			"PlayMatch": bot.PlayMatch, "PlayMatchAt": bot.PlayMatchAt, "PlayOn": bot.PlayOn, "PlayOut": bot.PlayOut,
			"WinChance": bot.WinChance,
		},
		Samples: samples,
		Hostile: append(hostile,
			func() any { return badPlayer{err: errors.New("sweep")} },
			func() any { return badPlayer{a: nardy.Action{Kind: 200, Player: 7}} },
			func() any {
				return badPlayer{a: nardy.Action{Kind: nardy.ActPlay, Steps: []nardy.Step{{From: -1, To: 99, Die: 7}}}}
			},
			func() any { return (*bot.Greedy)(nil) },
		),
		Limits: map[string]sweep.Limit{
			"PlayMatch":   {Why: "a long match between bots takes long by design", OK: shortMatch(1)},
			"PlayMatchAt": {Why: "a long match between bots takes long by design", OK: shortMatch(1)},
			"PlayOut": {Why: "a long match between bots takes long by design", OK: func(in []reflect.Value) bool {
				m := in[0].Interface().(nardy.Match)
				return m.Length() <= 3 || !m.IsValid()
			}},
		},
		NilReceivers: map[string]string{
			"PlayerError":     "A nil *PlayerError is no error: its methods panic, as a nil *os.PathError's do.",
			"UnknownBotError": "A nil *UnknownBotError is no error: its methods panic, as a nil *os.PathError's do.",
		},
	}
}

// shortMatch accepts the calls whose argument i, a match length, is at
// most 7 or refused (below 1 or above nardy.MaxMatchLength).
func shortMatch(i int) func([]reflect.Value) bool {
	return func(in []reflect.Value) bool {
		n := in[i].Int()
		return n <= 7 || n > nardy.MaxMatchLength
	}
}

// badPlayer returns one action, or an error, whatever the game.
type badPlayer struct {
	a   nardy.Action
	err error
}

func (badPlayer) Name() string { return "bad" }

func (p badPlayer) Act(nardy.Game, nardy.Color) (nardy.Action, error) { return p.a, p.err }
