package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestCheckLimits: the command line refuses a -ttl that is not positive
// and a negative limit, which Config would quietly read as its default.
func TestCheckLimits(t *testing.T) {
	assert.NoError(t, checkLimits(time.Hour, map[string]int{"max-games": 0, "max-per-client": 20}))
	assert.ErrorContains(t, checkLimits(0, nil), "-ttl 0s: want a positive duration")
	assert.ErrorContains(t, checkLimits(-time.Second, nil), "-ttl -1s")
	assert.ErrorContains(t, checkLimits(time.Hour, map[string]int{"max-games": 5, "max-per-client": -1}),
		"-max-per-client -1: want 0 (the default) or more")
}
