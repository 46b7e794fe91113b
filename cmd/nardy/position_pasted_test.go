package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPositionIDPasted: nardy legal and nardy eval read -gnubg as
// gnubg.ParsePositionID documents (GNU Backgammon 1.07's "set board"): the
// Position ID with spaces, tabs or line ends around it and up to two '=' of
// Base64 padding after it gives what the bare ID gives; a third '=' or a
// character inside the ID is still refused (exit status 2).
func TestPositionIDPasted(t *testing.T) {
	const start = "4HPwATDgc/ABMA" // the short start, gnubg's own ID of it
	for _, cmd := range [][]string{{"legal", "-roll", "3-1"}, {"eval"}} {
		args := func(id string) []string { return append([]string{cmd[0], "-gnubg", id}, cmd[1:]...) }
		code, want, stderr := runCmd(args(start)...)
		require.Equal(t, 0, code, stderr)
		require.NotEmpty(t, want)
		for _, pasted := range []string{start + "==", start + "=", " " + start + "\t", start + "\r\n", "\n" + start + "== "} {
			code, out, stderr := runCmd(args(pasted)...)
			if assert.Equal(t, 0, code, "%s -gnubg %q: %s", cmd[0], pasted, stderr) {
				assert.Equal(t, want, out, "%s -gnubg %q", cmd[0], pasted)
			}
		}
		for _, bad := range []string{start + "===", "4HPwATDg c/ABMA"} {
			code, out, stderr := runCmd(args(bad)...)
			assert.Equal(t, 2, code, "%s -gnubg %q", cmd[0], bad)
			assert.Empty(t, out)
			assert.Contains(t, stderr, "Position ID", "%s -gnubg %q", cmd[0], bad)
		}
	}
}
