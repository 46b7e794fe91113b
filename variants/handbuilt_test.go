package variants_test

// Names and rule sets built by hand given to Lookup and NameOf: each call
// must return without a panic.

import (
	"math"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// TestHandBuiltVariants: Lookup of any name and NameOf any rules: nothing
// panics, and Lookup of an unknown name fails with ErrInvalidRules.
func TestHandBuiltVariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.OneOf(rapid.String(), rapid.SampledFrom(variants.Names())).Draw(t, "name")
		r := nardy.Rules{Variant: nardy.Variant(rapid.Uint8().Draw(t, "v")), MaxCube: rapid.SampledFrom([]int{0, -1, 64, math.MaxInt, math.MinInt}).Draw(t, "max"),
			Scoring: nardy.Scoring{Oin: rapid.Int().Draw(t, "oin")}, HeadException: nardy.HeadException(rapid.Uint8().Draw(t, "h"))}
		assert.NotPanics(t, func() {
			if _, err := variants.Lookup(name); err != nil {
				assert.ErrorIs(t, err, nardy.ErrInvalidRules)
			}
			_ = variants.NameOf(r)
			_ = variants.All()
		})
	})
}
