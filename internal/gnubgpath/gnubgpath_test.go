package gnubgpath

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPathPrefersPATH: a gnubg on PATH comes before Debian's
// /usr/games/gnubg (which came first, so that a user could not put
// another build in its place, helper-87); without one on PATH, Debian's
// if installed.
func TestPathPrefersPATH(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "gnubg")
	require.NoError(t, os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755))
	t.Setenv("PATH", dir)
	assert.Equal(t, fake, Path())

	t.Setenv("PATH", t.TempDir())
	want := ""
	if _, err := os.Stat(Debian); err == nil {
		want = Debian
	}
	assert.Equal(t, want, Path())
}
