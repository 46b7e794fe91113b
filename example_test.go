package nardy_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// steps formats the steps of a play as "24/18 24/18" in the mover's own
// numbering.
func steps(p nardy.Play) string {
	s := ""
	for i := 0; i < p.Len(); i++ {
		st := p.Step(i)
		if i > 0 {
			s += " "
		}
		to := fmt.Sprint(st.To)
		if st.To == nardy.Off {
			to = "off"
		}
		s += fmt.Sprintf("%d/%s", st.From, to)
	}
	return s
}

// From the long-nardy start, 6-6 has exactly one play: two checkers leave
// the head (the L4 first-turn exception) and stop on point 18, because the
// opponent's head (the mover's point 12) closes the next six; the other two
// sixes are lost (C5). 3-3 has two plays: {15, 21} and {18, 18}.
func ExampleRules_Legal() {
	start, err := nardy.StartPosition(nardy.Long, nardy.White)
	if err != nil {
		panic(err)
	}
	for _, roll := range []nardy.Roll{nardy.MustRoll(6, 6), nardy.MustRoll(3, 3)} {
		plays, err := nardy.DefaultRules(start.Variant()).Legal(start, roll)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %d play(s)\n", roll, len(plays))
		for _, p := range plays {
			fmt.Println("  ", steps(p))
		}
	}
	// Output:
	// 6-6: 1 play(s)
	//    24/18 24/18
	// 3-3: 2 play(s)
	//    24/21 24/21 21/18 21/18
	//    24/21 24/21 21/18 18/15
}

// Short nardy is standard backgammon: from the start, 3-1 has 16 distinct
// plays, 1-1 has 42 and 6-5 has 7 (docs/rules.md §5). A buffer of MaxPlays plays
// is reused without allocation.
func ExampleRules_AppendLegal() {
	r := variants.ShortStandard()
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	if err != nil {
		panic(err)
	}
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	for _, roll := range []nardy.Roll{nardy.MustRoll(3, 1), nardy.MustRoll(1, 1), nardy.MustRoll(6, 5)} {
		buf, err = r.AppendLegal(buf[:0], start, roll)
		if err != nil {
			panic(err)
		}
		fmt.Println(roll, len(buf))
	}
	// Output:
	// 3-1 16
	// 1-1 42
	// 6-5 7
}

// Apply plays a legal play; PlayOf checks a step sequence made elsewhere and
// says which rule it breaks. Taking two checkers off the head with 6-5 on the
// first turn breaks the head rule (L3): the L4 exception does not apply,
// since one checker can play the whole roll (24/18/13).
func ExampleRules_Apply() {
	r := variants.LongMoscow()
	start, err := nardy.StartPosition(nardy.Long, nardy.White)
	if err != nil {
		panic(err)
	}
	roll := nardy.MustRoll(6, 5)
	plays, err := r.Legal(start, roll)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(plays), "play:", steps(plays[0]))
	next, err := r.Apply(start, plays[0])
	if err != nil {
		panic(err)
	}
	white := next.Side(nardy.White)
	fmt.Println("on roll:", next.OnRoll())
	fmt.Println("white on 24 and 13:", white[24], white[13])

	_, err = r.PlayOf(start, roll,
		nardy.Step{From: 24, To: 18, Die: 6},
		nardy.Step{From: 24, To: 19, Die: 5})
	var re *nardy.RuleError
	if errors.As(err, &re) {
		fmt.Println("refused:", re.Rule, re.Msg, errors.Is(err, nardy.ErrIllegalPlay))
	}
	// Output:
	// 1 play: 24/18 18/13
	// on roll: black
	// white on 24 and 13: 14 1
	// refused: L3 too many checkers leave the head true
}

// A Turn plays a roll one step at a time, offering only the steps that lead
// to a legal whole play.
func ExampleTurn() {
	start, err := nardy.StartPosition(nardy.Long, nardy.White)
	if err != nil {
		panic(err)
	}
	t, err := nardy.DefaultRules(start.Variant()).NewTurn(start, nardy.MustRoll(6, 5))
	if err != nil {
		panic(err)
	}
	fmt.Println("required dice:", t.Required())
	for _, s := range t.AppendNextSteps(nil) {
		fmt.Printf("offered %d/%d with the %d\n", s.From, s.To, s.Die)
	}
	t, err = t.Move(24, 18)
	if err != nil {
		panic(err)
	}
	// A second checker may not leave the head (L3).
	if _, err := t.Move(24, 19); err != nil {
		fmt.Println("24/19 refused:", err)
	}
	for _, s := range t.AppendNextSteps(nil) {
		fmt.Printf("offered %d/%d with the %d\n", s.From, s.To, s.Die)
	}
	t, err = t.Move(18, 13)
	if err != nil {
		panic(err)
	}
	fmt.Println("done:", t.Done(), "dice left:", t.DiceLeft())
	play, err := t.Play()
	if err != nil {
		panic(err)
	}
	fmt.Println("play:", steps(play))

	t, err = t.Undo()
	if err != nil {
		panic(err)
	}
	fmt.Println("after undo:", t.Len(), "step, done:", t.Done(), "dice left:", t.DiceLeft())
	// Output:
	// required dice: 2
	// offered 24/18 with the 6
	// offered 24/19 with the 5
	// 24/19 refused: nardy: illegal play (L3) at step 2: too many checkers leave the head
	// offered 18/13 with the 5
	// done: true dice left: []
	// play: 24/18 18/13
	// after undo: 1 step, done: false dice left: [5]
}

// ParsePosition reads the text form of Position.String and checks the
// position; errors match ErrSyntax or ErrInvalidPosition.
func ExampleParsePosition() {
	// Long nardy, Black on roll: Black has 14 checkers on its head and one
	// on its point 13; White has all 15 on its head.
	pos, err := nardy.ParsePosition("long b 00000000000010000000000e00/00000000000000000000000f00")
	if err != nil {
		panic(err)
	}
	fmt.Println(pos.Variant(), pos.OnRoll())
	fmt.Println(pos.Pips())
	fmt.Println(pos == nardy.MustParsePosition(pos.String()))

	_, err = nardy.ParsePosition("long w 0f")
	fmt.Println(errors.Is(err, nardy.ErrSyntax))
	// White's point 13 is Black's point 1 (docs/rules.md §0): both colours there.
	_, err = nardy.ParsePosition("long w 00000000000010000000000e00/10000000000000000000000e00")
	fmt.Println(errors.Is(err, nardy.ErrInvalidPosition))
	fmt.Println(err)
	// Output:
	// long black
	// 349 360
	// true
	// true
	// true
	// nardy: invalid position: both colours on one point: mover's 13 is the opponent's 1 (§4)
}

// The drawing shows the board from the player on roll: its points 13..24
// along the top, 12..1 along the bottom. In long nardy the two heads stand
// on diagonally opposite corners.
func ExamplePosition_Drawing() {
	start, err := nardy.StartPosition(nardy.Long, nardy.White)
	if err != nil {
		panic(err)
	}
	fmt.Print(start.Drawing())
	// Output:
	// long nardy: white (X) on roll, points numbered for white
	//  13 14 15 16 17 18      19 20 21 22 23 24
	// +------------------+---+------------------+
	// |                  |   |                X |
	// |                  |   |                X |
	// |                  |   |                X |
	// |                  |   |                X |
	// |                  |   |               15 |
	// |                  |   |                  |
	// |15                |   |                  |
	// | O                |   |                  |
	// | O                |   |                  |
	// | O                |   |                  |
	// | O                |   |                  |
	// +------------------+---+------------------+
	//  12 11 10  9  8  7       6  5  4  3  2  1
	// O black: off 0, pips 360
	// X white: off 0, pips 360, on roll
}

// ThrowOpening plays the opening throw (C2) from an explicit, seeded dice
// source: the same seed gives the same game on every machine. Under
// UseOpeningDice (the short-nardy default) the two opening dice, which
// always differ, are the first roll.
func ExampleThrowOpening() {
	dice := nardy.NewSeededDice(7)
	o, err := nardy.ThrowOpening(dice, nardy.UseOpeningDice)
	if err != nil {
		panic(err) // only a broken dice source fails
	}
	fmt.Println("white", o.WhiteDie, "black", o.BlackDie, "rerolls", o.Rerolls)
	fmt.Println(o.First, "moves first with", o.Roll)
	// Output:
	// white 4 black 2 rerolls 0
	// white moves first with 4-2
}

// Plays print in the standard notation, in the mover's own numbering: a
// checker that moves on is one move ("24/13"), two checkers moving alike
// are counted ("24/18(2)"). ParsePlay reads notation back tolerantly into
// the legal play it means.
func ExamplePlay_String() {
	start, err := nardy.StartPosition(nardy.Long, nardy.White)
	if err != nil {
		panic(err)
	}
	plays, err := nardy.DefaultRules(start.Variant()).Legal(start, nardy.MustRoll(3, 3))
	if err != nil {
		panic(err)
	}
	for _, p := range plays {
		fmt.Println(p)
	}
	r := variants.LongMoscow()
	p, err := r.ParsePlay(start, nardy.MustRoll(6, 5), "24/19 19/13")
	if err != nil {
		panic(err)
	}
	fmt.Println(p, p.Len(), "steps")
	// Output:
	// 24/18(2)
	// 24/15 24/21
	// 24/13 2 steps
}

// A Play in JSON is its notation, as a server sends the legal plays; a
// client's text comes back through ParsePlay, with the position and roll.
func ExamplePlay_MarshalText() {
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	if err != nil {
		panic(err)
	}
	r := nardy.DefaultRules(nardy.Short)
	plays, err := r.Legal(start, nardy.MustRoll(6, 4))
	if err != nil {
		panic(err)
	}
	out, err := json.Marshal(plays[:3])
	if err != nil {
		panic(err)
	}
	fmt.Println(string(out))
	var texts []string
	if err := json.Unmarshal(out, &texts); err != nil {
		panic(err)
	}
	back, err := r.ParsePlay(start, nardy.MustRoll(6, 4), texts[2])
	if err != nil {
		panic(err)
	}
	fmt.Println(back == plays[2])
	// Output:
	// ["24/20 24/18","24/14","24/18 13/9"]
	// true
}

// Plays ranges over the legal plays of a roll; an invalid input is the one
// error it yields.
func ExampleRules_Plays() {
	r := nardy.DefaultRules(nardy.Short)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	if err != nil {
		panic(err)
	}
	for play, err := range r.Plays(start, nardy.MustRoll(6, 5)) {
		if err != nil {
			panic(err)
		}
		fmt.Println(play)
	}
	for _, err := range r.Plays(nardy.Position{}, nardy.MustRoll(6, 5)) {
		fmt.Println(err)
	}
	// Output:
	// 24/13
	// 24/18 13/8
	// 24/18 8/3
	// 13/8 13/7
	// 13/7 8/3
	// 13/2
	// 8/3 8/2
	// nardy: invalid position: the zero Position (§4)
}
