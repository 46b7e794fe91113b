//go:build unix

package gnubgplay

import "syscall"

// mkfifo makes the named pipe path, through which the driver talks to
// gnubg.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
