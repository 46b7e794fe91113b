package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCmdIn is runCmd with stdin as standard input.
func runCmdIn(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestHelpCommand: "nardy help COMMAND" prints the usage and flags of
// COMMAND on stdout, as "nardy COMMAND -h" does, with exit status 0, as
// "go help build" and "git help commit" do (helper-196: it printed the
// list of commands whatever the command named); "nardy help" alone still
// lists the commands, and a command that does not exist is a usage error
// (status 2, the message on stderr, nothing on stdout).
func TestHelpCommand(t *testing.T) {
	for _, cmd := range []string{"conform", "legal", "perft", "analyze", "rollout", "eval", "hint"} {
		code, out, stderr := runCmd("help", cmd)
		assert.Equal(t, 0, code, cmd)
		assert.Empty(t, stderr, cmd)
		assert.True(t, strings.HasPrefix(out, "usage: nardy "+cmd+" "), "%s: %q", cmd, firstLine(out))
		_, want, _ := runCmd(cmd, "-h")
		assert.Equal(t, want, out, cmd)
	}
	code, out, _ := runCmd("help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "usage: nardy COMMAND")

	code, out, stderr := runCmd("help", "nope")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, `unknown command "nope"`)

	code, out, stderr = runCmd("help", "legal", "eval")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, `unexpected argument "eval"`)
}

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestKeyAndRollTakeBlanksAround: -key and -roll, like -position, -gnubg
// and -xgid, read a value with blanks around it, such as the "\r" that
// "$(cat file)" keeps of a file with CRLF line ends (helper-196: "6-5\r"
// was refused as "'\r' is not a die"); a "\r" inside is still refused.
func TestKeyAndRollTakeBlanksAround(t *testing.T) {
	const key = "00000503000050000000000200/00000503000050000000000200" // the short start
	code, want, stderr := runCmd("legal", "-variant", "short", "-key", key, "-roll", "3-1")
	require.Equal(t, 0, code, stderr)
	code, got, stderr := runCmd("legal", "-variant", "short", "-key", key+"\r", "-roll", " 3-1\r")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, want, got)

	code, _, stderr = runCmd("eval", "-variant", "short", "-ply", "0", "-key", "\t"+key+"\r\n", "-roll", "3-1\r", "-top", "1")
	assert.Equal(t, 0, code, stderr)

	code, _, stderr = runCmd("legal", "-variant", "short", "-roll", "3\r-1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `"3\r-1"`)
}

// TestMessagesSayNardyOnce: a message names the command once, at its
// start; the library's "nardy: " of an error wrapped inside the message
// is left out too (helper-196: "-gnubg ...: want POSITIONID:MATCHID, as
// gnubg prints them: nardy: parsing gnubg ID ..." and "FILE: nardy: bad
// record: ...").
func TestMessagesSayNardyOnce(t *testing.T) {
	dir := t.TempDir()
	noRules := filepath.Join(dir, "norules.json")
	require.NoError(t, os.WriteFile(noRules, []byte(`{"version":1}`), 0o600))
	for _, args := range [][]string{
		{"hint", "-gnubg", "4HPwATDgc/ABMA"},
		{"analyze", "-ply", "0", noRules},
	} {
		code, out, stderr := runCmd(args...)
		assert.NotEqual(t, 0, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.True(t, strings.HasPrefix(stderr, "nardy "+args[0]+": "), "%v: %s", args, stderr)
		assert.NotContains(t, stderr, ": nardy: ", "%v", args)
	}
}

// TestFlagAfterArgument: the flag package stops at the first argument,
// so a flag written after it, as GNU tools take it ("nardy analyze FILE
// -ply 0"), is refused as an argument; the message says to put the flags
// first (helper-196: it said only `unexpected argument "-ply"`). An
// argument that is no flag is refused as before.
func TestFlagAfterArgument(t *testing.T) {
	const file = "../../testdata/records/short-standard-3p-seed179.json"
	code, out, stderr := runCmd("analyze", file, "-ply", "0")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, firstLine(stderr), `unexpected argument "-ply": flags go before the arguments`)

	code, _, stderr = runCmd("legal", "-roll", "6-5", "extra")
	assert.Equal(t, 2, code)
	assert.Equal(t, `nardy legal: unexpected argument "extra"`, firstLine(stderr))
}

// TestReportSaysNardyOnce: report leaves out the library's "nardy: " at
// the start of the message and after each ": " where the command wrapped
// a library error, every one of them, and nothing else: a "nardy: " that
// is not such a prefix, as in an input the message quotes, is kept.
// Mutation round of helper-198: kills mutants that survived
// TestMessagesSayNardyOnce (only the first wrapped prefix left out, every
// "nardy: " left out wherever it is).
func TestReportSaysNardyOnce(t *testing.T) {
	for msg, want := range map[string]string{
		"nardy: bad roll":                        "nardy cmd: bad roll\n",
		"bad flag":                               "nardy cmd: bad flag\n",
		"a: nardy: b: nardy: c":                  "nardy cmd: a: b: c\n",
		"nardy: a: nardy: b: nardy: c":           "nardy cmd: a: b: c\n",
		`nardy: parsing roll "nardy: 6-5": want`: "nardy cmd: parsing roll \"nardy: 6-5\": want\n",
	} {
		var b bytes.Buffer
		report(&b, "cmd", errors.New(msg))
		assert.Equal(t, want, b.String(), msg)
	}
	code, _, stderr := runCmd("legal", "-variant", "short", "-roll", "nardy: 6-5")
	assert.Equal(t, 2, code)
	assert.True(t, strings.HasPrefix(stderr, `nardy legal: parsing roll "nardy: 6-5"`), "the input quoted whole: %s", stderr)
}

// TestHelpAndUnknownCommandMessages: the refusals of "nardy help" name
// the program as every other message does, "nardy help: ..." and
// "nardy: unknown command ...", on their first line. Mutation round of
// helper-198: TestHelpCommand only looked for the words after them.
func TestHelpAndUnknownCommandMessages(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "legal", "eval"}, `nardy help: unexpected argument "eval"`},
		{[]string{"help", "nope"}, `nardy: unknown command "nope"`},
		{[]string{"nope"}, `nardy: unknown command "nope"`},
	} {
		code, out, stderr := runCmd(c.args...)
		assert.Equal(t, 2, code, "%q", c.args)
		assert.Empty(t, out, "%q", c.args)
		assert.Equal(t, c.want, firstLine(stderr), "%q", c.args)
	}
}

// TestRolloutRollTakesBlanksAround: rollout's -roll, like legal's and
// eval's, leaves out the blanks around it ("3-1\r" of a CRLF file read
// with "$(cat file)"): the rollout is the one of "3-1". Mutation round
// of helper-198: TestKeyAndRollTakeBlanksAround covered legal and eval
// only, so rollout calling nardy.ParseRoll itself survived.
func TestRolloutRollTakesBlanksAround(t *testing.T) {
	args := []string{"rollout", "-variant", "short", "-roll", "3-1", "-top", "1", "-trials", "2", "-truncate", "2"}
	code, want, stderr := runCmd(args...)
	require.Equal(t, 0, code, stderr)
	args[4] = " 3-1\r\n"
	code, got, stderr := runCmd(args...)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, want, got)
}
