package nardy_test

import (
	"errors"
	"fmt"

	"github.com/nardylab/nardy"
)

// A Side is indexed by point number in its owner's numbering; NewPosition
// checks the counts and refuses a position the rules do not allow (§4).
func ExampleNewPosition() {
	var me, opp nardy.Side
	me[6], me[5], me[4], me[nardy.Off] = 5, 5, 3, 2 // bearing off
	opp[24] = 15                                    // the opponent's head
	pos, err := nardy.NewPosition(nardy.Long, nardy.White, me, opp)
	if err != nil {
		panic(err)
	}
	mine, theirs := pos.Pips()
	fmt.Println(pos.Mover()[6], pos.Mover()[nardy.Off], mine, theirs)

	opp[24] = 16
	_, err = nardy.NewPosition(nardy.Long, nardy.White, me, opp)
	var pe *nardy.PositionError
	fmt.Println(errors.As(err, &pe), pe.Rule)
	// Output:
	// 5 2 67 360
	// true §4
}

// Move drags one checker from point to point, over one die or several:
// 8 to 4 with 3-1 is 8/5/4 (or 8/7/4, the same position).
func ExampleTurn_Move() {
	r := nardy.DefaultRules(nardy.Short)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	if err != nil {
		panic(err)
	}
	t, err := r.NewTurn(start, nardy.MustRoll(3, 1))
	if err != nil {
		panic(err)
	}
	t, err = t.Move(8, 4)
	if err != nil {
		panic(err)
	}
	play, err := t.Play()
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Done(), play)
	// Output:
	// true 8/4
}

// A Game is a state machine of actions; dice come from an explicit source.
// Here White and Black always play the first legal play.
func ExampleNewGame() {
	g, err := nardy.NewGame(nardy.DefaultRules(nardy.Long))
	if err != nil {
		panic(err)
	}
	dice := nardy.NewSeededDice(7)
	for g.Phase() != nardy.PhaseOver {
		switch g.Phase() {
		case nardy.PhaseOpening, nardy.PhaseRoll:
			g, _, err = g.Roll(dice)
		case nardy.PhasePlay:
			var plays []nardy.Play
			if plays, err = g.Legal(); err == nil {
				g, err = g.Play(plays[0])
			}
		}
		if err != nil {
			panic(err)
		}
	}
	res, _ := g.Result()
	fmt.Println(res)
	fmt.Println(g.PlayCount() > 40)
	// Output:
	// black wins (oin, 1 point)
	// true
}

// Perft counts the leaves of the tree of all rolls and plays: published
// figures check the generator (long nardy 22, 484, 35,387).
func ExampleRules_Perft() {
	r := nardy.DefaultRules(nardy.Long)
	start, err := nardy.StartPosition(nardy.Long, nardy.White)
	if err != nil {
		panic(err)
	}
	for depth := 1; depth <= 3; depth++ {
		n, err := r.Perft(start, depth, 2)
		if err != nil {
			panic(err)
		}
		fmt.Println(depth, n)
	}
	// Output:
	// 1 22
	// 2 484
	// 3 35387
}

// Classify names how a finished game was won, and a Result speaks the
// game's own words: in backgammon a mars is a gammon.
func ExampleClassify() {
	var winner, loser nardy.Side
	winner[nardy.Off] = 15
	loser[20], loser[3] = 1, 14 // none off, one still in the winner's home
	pos, err := nardy.NewPosition(nardy.Short, nardy.Black, loser, winner)
	if err != nil {
		panic(err)
	}
	k, err := nardy.Classify(pos, nardy.White, nardy.Scoring{})
	if err != nil {
		panic(err)
	}
	fmt.Println(k, k.Name(nardy.Short))
	// Output:
	// koks backgammon
}
