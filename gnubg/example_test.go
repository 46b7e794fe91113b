package gnubg_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

func ExamplePositionID() {
	start, _ := nardy.StartPosition(nardy.Short, nardy.White)
	id, _ := gnubg.PositionID(start)
	fmt.Println(id)
	// Output:
	// 4HPwATDgc/ABMA
}

func ExampleParsePositionID() {
	// The position after gnubg's opening 24/18 13/11, the other player on
	// roll: the ID does not say which colour that is.
	p, _ := gnubg.ParsePositionID("4HPkQSDgc/ABMA", nardy.Black)
	mover, other := p.Pips()
	fmt.Println(p.OnRoll(), mover, other) // 167 pips at the start, 8 played
	// Output:
	// black 167 159
}

func ExampleParseMatchID() {
	// The example of the gnubg manual: 9-point match, score 2-4, player 0
	// holds a 2-cube, player 1 has rolled 5-2.
	m, _ := gnubg.ParseMatchID("QYkqASAAIAAA")
	fmt.Println(m.MatchLength, m.Score, m.CubeValue, m.CubeOwner, m.OnRoll, m.Dice)
	m.Dice = [2]int{0, 0} // not rolled yet
	fmt.Println(m)
	// Output:
	// 9 [2 4] 2 white black [5 2]
	// QQkgASAAIAAA
}

func ExampleReadMat() {
	const mat = `
 1 point match

 Game 1
 alice : 0                      bob : 0
  1)                             62: 24/18 13/11
  2) 62: 13/7* 24/22             51:
      Wins 1 point
`
	rec, info, err := gnubg.ReadMat(strings.NewReader(mat), nardy.DefaultRules(nardy.Short))
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := nardy.Replay(rec)
	res, _ := m.LastResult()
	fmt.Println(info.Players, len(rec.Actions), "actions")
	fmt.Println(res.Winner, res.Points, res.End)

	var out bytes.Buffer
	_ = gnubg.WriteMat(&out, rec, info) // gnubg's layout
	fmt.Print(out.String())
	// Output:
	// [alice bob] 7 actions
	// white 1 resigned
	//  1 point match
	//
	//  Game 1
	//  alice : 0                      bob : 0
	//   1)                             62: 24/18 13/11
	//   2) 62: 13/7* 24/22             51:
	//       Wins 1 point
	//
}

func ExampleFromMatch() {
	// A 5-point match whose opening throw gave White 3-1: the IDs gnubg
	// shows after "new match 5", "set turn 0", "set dice 3 1".
	m, _ := nardy.NewMatch(nardy.DefaultRules(nardy.Short), 5)
	m, _ = m.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	pid, id, _ := gnubg.FromMatch(m)
	fmt.Println(pid, id)
	// Output:
	// 4HPwATDgc/ABMA MIGlAAAAAAAE
}
