//go:build unix

package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInterruptContextEndsOnSignals: the context of rollout -json and
// perft -json ends at an interrupt (Ctrl-C) and at SIGTERM, as their -h
// says, and says which signal ended it. The test sends each signal to its
// own process, which it catches too (so that a signal the context does
// not take fails the test, rather than ending the test binary).
func TestInterruptContextEndsOnSignals(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		want string
	}{
		{syscall.SIGINT, "interrupt signal received"},
		{syscall.SIGTERM, "terminated signal received"},
	} {
		guard := make(chan os.Signal, 1)
		signal.Notify(guard, c.sig)
		ctx, stop := interruptContext()
		require.NoError(t, syscall.Kill(os.Getpid(), c.sig))
		select {
		case <-ctx.Done():
			assert.EqualError(t, context.Cause(ctx), c.want)
		case <-time.After(5 * time.Second):
			t.Errorf("%v did not end the context", c.sig)
		}
		stop()
		signal.Stop(guard)
	}
}
