package main

import (
	"io"
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
)

// TestDocumentedCommandLinesParse: every command line that runs the
// tournament (as go run ./examples/tournament) in the documents of
// testgen.DocFiles names flags it has, with values of their types.
func TestDocumentedCommandLinesParse(t *testing.T) {
	testgen.CheckDocCommands(t, []string{"go run ./examples/tournament "}, 4, false, func(args []string, stdout, stderr io.Writer) int {
		return run(args, stdout, stderr)
	})
}
