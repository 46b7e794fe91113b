// Command tournament plays seeded games or matches between two bots of
// package bot in parallel and prints the win rate of the first with its 95%
// confidence interval (Wilson; a draw counts one half) and the points per
// game (for single games with the 95% normal interval of the net points).
//
//	go run ./examples/tournament -a greedy -b random -variant long-moscow -games 400
//	go run ./examples/tournament -a expectimax -b greedy -variant short-standard -games 1000 -workers 2
//	go run ./examples/tournament -a greedy -b random -match 7 -games 100
//
// Game (or match) i is played with dice and bots seeded from -seed and i
// alone, so the figures do not depend on -workers. Bot a plays White in
// even games and Black in odd ones. -match N plays matches to N points
// instead of single games of money play. -budget sets the node budget of
// expectimax (positions evaluated per decision), -width the number of
// candidate plays it searches at 2 ply.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

func main() {
	var c config
	flag.StringVar(&c.a, "a", "greedy", fmt.Sprintf("first bot %v", bot.Names()))
	flag.StringVar(&c.b, "b", "random", "second bot")
	variant := flag.String("variant", "long-moscow", fmt.Sprintf("rule preset %v", variants.Names()))
	flag.IntVar(&c.n, "games", 100, "number of games (or matches)")
	flag.IntVar(&c.length, "match", 0, "play matches to this many points instead of single games")
	flag.Uint64Var(&c.seed, "seed", 1, "tournament seed")
	flag.IntVar(&c.workers, "workers", runtime.NumCPU(), "parallel goroutines")
	flag.IntVar(&c.budget, "budget", 0, "expectimax node budget per decision (0: default)")
	flag.IntVar(&c.width, "width", 0, "expectimax candidate plays searched a roll ahead (0: default)")
	flag.Parse()
	if flag.NArg() > 0 {
		fail(fmt.Errorf("unexpected argument %q: every setting is a flag", flag.Arg(0)), 2)
	}
	if err := c.check(); err != nil {
		fail(err, 2)
	}
	var err error
	if c.preset, err = variants.Lookup(*variant); err != nil {
		fail(err, 2)
	}
	for _, name := range []string{c.a, c.b} {
		if _, err := bot.New(name, 0); err != nil {
			fail(err, 2)
		}
	}
	start := time.Now()
	out, err := run(c)
	if err != nil {
		fail(err, 1)
	}
	report(os.Stdout, c, summarize(out))
	fmt.Fprintf(os.Stderr, "%d workers, %.1fs\n", min(c.workers, c.n), time.Since(start).Seconds())
}

func fail(err error, code int) {
	fmt.Fprintln(os.Stderr, "tournament:", err)
	os.Exit(code)
}
