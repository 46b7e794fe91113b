// Command selfplay plays one whole game of nardy between two random players
// and prints every turn, the final board and the result.
//
//	go run ./examples/selfplay                       # long nardy, seed 1
//	go run ./examples/selfplay -seed 42 -variant short-standard
//
// Every random choice comes from explicit sources seeded by -seed: the same
// seed plays the same game on every machine. -variant names a preset of
// package variants (long-moscow, long-classic, short-standard).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

func main() {
	seed := flag.Uint64("seed", 1, "seed of the dice and of the players' choices")
	variant := flag.String("variant", "long-moscow", "rule preset of package variants")
	flag.Parse()
	preset, err := variants.Lookup(*variant)
	if err != nil {
		fmt.Fprintln(os.Stderr, "selfplay:", err)
		os.Exit(2)
	}
	if _, err := play(os.Stdout, preset, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "selfplay:", err)
		os.Exit(1)
	}
}

// maxTurns stops a game that does not end; a game of random players ends
// far sooner.
const maxTurns = 5000

// outcome is the end of a game.
type outcome struct {
	Final  nardy.Position
	Turns  int
	Winner nardy.Color
	Kind   string // oin or mars (L8); single, gammon or backgammon (S5)
	Points int
}

// play plays one game of preset's rules between two random players, both
// seeded by seed, and writes the game to w.
func play(w io.Writer, preset variants.Preset, seed uint64) (outcome, error) {
	r := preset.Rules
	dice := nardy.NewSeededDice(seed)
	choose := rand.New(rand.NewPCG(seed, 0x5e1f91a7))

	opening := nardy.ThrowOpening(dice, r.OpeningRoll)
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
		fmt.Fprintf(w, "%4d. %-5s %s  %s\n", turn, pos.Turn(), roll, notation(p))
		pos = p.Result()
		if winner, over := pos.Winner(); over {
			o := result(pos, winner)
			o.Turns = turn
			fmt.Fprint(w, "\n", pos.Drawing(), "\n")
			fmt.Fprintf(w, "%s wins after %d turns: %s, %d point(s)\n", o.Winner, o.Turns, o.Kind, o.Points)
			return o, nil
		}
		roll = nardy.Throw(dice)
	}
	return outcome{}, errors.New("no winner after " + strconv.Itoa(maxTurns) + " turns")
}

// result classifies a finished game. Long nardy (L8): oin, 1 point, when the
// loser has borne off at least one checker; mars, 2 points, when none. Short
// nardy (S5): single 1; gammon 2 when the loser has borne off none;
// backgammon 3 when besides it still has a checker on the bar or on its own
// points 19..24 (the winner's home).
func result(pos nardy.Position, winner nardy.Color) outcome {
	o := outcome{Final: pos, Winner: winner}
	loser := pos.Side(winner.Other())
	if pos.Variant() == nardy.Long {
		if loser.Off > 0 {
			o.Kind, o.Points = "oin", 1
		} else {
			o.Kind, o.Points = "mars", 2
		}
		return o
	}
	switch {
	case loser.Off > 0:
		o.Kind, o.Points = "single", 1
	case loser.Bar > 0 || sum(loser.Points[18:]) > 0:
		o.Kind, o.Points = "backgammon", 3
	default:
		o.Kind, o.Points = "gammon", 2
	}
	return o
}

func sum(counts []int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

// notation writes a play as its steps in the mover's own numbering:
// "24/18 18/13", "bar/22*", "6/off"; "(no play)" when no step was possible.
// TODO: use Play.String (notation.go) once it is on main.
func notation(p nardy.Play) string {
	if p.IsEmpty() {
		return "(no play)"
	}
	b := []byte{}
	for i := 0; i < p.Len(); i++ {
		s := p.Step(i)
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendPoint(b, int(s.From))
		b = append(b, '/')
		b = appendPoint(b, int(s.To))
		if s.Hit {
			b = append(b, '*')
		}
	}
	return string(b)
}

func appendPoint(b []byte, q int) []byte {
	switch q {
	case nardy.Off:
		return append(b, "off"...)
	case nardy.Bar:
		return append(b, "bar"...)
	}
	return strconv.AppendInt(b, int64(q), 10)
}
