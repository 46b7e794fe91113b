// Package cliflags parses the command lines of the project's programs
// (cmd/nardy, cmd/nardy-strength, cmd/nardy-train and the examples
// selfplay, tournament and server) alike: -h (-help, --help), before the
// arguments or after them, prints the usage (a synopsis, then the flags)
// on standard output and the program exits with 0; a bad flag, a value
// the flag package refuses or an argument the command does not take
// prints "PROG: message", then the usage, on standard error, and the
// program exits with 2. A value the program
// refuses once parsed (out of range, or flags that contradict each other)
// prints "PROG: message" alone ([Fail]): the message names the flag and
// what it takes.
package cliflags

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// Usage returns synopsis and fs's flags, as the flag package prints them.
func Usage(fs *flag.FlagSet, synopsis string) string {
	var b strings.Builder
	b.WriteString(strings.TrimRight(synopsis, "\n"))
	b.WriteByte('\n')
	out := fs.Output()
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(out)
	return b.String()
}

// Parse parses args into fs, a program's or a command's flag set, which
// must take exactly nargs arguments after its flags. prog names the
// program in messages ("nardy legal"); synopsis opens its usage. ok is
// false when the program must stop, with status 0 after -h or 2 after an
// error, both printed: the flag package prints nothing itself. -h, -help
// or --help after the arguments asks for help too (the flag package
// stops at the first argument), unless a "--" before it ended the flags.
func Parse(fs *flag.FlagSet, prog, synopsis string, args []string, nargs int, stdout, stderr io.Writer) (status int, ok bool) {
	fs.SetOutput(io.Discard) // its messages are printed below, once
	fs.Usage = func() {}
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp), err == nil && helpAfter(args, fs.Args()):
		fmt.Fprint(stdout, Usage(fs, synopsis))
		return 0, false
	case err != nil:
	case fs.NArg() > nargs:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(nargs))
		if name, isFlag := strings.CutPrefix(fs.Arg(nargs), "-"); isFlag && nargs > 0 {
			// The flag package stops at the first argument: a flag of
			// fs after it, as GNU tools take one, is an argument here.
			name, _, _ = strings.Cut(strings.TrimPrefix(name, "-"), "=")
			if fs.Lookup(name) != nil {
				err = fmt.Errorf("%w: flags go before the arguments", err)
			}
		}
	case fs.NArg() < nargs:
		plural := "s"
		if nargs == 1 {
			plural = ""
		}
		err = fmt.Errorf("want %d argument%s, got %d", nargs, plural, fs.NArg())
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n%s", prog, err, Usage(fs, synopsis))
		return 2, false
	}
	return 0, true
}

// helpAfter reports whether rest, the arguments left in args after the
// flags, ask for help as a flag would (-h, -help, --help), as GNU tools
// take "cmd FILE --help": the flag package stops at the first argument,
// which made "nardy analyze FILE -h" an unexpected argument. After a "--"
// that ended the flags, every argument is one (a file named -h).
func helpAfter(args, rest []string) bool {
	if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
		return false
	}
	for _, a := range rest {
		switch a {
		case "-h", "-help", "--help":
			return true
		case "--":
			return false
		}
	}
	return false
}

// Fail prints "prog: err" on w, for a command line refused once parsed (a
// value out of range, flags that contradict each other), and returns 2.
// The usage is not repeated: err names the flag and what it takes, as
// the commands of cmd/nardy and cmd/nardy-strength say it.
func Fail(w io.Writer, prog string, err error) int {
	fmt.Fprintf(w, "%s: %v\n", prog, err)
	return 2
}

// Given returns the names of the flags set on fs's command line (not
// those left at their defaults), after fs is parsed.
func Given(fs *flag.FlagSet) map[string]bool {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given
}

// Preset returns the rule preset of a program's -preset and -variant
// flags, whose values are preset and variant and which given lists when
// set: -preset's, or with -variant long or short that game's default
// preset; the two together are an error.
func Preset(preset, variant string, given map[string]bool) (variants.Preset, error) {
	if given["preset"] && given["variant"] {
		return variants.Preset{}, fmt.Errorf("-preset %s and -variant %s: give one (-variant names its game's default preset)", preset, variant)
	}
	if given["variant"] {
		v, err := nardy.ParseVariant(variant)
		if err != nil {
			return variants.Preset{}, fmt.Errorf("-variant %q: want long or short (-preset names a rule preset %v)", variant, variants.Names())
		}
		preset = variants.NameOf(nardy.DefaultRules(v))
	}
	p, err := variants.Lookup(preset)
	if err != nil {
		return variants.Preset{}, fmt.Errorf("-preset: %v", err)
	}
	return p, nil
}

// CheckOutput runs a program's body f with its standard output wrapped
// so that the first failed write is kept (the programs print with fmt and
// do not check each write): when f returns 0 but a write failed (a full
// disk, a closed pipe), it prints "PROG: writing the output: ERROR" on
// stderr and returns 1, so that a lost output never exits 0.
func CheckOutput(prog string, stdout, stderr io.Writer, f func(stdout io.Writer) int) int {
	out := &checkedWriter{w: stdout}
	status := f(out)
	if out.err != nil && status == 0 {
		fmt.Fprintf(stderr, "%s: writing the output: %v\n", prog, out.err)
		return 1
	}
	return status
}

// checkedWriter passes writes to w and keeps the first error; after it,
// writes do nothing.
type checkedWriter struct {
	w   io.Writer
	err error
}

// Write implements io.Writer.
func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.err = err
	return n, err
}
