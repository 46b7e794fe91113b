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

// perftContext is perft; with -json, when the context interrupt returns
// ends (an interrupt or SIGTERM) before the count is done, it writes the
// document saying so, without the count, and returns 1 (Rules.Perft
// takes no context: its goroutines go on until the process exits, at
// once in the command). Without -json a signal ends the process, as it
// always has.
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
		"\"workers\" (the goroutines used), \"seconds\"}; an interrupt (Ctrl-C) or SIGTERM then\n" +
		"stops it: the document says \"interrupted\", has no \"leaves\", and the exit status is 1.\n" +
		"For example nardy perft -json -depth 3 | jq .leaves"
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
	var (
		n       uint64
		stopped error
	)
	start := time.Now()
	if *asJSON {
		ctx, stop := interrupt()
		defer stop()
		n, err, stopped = perftUntil(ctx, r, pos, *depth, *workers)
	} else {
		n, err = r.Perft(pos, *depth, *workers)
	}
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
	if *asJSON {
		doc := perftJSON{Variant: r.Variant, Position: pos, Depth: *depth, Workers: used, Seconds: took.Seconds()}
		if stopped == nil {
			doc.Leaves = &n
		} else {
			doc.Interrupted = stopped.Error()
		}
		if err := writeJSON(stdout, doc); err != nil {
			report(stderr, "perft", err)
			return 1
		}
		if stopped != nil {
			report(stderr, "perft", fmt.Errorf("interrupted: %w; no count", stopped))
			return 1
		}
		return 0
	}
	if used == 1 {
		plural = ""
	}
	fmt.Fprintf(stdout, "perft %s depth %d: %d (%s, %d worker%s)\n", r.Variant, *depth, n, took.Round(time.Millisecond), used, plural)
	return 0
}

// perftUntil is r.Perft, unless ctx ends first: then stopped says why
// (context.Cause: the signal), and the count goes on in the background,
// for the process's exit to end. A ctx ended already stops it before it
// starts.
func perftUntil(ctx context.Context, r nardy.Rules, pos nardy.Position, depth, workers int) (n uint64, err, stopped error) {
	if ctx.Err() != nil {
		return 0, nil, context.Cause(ctx)
	}
	type count struct {
		n   uint64
		err error
	}
	done := make(chan count, 1)
	go func() {
		n, err := r.Perft(pos, depth, workers)
		done <- count{n, err}
	}()
	select {
	case c := <-done:
		return c.n, c.err, nil
	case <-ctx.Done():
		return 0, nil, context.Cause(ctx)
	}
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
