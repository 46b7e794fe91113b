package main

import (
	"errors"
	"os"
)

// ErrStoreInUse: the SQLite file is another server's (one server per
// file): its lock is held, by another process or by another store of this
// one.
var ErrStoreInUse = errors.New("store: the SQLite file is in use by another server")

// lockSuffix names a SQLite file's lock file: FILE.lock beside it.
const lockSuffix = ".lock"

// storeLock is the lock of a SQLite file, held while its store is open.
type storeLock struct {
	f *os.File
}

// unlock lets the lock go (nil: no lock held).
func (l *storeLock) unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	return l.f.Close() // closing the file lets its lock go
}
