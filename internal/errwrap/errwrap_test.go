package errwrap

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestChain: the sentinel alone, or the sentinel then the reason.
func TestChain(t *testing.T) {
	sentinel, reason := errors.New("sentinel"), errors.New("reason")
	assert.Equal(t, []error{sentinel}, Chain(sentinel, nil))
	assert.Equal(t, []error{sentinel, reason}, Chain(sentinel, reason))
}

// TestSplit: the text as fmt.Errorf writes it, and the error %w wrapped.
func TestSplit(t *testing.T) {
	reason := errors.New("deep")
	msg, got := Split("rollout: %w (at %d)", reason, 3)
	assert.Equal(t, "rollout: deep (at 3)", msg)
	assert.Same(t, reason, got)
	msg, got = Split("ply %d not in 0..%d", 3, 2)
	assert.Equal(t, "ply 3 not in 0..2", msg)
	assert.Nil(t, got)
}
