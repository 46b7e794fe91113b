package variants_test

import (
	"reflect"
	"testing"

	"github.com/nardylab/nardy/internal/sweep"
	"github.com/nardylab/nardy/variants"
)

// TestSweep calls every exported function of the package with zero and
// hostile arguments (internal/sweep): none may panic, and every exported
// type and function must be registered here.
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
		Path:  "github.com/nardylab/nardy/variants",
		Types: []reflect.Type{reflect.TypeFor[variants.Preset]()},
		Funcs: map[string]any{
			"All": variants.All, "AzerbaijaniScoring": variants.AzerbaijaniScoring, "BackgammonScoring": variants.BackgammonScoring,
			"FederationScoring": variants.FederationScoring, "KolaScoring": variants.KolaScoring, "LongAzerbaijani": variants.LongAzerbaijani,
			"LongAzerbaijaniOpeningDice": variants.LongAzerbaijaniOpeningDice, "LongClassic": variants.LongClassic,
			"LongMoscow": variants.LongMoscow, "LongMoscowLiteral": variants.LongMoscowLiteral, "Lookup": variants.Lookup,
			"NameOf": variants.NameOf, "Names": variants.Names, "ShortStandard": variants.ShortStandard,
			"ShortTavla": variants.ShortTavla, "TavlaScoring": variants.TavlaScoring,
		},
		Samples: append(samples, func() any { return variants.All()[0] }),
		Hostile: hostile,
	}
}
