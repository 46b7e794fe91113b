// Command nardy-strength measures the players of package bot: games between
// two players with mirrored dice, and games against GNU Backgammon.
//
//	nardy-strength vs -variant short -a neural0 -b expectimax -games 1000
//	nardy-strength vs -variant short -a neural0 -b gnubg -games 2000
//	nardy-strength judge -variant long -player expectimax -judge 2 -games 100
//	nardy-strength cube -games 200
//	nardy-strength openings -trials 1296 -gnubg-plies 2
//	nardy-strength evalcheck -variant short -games 20 -trials 1296
//	nardy-strength evalcheck -games 20 -trials 1296 -cubeful -gnubg-plies 2
//	nardy-strength calibration -variant short -games 40000
//
// vs plays cubeless money games (the variant's default scoring table; with
// -cube, money games with the cube under the variant's default rules) in
// pairs with the same dice, each player White once, and prints a's win rate
// (95% Wilson interval), its points per game (95% normal interval), and the
// rates of each result kind for both sides. "gnubg" is GNU Backgammon's
// player at -gnubg-plies (short nardy only; it must be installed). Pair i
// uses dice (and a random player's choices) seeded from -seed and i alone,
// so figures do not depend on -workers. -net-a and -net-b give neural
// players weights files other than the embedded networks (the report names
// the file beside the player). A neural player named with the suffix
// "-moneyplays" (neural0-moneyplays) chooses its plays in a match as in
// money play, its cube decisions still seeing the score: what playing by
// the score is worth. -games is even.
//
// Every command prints its usage and flags on standard output with -h
// (exit status 0), refuses a bad flag, a value out of range or an argument
// (exit status 2), and exits with 1 when a measurement fails.
//
// judge plays -games games of -player against itself and judges every play
// with more than one choice by the neural player at -judge plies (its
// network from -net): the
// equity lost against the judge's best play, the error rate (plays losing
// more than -threshold) and the mean loss per play.
//
// cube compares the neural player's cube decisions in short nardy with GNU
// Backgammon's (cfevaluate at -gnubg-plies) on the positions of -games
// seeded games: how often the two agree to double and to take, and the
// equity the neural player's decisions lose by gnubg's own equities, in
// money play (cube centred, and owned) or at the scores of a -match.
//
// openings checks the network's rollouts (neural.Searcher.Rollout) on the
// 15 opening rolls of short nardy: the -top plays of each, the best at
// 1-ply, are rolled out on the same dice, and GNU Backgammon at
// -gnubg-plies names its own play and evaluates the rollout's best and its
// own.
//
// evalcheck compares the network's evaluations at 0, 1 and 2 ply with
// rollouts of the same positions (from seeded neural self-play games):
// how far the equity an analysis shows is from what the games played out
// by the same network give; with -cubeful, the same for the cubeful
// equities of the cube model and of GNU Backgammon against cubeful
// rollouts.
//
// calibration compares the network's chances with its own games: over
// -games seeded self-play games at 0-ply, the mean predicted chances of a
// win and of each kind of win for the player on roll, by tenths of the
// predicted win, beside how often the player won so.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/internal/stats"
	"github.com/nardylab/nardy/neural"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// usage names the commands; each prints its own flags with -h.
const usage = "usage: nardy-strength vs|judge|cube|plays|openings|evalcheck|calibration [flags]\n" +
	"(nardy-strength COMMAND -h or nardy-strength help COMMAND lists a command's flags; go doc ./cmd/nardy-strength says what each measures)"

// run is the program: a lost output (a failed write to stdout) exits 1
// (cliflags.CheckOutput).
func run(args []string, stdout, stderr io.Writer) int {
	return cliflags.CheckOutput("nardy-strength", stdout, stderr, func(out io.Writer) int { return runProgram(args, out, stderr) })
}

// runProgram is run without the check of its output.
func runProgram(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "help": // "help COMMAND" is "COMMAND -h"
		if len(args) == 2 {
			return runProgram([]string{args[1], "-h"}, stdout, stderr)
		}
		if len(args) > 2 {
			fmt.Fprintf(stderr, "nardy-strength help: unexpected argument %q\n%s\n", args[2], usage)
			return 2
		}
		fmt.Fprintln(stdout, usage)
		return 0
	case "-h", "-help", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	case "vs":
		err = vs(args[1:], stdout, stderr)
	case "judge":
		err = judge(args[1:], stdout, stderr)
	case "cube":
		err = cubeCheck(args[1:], stdout, stderr)
	case "plays":
		err = playsCheck(args[1:], stdout, stderr)
	case "openings":
		err = openings(args[1:], stdout, stderr)
	case "evalcheck":
		err = evalCheck(args[1:], stdout, stderr)
	case "calibration":
		err = calibration(args[1:], stdout, stderr)
	default:
		fmt.Fprintf(stderr, "nardy-strength: unknown command %q\n%s\n", args[0], usage)
		return 2
	}
	var bad usageError
	switch {
	case errors.Is(err, flag.ErrHelp): // COMMAND -h: parse printed the usage
		return 0
	case errors.As(err, &bad):
		if !bad.printed {
			fmt.Fprintf(stderr, "nardy-strength %s: %s\n", args[0], bad.msg)
		}
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "nardy-strength %s: %s\n", args[0], err)
		return 1
	}
	return 0
}

// cubeless returns the default rules of v without the cube.
func cubeless(v nardy.Variant) nardy.Rules {
	r := nardy.DefaultRules(v)
	r.Cube, r.MaxCube, r.Jacoby, r.Beavers, r.Crawford = false, 0, false, false, false
	return r
}

// tally adds up games from a's side.
type tally struct {
	n, wins    int
	sum, sumSq float64
	kinds      [2][nardy.Draw + 1]int // [0] a's wins by kind, [1] b's
	cubeSum    int                    // the cube values the games ended at
	dropped    [2]int                 // games a [0] or b [1] won by a pass
	games      int                    // games played, in matches
}

func (t *tally) add(u tally) {
	t.n += u.n
	t.wins += u.wins
	t.sum += u.sum
	t.sumSq += u.sumSq
	t.cubeSum += u.cubeSum
	t.games += u.games
	t.dropped[0] += u.dropped[0]
	t.dropped[1] += u.dropped[1]
	for i := range t.kinds {
		for k := range t.kinds[i] {
			t.kinds[i][k] += u.kinds[i][k]
		}
	}
}

func (t *tally) report(w io.Writer, a, b string, v nardy.Variant, cube bool) {
	lo, hi := stats.Wilson(float64(t.wins), t.n)
	ppg, ci := stats.Mean(t.sum, t.sumSq, t.n)
	kind := "cubeless"
	if cube {
		kind = "cubeful money"
	}
	fmt.Fprintf(w, "%s vs %s, %s nardy, %d %s games (pairs with the same dice)\n", a, b, v, t.n, kind)
	fmt.Fprintf(w, "  %s wins %.1f%% (95%% CI %.1f-%.1f%%)\n", a, 100*float64(t.wins)/float64(t.n), 100*lo, 100*hi)
	fmt.Fprintf(w, "  %s points per game %+.3f (95%% CI %+.3f..%+.3f)\n", a, ppg, ppg-ci, ppg+ci)
	names := map[nardy.ResultKind]string{nardy.Oin: "oin", nardy.Mars: "mars", nardy.Koks: "koks", nardy.HomeMars: "home mars"}
	if v == nardy.Short {
		names = map[nardy.ResultKind]string{nardy.Oin: "single", nardy.Mars: "gammon", nardy.Koks: "backgammon"}
	}
	for side, name := range []string{a, b} {
		fmt.Fprintf(w, "  %s wins by kind:", name)
		for _, k := range []nardy.ResultKind{nardy.Oin, nardy.Mars, nardy.HomeMars, nardy.Koks} {
			if n, ok := names[k]; ok {
				c := t.kinds[side][k]
				l, h := stats.Wilson(float64(c), t.n)
				fmt.Fprintf(w, " %s %.1f%% (%.1f-%.1f%%)", n, 100*float64(c)/float64(t.n), 100*l, 100*h)
			}
		}
		fmt.Fprintln(w)
	}
	if cube && t.n > 0 {
		fmt.Fprintf(w, "  cube: %.2f on average at the end; won by a pass: %s %.1f%%, %s %.1f%% of the games\n",
			float64(t.cubeSum)/float64(t.n), a, 100*float64(t.dropped[0])/float64(t.n), b, 100*float64(t.dropped[1])/float64(t.n))
	}
}

func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// newPlayer returns a player by name: bot.New's names or "gnubg" (which
// plays the cube when cube is set). The neural players use net when it is
// not nil.
func newPlayer(name string, seed uint64, gnubgPlies int, cube bool, net *neural.Net) (bot.Player, func(), error) {
	if name == "gnubg" {
		e, err := gnubgplay.Start(gnubgPlies)
		if err != nil {
			return nil, nil, err
		}
		return &gnubgplay.Player{E: e, Cube: cube}, func() { e.Close() }, nil
	}
	base, moneyPlays := strings.CutSuffix(name, moneyPlaysSuffix)
	p, err := bot.New(base, seed)
	n, ok := p.(*bot.Neural)
	if ok && net != nil {
		n.Net = net
	}
	if moneyPlays {
		if !ok {
			return nil, nil, fmt.Errorf("%s: only a neural player can ignore the score", name)
		}
		return &moneyPlayer{n: n}, func() {}, err
	}
	return p, func() {}, err
}

// checkPlayer refuses a name newPlayer does not know, before any player
// is made (gnubg started) or game played.
func checkPlayer(name string) error {
	if name == "gnubg" {
		return nil
	}
	base, moneyPlays := strings.CutSuffix(name, moneyPlaysSuffix)
	p, err := bot.New(base, 0)
	if err != nil {
		return usageError{msg: err.Error()}
	}
	if _, ok := p.(*bot.Neural); moneyPlays && !ok {
		return usagef("%s: only a neural player can ignore the score", name)
	}
	return nil
}

// moneyPlaysSuffix names a neural player ("neural0-moneyplays") that
// chooses its plays as in money play even in a match, for measuring what
// playing by the score is worth; its cube decisions still see the score.
const moneyPlaysSuffix = "-moneyplays"

// moneyPlayer is a neural player shown the match only outside its plays.
type moneyPlayer struct {
	n *bot.Neural
	m nardy.Match
}

func (p *moneyPlayer) Name() string           { return p.n.Name() + moneyPlaysSuffix }
func (p *moneyPlayer) SeeMatch(m nardy.Match) { p.m = m }

func (p *moneyPlayer) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	if g.Phase() == nardy.PhasePlay {
		p.n.SeeMatch(nardy.Match{})
	} else {
		p.n.SeeMatch(p.m)
	}
	return p.n.Act(g, me)
}

// loadNet reads a weights file, or returns nil for "".
func loadNet(path string) (*neural.Net, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return neural.ReadNet(f)
}

// vsSynopsis is vs's usage line and summary.
const vsSynopsis = `usage: nardy-strength vs [-variant short|long] [-a PLAYER] [-b PLAYER|gnubg] [-games N] [-cube | -match N] [flags]

Plays -games money games (or matches) between a and b in pairs with the
same dice, each player White once, and prints a's win rate and points per
game with their 95% intervals and the rates of each result kind.`

func vs(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("vs", flag.ContinueOnError)
	variant := fs.String("variant", "short", "long or short")
	a := fs.String("a", "neural0", fmt.Sprintf("first player: %v, gnubg (GNU Backgammon, short nardy, at -gnubg-plies), or a neural player with %q (neural0%s: in a match it chooses its plays as in money play)", bot.Names(), moneyPlaysSuffix, moneyPlaysSuffix))
	b := fs.String("b", "expectimax", "second player, as -a")
	games := fs.Int("games", 1000, "games, or matches with -match (even: pairs with the same dice)")
	seed := fs.Uint64("seed", 1, "seed of the dice and of the random players")
	workers := fs.Int("workers", 1, "parallel goroutines (each with its own players)")
	gp := fs.Int("gnubg-plies", 0, fmt.Sprintf("gnubg's evaluation depth (0..%d)", gnubgplay.MaxPlies))
	netA := fs.String("net-a", "", "weights file for a, a neural player (default: the embedded network)")
	netB := fs.String("net-b", "", "weights file for b, a neural player")
	cube := fs.Bool("cube", false, "play with the cube (money play, the variant's default rules)")
	length := fs.Int("match", 0, fmt.Sprintf("play matches to this many points (1..%d) under the variant's default rules (short nardy: with the cube) instead of money games", neural.MaxAway))
	if err := parse(fs, vsSynopsis, args, stdout, stderr); err != nil {
		return err
	}
	v, err := nardy.ParseVariant(*variant)
	if err != nil {
		return usageError{msg: err.Error()}
	}
	if err := firstErr(atLeast("games", *games, 2), atLeast("workers", *workers, 1), within("gnubg-plies", *gp, 0, gnubgplay.MaxPlies)); err != nil {
		return err
	}
	if *games%2 != 0 {
		return usagef("-games %d: want an even number (pairs of games with the same dice)", *games)
	}
	if (*a == "gnubg" || *b == "gnubg") && v != nardy.Short {
		return usagef("gnubg plays short nardy only")
	}
	if *length < 0 || *length > neural.MaxAway {
		return usagef("-match %d: want 0 (money games) or 1..%d points", *length, neural.MaxAway)
	}
	if *length > 0 && *cube {
		return usagef("-cube and -match: a match's rules decide the cube (short nardy's have it)")
	}
	for _, name := range []string{*a, *b} {
		if err := checkPlayer(name); err != nil {
			return err
		}
	}
	var na, nb *neural.Net
	for _, n := range []struct {
		flag, path, player string
		net                **neural.Net
	}{{"net-a", *netA, *a, &na}, {"net-b", *netB, *b, &nb}} {
		if n.path == "" {
			continue
		}
		if !strings.HasPrefix(n.player, "neural") {
			return usagef("-%s: %s is not a neural player", n.flag, n.player)
		}
		if *n.net, err = readNet(n.flag, n.path, v); err != nil {
			return err
		}
	}
	r := cubeless(v)
	if *length > 0 {
		r = nardy.DefaultRules(v) // long nardy's has no cube
		*cube = r.Cube
	} else if *cube {
		r = nardy.DefaultRules(v)
		if !r.Cube {
			return usagef("-cube: %s nardy's default rules have no cube", v)
		}
	}
	pairs := *games / 2
	var mu sync.Mutex
	var total tally
	var failed error
	next := 0
	var wg sync.WaitGroup
	for range max(1, min(*workers, runtime.NumCPU(), pairs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pa, ca, err := newPlayer(*a, *seed, *gp, *cube, na)
			if err != nil {
				mu.Lock()
				failed = err
				mu.Unlock()
				return
			}
			defer ca()
			pb, cb, err := newPlayer(*b, *seed+1, *gp, *cube, nb)
			if err != nil {
				mu.Lock()
				failed = err
				mu.Unlock()
				return
			}
			defer cb()
			for {
				mu.Lock()
				i := next
				next++
				stop := i >= pairs || failed != nil
				mu.Unlock()
				if stop {
					return
				}
				pairSeed := splitmix64(*seed ^ splitmix64(uint64(i)))
				pa, pb := reseed(pa, pairSeed+1), reseed(pb, pairSeed+2)
				t, err := playPair(r, *length, pa, pb, pairSeed)
				mu.Lock()
				if err != nil && failed == nil {
					failed = err
				}
				total.add(t)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return failed
	}
	la, lb := playerLabel(*a, *netA), playerLabel(*b, *netB)
	if *length > 0 {
		total.reportMatches(stdout, la, lb, r, *length)
		return nil
	}
	total.report(stdout, la, lb, v, *cube)
	return nil
}

// playerLabel names a player in vs's report: with its weights file when
// it plays with one (-net-a, -net-b), so that two neural players of one
// depth are told apart ("neural0 (ft.nn) vs neural0").
func playerLabel(name, net string) string {
	if net == "" {
		return name
	}
	return name + " (" + filepath.Base(net) + ")"
}

// reseed returns a random player seeded from seed for a random player p,
// so that a pair's games do not depend on the pairs the worker played
// before it (nor the figures on -workers); the other players have no
// randomness and are returned as they are.
func reseed(p bot.Player, seed uint64) bot.Player {
	if _, ok := p.(*bot.Random); ok {
		return bot.NewRandom(seed)
	}
	return p
}

// playPair plays two games with the same dice, a White then Black; with
// length > 0, two matches to length points.
func playPair(r nardy.Rules, length int, a, b bot.Player, seed uint64) (tally, error) {
	var t tally
	for side := range 2 {
		white, black, aColor := a, b, nardy.White
		if side == 1 {
			white, black, aColor = b, a, nardy.Black
		}
		if length > 0 {
			m, _, err := bot.PlayMatch(r, length, white, black, nardy.NewSeededDice(seed))
			if err != nil {
				return t, err
			}
			t.addMatch(m, aColor)
			continue
		}
		g, _, err := bot.PlayGame(r, white, black, nardy.NewSeededDice(seed))
		if err != nil {
			return t, err
		}
		res, _ := g.Result()
		pts := float64(res.Points)
		winner := 0
		if res.Winner != aColor {
			pts, winner = -pts, 1
		} else {
			t.wins++
		}
		t.kinds[winner][res.Kind]++
		t.cubeSum += max(res.Cube, 1)
		if res.End == nardy.Dropped {
			t.dropped[winner]++
		}
		t.n++
		t.sum += pts
		t.sumSq += pts * pts
	}
	return t, nil
}
