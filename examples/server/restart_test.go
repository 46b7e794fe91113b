package main

import (
	"bufio"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// startServer starts the built server on a free loopback port with the
// SQLite file db, and returns its URL and process.
func startServer(t *testing.T, bin, db string) (string, *exec.Cmd) {
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-db", db, "-requests-per-minute", "1000000") // the test plays faster than people
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+`)
		sent := false
		for sc.Scan() {
			t.Logf("server: %s", sc.Text())
			if m := re.FindString(sc.Text()); m != "" && !sent {
				found <- m
				sent = true
			}
		}
	}()
	select {
	case url := <-found:
		return url, cmd
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not start")
	}
	return "", nil
}

// TestRestartKill9: the server keeps every game across a crash. It plays
// half a game between two people (a step of a play left pending) and part
// of a game against the bot, is killed with SIGKILL, restarts on the same
// SQLite file, shows both games exactly as they were, refuses an action
// made on a version from before, and finishes both games, whose records
// check against their dice seeds.
func TestRestartKill9(t *testing.T) {
	bin, db := builtServer(t)
	url, cmd := startServer(t, bin, db)
	c := &client{t: t, url: url, hc: &http.Client{Timeout: 30 * time.Second}}
	st, a, b := c.create(`{"preset":"long-moscow","opponent":"human"}`)
	st = a.act("roll", st, "")
	n := 0
	for plays := 0; st.LastPlay == nil || plays < 40; {
		mover := byColor(st.ToAct, a, b)
		before := st.Phase
		st, _ = mover.move(st, n)
		n++
		if before == "play" && st.Phase == "roll" {
			plays++
		}
	}
	for st.Phase != "play" {
		st, _ = byColor(st.ToAct, a, b).move(st, n)
	}
	st, _ = byColor(st.ToAct, a, b).move(st, n) // one step taken, the play not finished
	require.NotEmpty(t, st.Taken)
	half := st
	bst, bme, _ := c.create(`{"preset":"short-standard"}`)
	for range 15 {
		bst, _ = bme.move(bst, n)
	}
	botHalf := bst

	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()

	url, _ = startServer(t, bin, db)
	c.url = url
	after := byColor(half.You, a, b).state()
	assert.Equal(t, half, after, "the game between people after the restart")
	assert.Equal(t, botHalf, bme.state(), "the game against the bot after the restart")
	stale := byColor(half.ToAct, a, b)
	stale.refused(http.StatusConflict, "stale", "POST", "undo", withVersion(half.Version-1, ""))

	i := 0
	st = playOut(t, after, seats(a, b), func() int { i++; return i })
	bst = playOut(t, botHalf, seats(bme), func() int { i++; return i })
	for _, s := range []*seat{a, bme} {
		var rec nardy.Record
		s.ok("GET", "record", "", &rec)
		require.NotNil(t, rec.Fair)
		require.NotEmpty(t, rec.Fair.Seed, "the seed is revealed at the end")
		m, err := nardy.Replay(rec)
		require.NoError(t, err, "game %s", s.id)
		assert.True(t, m.IsOver())
	}
	assert.True(t, st.MatchOver && bst.MatchOver)
	t.Logf("%s", fmt.Sprint("finished after the restart: ", st.Result.Winner, " and ", bst.Result.Winner))
}

// builtServer builds the server into a temporary directory and names a
// SQLite file beside it, for a test that runs the server as a process
// (skipped under -short).
func builtServer(t *testing.T) (bin, db string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the server")
	}
	dir := t.TempDir()
	bin = filepath.Join(dir, "server")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin, filepath.Join(dir, "games.db")
}
