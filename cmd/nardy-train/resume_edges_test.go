package main

// -resume's checks at their edges: a header without -hidden, a last
// checkpoint that differs from the weights in games or in plies alone,
// two checkpoints of the same games; and -stop at its smallest.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rewriteLog applies edit to each line of the nardy-train log at path.
func rewriteLog(t *testing.T, path string, edit func(line string) string) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i, line := range lines {
		lines[i] = edit(line)
	}
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
}

// TestResumeHeaderWithoutHidden: a log whose header does not record
// -hidden (the logs written before it did: logRun's hidden is 0, "the
// header does not say") is not refused for it: -resume continues it from
// the weights of any size.
func TestResumeHeaderWithoutHidden(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	base := []string{"-variant", "short", "-every", "2", "-eval", "0", "-games", "2"}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(slices.Concat(base, []string{"-hidden", "8", "-out", a}), &stdout, &stderr), stderr.String())
	rewriteLog(t, a+".log", func(line string) string { return strings.Replace(line, " -hidden 8 ", " ", 1) })
	r, err := readResume(a + ".log")
	require.NoError(t, err)
	require.Len(t, r.runs, 1)
	require.Zero(t, r.runs[0].hidden, "the header no longer records -hidden")
	require.Equal(t, 0, run(slices.Concat(base, []string{"-init", a + ".nn", "-resume", a + ".log", "-out", b}), &stdout, &stderr), stderr.String())
	assert.Equal(t, []string{"0", "2", "4"}, logGames(t, b+".log"))
}

// TestResumeLastCheckpointEdges: -resume refuses a log whose last
// checkpoint is not where -init's weights were saved when only one of
// the two it checks differs: the games alone, or the plies alone.
func TestResumeLastCheckpointEdges(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	base := []string{"-variant", "short", "-hidden", "8", "-every", "2", "-eval", "0", "-games", "2"}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(slices.Concat(base, []string{"-out", a}), &stdout, &stderr), stderr.String())
	good, err := os.ReadFile(a + ".log")
	require.NoError(t, err)
	for i, field := range []int{0, 2} { // the games, the plies
		require.NoError(t, os.WriteFile(a+".log", good, 0o644))
		var plies int
		rewriteLog(t, a+".log", func(line string) string {
			f := strings.Split(line, "\t")
			if strings.HasPrefix(line, "#") || f[0] != "2" {
				return line
			}
			n, err := strconv.Atoi(f[field])
			require.NoError(t, err)
			f[field] = strconv.Itoa(n + 1)
			plies, err = strconv.Atoi(f[2])
			require.NoError(t, err)
			return strings.Join(f, "\t")
		})
		out := filepath.Join(dir, strconv.Itoa(i))
		stderr.Reset()
		assert.Equal(t, 2, run(slices.Concat(base, []string{"-init", a + ".nn", "-resume", a + ".log", "-out", out}), &stdout, &stderr), "field %d", field)
		games := 2 + 1 - field/2 // 3 when the games were changed
		assert.Contains(t, stderr.String(), fmt.Sprintf("ends at %d games (%d plies), but", games, plies), "field %d", field)
		assert.NoFileExists(t, out+".log")
	}
}

// TestResumeRefusesARepeatedCheckpoint: a checkpoint must be of more
// games than the one before it; one of the same games is refused, as
// one of fewer is.
func TestResumeRefusesARepeatedCheckpoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "twice.log")
	line := "10\t1\t700\t-\t-\t-\t-\t-\t-\n"
	require.NoError(t, os.WriteFile(path, []byte("# nardy-train -variant short -eval 0\n"+line+line), 0o644))
	_, err := readResume(path)
	assert.ErrorContains(t, err, "twice.log:3: checkpoint 10 does not follow 10")
}

// TestTrainStopOne: -stop 1, the smallest it takes, trains one game and
// ends there, its checkpoint at game 1, though -games is more.
func TestTrainStopOne(t *testing.T) {
	out := filepath.Join(t.TempDir(), "one")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"-variant", "short", "-hidden", "4", "-games", "3", "-stop", "1", "-every", "3", "-eval", "0", "-out", out},
		&stdout, &stderr), stderr.String())
	assert.Equal(t, []string{"0", "1"}, logGames(t, out+".log"))
	assert.Contains(t, readNetFile(t, out+".nn").Info(), "; 1 games trained, ")
}
