package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/neural"
)

// TestTrainSmoke is CI's short training: a few hundred self-play games of
// each game with a small network, checkpoints measured against greedy.
// It checks the files written and that the run is deterministic (the same
// seed gives the same weights).
func TestTrainSmoke(t *testing.T) {
	for _, v := range []string{"short", "long"} {
		dir := t.TempDir()
		var w [2][]byte
		for i := range 2 {
			out := filepath.Join(dir, v+string(rune('a'+i)))
			var stdout, stderr bytes.Buffer
			code := run([]string{"-variant", v, "-games", "300", "-hidden", "16", "-every", "150",
				"-eval", "4", "-opponent", "greedy", "-seed", "3", "-out", out}, &stdout, &stderr)
			require.Equal(t, 0, code, stderr.String())
			var err error
			w[i], err = os.ReadFile(out + ".nn")
			require.NoError(t, err)
			net, err := neural.ReadNet(bytes.NewReader(w[i]))
			require.NoError(t, err)
			assert.Equal(t, v, net.Variant().String())
			assert.Contains(t, net.Info(), "300 games trained")
			w[i] = weightsOnly(t, net)
			log, err := os.ReadFile(out + ".log")
			require.NoError(t, err)
			lines := strings.Split(strings.TrimSpace(string(log)), "\n")
			assert.Len(t, lines, 2+3, "header and checkpoints 0, 150, 300")
			svg, err := os.ReadFile(out + ".svg")
			require.NoError(t, err)
			require.NoError(t, xml.Unmarshal(svg, new(struct{ XMLName xml.Name })), "the SVG is XML")
		}
		assert.Equal(t, w[0], w[1], "%s: same seed, same weights", v)
	}
}

// TestTrainFlags: bad flags exit with 2, before anything is written (a
// NaN rate once made the first evaluation panic, -games -5 and an odd
// -eval ran); -h exits with 0; a network of the other game is refused
// rather than trained on nothing, with 2 like the other flags that
// contradict each other (it exited with 1, as for a file that cannot be
// read); -stop past -games, once quietly cut to -games, is refused. An
// -init that cannot be read, or is no network, exits with 1.
func TestTrainFlags(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x")
	for _, args := range [][]string{{}, {"-variant", "medium", "-out", out}, {"-out", out, "-every", "0"},
		{"-out", out, "-opponent", "nobody"}, {"-out", out, "-target", "2ply"},
		{"-out", out, "-rate", "NaN"}, {"-out", out, "-rate", "+Inf"}, {"-out", out, "-rate-end", "NaN"},
		{"-out", out, "-rate", "0"}, {"-out", out, "-rate", "2"}, {"-out", out, "-games", "-5"}, {"-out", out, "-games", "0"},
		{"-out", out, "-eval", "3"}, {"-out", out, "-hidden", "0"}, {"-out", out, "-hidden", "513"}, {"-out", out, "extra"},
		{"-out", out, "-games", "10", "-stop", "11"}} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(args, &stdout, &stderr), "%v", args)
		assert.NoFileExists(t, out+".log", "%v", args)
		assert.Equal(t, 1, strings.Count(stderr.String(), "nardy-train: "), "%v: said once: %q", args, stderr.String())
		if slices.Contains(args, "extra") { // the flag package's refusal: the usage follows
			assert.Contains(t, stderr.String(), "usage: nardy-train [flags]", "%v: the usage follows the message", args)
		} else { // a value refused once parsed: the message names the flag
			assert.NotContains(t, stderr.String(), "usage:", "%v: the message alone", args)
		}
		assert.Empty(t, stdout.String(), "%v", args)
	}
	var stdout, stderr bytes.Buffer
	for _, h := range []string{"-h", "-help"} {
		stdout.Reset()
		stderr.Reset()
		assert.Equal(t, 0, run([]string{h}, &stdout, &stderr))
		assert.True(t, strings.HasPrefix(stdout.String(), "usage: nardy-train [flags]\n\nTrains the network"), "%s: %q", h, stdout.String())
		assert.Contains(t, stdout.String(), "  -hidden ", h)
		assert.Empty(t, stderr.String(), h)
	}

	long := filepath.Join(dir, "long")
	require.Equal(t, 0, run([]string{"-variant", "long", "-games", "10", "-every", "10", "-eval", "0", "-out", long}, &stdout, &stderr), stderr.String())
	stderr.Reset()
	assert.Equal(t, 2, run([]string{"-variant", "short", "-init", long + ".nn", "-games", "10", "-every", "10", "-eval", "0", "-out", out}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "long-nardy network")
	assert.NoFileExists(t, out+".log")

	garbage := filepath.Join(dir, "garbage.nn")
	require.NoError(t, os.WriteFile(garbage, []byte("not a network\n"), 0o644))
	for init, msg := range map[string]string{filepath.Join(dir, "missing.nn"): "-init: open " + filepath.Join(dir, "missing.nn"), garbage: "-init " + garbage + ": "} {
		stderr.Reset()
		assert.Equal(t, 1, run([]string{"-variant", "short", "-init", init, "-games", "10", "-every", "10", "-eval", "0", "-out", out}, &stdout, &stderr),
			"%s: %s", init, stderr.String())
		assert.True(t, strings.HasPrefix(stderr.String(), "nardy-train: "+msg), "%s: the message names the flag and the file: %q", init, stderr.String())
		assert.NoFileExists(t, out+".log")
	}
	stderr.Reset()
	nowhere := filepath.Join(dir, "no-such-dir", "x")
	assert.Equal(t, 2, run([]string{"-variant", "short", "-games", "10", "-every", "10", "-eval", "0", "-out", nowhere}, &stdout, &stderr))
	assert.Equal(t, "nardy-train: -out "+nowhere+": the directory "+filepath.Dir(nowhere)+" does not exist\n", stderr.String())
	// An output that is a directory is refused before any work: the run
	// trained, then failed at its first checkpoint, leaving a log
	// (helper-87).
	for _, ext := range []string{".nn", ".log", ".svg"} {
		out := filepath.Join(dir, "d"+strings.TrimPrefix(ext, "."))
		require.NoError(t, os.Mkdir(out+ext, 0o700))
		stderr.Reset()
		assert.Equal(t, 2, run([]string{"-variant", "short", "-games", "10", "-every", "10", "-eval", "0", "-out", out}, &stdout, &stderr))
		assert.Equal(t, "nardy-train: -out "+out+": "+out+ext+" is a directory\n", stderr.String())
		for _, other := range []string{".nn", ".log", ".svg"} {
			if other != ext {
				assert.NoFileExists(t, out+other)
			}
		}
	}
}

// TestTrainFlagMessages: each wrong flag is named in its own message,
// where one message listed every requirement at once (-games 0 and a
// missing -out said the same); an unknown -recipe names the recipes.
func TestTrainFlagMessages(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{}, "-out PATH is required"},
		{[]string{"-out", out, "-variant", "medium"}, `-variant "medium": want long or short`},
		{[]string{"-out", out, "-games", "0"}, "-games 0: want 1 or more"},
		{[]string{"-out", out, "-every", "0"}, "-every 0: want 1 or more"},
		{[]string{"-out", out, "-eval", "3"}, "-eval 3: want an even number"},
		{[]string{"-out", out, "-stop", "-1"}, "-stop -1: want"},
		{[]string{"-out", out, "-resume", "x.log"}, "-resume needs -init"},
		{[]string{"-out", out, "-target", "2ply"}, `-target "2ply": want td0 or 1ply`},
		{[]string{"-out", out, "-hidden", "0"}, "-hidden 0: want 1..512"},
		{[]string{"-out", out, "-rate", "NaN"}, "-rate NaN: want a learning rate in (0, 1]"},
		{[]string{"-out", out, "-rate-end", "0"}, "-rate-end 0: want a learning rate in (0, 1]"},
		{[]string{"-out", out, "-opponent", "nobody"}, `-opponent: bot: unknown bot "nobody"`},
		{[]string{"-out", out, "-against", "nobody"}, `-against: bot: unknown bot "nobody"`},
		{[]string{"-out", out, "-against", "greedy", "-target", "1ply"}, "-against needs -target td0"},
		{[]string{"-out", out, "-against", "greedy", "-mix", "0"}, "-mix 0: want a share"},
		{[]string{"-recipe", "other", "-out", out}, `-recipe "other": unknown recipe; the recipes: [committed]`},
		{[]string{"-recipe", "committed", "-out", out, "-games", "10"}, "-recipe committed takes only -variant and -out, not [-games]"},
		{[]string{"-recipe", "committed"}, "-out PATH is required"},
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(c.args, &stdout, &stderr), "%v", c.args)
		assert.True(t, strings.HasPrefix(stderr.String(), "nardy-train: "+c.msg), "%v: %q", c.args, stderr.String())
		assert.NoFileExists(t, out+".log", "%v", c.args)
	}
}

// TestTrainFlagConflicts: flags that each make sense alone but not
// together exit with 2 and a message naming them, before anything is
// written, where the run went ahead ignoring one of them. The runs are
// small, so a run that goes ahead fails the test quickly.
func TestTrainFlagConflicts(t *testing.T) {
	base := []string{"-variant", "short", "-hidden", "8", "-games", "4", "-every", "2", "-eval", "0"}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-rate", "0.01", "-rate-end", "0.02"}, "-rate-end 0.02 is above -rate 0.01"},
		{[]string{"-rate", "0.001"}, "-rate-end 0.005 is above -rate 0.001"}, // the default -rate-end
		{[]string{"-opponent", "greedy"}, "-opponent greedy needs -eval"},    // with -eval 0 nobody is played
		{[]string{"-mix", "1"}, "-mix needs -against"},                       // the default share, but given
	} {
		out := filepath.Join(t.TempDir(), "x")
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(slices.Concat(base, c.args, []string{"-out", out}), &stdout, &stderr), "%v", c.args)
		assert.Contains(t, stderr.String(), c.msg, "%v", c.args)
		assert.NoFileExists(t, out+".log", "%v", c.args)
	}
}

// TestTrainInitHidden: -hidden with -init must be the size of the network
// read, which decides it; -hidden different from it, which was ignored, is
// refused, and the same size is accepted (the recipe gives it).
func TestTrainInitHidden(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first")
	base := []string{"-variant", "short", "-games", "2", "-every", "2", "-eval", "0"}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(slices.Concat(base, []string{"-hidden", "8", "-out", first}), &stdout, &stderr), stderr.String())
	for i, c := range []struct {
		hidden []string
		code   int
	}{{[]string{"-hidden", "16"}, 2}, {[]string{"-hidden", "128"}, 2}, {[]string{"-hidden", "8"}, 0}, {nil, 0}} {
		out := filepath.Join(dir, fmt.Sprint(i))
		stderr.Reset()
		assert.Equal(t, c.code, run(slices.Concat(base, c.hidden, []string{"-init", first + ".nn", "-out", out}), &stdout, &stderr), "%v: %s", c.hidden, stderr.String())
		if c.code == 0 {
			assert.Equal(t, 8, readNetFile(t, out+".nn").Hidden(), "%v", c.hidden)
			continue
		}
		assert.Contains(t, stderr.String(), c.hidden[1]+" hidden units", "%v", c.hidden)
		assert.Contains(t, stderr.String(), "has 8", "%v", c.hidden)
		assert.NoFileExists(t, out+".log", "%v", c.hidden)
	}
}

// TestTrainStop: -stop ends a run at a checkpoint where the full run
// passes through the same state (same plies and the same measurement).
func TestTrainStop(t *testing.T) {
	dir := t.TempDir()
	base := []string{"-variant", "long", "-hidden", "8", "-games", "300", "-every", "150", "-eval", "2", "-opponent", "random"}
	lines := func(out string, extra ...string) []string {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, run(append(append(base, extra...), "-out", out), &stdout, &stderr), stderr.String())
		log, err := os.ReadFile(out + ".log")
		require.NoError(t, err)
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(string(log)), "\n") {
			if f := strings.Split(line, "\t"); !strings.HasPrefix(line, "#") {
				got = append(got, strings.Join(append(f[:1:1], f[2:]...), "\t")) // without the seconds
			}
		}
		return got
	}
	full := lines(filepath.Join(dir, "full"))
	stopped := lines(filepath.Join(dir, "stopped"), "-stop", "150")
	require.Len(t, full, 3)
	assert.Equal(t, full[:2], stopped)
}

// logGames returns the games count of each checkpoint of a nardy-train log.
func logGames(t *testing.T, path string) []string {
	t.Helper()
	log, err := os.ReadFile(path)
	require.NoError(t, err)
	var games []string
	for _, line := range strings.Split(strings.TrimSpace(string(log)), "\n") {
		if !strings.HasPrefix(line, "#") {
			games = append(games, strings.Fields(line)[0])
		}
	}
	return games
}

// readNetFile reads the weights file at path.
func readNetFile(t *testing.T, path string) *neural.Net {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	net, err := neural.ReadNet(f)
	require.NoError(t, err)
	return net
}

// weightsOnly returns net's weights file without its info, which holds
// the time a run took, so runs can be compared weight for weight.
func weightsOnly(t *testing.T, net *neural.Net) []byte {
	t.Helper()
	net.SetInfo("")
	var b bytes.Buffer
	_, err := net.WriteTo(&b)
	require.NoError(t, err)
	return b.Bytes()
}

// TestTrainUnmeasured: with -eval 0 a checkpoint's win rate and points per
// game are "-" in the log, not 0.000 (which reads as every game lost), the
// learning curve says that nothing was measured, the log's header names no
// opponent, and -resume reads such a
// log: the next run's checkpoints, measured, follow its own.
func TestTrainUnmeasured(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first"), filepath.Join(dir, "second")
	var stdout, stderr bytes.Buffer
	base := []string{"-variant", "short", "-hidden", "8", "-every", "10"}
	require.Equal(t, 0, run(append(base, "-games", "20", "-eval", "0", "-out", first), &stdout, &stderr), stderr.String())
	log, err := os.ReadFile(first + ".log")
	require.NoError(t, err)
	checkpoints := 0
	for _, line := range strings.Split(strings.TrimSpace(string(log)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		checkpoints++
		f := strings.Split(line, "\t")
		require.Len(t, f, 9, line)
		assert.Equal(t, []string{"-", "-", "-", "-", "-", "-"}, f[3:], "win rate, its interval, ppg, its interval, opponent: %q", line)
	}
	assert.Equal(t, 3, checkpoints, "0, 10 and 20 games")
	assert.NotContains(t, string(log), "-opponent", "no opponent was played")
	svg, err := os.ReadFile(first + ".svg")
	require.NoError(t, err)
	d := parseSVG(t, svg)
	assert.Empty(t, d.Circles)
	assert.NotContains(t, d.Texts[0], "against ", "no opponent was played: %q", d.Texts[0])

	require.Equal(t, 0, run(append(base, "-games", "10", "-eval", "2", "-opponent", "random", "-init", first+".nn",
		"-resume", first+".log", "-out", second), &stdout, &stderr), stderr.String())
	assert.Equal(t, []string{"0", "10", "20", "30"}, logGames(t, second+".log"))
	log, err = os.ReadFile(second + ".log")
	require.NoError(t, err)
	assert.Contains(t, string(log), " -eval 2 -opponent random ", "the opponent of a measured run is in its header")
	svg, err = os.ReadFile(second + ".svg")
	require.NoError(t, err)
	assert.Len(t, parseSVG(t, svg).Circles, 1, "the one measured checkpoint")
}

// TestTrainOutSuffix: -out z.nn means the base name z: it writes z.nn,
// z.log and z.svg (it wrote z.nn.nn, z.nn.log, z.nn.svg); an -out that is
// only the extension names no file.
func TestTrainOutSuffix(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	base := []string{"-variant", "short", "-hidden", "8", "-games", "2", "-every", "2", "-eval", "0"}
	require.Equal(t, 0, run(slices.Concat(base, []string{"-out", filepath.Join(dir, "z.nn")}), &stdout, &stderr), stderr.String())
	for _, f := range []string{"z.nn", "z.log", "z.svg"} {
		assert.FileExists(t, filepath.Join(dir, f))
	}
	assert.NoFileExists(t, filepath.Join(dir, "z.nn.nn"))
	assert.Equal(t, 8, readNetFile(t, filepath.Join(dir, "z.nn")).Hidden())
	for _, out := range []string{".nn", filepath.Join(dir, ".nn")} {
		stderr.Reset()
		assert.Equal(t, 2, run(slices.Concat(base, []string{"-out", out}), &stdout, &stderr), out)
		assert.Contains(t, stderr.String(), "names no file", out)
	}
}

// TestTrainOutClash: an output file that is -init's or -resume's input is
// refused with 2 before anything is written (-out x -init x.nn overwrote
// the weights it read at its first checkpoint), whether it is the same
// path written another way or another name of the file (a link).
func TestTrainOutClash(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first")
	var stdout, stderr bytes.Buffer
	base := []string{"-variant", "short", "-hidden", "8", "-games", "2", "-every", "2", "-eval", "0"}
	require.Equal(t, 0, run(slices.Concat(base, []string{"-out", first}), &stdout, &stderr), stderr.String())
	weights, err := os.ReadFile(first + ".nn")
	require.NoError(t, err)
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(first+".nn", link+".nn"))
	other := filepath.Join(dir, "sub", "..", "first") // the same path, written another way
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-init", first + ".nn", "-out", first}, "which is -init"},
		{[]string{"-init", first + ".nn", "-out", first + ".nn"}, "which is -init"},
		{[]string{"-init", first + ".nn", "-out", other}, "which is -init"},
		{[]string{"-init", link + ".nn", "-out", first}, "which is -init"},
		{[]string{"-init", first + ".nn", "-out", link}, "which is -init"},
		{[]string{"-init", link + ".nn", "-resume", first + ".log", "-out", first}, "which is -init"},
		{[]string{"-init", link + ".nn", "-resume", first + ".log", "-out", link}, "which is -init"},
		{[]string{"-init", filepath.Join(dir, "x.nn"), "-resume", first + ".log", "-out", first}, "which is -resume"},
	} {
		stderr.Reset()
		assert.Equal(t, 2, run(slices.Concat(base, c.args), &stdout, &stderr), "%v", c.args)
		assert.Contains(t, stderr.String(), c.msg, "%v", c.args)
		got, err := os.ReadFile(first + ".nn")
		require.NoError(t, err)
		assert.Equal(t, weights, got, "%v: the input is left alone", c.args)
	}
}

// TestTrainFailedSaveLeavesNoTemp: a checkpoint that cannot be saved (the
// weights' path is a directory) fails with 1 and leaves no .tmp file.
func TestTrainFailedSaveLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "e")
	var stdout, stderr bytes.Buffer
	c, _, _, ok := parseArgs([]string{"-variant", "short", "-games", "2", "-hidden", "4", "-every", "2", "-eval", "0", "-out", out}, &stdout, &stderr)
	require.True(t, ok, stderr.String())
	require.NoError(t, os.Mkdir(out+".nn", 0o700)) // after the command line's check, which refuses it
	assert.Error(t, train(c, &stdout))
	_, err := os.Stat(out + ".nn.tmp")
	assert.ErrorIs(t, err, os.ErrNotExist, "the half-written weights are removed")
}

// failingWriter fails every write, as standard output on a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestTrainLogWithoutStdout: a run whose standard output fails still
// writes its whole log (io.MultiWriter stopped at the failing output and
// left the log empty, so -resume found no checkpoint: helper-78), and its
// temporary files leave nothing beside the outputs; it exits 1, its
// output lost (it exited 0: helper-87).
func TestTrainLogWithoutStdout(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "f")
	var stderr bytes.Buffer
	code := run([]string{"-variant", "short", "-games", "10", "-hidden", "8", "-every", "5", "-eval", "0", "-out", out},
		failingWriter{}, &stderr)
	require.Equal(t, 1, code, stderr.String())
	assert.Equal(t, "nardy-train: writing the output: no space left on device\n", stderr.String())
	log, err := os.ReadFile(out + ".log")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	assert.Len(t, lines, 2+3, "header and checkpoints 0, 5, 10")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"f.log", "f.nn", "f.svg"}, names)
}

// TestTrainLogAfterSave: a checkpoint whose weights cannot be saved (here
// OUT.nn is a directory) leaves no line in the log, which -resume would
// take for a checkpoint it can start from (the line came first:
// helper-78).
func TestTrainLogAfterSave(t *testing.T) {
	out := filepath.Join(t.TempDir(), "e")
	var stdout, stderr bytes.Buffer
	c, _, _, ok := parseArgs([]string{"-variant", "short", "-games", "10", "-hidden", "8", "-every", "5", "-eval", "0", "-out", out}, &stdout, &stderr)
	require.True(t, ok, stderr.String())
	require.NoError(t, os.Mkdir(out+".nn", 0o755)) // after the command line's check, which refuses it
	require.Error(t, train(c, &stdout))
	log, err := os.ReadFile(out + ".log")
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(log)), "\n") {
		assert.True(t, strings.HasPrefix(line, "#"), "only the header: %q", line)
	}
}

// TestTrainRefusesASecondRunOnItsOut: a run whose -out another run is
// writing is refused (exit 1) before it touches the first run's log; two
// runs on one -out once both wrote, the second emptying the first's log
// (helper-78). The first run is stood for by the lock on its log.
func TestTrainRefusesASecondRunOnItsOut(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock: the help asks for one run at a time")
	}
	out := filepath.Join(t.TempDir(), "busy")
	first, err := openLog(out + ".log")
	require.NoError(t, err)
	defer first.Close()
	_, err = first.WriteString("the first run's log\n")
	require.NoError(t, err)

	var stdout, stderr bytes.Buffer
	code := run([]string{"-variant", "short", "-hidden", "8", "-games", "2", "-every", "2", "-eval", "0", "-out", out}, &stdout, &stderr)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr.String(), "another nardy-train run is writing it")
	b, err := os.ReadFile(out + ".log")
	require.NoError(t, err)
	assert.Equal(t, "the first run's log\n", string(b))
	assert.NoFileExists(t, out+".nn")

	require.NoError(t, first.Close()) // the first run ends: its -out is free
	stdout.Reset()
	stderr.Reset()
	assert.Equal(t, 0, run([]string{"-variant", "short", "-hidden", "8", "-games", "2", "-every", "2", "-eval", "0", "-out", out}, &stdout, &stderr), stderr.String())
}

// TestTrainLogToDevNull: a log that is a link to /dev/null is written as
// os.Create wrote it, by runs at once too (truncating it failed: helper-82).
func TestTrainLogToDevNull(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/null")
	}
	out := filepath.Join(t.TempDir(), "null")
	require.NoError(t, os.Symlink("/dev/null", out+".log"))
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 0, run([]string{"-variant", "short", "-hidden", "4", "-games", "1", "-every", "1", "-eval", "0", "-out", out}, &stdout, &stderr), stderr.String())
	// Nor does a second run, while one holds it, lock it out.
	first, err := openLog(out + ".log")
	require.NoError(t, err)
	defer first.Close()
	assert.Equal(t, 0, run([]string{"-variant", "short", "-hidden", "4", "-games", "1", "-every", "1", "-eval", "0", "-out", out}, &stdout, &stderr), stderr.String())
}
