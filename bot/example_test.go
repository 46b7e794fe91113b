package bot_test

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

// PlayGame plays a whole game and returns it with its record, which
// replays to the same game.
func ExamplePlayGame() {
	g, rec, err := bot.PlayGame(variants.LongMoscow(), bot.NewGreedy(), bot.NewRandom(1), nardy.NewSeededDice(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := g.Result()
	fmt.Println(res.Winner, "wins", res.Points, "points")
	m, err := nardy.Replay(rec)
	fmt.Println(err == nil && m.Game() == g)
	// Output:
	// white wins 2 points
	// true
}

// NewNeural builds the trained player; here at 0-ply, against Greedy, a
// game of short nardy with the cube, where it also doubles, takes and
// drops.
func ExampleNewNeural() {
	strong := bot.NewNeural(0)
	g, rec, err := bot.PlayGame(variants.ShortStandard(), strong, bot.NewGreedy(), nardy.NewSeededDice(3))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := g.Result()
	fmt.Println(strong.Name(), "plays white;", res.Winner, "wins", res.Points, "points with the cube at", g.Cube().Value, "after", len(rec.Actions), "actions")
	// Output: neural0 plays white; white wins 2 points with the cube at 2 after 100 actions
}

// PlayMatch plays a match to 3 points; the record says how it went.
func ExamplePlayMatch() {
	m, rec, err := bot.PlayMatch(variants.ShortStandard(), 3, bot.NewGreedy(), bot.NewGreedy(), nardy.NewSeededDice(5))
	if err != nil {
		fmt.Println(err)
		return
	}
	w, b := m.Score()
	winner, _ := m.Winner()
	fmt.Printf("%s wins %d-%d after %d games, %d actions\n", winner, max(w, b), min(w, b), m.GameNumber(), len(rec.Actions))
	// Output: white wins 3-1 after 3 games, 198 actions
}

// PlayMatchAt plays a match to 7 points from 5-6, as a trainer sets one up:
// the first game is the Crawford game.
func ExamplePlayMatchAt() {
	start := nardy.MatchStart{Score: [2]int{5, 6}}
	m, rec, err := bot.PlayMatchAt(variants.ShortStandard(), 7, start, bot.NewGreedy(), bot.NewGreedy(), nardy.NewSeededDice(5))
	if err != nil {
		fmt.Println(err)
		return
	}
	w, b := m.Score()
	winner, _ := m.Winner()
	fmt.Printf("from %d-%d, %s wins %d-%d in game %d; the record starts at %v\n",
		start.Score[0], start.Score[1], winner, w, b, m.GameNumber(), rec.Start.Score)
	// Output: from 5-6, black wins 5-7 in game 1; the record starts at [5 6]
}

// PlayOut finishes a match taken at a position: here a 7-point match at
// 3-5, black on roll at the start position, played out by two greedy bots.
func ExamplePlayOut() {
	r := variants.ShortStandard()
	pos, _ := nardy.StartPosition(nardy.Short, nardy.Black)
	g, _ := nardy.NewGameAt(r, nardy.Setup{Position: pos, Match: true})
	m, err := nardy.ResumeMatch(7, nardy.MatchStart{Score: [2]int{3, 5}}, g)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err = bot.PlayOut(m, bot.NewGreedy(), bot.NewGreedy(), nardy.NewSeededDice(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	w, b := m.Score()
	winner, _ := m.Winner()
	fmt.Printf("%s wins %d-%d in game %d\n", winner, w, b, m.GameNumber())
	// Output: black wins 4-9 in game 3
}
