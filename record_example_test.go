package nardy_test

import (
	"encoding/json"
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// A Recorder of length 0 keeps one game of money play; each accepted
// action goes into the record, which replays to the same game and carries
// its rules (variants.NameOf names them again).
func ExampleRecorder() {
	rc, err := nardy.NewRecorder(variants.ShortStandard(), 0, nil) // 0: one game
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range []nardy.Action{
		{Kind: nardy.ActOpening, Dice: [2]int{3, 1}}, // white wins and plays the 3-1
		{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}},
		{Kind: nardy.ActRoll, Player: nardy.White, Dice: [2]int{6, 6}}, // not white's turn: refused
		{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Oin},
		{Kind: nardy.ActAccept, Player: nardy.White},
	} {
		if err := rc.Do(a); err != nil {
			fmt.Println("refused:", a.Kind)
		}
	}
	rec := rc.Record()
	b, _ := json.Marshal(rec)
	var back nardy.Record
	if err := json.Unmarshal(b, &back); err != nil {
		fmt.Println(err)
		return
	}
	m, err := nardy.Replay(back)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := m.Game().Result()
	fmt.Printf("%d actions of %s; %s wins %d point\n", len(back.Actions), variants.NameOf(back.Rules), res.Winner, res.Points)
	// Output:
	// refused: roll
	// 4 actions of short-standard; white wins 1 point
}
