package main

import (
	"io"
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
)

// TestDocumentedCommandLinesParse: every command line that runs the
// demo (as go run ./examples/selfplay) in the documents of
// testgen.DocFiles names flags it has, with values of their types.
func TestDocumentedCommandLinesParse(t *testing.T) {
	testgen.CheckDocCommands(t, []string{"go run ./examples/selfplay"}, 2, false, func(args []string, stdout, stderr io.Writer) int {
		return run(args, stdout, stderr)
	})
}
