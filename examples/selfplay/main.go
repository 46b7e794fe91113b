// Command selfplay plays one whole game of nardy between two random players
// and prints every turn, the final board and the result.
//
//	go run ./examples/selfplay                     # long nardy, seed 1
//	go run ./examples/selfplay -seed 42 -preset short-tavla
//	go run ./examples/selfplay -variant short      # short-standard
//	go run ./examples/selfplay -match 7            # a match to 7 points
//	go run ./examples/selfplay -h                  # the flags
//
// Every random choice comes from explicit sources seeded by -seed: the same
// seed plays the same game on every machine. -preset names a preset of
// package variants (variants.Names lists them; long-moscow by default);
// -variant long or short plays that game's default preset instead
// (long-moscow, short-standard); the two together are refused. -match N
// plays a whole match to N points (1..64, as examples/tournament) with the
// game layer ([nardy.Match]) and prints each game's result and the score;
// the random players never double nor resign. -h prints a synopsis and the
// flags on standard output; a wrong flag exits with 2, its message and the
// usage on standard error, before any game.
// Results are named as the variant's players name them: single, gammon and
// backgammon in short nardy, oin, mars, home mars and koks in long nardy.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/variants"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = `usage: selfplay [-seed N] [-preset NAME | -variant long|short] [-match N]

Plays one seeded game (or a match to N points) of nardy between two random
players and prints it.`

// maxMatch is the longest match -match takes, as examples/tournament's
// and nardy-strength's: the longest the match equity table covers
// (neural.MaxAway). -match 1000000 played some 5,000 games and failed,
// the match not over within maxActions.
const maxMatch = 64

// run is the whole program: it parses args, plays, and returns the exit
// status: 0, 1 when the game fails, 2 for bad flags. -h prints the usage
// on stdout; an unknown flag, an argument or a bad value is refused on
// stderr.
// run is the program: a lost output (a failed write to stdout) exits 1
// (cliflags.CheckOutput).
func run(args []string, stdout, stderr io.Writer) int {
	return cliflags.CheckOutput("selfplay", stdout, stderr, func(out io.Writer) int { return runProgram(args, out, stderr) })
}

// runProgram is run without the check of its output.
func runProgram(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed of the dice and of the players' choices")
	presetName := fs.String("preset", "long-moscow", "rule preset of package variants: "+strings.Join(variants.Names(), ", "))
	variant := fs.String("variant", "", "game, long or short: its default preset (long-moscow, short-standard) instead of -preset")
	length := fs.Int("match", 0, fmt.Sprintf("play a match to this many points (1..%d) instead of one game", maxMatch))
	if status, ok := cliflags.Parse(fs, "selfplay", usage, args, 0, stdout, stderr); !ok {
		return status
	}
	fail := func(format string, a ...any) int {
		return cliflags.Fail(stderr, "selfplay", fmt.Errorf(format, a...))
	}
	given := cliflags.Given(fs)
	match := given["match"]
	if match && (*length < 1 || *length > maxMatch) {
		return fail("-match %d: a match is to 1..%d points (leave -match out for one game)", *length, maxMatch)
	}
	preset, err := cliflags.Preset(*presetName, *variant, given)
	if err != nil {
		return cliflags.Fail(stderr, "selfplay", err)
	}
	if match {
		_, err = playMatch(stdout, preset, *seed, *length)
	} else {
		_, err = play(stdout, preset, *seed)
	}
	if err != nil {
		fmt.Fprintln(stderr, "selfplay:", err)
		return 1
	}
	return 0
}

// maxTurns stops a game that does not end; a game of random players ends
// far sooner.
const maxTurns = 5000

// outcome is the end of a game.
type outcome struct {
	Final  nardy.Position
	Turns  int
	Winner nardy.Color
	Kind   string // the kind's name in the variant's words (ResultKind.Name)
	Points int
}

// play plays one game of preset's rules between two random players, both
// seeded by seed, and writes the game to w.
func play(w io.Writer, preset variants.Preset, seed uint64) (outcome, error) {
	r := preset.Rules
	dice := nardy.NewSeededDice(seed)
	choose := rand.New(rand.NewPCG(seed, 0x5e1f91a7))

	opening, err := nardy.ThrowOpening(dice, r.OpeningRoll)
	if err != nil {
		return outcome{}, err
	}
	fmt.Fprintf(w, "%s, seed %d\n", preset.Name, seed)
	fmt.Fprintf(w, "opening: white %d, black %d (%d rerolls): %s moves first\n",
		opening.WhiteDie, opening.BlackDie, opening.Rerolls, opening.First)
	pos, err := nardy.StartPosition(r.Variant, opening.First)
	if err != nil {
		return outcome{}, err
	}
	roll := opening.Roll
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	for turn := 1; turn <= maxTurns; turn++ {
		plays, err := r.AppendLegal(buf[:0], pos, roll)
		if err != nil {
			return outcome{}, fmt.Errorf("turn %d: %w", turn, err)
		}
		p := plays[choose.IntN(len(plays))]
		fmt.Fprintf(w, "%4d. %-5s %s  %s\n", turn, pos.OnRoll(), roll, p)
		pos = p.Result()
		if winner, over := pos.Winner(); over {
			o, err := result(r, pos, winner)
			if err != nil {
				return o, err
			}
			o.Turns = turn
			fmt.Fprint(w, "\n", pos.Drawing(), "\n")
			fmt.Fprintf(w, "%s wins after %d turns: %s, %d point%s\n", o.Winner, o.Turns, o.Kind, o.Points, plural(o.Points))
			return o, nil
		}
		if roll, err = nardy.Throw(dice); err != nil {
			return outcome{}, err
		}
	}
	return outcome{}, errors.New("no winner after " + strconv.Itoa(maxTurns) + " turns")
}

// result classifies a finished game with [nardy.Classify] under the
// preset's scoring table: long nardy oin 1 or mars 2 (L8, and L9's home mars
// and koks where the table has them); short nardy single 1, gammon 2 or
// backgammon 3 (S5). The game is a money game whose cube was never turned
// (the random players do not double), so where the rules have the Jacoby
// rule (S6; short-standard) a gammon or backgammon counts single: 1 point.
// The game layer scores so itself ([nardy.Game.Result], as -match shows).
func result(r nardy.Rules, pos nardy.Position, winner nardy.Color) (outcome, error) {
	o := outcome{Final: pos, Winner: winner}
	table := r.Scoring
	if table == (nardy.Scoring{}) {
		table = variants.FederationScoring()
		if r.Variant == nardy.Short {
			table = variants.BackgammonScoring()
		}
	}
	kind, err := nardy.Classify(pos, winner, table)
	if err != nil {
		return o, err
	}
	o.Kind, o.Points = kindWords(kind, r.Variant), table.Points(kind)
	if r.Cube && r.Jacoby && kind != nardy.Oin {
		o.Points = table.Points(nardy.Oin) // S6: the cube is centred
	}
	return o, nil
}

// maxActions stops a match that does not end.
const maxActions = 1_000_000

// playMatch plays a match to length points of preset's rules between two
// random players, seeded by seed, through [nardy.Match], and writes each
// game's result and the score to w. It returns the finished match.
func playMatch(w io.Writer, preset variants.Preset, seed uint64, length int) (nardy.Match, error) {
	dice := nardy.NewSeededDice(seed)
	choose := rand.New(rand.NewPCG(seed, 0x5e1f91a7))
	m, err := nardy.NewMatch(preset.Rules, length)
	if err != nil {
		return m, err
	}
	fmt.Fprintf(w, "%s, match to %d, seed %d\n", preset.Name, length, seed)
	for i := 0; i < maxActions && !m.IsOver(); i++ {
		g := m.Game()
		var a nardy.Action
		switch g.Phase() {
		case nardy.PhaseOpening, nardy.PhaseRoll:
			if _, a, err = g.Roll(dice); err != nil {
				return m, err
			}
		case nardy.PhasePlay:
			plays, err := g.Legal()
			if err != nil {
				return m, err
			}
			p := plays[choose.IntN(len(plays))]
			a = p.Action()
		default:
			return m, fmt.Errorf("game %d: unexpected phase %s", m.GameNumber(), g.Phase())
		}
		number := m.GameNumber()
		if m, err = m.Do(a); err != nil {
			return m, fmt.Errorf("game %d: %w", number, err)
		}
		if res, ok := m.LastResult(); ok && (m.GameNumber() != number || m.IsOver()) {
			white, black := m.Score()
			if res.Kind == nardy.Draw {
				fmt.Fprintf(w, "game %d: draw; score white %d, black %d\n", number, white, black)
			} else {
				fmt.Fprintf(w, "game %d: %s wins %s %s, %d point%s; score white %d, black %d\n",
					number, res.Winner, kindWords(res.Kind, res.Variant), endText(res.End), res.Points, plural(res.Points), white, black)
			}
		}
	}
	winner, over := m.Winner()
	if !over {
		return m, errors.New("the match did not end")
	}
	white, black := m.Score()
	fmt.Fprintf(w, "%s wins the match %d-%d\n", winner, max(white, black), min(white, black))
	return m, nil
}

// kindWords names a game's kind in its variant's words, with a space
// where the text form has "_" ("home mars"), as Result.String does.
func kindWords(k nardy.ResultKind, v nardy.Variant) string {
	return strings.ReplaceAll(k.Name(v), "_", " ")
}

// endText says how a game ended, in words for people.
func endText(e nardy.EndReason) string {
	switch e {
	case nardy.Resigned:
		return "by resignation"
	case nardy.Dropped:
		return "by a dropped double"
	}
	return "by bearing off"
}

// plural returns the "s" of n points.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
