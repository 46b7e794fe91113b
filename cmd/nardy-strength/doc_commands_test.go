package main

import (
	"bytes"
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocumentedCommandLinesParse: every nardy-strength command line of
// README.md, BENCHMARKS.md and docs/strength.md names a command and flags
// it has, with values of their types: each is run with -h appended, which
// parses every flag before it and prints the usage instead of playing (a
// flag renamed or dropped would leave the documents' commands refused).
func TestDocumentedCommandLinesParse(t *testing.T) {
	cmds, err := testgen.DocCommands("../..", []string{"/tmp/nardy-strength ", "go run ./cmd/nardy-strength "},
		"README.md", "BENCHMARKS.md", "docs/strength.md")
	require.NoError(t, err)
	require.Greater(t, len(cmds), 40, "the documents' command lines")
	for _, c := range cmds {
		var stdout, stderr bytes.Buffer
		code := run(append(c.Args, "-h"), &stdout, &stderr)
		assert.Equal(t, 0, code, "%s: nardy-strength %v: %s", c.Where, c.Args, stderr.String())
	}
}
