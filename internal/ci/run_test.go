package ci

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// script returns the lines of .ci/run, without comments.
func script(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", ".ci", "run"))
	require.NoError(t, err)
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	require.NotEmpty(t, lines)
	return lines
}

// TestCITestsNeverCached: every `go test` in .ci/run that runs tests
// carries -count=1, so a pass cached by an earlier run cannot stand in for
// this one. Listing tests (-list) and fuzzing (-fuzz, never cached) are
// not test runs.
func TestCITestsNeverCached(t *testing.T) {
	runs := 0
	for _, l := range script(t) {
		if !strings.Contains(l, "go test ") || strings.Contains(l, " -list ") || strings.Contains(l, " -fuzz ") {
			continue
		}
		runs++
		assert.Contains(t, l, " -count=1 ", "a go test run that the cache can satisfy: %s", l)
	}
	assert.GreaterOrEqual(t, runs, 2, "the whole suite and the race run")
}
