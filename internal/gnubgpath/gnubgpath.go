// Package gnubgpath finds the GNU Backgammon binary, for the programs that
// play against it (internal/gnubgplay) and the tests that compare with it
// (internal/testgen) alike.
package gnubgpath

import (
	"os"
	"os/exec"
)

// Debian is where Debian's gnubg package puts the binary, off the PATH of
// many shells.
const Debian = "/usr/games/gnubg"

// Path returns the gnubg binary, or "" when it is not installed: the
// first gnubg on PATH, so that a user can put another build first, else
// Debian's.
func Path() string {
	if p, err := exec.LookPath("gnubg"); err == nil {
		return p
	}
	if _, err := os.Stat(Debian); err == nil {
		return Debian
	}
	return ""
}
