//go:build unix

package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRolloutSIGINTPrintsThePartialFigures: the nardy command, built and
// run as a process, interrupted by a real SIGINT (Ctrl-C) in the middle
// of a long rollout, prints the figures of the trials played so far, the
// figures of a rollout of that many trials with the same seed, says they
// are partial and exits with 1; with -json too (skipped under -short:
// it builds the command).
func TestRolloutSIGINTPrintsThePartialFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the command")
	}
	bin := filepath.Join(t.TempDir(), "nardy")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	args := []string{"rollout", "-variant", "short", "-trials", "1048576", "-truncate", "3", "-seed", "7"}
	interrupted := func(extra ...string) (stdout, stderr string) {
		cmd := exec.Command(bin, append(args, extra...)...)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		require.NoError(t, cmd.Start())
		time.Sleep(3 * time.Second) // the network loaded, trials under way
		require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			var exit *exec.ExitError
			require.True(t, errors.As(err, &exit), "%v; stderr %s", err, e.String())
			assert.Equal(t, 1, exit.ExitCode(), "exit status; stderr %s", e.String())
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatal("the rollout did not stop at SIGINT")
		}
		return o.String(), e.String()
	}

	stdout, stderr := interrupted()
	m := regexp.MustCompile(`(?m)^interrupted \(interrupt signal received\): partial figures, (\d+) of 1048576 trials\n\z`).FindStringSubmatch(stdout)
	require.NotNil(t, m, "%s", stdout)
	assert.Regexp(t, `^nardy rollout: interrupted: interrupt signal received; `, stderr)
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	if n == 0 {
		t.Logf("SIGINT came before the first trial (a loaded machine): no figures to compare")
	} else {
		code, want, e := runCmd(append(args[:3:3], "-trials", m[1], "-truncate", "3", "-seed", "7")...)
		require.Equal(t, 0, code, e)
		assert.Equal(t, want+m[0], stdout, "the figures of the first %d trials", n)
	}

	stdout, _ = interrupted("-json")
	var doc rolloutTopDoc
	decodeStrict(t, stdout, &doc)
	assert.Equal(t, "interrupt signal received", doc.Interrupted)
	t.Logf("interrupted after %d trials (text) and %d (json)", n, doc.Trials)
}
