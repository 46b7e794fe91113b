package main

import (
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
)

// TestDocumentedCommandLinesParse: every command line that runs
// nardy-strength (as /tmp/nardy-strength or go run ./cmd/nardy-strength) in
// the documents of testgen.DocFiles names a command and flags it has,
// with values of their types (a flag renamed or dropped would leave the
// documents' commands refused).
func TestDocumentedCommandLinesParse(t *testing.T) {
	testgen.CheckDocCommands(t, []string{"/tmp/nardy-strength ", "go run ./cmd/nardy-strength "}, 40, false, run)
}
