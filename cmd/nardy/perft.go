package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// perft counts the leaves of the roll×play tree from the start position
// and prints the count and the time taken.
func perft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	variant := fs.String("variant", "", "long or short (default: the preset's variant, else long)")
	preset := fs.String("preset", "", "named rule set instead of the variant's defaults")
	depth := fs.Int("depth", 1, "plies (each ply: 21 rolls × their distinct legal plays)")
	workers := fs.Int("workers", runtime.NumCPU(), "goroutines (at least 1)")
	const usage = "usage: nardy perft [-variant long|short] [-preset NAME] [-depth N] [-workers N]\n\n" +
		"Counts the leaves of the roll×play tree from the start position to the depth (at most 64)."
	if status, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return status
	}
	r, err := perftRules(*variant, *preset)
	if err == nil && *workers < 1 {
		err = fmt.Errorf("-workers %d: want at least 1", *workers)
	}
	if err != nil {
		report(stderr, "perft", err)
		return 2
	}
	pos, err := nardy.StartPosition(r.Variant, nardy.White)
	if err != nil {
		report(stderr, "perft", err)
		return 1
	}
	start := time.Now()
	n, err := r.Perft(pos, *depth, *workers)
	took := time.Since(start)
	if errors.Is(err, nardy.ErrInvalidDepth) { // negative, or above the library's maximum
		fmt.Fprintln(stderr, "nardy perft: -depth:", strings.TrimPrefix(err.Error(), "nardy: "))
		return 2
	}
	if err != nil {
		report(stderr, "perft", err)
		return 1
	}
	used, plural := workersUsed(r, pos, *depth, *workers), "s"
	if used == 1 {
		plural = ""
	}
	fmt.Fprintf(stdout, "perft %s depth %d: %d (%s, %d worker%s)\n", r.Variant, *depth, n, took.Round(time.Millisecond), used, plural)
	return 0
}

// perftRules returns the rules of -preset, or else the default rules of
// -variant (long when neither is given); a -variant that is not the
// preset's is refused, as legal refuses it.
func perftRules(variant, preset string) (nardy.Rules, error) {
	var v nardy.Variant
	if variant != "" {
		var err error
		if v, err = nardy.ParseVariant(variant); err != nil {
			return nardy.Rules{}, err
		}
	}
	if preset == "" {
		if v == 0 {
			v = nardy.Long
		}
		return nardy.DefaultRules(v), nil
	}
	p, err := variants.Lookup(preset)
	if err != nil {
		return nardy.Rules{}, err
	}
	if v != 0 && v != p.Rules.Variant {
		return nardy.Rules{}, fmt.Errorf("-variant %s does not match preset %s (%s nardy)", v, preset, p.Rules.Variant)
	}
	return p.Rules, nil
}

// workersUsed returns how many goroutines Perft ran for workers: one below
// depth 2 (no ply is handed out), else at most the first ply's (roll,
// play) pairs, which is perft of depth 1.
func workersUsed(r nardy.Rules, pos nardy.Position, depth, workers int) int {
	if depth < 2 || workers <= 1 {
		return 1
	}
	pairs, err := r.Perft(pos, 1, 1)
	if err != nil {
		return 1
	}
	return int(min(uint64(workers), pairs))
}
