// Command tournament plays seeded games or matches between two bots of
// package bot in parallel and prints the win rate of the first with its 95%
// confidence interval (Wilson; a draw counts one half) and the points per
// game (for single games with the 95% normal interval of the net points).
//
//	go run ./examples/tournament -a greedy -b random -preset long-moscow -games 400
//	go run ./examples/tournament -a expectimax -b greedy -variant short -games 1000 -workers 2
//	go run ./examples/tournament -a greedy -b random -match 7 -games 100
//	go run ./examples/tournament -h    # the flags
//
// Game (or match) i is played with dice and bots seeded from -seed and i
// alone, so the figures do not depend on -workers. Bot a plays White in
// even games and Black in odd ones. -preset names the rules, a preset of
// package variants (long-moscow by default); -variant long or short plays
// that game's default preset instead (long-moscow, short-standard); the
// two together are refused. -match N plays matches to N points (1..64,
// the longest the match equity table covers) instead of single games of
// money play. -budget sets the node budget of expectimax (positions
// evaluated per decision), -width the number of candidate plays it
// searches a roll ahead.
//
// -h prints a synopsis and the flags on standard output. It exits with 2
// for wrong flags (an unknown bot or preset, -games outside 1..1000000,
// -workers outside 1..256, -match outside 0..64, a negative -budget or
// -width, -budget or -width without expectimax playing), the message and
// the usage on standard error, before any game;
// with 1 when a game fails; with 0 otherwise.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/variants"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// usage is the synopsis -h prints before the flags.
const usage = `usage: tournament [flags]

Plays seeded games (or matches, -match) between two bots, -a and -b, in
parallel, and prints the first's win rate with its 95% confidence interval
and the points per game.

Flags:
`

// run is the whole program: it parses args, plays the tournament, writes
// the report to stdout and the time taken to stderr, and returns the exit
// status: 0, 1 when a game fails, 2 for wrong flags. -h prints the usage
// on stdout; a wrong flag is refused on stderr with the usage.
// run is the program: a lost output (a failed write to stdout) exits 1
// (cliflags.CheckOutput).
func run(args []string, stdout, stderr io.Writer) int {
	return cliflags.CheckOutput("tournament", stdout, stderr, func(out io.Writer) int { return runProgram(args, out, stderr) })
}

// runProgram is run without the check of its output.
func runProgram(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	var c config
	fs.StringVar(&c.a, "a", "greedy", fmt.Sprintf("first bot %v", bot.Names()))
	fs.StringVar(&c.b, "b", "random", "second bot")
	preset := fs.String("preset", "long-moscow", fmt.Sprintf("rule preset %v", variants.Names()))
	variant := fs.String("variant", "", "game, long or short: its default preset (long-moscow, short-standard) instead of -preset")
	fs.IntVar(&c.n, "games", 100, fmt.Sprintf("number of games (or matches), 1..%d", maxGames))
	fs.IntVar(&c.length, "match", 0, fmt.Sprintf("play matches to this many points (1..%d) instead of single games", maxMatch))
	fs.Uint64Var(&c.seed, "seed", 1, "tournament seed")
	fs.IntVar(&c.workers, "workers", min(runtime.NumCPU(), maxWorkers), fmt.Sprintf("parallel goroutines, 1..%d", maxWorkers))
	fs.IntVar(&c.budget, "budget", 0, "expectimax node budget per decision (0: default)")
	fs.IntVar(&c.width, "width", 0, "expectimax candidate plays searched a roll ahead (0: default)")
	if status, ok := cliflags.Parse(fs, "tournament", usage, args, 0, stdout, stderr); !ok {
		return status
	}
	if err := c.setUp(*preset, *variant, cliflags.Given(fs)); err != nil {
		return cliflags.Fail(stderr, "tournament", err)
	}
	start := time.Now()
	out, err := play(c)
	if err != nil {
		fmt.Fprintln(stderr, "tournament:", err)
		return 1
	}
	report(stdout, c, summarize(out))
	fmt.Fprintf(stderr, "%d workers, %.1fs\n", min(c.workers, c.n), time.Since(start).Seconds())
	return 0
}

// setUp completes c from the flags and refuses what no tournament can run
// with, before any game: -preset and -variant together, an unknown preset,
// variant or bot, and the numbers config.check refuses (cliflags.Parse
// refused arguments).
func (c *config) setUp(preset, variant string, given map[string]bool) error {
	var err error
	if c.preset, err = cliflags.Preset(preset, variant, given); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	for _, f := range []struct{ flag, name string }{{"-a", c.a}, {"-b", c.b}} {
		if _, err := bot.New(f.name, 0); err != nil {
			return fmt.Errorf("%s: %v", f.flag, err)
		}
	}
	if c.a != "expectimax" && c.b != "expectimax" {
		for _, f := range []string{"budget", "width"} {
			if given[f] {
				return fmt.Errorf("-%s: only expectimax has it, and neither -a nor -b is expectimax", f)
			}
		}
	}
	return nil
}
