package main

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHintThirdIsBusy: a client has at most two hints under way at once
// (the README's figure): with two waiting for the one bot slot, the
// client's third is refused at once with 429 hint_busy and Retry-After 1,
// and the two answer once the slot is free (kills mutation s40: another
// bound, which left the third waiting for the slot).
func TestHintThirdIsBusy(t *testing.T) {
	c := newClient(t, Config{BotSlots: 1})
	_, toAct, _ := hintOpen(c)
	free := holdBotSlots(t, c)
	defer free()
	waiting := []chan hintAnswer{hintAsync(toAct), hintAsync(toAct)}
	require.Eventually(t, func() bool { return c.srv.hints.running("127.0.0.1") == 2 }, 5*time.Second, time.Millisecond)

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", c.url+toAct.path("hint"), nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+toAct.token)
	resp, err := c.hc.Do(req)
	require.NoError(t, err, "the third hint is answered at once, not left waiting for a slot")
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	refusedWith(t, http.StatusTooManyRequests, "hint_busy", resp.StatusCode, b, "the third hint")
	assert.Equal(t, "1", resp.Header.Get("Retry-After"))
	free()
	for _, w := range waiting {
		a := <-w
		assert.Equal(t, http.StatusOK, a.status, "%s", a.body)
	}
}

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
