package cliflags

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func newSet() *flag.FlagSet {
	fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
	fs.Int("n", 1, "a number")
	return fs
}

// TestParse: -h prints the usage on stdout (0); a bad flag, a bad value
// and a wrong number of arguments print "prog: message" once, then the
// usage, on stderr (2); a good command line prints nothing.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		args           []string
		nargs          int
		status         int
		ok             bool
		stdout, stderr string
	}{
		{[]string{"-n", "3", "x"}, 1, 0, true, "", ""},
		{[]string{"-h"}, 0, 0, false, "usage: prog [-n N]\n  -n int\n    \ta number (default 1)\n", ""},
		{[]string{"-nope"}, 0, 2, false, "", "prog: flag provided but not defined: -nope\nusage: prog [-n N]\n"},
		{[]string{"-n", "x"}, 0, 2, false, "", "prog: invalid value \"x\" for flag -n: parse error\nusage: prog [-n N]\n"},
		{[]string{"a"}, 0, 2, false, "", "prog: unexpected argument \"a\"\nusage: prog [-n N]\n"},
		{[]string{"a", "b"}, 1, 2, false, "", "prog: unexpected argument \"b\"\n"},
		{nil, 1, 2, false, "", "prog: want 1 argument, got 0\n"},
		{nil, 2, 2, false, "", "prog: want 2 arguments, got 0\n"},
	} {
		var stdout, stderr bytes.Buffer
		status, ok := Parse(newSet(), "prog", "usage: prog [-n N]\n", c.args, c.nargs, &stdout, &stderr)
		assert.Equal(t, c.status, status, "%v", c.args)
		assert.Equal(t, c.ok, ok, "%v", c.args)
		assert.Equal(t, c.stdout, stdout.String(), "%v", c.args)
		if c.stderr == "" {
			assert.Empty(t, stderr.String(), "%v", c.args)
		}
		assert.True(t, strings.HasPrefix(stderr.String(), c.stderr), "%v: %q", c.args, stderr.String())
		if msg, _, _ := strings.Cut(c.stderr, "\n"); msg != "" {
			assert.Equal(t, 1, strings.Count(stderr.String(), msg), "%v: said once", c.args)
			assert.Contains(t, stderr.String(), "-n int", "%v: the usage follows", c.args)
		}
	}
}

// TestFail: a command line refused once parsed says why, once, without
// the usage (the message names the flag and what it takes).
func TestFail(t *testing.T) {
	var w bytes.Buffer
	assert.Equal(t, 2, Fail(&w, "prog", errors.New("-a and -b: give one")))
	assert.Equal(t, "prog: -a and -b: give one\n", w.String())
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestCheckOutput: a program whose output could not be written exits 1
// with a message (selfplay, tournament, nardy-strength and nardy-train
// exited 0 with their output lost, helper-87); its own failure status
// stands; a written output leaves the status alone.
func TestCheckOutput(t *testing.T) {
	var errOut strings.Builder
	status := CheckOutput("prog", failingWriter{}, &errOut, func(w io.Writer) int {
		fmt.Fprintln(w, "lost")
		fmt.Fprintln(w, "lost too")
		return 0
	})
	assert.Equal(t, 1, status)
	assert.Equal(t, "prog: writing the output: no space left on device\n", errOut.String())

	errOut.Reset()
	assert.Equal(t, 2, CheckOutput("prog", failingWriter{}, &errOut, func(w io.Writer) int {
		fmt.Fprintln(w, "usage")
		return 2
	}))
	assert.Empty(t, errOut.String())

	var out strings.Builder
	assert.Equal(t, 0, CheckOutput("prog", &out, &errOut, func(w io.Writer) int {
		fmt.Fprint(w, "kept")
		return 0
	}))
	assert.Equal(t, "kept", out.String())
}
