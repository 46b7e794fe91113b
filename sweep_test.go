package nardy_test

import (
	"reflect"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/sweep"
)

// TestSweep calls every exported function and method of the package with
// zero and hostile arguments (nil, -1, huge, NaN, Color(7), Variant(9),
// ActionKind(200), lying dice) on zero, nil and hostile receivers: none may
// panic but those Allowed, whose doc says they do. It fails too when the
// package exports a type or function not registered here.
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
		Path: "github.com/nardylab/nardy",
		Types: []reflect.Type{
			reflect.TypeFor[nardy.Action](), reflect.TypeFor[nardy.ActionError](), reflect.TypeFor[nardy.ActionKind](),
			reflect.TypeFor[nardy.BlockAhead](), reflect.TypeFor[nardy.Color](), reflect.TypeFor[nardy.CryptoDice](),
			reflect.TypeFor[nardy.Cube](), reflect.TypeFor[nardy.DiceSource](), reflect.TypeFor[nardy.EndReason](),
			reflect.TypeFor[nardy.Game](), reflect.TypeFor[nardy.HeadException](), reflect.TypeFor[nardy.InvalidRulesError](),
			reflect.TypeFor[nardy.Match](), reflect.TypeFor[nardy.MatchStart](), reflect.TypeFor[nardy.NextGameStarter](),
			reflect.TypeFor[nardy.Opening](), reflect.TypeFor[nardy.OpeningRoll](), reflect.TypeFor[nardy.PerftCount](), reflect.TypeFor[nardy.Phase](),
			reflect.TypeFor[nardy.Play](), reflect.TypeFor[nardy.Position](), reflect.TypeFor[nardy.PositionError](),
			reflect.TypeFor[nardy.Record](), reflect.TypeFor[nardy.RecordError](), reflect.TypeFor[nardy.Recorder](),
			reflect.TypeFor[nardy.Result](), reflect.TypeFor[nardy.ResultKind](), reflect.TypeFor[nardy.Roll](),
			reflect.TypeFor[nardy.RuleError](), reflect.TypeFor[nardy.Rules](), reflect.TypeFor[nardy.Scoring](),
			reflect.TypeFor[nardy.SeededDice](), reflect.TypeFor[nardy.Setup](), reflect.TypeFor[nardy.Side](),
			reflect.TypeFor[nardy.Step](), reflect.TypeFor[nardy.SyntaxError](), reflect.TypeFor[nardy.Turn](),
			reflect.TypeFor[nardy.Variant](), reflect.TypeFor[nardy.WeightedRoll](),
		},
		Funcs: map[string]any{
			"AllRolls": nardy.AllRolls, "Classify": nardy.Classify, "DefaultRules": nardy.DefaultRules,
			"MustParsePosition": nardy.MustParsePosition, "MustRoll": nardy.MustRoll, "NewGame": nardy.NewGame,
			"NewGameAt": nardy.NewGameAt, "NewMatch": nardy.NewMatch, "NewMatchAt": nardy.NewMatchAt,
			"NewPosition": nardy.NewPosition, "NewRecorder": nardy.NewRecorder, "NewRecorderAt": nardy.NewRecorderAt,
			"NewRoll": nardy.NewRoll, "NewSeededDice": nardy.NewSeededDice, "OpponentPoint": nardy.OpponentPoint,
			"ParseKey": nardy.ParseKey, "ParsePosition": nardy.ParsePosition, "ParseRoll": nardy.ParseRoll,
			"ParseVariant": nardy.ParseVariant, "Replay": nardy.Replay, "ResumeMatch": nardy.ResumeMatch,
			"ResumeRecorder": nardy.ResumeRecorder, "StartPosition": nardy.StartPosition, "Throw": nardy.Throw,
			"ThrowOpening": nardy.ThrowOpening,
		},
		Samples: samples,
		Hostile: hostile,
		Limits: map[string]sweep.Limit{
			"Rules.Perft": {Why: "a walk of the game tree deeper than a ply takes long by design (116 million leaves at depth 3)",
				OK: func(in []reflect.Value) bool { d := in[2].Int(); return d <= 1 || d > 64 }},
			"Rules.PerftContext": {Why: "Rules.Perft's walk, with a context",
				OK: func(in []reflect.Value) bool { d := in[3].Int(); return d <= 1 || d > 64 }},
		},
		NilReceivers: map[string]string{
			"ActionError": sweepNilError, "InvalidRulesError": sweepNilError, "PositionError": sweepNilError,
			"RecordError": sweepNilError, "RuleError": sweepNilError, "SyntaxError": sweepNilError,
			// Their pointer methods are UnmarshalJSON or UnmarshalText.
			"Action": sweepNilDecode, "ActionKind": sweepNilDecode, "BlockAhead": sweepNilDecode, "Color": sweepNilDecode,
			"EndReason": sweepNilDecode, "Game": sweepNilDecode, "HeadException": sweepNilDecode, "Match": sweepNilDecode,
			"NextGameStarter": sweepNilDecode, "OpeningRoll": sweepNilDecode, "Phase": sweepNilDecode,
			"Position": sweepNilDecode, "Record": sweepNilDecode, "ResultKind": sweepNilDecode, "Roll": sweepNilDecode,
			"Rules": sweepNilDecode, "Variant": sweepNilDecode,
		},
		Allowed: map[string]string{
			"MustRoll":          "MustRoll is like NewRoll but panics on error",
			"MustParsePosition": "MustParsePosition is like ParsePosition but panics on error",
		},
	}
}

// The package doc's sentences that allow a nil receiver to panic.
const (
	sweepNilError  = "the methods of a nil typed error panic, as a nil *os.PathError's do"
	sweepNilDecode = "UnmarshalJSON or UnmarshalText called on a nil pointer may"
)
