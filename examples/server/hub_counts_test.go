package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestHubUnsubscribeFreesItsPlace: a stream unsubscribed gives its place
// back: a hub of at most 2 streams takes a subscription and its
// unsubscription five times over, every subscription succeeding, and
// holds no stream after (kills mutation s33: remove not counting the
// stream out).
func TestHubUnsubscribeFreesItsPlace(t *testing.T) {
	h := newHub(2, 10)
	for i := range 5 {
		ch, err := h.subscribe("g1", nardy.White, "192.0.2.1")
		require.NoError(t, err, "subscription %d", i+1)
		h.unsubscribe("g1", ch)
	}
	assert.Zero(t, h.n)
}

// TestHubClosedRefuses: once closeAll has ended every stream (the server
// stopping), a new subscription is refused with errHubClosed (kills
// mutation s32: subscribe not checking closed).
func TestHubClosedRefuses(t *testing.T) {
	h := newHub(10, 10)
	ch, err := h.subscribe("g1", nardy.White, "192.0.2.1")
	require.NoError(t, err)
	h.closeAll()
	assert.True(t, hubClosed(ch), "the stream's channel is closed by closeAll")
	_, err = h.subscribe("g1", nardy.Black, "192.0.2.2")
	assert.ErrorIs(t, err, errHubClosed)
}

// TestHubEvictsOnlyTwoMore: with every stream taken, a client's stream
// takes the place of the oldest of the client holding the most only when
// that one holds at least two more than it: in a hub of 3 where A holds 2
// and B 1, B's second stream is refused (errTooManyStreams) and A keeps
// both (kills mutation s28: one more enough to evict).
func TestHubEvictsOnlyTwoMore(t *testing.T) {
	h := newHub(3, 10)
	a1, err := h.subscribe("g1", nardy.White, "A")
	require.NoError(t, err)
	a2, err := h.subscribe("g2", nardy.White, "A")
	require.NoError(t, err)
	_, err = h.subscribe("g3", nardy.White, "B")
	require.NoError(t, err)

	_, err = h.subscribe("g4", nardy.White, "B")
	require.ErrorIs(t, err, errTooManyStreams)
	assert.Equal(t, 2, h.clients["A"], "A's streams are kept")
	assert.Equal(t, 1, h.clients["B"])
	assert.False(t, hubClosed(a1), "A's first stream was ended")
	assert.False(t, hubClosed(a2), "A's second stream was ended")

	// C, with none, may take A's oldest (2 ≥ 0+2), and only that one.
	_, err = h.subscribe("g5", nardy.White, "C")
	require.NoError(t, err)
	assert.True(t, hubClosed(a1), "A's oldest stream is not ended: its channel is still open")
	assert.False(t, hubClosed(a2), "A's newest stream was ended instead of its oldest")
	assert.Equal(t, 1, h.clients["A"], "A keeps one stream")
}

// hubClosed reports whether the hub has closed a stream's channel, without
// waiting: the hub closes it within the call that ends the stream
// (subscribe's eviction, closeAll), so a test never waits on a channel
// left open by mistake. A wake-up left in the channel is read past.
func hubClosed(ch chan struct{}) bool {
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return true
			}
		default:
			return false
		}
	}
}

// TestHubForgetsClientsWithoutStreams: the per-client count of a hub keeps
// no entry for a client whose streams have all ended, so that the table
// does not grow with every client ever seen (kills mutation s34: the
// client's entry kept at 0).
func TestHubForgetsClientsWithoutStreams(t *testing.T) {
	h := newHub(10, 10)
	a, err := h.subscribe("g1", nardy.White, "192.0.2.1")
	require.NoError(t, err)
	b, err := h.subscribe("g1", nardy.Black, "192.0.2.1")
	require.NoError(t, err)
	h.unsubscribe("g1", a)
	assert.Equal(t, map[string]int{"192.0.2.1": 1}, h.clients)
	h.unsubscribe("g1", b)
	assert.Empty(t, h.clients)
	assert.Empty(t, h.streams)
}
