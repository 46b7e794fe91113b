package xgid_test

import (
	"fmt"

	"github.com/nardylab/nardy"
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
