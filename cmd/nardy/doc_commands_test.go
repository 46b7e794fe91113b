package main

import (
	"io"
	"strings"
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
)

// TestDocumentedCommandLinesParse: every command line that runs nardy
// (as go run ./cmd/nardy) in the documents of testgen.DocFiles names a
// command and flags it has, with values of their types; the files a line
// names stay after the -h.
func TestDocumentedCommandLinesParse(t *testing.T) {
	testgen.CheckDocCommands(t, []string{"go run ./cmd/nardy "}, 9, true, func(args []string, stdout, stderr io.Writer) int {
		return run(args, strings.NewReader(""), stdout, stderr)
	})
}
