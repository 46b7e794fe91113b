package nardy_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/variants"
)

// TestSameFaultSameError: the zero Position is the same fault whichever
// entry point meets it and whatever rules are at hand (issue 10: the rules
// derived from its variant once said "unknown variant"), §4.
func TestSameFaultSameError(t *testing.T) {
	var zero nardy.Position
	roll := nardy.MustRoll(3, 1)
	for name, r := range map[string]nardy.Rules{
		"rules of its variant": nardy.DefaultRules(zero.Variant()),
		"long":                 variants.LongMoscow(),
		"short":                variants.ShortStandard(),
	} {
		var errs []error
		_, err := r.Legal(zero, roll)
		errs = append(errs, err)
		_, err = r.AppendLegal(nil, zero, roll)
		errs = append(errs, err)
		_, err = r.Apply(zero, nardy.Play{})
		errs = append(errs, err)
		_, err = r.PlayOf(zero, roll)
		errs = append(errs, err)
		_, err = r.NewTurn(zero, roll)
		errs = append(errs, err)
		_, err = r.ParsePlay(zero, roll, "8/5 6/5")
		errs = append(errs, err)
		_, err = r.Perft(zero, 1, 1)
		errs = append(errs, err)
		errs = append(errs, r.CheckPosition(zero))
		for i, err := range errs {
			require.Error(t, err, "%s, entry point %d", name, i)
			var pe *nardy.PositionError
			require.True(t, errors.As(err, &pe), "%s, entry point %d: %v", name, i, err)
			assert.Equal(t, errs[0].Error(), err.Error(), "%s, entry point %d", name, i)
		}
	}
	_, err := gnubg.PositionID(zero)
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition)

	// A long position in a short-nardy format speaks of variants, not rules.
	long, err := nardy.StartPosition(nardy.Long, nardy.White)
	require.NoError(t, err)
	_, err = gnubg.PositionID(long)
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch)
	assert.NotContains(t, err.Error(), "rules")
}
