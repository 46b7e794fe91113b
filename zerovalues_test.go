package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestZeroRollAndStepSayNothing: the zero Roll (no roll) is no double and
// gives no steps, and the zero Step moves nothing, so bears nothing off;
// they answered true, 4 and true (helper-81). Real ones keep C3's counts.
func TestZeroRollAndStepSayNothing_C3(t *testing.T) {
	var r Roll
	assert.False(t, r.IsDouble())
	assert.Zero(t, r.Steps())
	assert.Equal(t, 4, MustRoll(1, 1).Steps())
	assert.True(t, MustRoll(6, 6).IsDouble())
	assert.Equal(t, 2, MustRoll(6, 1).Steps())
	assert.False(t, MustRoll(6, 1).IsDouble())

	assert.False(t, Step{}.IsBearOff())
	assert.True(t, Step{From: 3, To: Off, Die: 5}.IsBearOff())
	assert.False(t, Step{From: 8, To: 3, Die: 5}.IsBearOff())
}
