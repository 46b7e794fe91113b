package main

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestBotPoolWaitsAtMostItsWait: a run waits for a free bot slot at most
// the pool's wait (Config.BotWait), even under a context that never ends
// (a hint waits under its request's context only): with the one slot
// held, a second run gives up with context.DeadlineExceeded near the
// wait, and runs again once the slot is free.
func TestBotPoolWaitsAtMostItsWait(t *testing.T) {
	const wait = 20 * time.Millisecond
	p := newBotPool(1, wait, 0)
	held, release, freed := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(freed)
		_ = p.run(context.Background(), func() { close(held); <-release })
	}()
	<-held
	done := make(chan error, 1)
	go func() { done <- p.run(context.Background(), func() { t.Error("ran without a free slot") }) }()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(5 * time.Second): // a fail-safe, not a measure: the wait is 20 ms
		t.Fatal("a run waited for a slot past the pool's wait")
	}
	close(release)
	<-freed
	ran := false
	require.NoError(t, p.run(context.Background(), func() { ran = true }))
	require.True(t, ran)
}
