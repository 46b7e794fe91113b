package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocumentedCommandLinesParse: every nardy command line of README.md,
// BENCHMARKS.md and docs/strength.md names a command and flags it has,
// with values of their types: each is run with -h after its flags (before
// the files it names), which parses every flag before it and prints the
// usage instead of running.
func TestDocumentedCommandLinesParse(t *testing.T) {
	cmds, err := testgen.DocCommands("../..", []string{"go run ./cmd/nardy "}, "README.md", "BENCHMARKS.md", "docs/strength.md")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(cmds), 9, "the documents' command lines")
	for _, c := range cmds {
		args := c.Args
		files := len(args)
		for files > 1 && !strings.HasPrefix(args[files-1], "-") && isFile("../../"+args[files-1]) {
			files--
		}
		args = append(append(append([]string(nil), args[:files]...), "-h"), args[files:]...)
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		assert.Equal(t, 0, code, "%s: nardy %v: %s", c.Where, args, stderr.String())
	}
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
