package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClientCountForgetsIdleClients: a clientCount keeps no entry for a
// client whose runs have all ended, so that its table holds only the
// clients with runs under way (kills mutation s39: done leaving the
// client's entry at 0).
func TestClientCountForgetsIdleClients(t *testing.T) {
	h := clientCount{limit: 2}
	require.True(t, h.start("192.0.2.1"))
	require.True(t, h.start("192.0.2.1"))
	require.False(t, h.start("192.0.2.1"), "at its limit")
	h.done("192.0.2.1")
	assert.Equal(t, map[string]int{"192.0.2.1": 1}, h.n)
	h.done("192.0.2.1")
	assert.Empty(t, h.n)
	assert.Zero(t, h.running("192.0.2.1"))
}
