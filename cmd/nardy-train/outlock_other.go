//go:build !unix

package main

import "os"

// lockFile does nothing where there is no flock: the help asks for one
// run at a time per -out, and each run writes its weights through
// temporary files of its own.
func lockFile(*os.File) error { return nil }
