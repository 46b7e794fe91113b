package ci

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
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
//
// A step's quoted label is not its command: labels repeat the command's
// words, so the test looked at them and passed with -count=1 dropped from
// the commands themselves.
func TestCITestsNeverCached(t *testing.T) {
	runs := 0
	for _, l := range script(t) {
		cmd := stepLabel.ReplaceAllString(l, "") + " "
		if !strings.Contains(cmd, "go test ") || strings.Contains(cmd, " -list ") || strings.Contains(cmd, " -fuzz ") {
			continue
		}
		runs++
		assert.Contains(t, cmd, " -count=1 ", "a go test run that the cache can satisfy: %s", l)
	}
	assert.GreaterOrEqual(t, runs, 2, "the whole suite and the race run")
}

// stepLabel matches the quoted label that opens a step line of .ci/run
// (step "LABEL" COMMAND...).
var stepLabel = regexp.MustCompile(`^step "(?:[^"\\]|\\.)*"`)

// TestStepLabelIsNotTheCommand: the label is cut from a step line, and the
// command after it kept.
func TestStepLabelIsNotTheCommand(t *testing.T) {
	assert.Equal(t, " go test ./...", stepLabel.ReplaceAllString(`step "go test -count=1 ./... (x \"y\")" go test ./...`, ""))
	assert.Equal(t, "go test -count=1 .", stepLabel.ReplaceAllString("go test -count=1 .", ""))
}

// TestCIRunsStaticcheckPinned: .ci/run installs staticcheck with go
// install at a fixed release (never @latest, so a new release cannot change
// the verdict on unchanged code) and runs it over every package as a step.
func TestCIRunsStaticcheckPinned(t *testing.T) {
	lines := script(t)
	pin := regexp.MustCompile(`^STATICCHECK=honnef\.co/go/tools/cmd/staticcheck@v\d+\.\d+\.\d+$`)
	var pinned, installed, runs, stepped bool
	for _, l := range lines {
		pinned = pinned || pin.MatchString(l)
		installed = installed || strings.HasPrefix(l, `go install "$STATICCHECK"`)
		runs = runs || strings.Contains(l, `"$bin/staticcheck" ./...`)
		stepped = stepped || (strings.HasPrefix(l, "step ") && strings.HasSuffix(l, " run_staticcheck"))
	}
	assert.True(t, pinned, "STATICCHECK names a release vX.Y.Z")
	assert.True(t, installed, "staticcheck is installed with go install")
	assert.True(t, runs, "staticcheck checks ./...")
	assert.True(t, stepped, "a CI step runs it")
}

// TestCIRequiresGnubgOnceInstalled: once GNU Backgammon is installed,
// .ci/run exports testgen.GnubgEnv, so that a comparison with gnubg that
// cannot find it fails the run instead of skipping inside a green one
// (helper-80: go test without -v prints "ok" for a skipped test).
func TestCIRequiresGnubgOnceInstalled(t *testing.T) {
	var exports, calls int
	for _, l := range script(t) {
		if l == "export "+testgen.GnubgEnv+"=1" {
			exports++
		}
		if l == "require_gnubg" {
			calls++
		}
	}
	assert.Equal(t, 1, exports, "require_gnubg exports %s", testgen.GnubgEnv)
	assert.Equal(t, 2, calls, "install_gnubg requires gnubg when it was there and when it installed it")
}
