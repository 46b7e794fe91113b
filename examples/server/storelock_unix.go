//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lockStore takes the lock of the SQLite file db for the store that opens
// it: an exclusive flock(2) on FILE.lock, created if missing, which the
// kernel lets go when the store closes or the process ends, SIGKILL
// included (no stale lock to remove by hand). The file itself is not
// locked, so that SQLite's own locks on it (fcntl, which closing another
// descriptor of the file would drop) are left alone. A lock held already
// is ErrStoreInUse, naming the process that wrote its id in the lock file.
// The lock binds the servers of one machine that name the file by one
// path: a file reached through another name (a link) or from another
// machine (a network file system, where SQLite's WAL mode does not work
// anyway) is not covered.
func lockStore(db string) (*storeLock, error) {
	path := db + lockSuffix
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("sqlite %s: its lock file: %w", db, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		held := errors.Is(err, syscall.EWOULDBLOCK)
		by := "another process"
		if b, rerr := os.ReadFile(path); rerr == nil && held {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil && pid > 0 {
				by = fmt.Sprintf("process %d", pid)
			}
		}
		f.Close()
		if held {
			return nil, fmt.Errorf("%w: %s (its lock file %s is held by %s): one server per SQLite file; stop that server first, or share a PostgreSQL store (-postgres) between servers",
				ErrStoreInUse, db, path, by)
		}
		return nil, fmt.Errorf("sqlite %s: locking %s: %w", db, path, err)
	}
	// The holder's process id, for the message of the next one to try.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &storeLock{f: f}, nil
}
