package xgid_test

import (
	"context"
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/xgid"
)

func ExampleParse() {
	x, _ := xgid.Parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
	fmt.Println(x.Position.OnRoll(), x.Dice, x.Jacoby, x.Beaver, x.MaxCube)
	plays, _ := nardy.DefaultRules(nardy.Short).Legal(x.Position, nardy.MustRoll(x.Dice[0], x.Dice[1]))
	fmt.Println(len(plays), "plays")

	x.CubeValue, x.CubeCentred, x.CubeOwner = 2, false, nardy.Black
	x.Dice = [2]int{0, 0}
	fmt.Println(x)
	// Output:
	// white [5 2] true true 1024
	// 8 plays
	// XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:0:0:3:0:10
}

func ExampleFormat() {
	start, _ := nardy.StartPosition(nardy.Short, nardy.White)
	s, _ := xgid.Format(xgid.ID{Position: start, CubeValue: 1, CubeCentred: true, MaxCube: 1024})
	fmt.Println(s)
	// Output:
	// XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10
}

// An XGID's game, for a hint or a bot's action at its position: here
// white to play 5-2 in a money game, and black's double of a 9-point match
// at 7-away 6-away, waiting for white's answer.
func ExampleID_Game() {
	x, _ := xgid.Parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
	g, _ := x.Game()
	h, _ := analysis.HintFor(g, [2]int{}, analysis.Options{})
	fmt.Println(g.Phase(), g.Rules().Jacoby, len(h.Plays), "plays; best:", h.Advice)

	x, _ = xgid.Parse("XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:2:3:0:9:10")
	g, _ = x.Game()
	who, _ := g.ToAct()
	away := [2]int{x.MatchLength - x.Score[who], x.MatchLength - x.Score[who.Other()]} // who acts first
	h, _ = analysis.HintFor(g, away, analysis.Options{})
	fmt.Println(g.Phase(), who, "to answer at", away, "away:", h.Advice)
	// Output:
	// play true 8 plays; best: 24/22 13/8
	// cube white to answer at [7 6] away: take
}

// An XGID's match, for a bot that decides the cube at the score: black
// has doubled in a 9-point match at 2-3, and white answers as the match
// equity table says, 7-away 6-away.
func ExampleID_Match() {
	x, _ := xgid.Parse("XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:2:3:0:9:10")
	m, err := x.Match()
	if err != nil {
		fmt.Println(err)
		return
	}
	who, _ := m.Game().ToAct()
	player := bot.NewNeural(0)
	player.SeeMatch(m)
	a, _ := player.Act(m.Game(), who)
	fmt.Println(who, "at", m.Away(who), "away:", a.Kind)
	// Output: white at [7 6] away: take
}

// An XGID's match played on by two bots and kept: the record starts at
// the XGID's position (its Setup) with white's roll of 5-2, replays, and
// is judged from there.
func ExampleID_Recorder() {
	x, _ := xgid.Parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
	rc, err := x.Recorder()
	if err != nil {
		fmt.Println(err)
		return
	}
	_, rec, err := bot.PlayOn(rc, bot.NewGreedy(), bot.NewGreedy(), nardy.NewSeededDice(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = nardy.Replay(rec)
	fmt.Println(rec.Setup.Position == x.Position, rec.Actions[0], err)
	rep, _ := analysis.Analyze(context.Background(), rec, analysis.Options{})
	fmt.Println(rep.Decisions[0].Action, rep.Decisions[0].Roll)
	// Output:
	// true white rolls 5-2 <nil>
	// 1 5-2
}

// The ID of a match as it stands: white won the opening throw with 3-1 in
// a 5-point match (the opening dice are its first roll), then made its
// 5-point, and black is to roll. The last field is the cube limit, 2^6.
func ExampleFromMatch() {
	r := nardy.DefaultRules(nardy.Short)
	m, _ := nardy.NewMatch(r, 5)
	m, _ = m.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	x, _ := xgid.FromMatch(m)
	fmt.Println(x)

	g := m.Game()
	roll, _ := g.Dice()
	p, _ := r.ParsePlay(g.Position(), roll, "8/5 6/5")
	m, _ = m.Do(p.Action())
	x, _ = xgid.FromMatch(m)
	fmt.Println(x)
	// Output:
	// XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:5:6
	// XGID=-b---BD-B---eE---c-e----B-:0:0:-1:00:0:0:0:5:6
}
