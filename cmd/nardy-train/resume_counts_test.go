package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTrainResumeCountsOn: a resumed run counts on from its log's last
// checkpoint: games, plies trained and seconds taken (here a log whose
// last checkpoint says 5000 s) all go on from there, in the log and in
// the weights' provenance.
func TestTrainResumeCountsOn(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first"), filepath.Join(dir, "second")
	base := []string{"-variant", "short", "-hidden", "8", "-every", "100", "-eval", "0"}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(append(base, "-games", "200", "-out", first), &stdout, &stderr), stderr.String())
	log, err := os.ReadFile(first + ".log")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	last := strings.Split(lines[len(lines)-1], "\t")
	require.Equal(t, "200", last[0])
	plies, err := strconv.Atoi(last[2])
	require.NoError(t, err)
	last[1] = "5000"
	lines[len(lines)-1] = strings.Join(last, "\t")
	require.NoError(t, os.WriteFile(first+".log", []byte(strings.Join(lines, "\n")+"\n"), 0o644))

	require.Equal(t, 0, run(append(base, "-games", "100", "-seed", "2", "-init", first+".nn", "-resume", first+".log", "-out", second),
		&stdout, &stderr), stderr.String())
	log, err = os.ReadFile(second + ".log")
	require.NoError(t, err)
	lines = strings.Split(strings.TrimSpace(string(log)), "\n")
	end := strings.Split(lines[len(lines)-1], "\t")
	assert.Equal(t, "300", end[0], "games")
	secs, err := strconv.ParseFloat(end[1], 64)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, secs, 5000.0, "seconds")
	p, err := strconv.Atoi(end[2])
	require.NoError(t, err)
	assert.Greater(t, p, plies+100*20, "plies: at least 20 a game on from %d", plies)
	assert.Contains(t, readNetFile(t, second+".nn").Info(), "300 games trained, "+end[2]+" plies")
}

// TestCheckpointLineRoundTrip: a measured checkpoint is written as the
// committed logs write theirs (testdata/train-short-208.log: games, seconds,
// plies, win rate, its interval's ends, signed points per game, their
// half-width, the opponent, tab-separated), and -resume reads it back
// as it was, the interval's ends in their places.
func TestCheckpointLineRoundTrip(t *testing.T) {
	pt := point{games: 100000, seconds: 679, plies: 5582289, measured: true, n: 200, winRate: 0.56, winLo: 0.491, winHi: 0.627,
		ppg: 0.13, ppgCI: 0.175, oppName: "expectimax"}
	line := checkpointLine(pt)
	assert.Equal(t, "100000\t679\t5582289\t0.560\t0.491\t0.627\t+0.130\t0.175\texpectimax", line)
	got, err := parseCheckpoint(line)
	require.NoError(t, err)
	pt.n = 0 // the log does not keep the games measured
	assert.Equal(t, pt, got)
}
