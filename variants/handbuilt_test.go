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

func TestHandBuiltVariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.OneOf(rapid.String(), rapid.SampledFrom(variants.Names())).Draw(t, "name")
		r := nardy.Rules{Variant: nardy.Variant(rapid.Uint8().Draw(t, "v")), MaxCube: rapid.SampledFrom([]int{0, -1, 64, math.MaxInt, math.MinInt}).Draw(t, "max"),
			Scoring: nardy.Scoring{Oin: rapid.Int().Draw(t, "oin")}, HeadException: nardy.HeadException(rapid.Uint8().Draw(t, "h"))}
		assert.NotPanics(t, func() {
			_, _ = variants.Lookup(name)
			_ = variants.NameOf(r)
			_ = variants.All()
		})
	})
}
