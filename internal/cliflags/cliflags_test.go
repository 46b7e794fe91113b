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
		// Help after the arguments, as GNU tools take "cmd FILE --help"
		// (helper-204: "nardy analyze FILE -h" was an unexpected argument).
		{[]string{"x", "-h"}, 1, 0, false, "usage: prog [-n N]\n  -n int\n    \ta number (default 1)\n", ""},
		{[]string{"-n", "2", "x", "y", "--help"}, 1, 0, false, "usage: prog [-n N]\n  -n int\n    \ta number (default 1)\n", ""},
		{[]string{"x", "-help"}, 0, 0, false, "usage: prog [-n N]\n  -n int\n    \ta number (default 1)\n", ""},
		// After "--", -h is an argument (a file named -h).
		{[]string{"--", "-h"}, 1, 0, true, "", ""},
		{[]string{"x", "--", "-h"}, 1, 2, false, "", "prog: unexpected argument \"--\"\n"},
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

// TestParsePrintsNothingItself: Parse's doc: "the flag package prints
// nothing itself". A flag set whose output was set elsewhere gets nothing
// on it for a bad flag; the message goes to stderr once. Kills
// cliflags.go:42 (fs.SetOutput(io.Discard) deleted).
func TestParsePrintsNothingItself(t *testing.T) {
	var own, stderr bytes.Buffer
	fs := newSet()
	fs.SetOutput(&own)
	status, ok := Parse(fs, "prog", "usage: prog\n", []string{"-nope"}, 0, io.Discard, &stderr)
	assert.Equal(t, 2, status)
	assert.False(t, ok)
	assert.Empty(t, own.String(), "the flag set's own output")
	assert.Equal(t, 1, strings.Count(stderr.String(), "-nope"))
}

// TestGiven: Given lists the flags set on the command line, also to their
// default value, and not the others. Kills cliflags.go:79 (fs.Visit
// deleted).
func TestGiven(t *testing.T) {
	fs := newSet()
	fs.String("s", "", "a string")
	fs.Bool("b", false, "a bool")
	assert.NoError(t, fs.Parse([]string{"-n", "1", "-b"}))
	assert.Equal(t, map[string]bool{"n": true, "b": true}, Given(fs))

	fs = newSet()
	assert.NoError(t, fs.Parse(nil))
	assert.Empty(t, Given(fs))
}

// TestPreset: Preset's doc: -preset alone names the preset; -variant
// long or short alone names that game's default preset (long-moscow,
// short-standard: variants.LongMoscow and ShortStandard are
// nardy.DefaultRules); both given is an error, even when one is left at
// its default value; an unknown variant or preset is an error naming its
// flag. Kills cliflags.go:88 (&& -> ||, and if false), :89 (the error
// deleted), :93 (err != nil negated, and -> ==), :94 (the error deleted),
// :99 (negated), :100 (the error deleted).
func TestPreset(t *testing.T) {
	p, err := Preset("short-tavla", "long", map[string]bool{"preset": true})
	if assert.NoError(t, err) {
		assert.Equal(t, "short-tavla", p.Name)
	}
	for v, want := range map[string]string{"long": "long-moscow", "short": "short-standard"} {
		p, err = Preset("short-tavla", v, map[string]bool{"variant": true})
		if assert.NoError(t, err, v) {
			assert.Equal(t, want, p.Name, v)
		}
	}
	p, err = Preset("long-moscow", "", map[string]bool{})
	if assert.NoError(t, err, "neither given: -preset's default") {
		assert.Equal(t, "long-moscow", p.Name)
	}

	_, err = Preset("long-moscow", "long", map[string]bool{"preset": true, "variant": true})
	if assert.Error(t, err, "both") {
		assert.Contains(t, err.Error(), "-preset")
		assert.Contains(t, err.Error(), "-variant")
	}
	_, err = Preset("long-moscow", "medium", map[string]bool{"variant": true})
	if assert.Error(t, err, "bad variant") {
		assert.Contains(t, err.Error(), `-variant "medium"`)
	}
	_, err = Preset("no-such-preset", "", map[string]bool{"preset": true})
	if assert.Error(t, err, "bad preset") {
		assert.True(t, strings.HasPrefix(err.Error(), "-preset: "), err.Error())
	}
}

// TestCheckedWriterKeepsTheError: the writer CheckOutput hands the program
// returns the first failed write's error, and every write after it returns
// that error with nothing written (its doc: "keeps the first error; after
// it, writes do nothing"). Kills cliflags.go:134 (return n, nil) and :130
// (return len(p), c.err).
func TestCheckedWriterKeepsTheError(t *testing.T) {
	w := &checkedWriter{w: failingWriter{}}
	n, err := w.Write([]byte("lost"))
	assert.Equal(t, 0, n)
	assert.EqualError(t, err, "no space left on device")
	n, err = w.Write([]byte("lost too"))
	assert.Equal(t, 0, n)
	assert.EqualError(t, err, "no space left on device")

	var out bytes.Buffer
	w = &checkedWriter{w: &out}
	n, err = w.Write([]byte("kept"))
	assert.Equal(t, 4, n)
	assert.NoError(t, err)
	assert.Equal(t, "kept", out.String())
}

// TestParseFlagAfterArgument: a flag of the set written after the
// argument, in any of the forms the flag package takes ("-n 3", "--n 3",
// "-n=3", "--n=3"), is refused with "flags go before the arguments"; an
// argument starting with '-' that names no flag of the set, a lone "-"
// and one after "--" with no argument before it (nargs 0: there is no
// argument for the flags to go before) are refused as plain arguments.
// Mutation round of helper-198: each case kills a mutant that survived
// TestFlagAfterArgument (no "--" prefix, no "=VALUE", no look-up, no
// nargs > 0).
func TestParseFlagAfterArgument(t *testing.T) {
	const hint = ": flags go before the arguments"
	for _, c := range []struct {
		args  []string
		nargs int
		want  string
	}{
		{[]string{"x", "-n", "3"}, 1, `prog: unexpected argument "-n"` + hint},
		{[]string{"x", "--n", "3"}, 1, `prog: unexpected argument "--n"` + hint},
		{[]string{"x", "-n=3"}, 1, `prog: unexpected argument "-n=3"` + hint},
		{[]string{"x", "--n=3"}, 1, `prog: unexpected argument "--n=3"` + hint},
		{[]string{"x", "-nope"}, 1, `prog: unexpected argument "-nope"`},
		{[]string{"x", "-"}, 1, `prog: unexpected argument "-"`},
		{[]string{"--", "-n", "3"}, 0, `prog: unexpected argument "-n"`},
	} {
		var stdout, stderr bytes.Buffer
		status, ok := Parse(newSet(), "prog", "usage: prog [-n N]", c.args, c.nargs, &stdout, &stderr)
		assert.Equal(t, 2, status, "%q", c.args)
		assert.False(t, ok, "%q", c.args)
		assert.Empty(t, stdout.String(), "%q", c.args)
		line, _, _ := strings.Cut(stderr.String(), "\n")
		assert.Equal(t, c.want, line, "%q", c.args)
	}
}
