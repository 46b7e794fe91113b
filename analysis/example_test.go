package analysis_test

import (
	"context"
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/variants"
)

// Analyze judges a record. Here White opens with 3-1 and plays 24/23 13/10
// instead of making its 5 point with 8/5 6/5, the standard opening play;
// GNU Backgammon 1.07 at 0-ply rates 24/23 13/10 0.211 worse (cubeful), far
// past the 0.04 that counts as an error.
func ExampleAnalyze() {
	rc, err := nardy.NewRecorder(variants.ShortStandard(), 0, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range []nardy.Action{
		{Kind: nardy.ActOpening, Dice: [2]int{3, 1}},
		{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 24, To: 23, Die: 1}, {From: 13, To: 10, Die: 3}}},
	} {
		if err := rc.Do(a); err != nil {
			fmt.Println(err)
			return
		}
	}
	rep, err := analysis.Analyze(context.Background(), rc.Record(), analysis.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range rep.Decisions {
		fmt.Printf("%s %s %s: played %s, best %s, error %t\n", d.Player, d.Kind, d.Roll, d.Played, d.Best, d.Error)
	}
	white := rep.Players[nardy.White]
	fmt.Printf("white: %d play, %d error\n", white.Plays, white.Errors)
	// Output:
	// white play 3-1: played 24/23 13/10, best 8/5 6/5, error true
	// white: 1 play, 1 error
}

// HintFor advises the player who must act: here White, who has won the
// opening throw with 3-1, and whose best play makes its 5 point. The hint
// lists every legal play, best first.
func ExampleHintFor() {
	g, err := nardy.NewGame(variants.ShortStandard())
	if err != nil {
		fmt.Println(err)
		return
	}
	if g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}}); err != nil {
		fmt.Println(err)
		return
	}
	h, err := analysis.HintFor(g, [2]int{}, analysis.Options{Ply: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %s, the best of %d plays\n", h.Player, h.Advice, len(h.Plays))
	// Output: white: 8/5 6/5, the best of 16 plays
}
