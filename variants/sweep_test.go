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
func TestSweep(t *testing.T) {
	samples, hostile := sweep.NardyFor(t)
	sweep.Run(t, sweep.Config{
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
	})
}
