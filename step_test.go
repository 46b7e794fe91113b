package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStepKinds: a step from the bar enters (S3), a step to Off bears a
// checker off (C6), and a step between points does neither.
func TestStepKinds(t *testing.T) {
	enter, off, move := Step{From: Bar, To: 22, Die: 3}, Step{From: 3, To: Off, Die: 5}, Step{From: 13, To: 8, Die: 5}
	assert.True(t, enter.IsEnter())
	assert.False(t, enter.IsBearOff())
	assert.True(t, off.IsBearOff())
	assert.False(t, off.IsEnter())
	assert.False(t, move.IsEnter() || move.IsBearOff())
}
