package neural_test

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// lastRoll is a short-nardy position with White on roll and its last two
// checkers on its 3 and 2 points, Black's last checker on its 1 point:
// White bears both off, and wins, with 25 of the 36 throws (all but 1-1
// and the ten throws of a 1 with another number); else Black wins.
func lastRoll() nardy.Position {
	var white, black nardy.Side
	white[3], white[2], white[nardy.Off] = 1, 1, 13
	black[1], black[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, white, black)
	if err != nil {
		panic(err)
	}
	return pos
}

// Eval evaluates a position at a depth. Where both sides have every
// checker home, as in the last-roll position, the chances come from the
// bear-off database, not the network: at 0-ply White wins 25/36, and
// 1-ply, averaging over White's 21 throws, agrees.
func ExampleSearcher_Eval() {
	net, err := neural.Default(nardy.Short)
	if err != nil {
		panic(err)
	}
	s := neural.NewSearcher(net, nardy.DefaultRules(nardy.Short))
	for ply := range 2 {
		fmt.Printf("%d-ply: %s\n", ply, s.Eval(lastRoll(), ply))
	}
	fmt.Printf("exact: %.1f%%\n", 100*25.0/36)
	// Output:
	// 0-ply: win 69.4% (gammon 0.0%, backgammon 0.0%) lose 30.6% (gammon 0.0%, backgammon 0.0%)
	// 1-ply: win 69.4% (gammon 0.0%, backgammon 0.0%) lose 30.6% (gammon 0.0%, backgammon 0.0%)
	// exact: 69.4%
}

// Choose picks a play among the legal ones. From the starting position at
// 0-ply the network plays the openings every book gives: 6-5 runs a back
// checker to the midpoint, 6-1, 4-2 and 3-1 make a point.
func ExampleSearcher_Choose() {
	rules := nardy.DefaultRules(nardy.Short)
	net, err := neural.Default(nardy.Short)
	if err != nil {
		panic(err)
	}
	s := neural.NewSearcher(net, rules)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	if err != nil {
		panic(err)
	}
	for _, roll := range []nardy.Roll{nardy.MustRoll(6, 5), nardy.MustRoll(6, 1), nardy.MustRoll(4, 2), nardy.MustRoll(3, 1)} {
		plays, err := rules.Legal(start, roll)
		if err != nil {
			panic(err)
		}
		best, _ := s.Choose(plays, 0)
		fmt.Printf("%s: %s\n", roll, plays[best])
	}
	// Output:
	// 6-5: 24/13
	// 6-1: 13/7 8/7
	// 4-2: 8/4 6/4
	// 3-1: 8/5 6/5
}

// SearchCube decides a double by searching with the cube. In the
// last-roll position the cube is dead after White's throw, so 1-ply is
// exact: no double is worth 25/36 − 11/36 = +0.389 a game, double and take
// twice that, and Black, losing 0.778 by taking against 1 by passing,
// takes.
func ExampleSearcher_SearchCube() {
	rules := nardy.DefaultRules(nardy.Short)
	net, err := neural.Default(nardy.Short)
	if err != nil {
		panic(err)
	}
	s := neural.NewSearcher(net, rules)
	ci := neural.CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true}
	d := s.SearchCube(lastRoll(), ci, 1)
	fmt.Printf("no double %+.3f, double/take %+.3f, double/pass %+.3f\n", d.NoDouble, d.DoubleTake, d.DoublePass)
	fmt.Printf("double: %t, take: %t\n", d.Double, d.Take)
	// Output:
	// no double +0.389, double/take +0.778, double/pass +1.000
	// double: true, take: true
}
