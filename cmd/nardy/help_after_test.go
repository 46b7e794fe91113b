package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHelpAfterTheArguments: -h, -help or --help after a command's
// argument (analyze's FILE) or after an argument a command does not take
// prints the command's usage on stdout with exit status 0, as before the
// arguments and as "nardy help COMMAND" does, for every command; where
// it printed "unexpected argument "-h"" and the usage on stderr, status
// 2, without the hint other flags after the arguments get (helper-196:
// "flags go before the arguments"). After "--", -h is a file's name.
func TestHelpAfterTheArguments(t *testing.T) {
	for _, cmd := range []string{"conform", "legal", "perft", "analyze", "eval", "hint", "rollout"} {
		code, want, stderr := runCmd("help", cmd)
		assert.Equal(t, 0, code, stderr)
		for _, h := range []string{"-h", "-help", "--help"} {
			code, out, stderr := runCmd(cmd, "game.json", h)
			assert.Equal(t, 0, code, "%s game.json %s: %s", cmd, h, stderr)
			assert.Equal(t, want, out, "%s game.json %s", cmd, h)
			assert.Empty(t, stderr, "%s game.json %s", cmd, h)
		}
	}
	code, out, stderr := runCmd("analyze", "-ply", "0", "--", "-h")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "nardy analyze: open -h: no such file or directory\n", stderr, "a file named -h, which does not exist")
}
