// Command nardy-train trains the network of package neural for one game by
// TD(0) self-play from a seed, and writes the weights, a log and a
// learning-curve picture.
//
//	go run ./cmd/nardy-train -variant short -games 300000 -out neural/weights/short
//	go run ./cmd/nardy-train -variant long -games 200000 -out neural/weights/long
//
// It writes OUT.nn (the weights, the format of [neural.ReadNet]), OUT.log
// (one line per checkpoint) and OUT.svg (the win rate of the network at
// 0-ply against a fixed opponent, bot.Expectimax by default, by games
// trained). An OUT that ends in .nn names the weights file: -out z.nn
// writes z.nn, z.log and z.svg. None of them may be the file of -init or
// -resume, which the first checkpoint would overwrite. Every -every games
// it measures the network in -eval games (pairs with the same dice, each
// side once) and saves the weights, so a stopped run leaves its last
// checkpoint. With -eval 0 nothing is
// measured: the log has "-" for the win rate and the points per game of
// such a checkpoint, and the curve leaves it out; -opponent is refused
// with it, and the log's header names no opponent.
//
// The run is deterministic: one goroutine plays and learns, and every die
// comes from -seed, so the same flags give the same weights on every machine
// (floating-point arithmetic in Go is IEEE and not reordered). -init
// continues from saved weights (its learning rate schedule starts over);
// they decide the number of hidden units, so -hidden with -init is refused
// unless it is theirs. The learning rate decays from -rate to -rate-end (at
// most -rate), linearly in the games played. -resume LOG, with -init,
// continues the run that wrote LOG and those weights: games are counted on
// from its last checkpoint, and the new log and learning curve start with
// its checkpoints, so a run stopped early can be finished (give -rate where
// its schedule stopped). LOG must be of the same game, and measured against
// the same -opponent if this run measures (as its header says), so a
// learning curve has one opponent; and of the run that saved -init's
// weights: its header's -hidden is theirs, and its last checkpoint is at
// the games and plies their provenance (written by nardy-train) records.
// -games, -seed, the rates, -every, -eval and -target may change (the
// stages of -recipe committed change the first four). -stop N (at most
// -games) ends the run after N games with a checkpoint, the learning rate
// still scheduled over -games: the way to reproduce a run that was stopped
// early.
// -target 1ply trains each position toward its 1-ply evaluation (the
// average over the 21 rolls) instead of the TD(0) sample, about 20 times
// slower a game.
//
// -against NAME trains by playing against a fixed player (bot.New's
// names) instead of self-play: the network plays one side at 0-ply and
// learns the chances of the positions its plays leave, with that player
// on roll, so it learns to play against that player rather than against
// itself (a best response, by TD(0)). docs/strength.md reports what it
// gained against Expectimax. -mix F, only with -against, plays the share F
// of the games against that player and the rest by self-play, spread
// evenly (with F = 0.25, every fourth game is against it).
//
// -recipe committed runs, in one command, every stage of the training
// that made the committed weights (docs/training.md lists them as separate
// command lines, which is how they were first run):
//
//	go run ./cmd/nardy-train -variant short -recipe committed -out short
//
// writes short-1.*, short-2.* after the first two stages and short.nn,
// equal in its weights to neural/weights/short.nn.
//
// -h prints a synopsis and the flags on standard output and exits with 0.
// It exits with 2 when the flags are wrong or contradict each other, each
// with a message naming the flag and the usage on standard error; also
// when that is found only once -init and -resume are read (a network of
// the other game or another size than -hidden, a log of the other game,
// measured against another -opponent or of another run than -init's
// weights), before anything is written; with 1
// when a file cannot be read or is not what it should be (an -init that is
// no network, a -resume log without its header or checkpoints) or
// training fails, the message naming the flag of the file; with 0
// otherwise.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/neural"
)

type config struct {
	variant       nardy.Variant
	games, hidden int
	seed          uint64
	rate, rateEnd float64
	every, eval   int
	opponent      string
	out, init     string
	resume        string
	stop          int
	target        string
	against       string
	mix           float64
	hiddenGiven   bool // -hidden on the command line: with -init, it must be the network's
}

// usageError is an error of train that comes of flags that do not go
// together, found only once the files of -init or -resume are read (the
// game or size of -init's network, the game or opponent of -resume's
// log): run exits with 2 for it, as for the flags it refuses itself. A
// file that cannot be read or is not what it should be is a plain error,
// exit 1.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the program: a lost output (a failed write to stdout) exits 1
// (cliflags.CheckOutput).
func run(args []string, stdout, stderr io.Writer) int {
	return cliflags.CheckOutput("nardy-train", stdout, stderr, func(out io.Writer) int { return runProgram(args, out, stderr) })
}

// runProgram is run without the check of its output.
func runProgram(args []string, stdout, stderr io.Writer) int {
	c, recipe, status, ok := parseArgs(args, stdout, stderr)
	if !ok {
		return status
	}
	if err := checkOutputs(c.out); err != nil {
		return cliflags.Fail(stderr, "nardy-train", err)
	}
	if recipe != "" {
		return runRecipe(recipeArgs(c.variant, c.out), stdout, stderr)
	}
	if err := train(c, stdout); err != nil {
		fmt.Fprintln(stderr, "nardy-train:", err)
		if errors.As(err, new(usageError)) {
			return 2
		}
		return 1
	}
	return 0
}

// parseArgs reads the command line into a checked config and the recipe
// asked for; when it returns !ok, the program exits with status (the
// usage or the error printed).
func parseArgs(args []string, stdout, stderr io.Writer) (c config, recipeName string, status int, ok bool) {
	fs := flag.NewFlagSet("nardy-train", flag.ContinueOnError)
	variant := fs.String("variant", "short", "game: long or short")
	fs.IntVar(&c.games, "games", 100000, "self-play games to train")
	fs.IntVar(&c.hidden, "hidden", 128, fmt.Sprintf("hidden units of a new network (1..%d); with -init, those of its weights or none", neural.MaxHidden))
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the weights and the dice")
	fs.Float64Var(&c.rate, "rate", 0.02, "learning rate at the start, in (0, 1]")
	fs.Float64Var(&c.rateEnd, "rate-end", 0.005, "learning rate at the end, in (0, -rate]")
	fs.IntVar(&c.every, "every", 10000, "games between checkpoints")
	fs.IntVar(&c.eval, "eval", 200, "games against the opponent per checkpoint (even; 0: none, checkpoints not measured, no -opponent)")
	fs.StringVar(&c.opponent, "opponent", "expectimax", fmt.Sprintf("fixed opponent of the learning curve %v (with -eval above 0)", bot.Names()))
	fs.StringVar(&c.out, "out", "", "output path without extension (required): writes OUT.nn, OUT.log, OUT.svg; a trailing .nn is dropped; a run on an OUT whose log another run is writing is refused (a -recipe run writes, and locks, one stage's log at a time)")
	fs.StringVar(&c.init, "init", "", "weights to continue from")
	fs.IntVar(&c.stop, "stop", 0, "stop after this many games, at most -games (0: -games), the rate still scheduled over -games")
	fs.StringVar(&c.resume, "resume", "", "log of the run that wrote -init (at most 1 MiB): count games on from its last checkpoint")
	fs.StringVar(&c.target, "target", targetTD0, "what each position learns toward: td0 (the evaluation after the play made) or 1ply (the average over the 21 rolls)")
	fs.StringVar(&c.against, "against", "", fmt.Sprintf("train by playing against this fixed opponent %v instead of self-play", bot.Names()))
	fs.Float64Var(&c.mix, "mix", 1, "with -against: the share of games against that player, the rest self-play")
	recipe := fs.String("recipe", "", fmt.Sprintf("run every stage of a recipe %v (only -variant and -out with it): committed, the training of the committed weights", recipes))
	if status, ok := cliflags.Parse(fs, "nardy-train", usage, args, 0, stdout, stderr); !ok {
		return c, "", status, false
	}
	given := cliflags.Given(fs) // the flags on the command line, defaults aside
	if err := c.check(fs, *variant, *recipe, given); err != nil {
		return c, "", cliflags.Fail(stderr, "nardy-train", err), false
	}
	return c, *recipe, 0, true
}

func train(c config, stdout io.Writer) error {
	net, err := neural.NewNet(c.variant, c.hidden, c.seed)
	if err != nil {
		return fmt.Errorf("a new network of %d hidden units: %w", c.hidden, err)
	}
	if c.init != "" {
		f, err := os.Open(c.init)
		if err != nil {
			return fmt.Errorf("-init: %w", err)
		}
		net, err = neural.ReadNet(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("-init %s: %w", c.init, err)
		}
		if net.Variant() != c.variant {
			return usageError{fmt.Sprintf("-init %s holds a %s-nardy network, not one of %s nardy", c.init, net.Variant(), c.variant)}
		}
		if c.hiddenGiven && c.hidden != net.Hidden() {
			return usageError{fmt.Sprintf("-hidden asks for %d hidden units, but -init %s has %d: its weights decide the size (leave -hidden out)",
				c.hidden, c.init, net.Hidden())}
		}
	}
	var prior resumed // empty without -resume: counting starts at 0
	if c.resume != "" {
		if prior, err = readResume(c.resume); err != nil {
			return fmt.Errorf("-resume: %w", err)
		}
		if err := prior.check(c, net); err != nil {
			return err
		}
	}
	logf, err := openLog(c.out + ".log")
	if err != nil {
		return fmt.Errorf("-out: %w", err)
	}
	defer logf.Close()
	log := &logTee{file: logf, echo: stdout}
	if _, err := io.WriteString(logf, prior.text); err != nil {
		return fmt.Errorf("-out: writing %s.log: %w", c.out, err)
	}
	opponent := "" // none with -eval 0: nobody is played
	if c.eval > 0 {
		opponent = " -opponent " + c.opponent
	}
	if _, err := fmt.Fprintf(log, "# nardy-train -variant %s -games %d -hidden %d -seed %d -rate %g -rate-end %g -every %d -eval %d%s -init %q -resume %q%s\n",
		c.variant, c.games, net.Hidden(), c.seed, c.rate, c.rateEnd, c.every, c.eval, opponent, c.init, c.resume, c.optionalFlags()); err != nil {
		return err
	}
	if c.resume == "" {
		// The win rate is the share of the -eval games won; "-" marks a
		// checkpoint not measured (-eval 0). -resume skips this line, so
		// it reads the logs that named the column "wins" as well.
		if _, err := fmt.Fprintf(log, "# games\tseconds\tplies\twinrate\twinrate95lo\twinrate95hi\tppg\tppg95\topponent\n"); err != nil {
			return err
		}
	}
	r := nardy.DefaultRules(c.variant)
	t := newTrainer(net, r, c.seed, c.target)
	from := prior.last()
	t.plies = from.plies
	opp := func() bot.Player { p, _ := bot.New(c.opponent, c.seed); return p }
	curve := prior.curve
	start := time.Now()
	checkpoint := func(games int) error {
		pt := point{games: games}
		if c.eval > 0 {
			if pt, err = measure(net, r, opp, c.eval, c.seed^0xe7a1); err != nil {
				return fmt.Errorf("checkpoint at %d games: measuring against %s: %w", games, c.opponent, err)
			}
			pt.games = games
		}
		pt.seconds = from.seconds + time.Since(start).Seconds()
		pt.plies = t.plies
		curve = append(curve, pt)
		resumedFrom := ""
		if c.resume != "" {
			resumedFrom = fmt.Sprintf(" -resume (from %d games)", from.games)
		}
		net.SetInfo(fmt.Sprintf("nardy-train -variant %s -games %d -hidden %d -seed %d -rate %g -rate-end %g%s%s; %d games trained, %d plies, %.0fs",
			c.variant, c.games, net.Hidden(), c.seed, c.rate, c.rateEnd, c.optionalFlags(), resumedFrom, games, pt.plies, pt.seconds))
		if err := save(c.out, net, curve); err != nil {
			return fmt.Errorf("-out: checkpoint at %d games: %w", games, err)
		}
		// The log's line after the weights it records are saved: a log
		// line is a checkpoint -resume can start from.
		if _, err := fmt.Fprintln(log, checkpointLine(pt)); err != nil {
			return fmt.Errorf("checkpoint at %d games: %w", games, err)
		}
		return nil
	}
	if c.resume == "" {
		if err := checkpoint(0); err != nil {
			return err
		}
	}
	last := c.games
	if c.stop > 0 {
		last = c.stop
	}
	for g := 1; g <= last; g++ {
		rate := c.rate + (c.rateEnd-c.rate)*float64(g-1)/float64(max(c.games-1, 1))
		var err error
		if c.againstGame(g) {
			p, _ := bot.New(c.against, c.seed^uint64(g))
			err = t.gameAgainst(p, rate)
		} else {
			err = t.game(rate)
		}
		if err != nil {
			return fmt.Errorf("training game %d: %w", from.games+g, err)
		}
		if g%c.every == 0 || g == last {
			if err := checkpoint(from.games + g); err != nil {
				return err
			}
		}
	}
	return nil
}

// optionalFlags returns " -target T" for targets other than the default,
// " -against NAME" for a run against a fixed opponent and " -mix F" for a
// share below 1, so the logs of self-play TD(0) runs read as before.
func (c config) optionalFlags() string {
	s := ""
	if c.target != targetTD0 {
		s += " -target " + c.target
	}
	if c.against != "" {
		s += " -against " + c.against
	}
	if c.mix != 1 {
		s += fmt.Sprintf(" -mix %g", c.mix)
	}
	return s
}

// againstGame reports whether game g (from 1) is played against the fixed
// player of -against: a share -mix of the games, spread evenly, the game
// where the count of such games floor(g*mix) goes up. With -mix 1 every
// game is.
func (c config) againstGame(g int) bool {
	return c.against != "" && int(float64(g)*c.mix) > int(float64(g-1)*c.mix)
}

// save writes the weights and the learning curve, each through a
// temporary file renamed into place.
func save(out string, net *neural.Net, curve []point) error {
	var w, s bytes.Buffer
	if _, err := net.WriteTo(&w); err != nil {
		return fmt.Errorf("the weights: %w", err)
	}
	title := fmt.Sprintf("%s nardy: network at 0-ply, not measured", net.Variant())
	for _, p := range curve {
		if p.measured {
			title = fmt.Sprintf("%s nardy: network at 0-ply against %s", net.Variant(), p.oppName)
		}
	}
	if err := writeSVG(&s, title, curve); err != nil {
		return fmt.Errorf("the learning curve: %w", err)
	}
	for ext, b := range map[string][]byte{".nn": w.Bytes(), ".svg": s.Bytes()} {
		if err := replaceFile(out+ext, b); err != nil {
			return err
		}
	}
	return nil
}

// errBusy is the error of a log another run is writing.
var errBusy = errors.New("another nardy-train run is writing it (one run at a time per -out)")

// openLog opens the log at path for a new run, empty, once it holds the
// log's lock (lockFile): a second run given the same -out is refused
// before it empties the first run's log. The lock lasts while the log is
// open.
func openLog(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	// A log that is no regular file (a link to /dev/null) is neither
	// locked, since runs writing to it do not mix, nor emptied, which it
	// cannot be; os.Create ignored both.
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return f, nil
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// replaceFile writes b to path through a temporary file of its own in the
// same directory, renamed over path once whole: a failed checkpoint
// leaves no half-written file, and two runs given the same -out never
// rename each other's temporary file (they shared path+".tmp").
func replaceFile(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// logTee writes the training log to its file, whose error ends the run,
// and echoes it to standard output, whose failure (a full disk, a closed
// pipe) does not stop the log: io.MultiWriter stopped at the first writer
// that failed, so a run with a failing standard output left an empty log.
type logTee struct {
	file io.Writer
	echo io.Writer
}

// Write implements io.Writer.
func (t *logTee) Write(p []byte) (int, error) {
	n, err := t.file.Write(p)
	if err != nil {
		return n, fmt.Errorf("writing the log: %w", err)
	}
	_, _ = t.echo.Write(p) // best effort: the log file holds it
	return n, nil
}
