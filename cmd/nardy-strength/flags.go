package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/neural"
)

// usageError is a command line the command refuses before it measures
// anything: a bad flag value, an argument, flags that contradict each
// other. run exits with status 2 for it, 1 for any other error, and
// prints its message unless printed says parse has (with the usage).
type usageError struct {
	msg     string
	printed bool
}

func (e usageError) Error() string { return e.msg }

// usagef returns a usageError with a formatted message.
func usagef(format string, a ...any) error { return usageError{msg: fmt.Sprintf(format, a...)} }

// parse parses args into fs, a command's flag set, and refuses arguments
// after the flags. With -h it prints synopsis and the flags on stdout and
// returns flag.ErrHelp; after a bad flag or an argument it prints the
// message, then synopsis and the flags, on stderr and returns a printed
// usageError (which does not repeat the reason). A value out of range,
// found after parse, gets its message alone, as nardy's commands do.
func parse(fs *flag.FlagSet, synopsis string, args []string, stdout, stderr io.Writer) error {
	switch status, ok := cliflags.Parse(fs, "nardy-strength "+fs.Name(), synopsis, args, 0, stdout, stderr); {
	case ok:
		return nil
	case status == 0:
		return flag.ErrHelp
	}
	return usageError{msg: "the command line, refused above", printed: true} // the reason is printed, not kept
}

// maxWorkers is the most goroutines a flag -workers takes: a rollout's
// most.
const maxWorkers = neural.MaxWorkers

// atLeast refuses an int flag below lo.
func atLeast(name string, v, lo int) error {
	if v < lo {
		return usagef("-%s %d: want at least %d", name, v, lo)
	}
	return nil
}

// within refuses an int flag outside lo..hi.
func within(name string, v, lo, hi int) error {
	if v < lo || v > hi {
		return usagef("-%s %d: want %d..%d", name, v, lo, hi)
	}
	return nil
}

// firstErr returns the first error that is not nil.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkPlies refuses a neural player's plies outside 0..2 (the searcher
// plays 2-ply at most) and gnubg's outside 0..gnubgplay.MaxPlies.
func checkPlies(neuralFlag string, ply int, gnubgFlag string, gnubgPlies int) error {
	return firstErr(within(neuralFlag, ply, 0, neural.MaxPly), within(gnubgFlag, gnubgPlies, 0, gnubgplay.MaxPlies))
}

// readNet reads the weights file of flag name for a network of v, or
// returns the embedded network of v for "". A network of the other game is
// a usageError.
func readNet(name, path string, v nardy.Variant) (*neural.Net, error) {
	net, err := loadNet(path)
	switch {
	case err != nil:
		return nil, fmt.Errorf("-%s: %w", name, err)
	case net == nil:
		return neural.Default(v)
	case net.Variant() != v:
		return nil, usagef("-%s %s: a %s-nardy network, not %s", name, path, net.Variant(), v)
	}
	return net, nil
}
