package main

import (
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
)

// TestDocumentedCommandLinesParse: every command line that runs
// nardy-train (as /tmp/nardy-train or go run ./cmd/nardy-train) in the
// documents of testgen.DocFiles names flags it has, with values of
// their types (a flag renamed or dropped would leave the documents'
// commands refused).
func TestDocumentedCommandLinesParse(t *testing.T) {
	testgen.CheckDocCommands(t, []string{"/tmp/nardy-train ", "go run ./cmd/nardy-train "}, 10, false, run)
}
