// Package testmem measures the heap memory a function allocates, for the
// tests that show a reader's memory does not grow with its input.
package testmem

import "runtime"

// Allocated returns the bytes f allocates on the heap (all of them, also
// those freed before it returns).
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
