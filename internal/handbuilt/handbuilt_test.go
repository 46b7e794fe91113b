package handbuilt

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// recorder is a TestingT that keeps the failures reported to it.
type recorder struct{ failures []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

// TestWithin: a call that returns passes, one that panics or hangs fails
// with the call's name in the message.
func TestWithin(t *testing.T) {
	var ok, panics, hangs recorder
	Within(&ok, time.Second, "quick", func() {})
	Within(&panics, time.Second, "boom", func() { panic("at the disco") })
	stop := make(chan struct{})
	defer close(stop)
	Within(&hangs, 10*time.Millisecond, "stuck", func() { <-stop })
	assert.Empty(t, ok.failures)
	if assert.Len(t, panics.failures, 1) {
		assert.Contains(t, panics.failures[0], "boom: at the disco")
	}
	if assert.Len(t, hangs.failures, 1) {
		assert.Contains(t, hangs.failures[0], "stuck did not return")
	}
}

// TestInt: every edge value and every value of the small range come up in
// a run of draws: 50 draws a case, so that the 20 cases of -short (which
// missed one now and then with a draw a case) come up with every value.
func TestInt(t *testing.T) {
	edges := []int{-7, 1 << 40}
	seen := map[int]bool{}
	rapid.Check(t, func(t *rapid.T) {
		for i := range 50 {
			seen[Int(edges, 2, 3).Draw(t, fmt.Sprintf("x%d", i))] = true
		}
	})
	for _, v := range []int{-7, 1 << 40, 2, 3} {
		assert.True(t, seen[v], "%d never drawn", v)
	}
}
