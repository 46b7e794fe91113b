// Package handbuilt holds what the tests of values built by hand share in
// every package: a generator of integers that favours the values a field
// is most likely to break on, and a guard that a call neither panics nor
// hangs. It is for tests only.
package handbuilt

import (
	"time"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// Int draws one of edges (the integers a package's fields are most likely
// to break on), an integer in lo..hi, or any int.
func Int(edges []int, lo, hi int) *rapid.Generator[int] {
	return rapid.OneOf(rapid.SampledFrom(edges), rapid.IntRange(lo, hi), rapid.Int())
}

// Within runs f and fails t if it panics or does not return within d.
// Draw every value f needs before: a *rapid.T is not for another
// goroutine.
func Within(t assert.TestingT, d time.Duration, name string, f func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case p := <-done:
		if p != nil {
			assert.Fail(t, "panic", "%s: %v", name, p)
		}
	case <-time.After(d):
		assert.Fail(t, "timeout", "%s did not return within %v", name, d)
	}
}
