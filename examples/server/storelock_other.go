//go:build !unix

package main

// lockStore takes no lock where flock(2) is missing (Windows, wasm): one
// server per SQLite file is then the operator's to keep.
func lockStore(string) (*storeLock, error) { return nil, nil }
