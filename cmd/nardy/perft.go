package main

import (
	"context"
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
	return perftContext(interruptContext, args, stdout, stderr)
}

// perftContext is perft, stopped when the context interrupt returns ends
// (an interrupt or SIGTERM): it then prints the count so far
// (Rules.PerftContext's: the leaves under the first plies walked), the
// text with a last line and the JSON with "interrupted" saying it is
// partial, says so on stderr, and returns 1.
func perftContext(interrupt func() (context.Context, context.CancelFunc), args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	variant := fs.String("variant", "", "long or short (default: the preset's variant, else long)")
	preset := fs.String("preset", "", "named rule set instead of the variant's defaults")
	depth := fs.Int("depth", 1, "plies (each ply: 21 rolls × their distinct legal plays)")
	workers := fs.Int("workers", runtime.NumCPU(), "goroutines (at least 1)")
	asJSON := fs.Bool("json", false, "print one JSON document instead of the text")
	const usage = "usage: nardy perft [-variant long|short] [-preset NAME] [-depth N] [-workers N] [-json]\n\n" +
		"Counts the leaves of the roll×play tree from the start position to the depth (at most 64).\n" +
		"With -json, one JSON document: {\"variant\", \"position\" (the start), \"depth\", \"leaves\",\n" +
		"\"workers\" (the goroutines used), \"seconds\"}. For example nardy perft -json -depth 3 | jq .leaves\n" +
		"An interrupt (Ctrl-C) or SIGTERM stops it: it prints the count so far, the leaves\n" +
		"under the first (roll, play) pairs of the first ply walked to the end, in order,\n" +
		"saying it is partial (a last line; in -json, \"interrupted\", and \"subtrees\" of\n" +
		"\"of_subtrees\" pairs counted), and the exit status is 1."
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
	ctx, stopSignals := interrupt()
	defer stopSignals()
	start := time.Now()
	c, err := r.PerftContext(ctx, pos, *depth, *workers)
	took := time.Since(start)
	stopped := err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err())
	if errors.Is(err, nardy.ErrInvalidDepth) { // negative, or above the library's maximum
		fmt.Fprintln(stderr, "nardy perft: -depth:", strings.TrimPrefix(err.Error(), "nardy: "))
		return 2
	}
	if err != nil && !stopped {
		report(stderr, "perft", err)
		return 1
	}
	used, plural := workersUsed(r, pos, *depth, *workers), "s"
	cause := context.Cause(ctx)
	covers := fmt.Sprintf("the leaves under the first %d of the %d first plies (roll, play)", c.Subtrees, c.Total)
	if *asJSON {
		doc := perftJSON{Variant: r.Variant, Position: pos, Depth: *depth, Leaves: c.Leaves, Workers: used, Seconds: took.Seconds()}
		if stopped {
			doc.Interrupted = cause.Error()
			doc.Subtrees, doc.OfSubtrees = &c.Subtrees, &c.Total
		}
		if err := writeJSON(stdout, doc); err != nil {
			report(stderr, "perft", err)
			return 1
		}
	} else {
		if used == 1 {
			plural = ""
		}
		fmt.Fprintf(stdout, "perft %s depth %d: %d (%s, %d worker%s)\n", r.Variant, *depth, c.Leaves, took.Round(time.Millisecond), used, plural)
		if stopped {
			fmt.Fprintf(stdout, "interrupted (%v): a partial count, %s\n", cause, covers)
		}
	}
	if stopped {
		report(stderr, "perft", fmt.Errorf("interrupted: %w; the count printed is partial: %s", cause, covers))
		return 1
	}
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
