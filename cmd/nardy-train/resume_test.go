package main

// -resume: a run carried on from its log and network, refused when the
// log is of another run or cut, read within its bound.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTrainResume: -resume continues a run's game count, log and curve; a
// log it cannot read is named with -resume.
func TestTrainResume(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first"), filepath.Join(dir, "second")
	var stdout, stderr bytes.Buffer
	base := []string{"-variant", "short", "-hidden", "8", "-every", "100", "-eval", "2", "-opponent", "random"}
	require.Equal(t, 0, run(append(base, "-games", "200", "-out", first), &stdout, &stderr), stderr.String())
	require.Equal(t, 0, run(append(base, "-games", "100", "-seed", "2", "-init", first+".nn",
		"-resume", first+".log", "-out", second), &stdout, &stderr), stderr.String())
	assert.Equal(t, []string{"0", "100", "200", "300"}, logGames(t, second+".log"), "the first run's checkpoints, then the new one")
	net := readNetFile(t, second+".nn")
	assert.Contains(t, net.Info(), "from 200 games")
	assert.Contains(t, net.Info(), "300 games trained")

	bad := filepath.Join(dir, "bad.log")
	for _, text := range []string{"", "# only a comment\n", "100\t1\t2\n", "200\t1\t2\t0.5\t0.4\t0.6\t0\t0.1\tx\n100\t1\t2\t0.5\t0.4\t0.6\t0\t0.1\tx\n",
		"0\t0\t0\t-\t-\t-\t-\t-\t-\n", // no header: no variant to check
	} {
		require.NoError(t, os.WriteFile(bad, []byte(text), 0o644))
		stderr.Reset()
		assert.Equal(t, 1, run(append(base, "-games", "10", "-init", first+".nn", "-resume", bad, "-out", second), &stdout, &stderr), "%q", text)
		assert.True(t, strings.HasPrefix(stderr.String(), "nardy-train: -resume: "+bad), "%q: the message names the flag and the file: %q", text, stderr.String())
	}
	assert.Equal(t, 2, run(append(base, "-resume", first+".log", "-out", second), &stdout, &stderr), "-resume without -init")
}

// TestTrainResumeMismatch: -resume refuses a log of the other game, and a
// log measured against another opponent than the one this run measures
// against, whose learning curve would mix the two; a run that measures
// nothing (-eval 0) mixes nothing and may continue it.
func TestTrainResumeMismatch(t *testing.T) {
	dir := t.TempDir()
	short, long := filepath.Join(dir, "short"), filepath.Join(dir, "long")
	base := []string{"-hidden", "8", "-games", "2", "-every", "2"}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(slices.Concat(base, []string{"-variant", "short", "-eval", "2", "-opponent", "random", "-out", short}), &stdout, &stderr), stderr.String())
	require.Equal(t, 0, run(slices.Concat(base, []string{"-variant", "long", "-eval", "0", "-out", long}), &stdout, &stderr), stderr.String())
	for i, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-variant", "long", "-eval", "0", "-init", long + ".nn"}, 2, "short nardy"},
		{[]string{"-variant", "short", "-eval", "2", "-opponent", "greedy", "-init", short + ".nn"}, 2, "against random"},
		{[]string{"-variant", "short", "-eval", "2", "-init", short + ".nn"}, 2, "against random"}, // the default opponent, expectimax
		{[]string{"-variant", "short", "-eval", "0", "-init", short + ".nn"}, 0, ""},
		{[]string{"-variant", "short", "-eval", "2", "-opponent", "random", "-init", short + ".nn"}, 0, ""},
	} {
		out := filepath.Join(dir, fmt.Sprint(i))
		stderr.Reset()
		assert.Equal(t, c.code, run(slices.Concat(base, c.args, []string{"-resume", short + ".log", "-out", out}), &stdout, &stderr), "%v: %s", c.args, stderr.String())
		if c.code == 0 {
			assert.Equal(t, []string{"0", "2", "4"}, logGames(t, out+".log"), "%v", c.args)
			continue
		}
		assert.Contains(t, stderr.String(), c.msg, "%v", c.args)
		assert.NoFileExists(t, out+".log", "%v", c.args)
	}
}

// TestLogHeader: the log names its fourth to sixth columns as a win rate
// (a share of the games) and its interval, not a count of wins.
func TestLogHeader(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"-variant", "short", "-hidden", "8", "-games", "1", "-eval", "0", "-out", out}, &stdout, &stderr), stderr.String())
	log, err := os.ReadFile(out + ".log")
	require.NoError(t, err)
	var header []string
	for _, line := range strings.Split(string(log), "\n") {
		if strings.HasPrefix(line, "# games\t") {
			header = strings.Split(strings.TrimPrefix(line, "# "), "\t")
		}
	}
	require.Len(t, header, 9, "%s", log)
	assert.Equal(t, []string{"winrate", "winrate95lo", "winrate95hi"}, header[3:6])
}

// TestResumeReadsOldLogs: -resume reads the logs written before "-"
// marked an unmeasured checkpoint: the short-nardy log committed before
// 2026-12-06 (testdata/train-short-208.log, header "wins"),
// whose first checkpoint is a measured win rate of 0 (the untrained
// network lost every game), and a -eval 0 log of that time, its win rate
// written 0.000 and its opponent empty, which is unmeasured. A line with
// "-" in some measured fields and numbers in others is refused.
func TestResumeReadsOldLogs(t *testing.T) {
	r, err := readResume(filepath.Join("testdata", "train-short-208.log"))
	require.NoError(t, err)
	require.NotEmpty(t, r.curve)
	assert.True(t, r.curve[0].measured, "0 games: measured, 0 wins")
	assert.Equal(t, "expectimax", r.curve[0].oppName)
	assert.InDelta(t, -2.39, r.curve[0].ppg, 1e-9)
	for _, p := range r.curve {
		assert.True(t, p.measured)
	}
	run := logRun{variant: "short", opponent: "expectimax", hidden: 128}
	assert.Equal(t, []logRun{run, run, run}, r.runs, "the header of each of its three runs")

	old := filepath.Join(t.TempDir(), "old.log")
	require.NoError(t, os.WriteFile(old, []byte("# nardy-train -variant short -eval 0 -opponent expectimax -init \"\" -resume \"\"\n"+
		"# games\tseconds\tplies\twins\twin95lo\twin95hi\tppg\tppg95\topponent\n"+
		"0\t0\t0\t0.000\t0.000\t0.000\t+0.000\t0.000\t\n"+
		"10\t1\t700\t0.000\t0.000\t0.000\t+0.000\t0.000\t\n"), 0o644))
	r, err = readResume(old)
	require.NoError(t, err)
	require.Len(t, r.curve, 2)
	assert.Equal(t, 10, r.last().games)
	assert.Equal(t, 700, r.last().plies)
	for _, p := range r.curve {
		assert.False(t, p.measured, "%+v", p)
	}
	assert.Equal(t, []logRun{{variant: "short"}}, r.runs, "-eval 0: the opponent its header named was not played")

	p, err := parseCheckpoint("10\t1\t700\t-\t-\t-\t-\t-\t-")
	require.NoError(t, err)
	assert.False(t, p.measured)
	assert.Equal(t, 700, p.plies)
	for _, bad := range []string{"10\t1\t700\t-\t0.1\t0.3\t+0.100\t0.200\tgreedy", "10\t1\t700\t0.200\t0.1\t0.3\t-\t0.200\tgreedy"} {
		_, err := parseCheckpoint(bad)
		assert.Error(t, err, "%q", bad)
	}
}

// TestTrainResumeOtherRun: -resume refuses, with 2 and a message naming
// what differs, a log that is not of the run that saved -init's weights:
// one whose header records another -hidden than the weights have, or
// whose last checkpoint is not where the weights were saved (another
// run's log, or an earlier one of the same run); it took them and counted
// on from the wrong checkpoint. A new seed, -games, rate or -every is
// how a run is continued (the recipe's stages), and is accepted.
func TestTrainResumeOtherRun(t *testing.T) {
	dir := t.TempDir()
	a, b, wide := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "wide")
	base := []string{"-variant", "short", "-every", "2", "-eval", "0"}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(slices.Concat(base, []string{"-hidden", "8", "-games", "2", "-out", a}), &stdout, &stderr), stderr.String())
	require.Equal(t, 0, run(slices.Concat(base, []string{"-hidden", "8", "-games", "4", "-seed", "2", "-out", b}), &stdout, &stderr), stderr.String())
	require.Equal(t, 0, run(slices.Concat(base, []string{"-hidden", "16", "-games", "2", "-out", wide}), &stdout, &stderr), stderr.String())
	for i, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-init", wide + ".nn", "-resume", a + ".log"}, 2, "network of 8 hidden units (its header's -hidden), but -init " + wide + ".nn has 16"},
		{[]string{"-init", a + ".nn", "-resume", b + ".log"}, 2, "ends at 4 games"},
		{[]string{"-init", b + ".nn", "-resume", a + ".log"}, 2, "was saved at 4 games"},
		{[]string{"-init", a + ".nn", "-resume", a + ".log", "-seed", "9", "-games", "6", "-rate", "0.01", "-every", "3"}, 0, ""},
	} {
		out := filepath.Join(dir, fmt.Sprint(i))
		stderr.Reset()
		assert.Equal(t, c.code, run(slices.Concat(base, c.args, []string{"-out", out}), &stdout, &stderr), "%v: %s", c.args, stderr.String())
		if c.code == 0 {
			assert.Equal(t, []string{"0", "2", "5", "8"}, logGames(t, out+".log"), "%v", c.args)
			continue
		}
		assert.Contains(t, stderr.String(), c.msg, "%v", c.args)
		assert.NoFileExists(t, out+".log", "%v", c.args)
	}
}

// TestResumeLogBound: -resume refuses a log of more than maxLogBytes (1
// MiB) at once, naming the bound; no test reached the bound (helper-80).
func TestResumeLogBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.log")
	line := strings.Repeat("#", 99) + "\n"
	big := strings.Repeat(line, maxLogBytes/len(line)+1)
	require.NoError(t, os.WriteFile(path, []byte(big), 0o644))
	_, err := readResume(path)
	assert.ErrorContains(t, err, "longer than 1048576 bytes")
}

// TestResumeLongLine: a line of more than 64 KiB within the bound does
// not end the reading: the checkpoint after it that goes backwards is
// refused, where a bufio.Scanner stopped at the long line and -resume went
// on with what it had read, silently (helper-104); a log of CRLF lines
// reads as of LF lines.
func TestResumeLongLine(t *testing.T) {
	head := "# nardy-train -variant short -eval 0\n10\t1\t700\t-\t-\t-\t-\t-\t-\n"
	path := filepath.Join(t.TempDir(), "long.log")
	long := "# " + strings.Repeat("x", 70_000) + "\n"
	require.NoError(t, os.WriteFile(path, []byte(head+long+"5\t1\t700\t-\t-\t-\t-\t-\t-\n"), 0o644))
	_, err := readResume(path)
	assert.ErrorContains(t, err, "long.log:4: checkpoint 5 does not follow 10")

	crlf := filepath.Join(t.TempDir(), "crlf.log")
	require.NoError(t, os.WriteFile(crlf, []byte(strings.ReplaceAll(head+long, "\n", "\r\n")), 0o644))
	r, err := readResume(crlf)
	require.NoError(t, err)
	assert.Equal(t, 10, r.last().games)
}
