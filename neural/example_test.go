package neural_test

import (
	"context"
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// A rollout plays the position out many times. White, on roll, has two
// checkers left on its 6 point and Black one on its 1 point: White wins
// only by throwing 3-3, 4-4, 5-5 or 6-6, 4 throws in 36. With a multiple of
// 36 trials every first roll is thrown equally often, so the rollout finds
// the exact chances.
func ExampleSearcher_Rollout() {
	var white, black nardy.Side
	white[6], white[nardy.Off] = 2, 13
	black[1], black[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, white, black)
	if err != nil {
		panic(err)
	}
	net, err := neural.Default(nardy.Short)
	if err != nil {
		panic(err)
	}
	s := neural.NewSearcher(net, nardy.DefaultRules(nardy.Short))
	res, err := s.Rollout(context.Background(), pos, neural.RolloutOptions{Trials: 360, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d trials: equity %+.3f\n%s\n", res.Trials, res.Equity, res.Probs)
	// Output:
	// 360 trials: equity -0.778
	// win 11.1% (gammon 0.0%, backgammon 0.0%) lose 88.9% (gammon 0.0%, backgammon 0.0%)
}

// The last-roll position (White's checkers on its 3 and 2 points, Black's
// last on its 1 point): White bears its checkers off with 25 of the 36
// rolls, else Black wins with its last checker. The cube rollout finds the classic double and take: doubling turns +14/36 a
// game into +28/36, and Black loses less by taking than by passing.
func ExampleSearcher_RolloutCube() {
	net, err := neural.Default(nardy.Short)
	if err != nil {
		panic(err)
	}
	s := neural.NewSearcher(net, nardy.DefaultRules(nardy.Short))
	r, err := s.RolloutCube(context.Background(), lastRoll(), neural.RolloutOptions{Trials: 36, Ply: 1})
	if err != nil {
		panic(err)
	}
	d := r.Decision
	fmt.Printf("no double %+.3f, double/take %+.3f, double/pass %+.3f\n", d.NoDouble, d.DoubleTake, d.DoublePass)
	fmt.Printf("double: %t, take: %t\n", d.Double, d.Take)
	// Output:
	// no double +0.389, double/take +0.778, double/pass +1.000
	// double: true, take: true
}

// A server builds the tables its neural bots need before its first
// request: afterwards a cube decision in a bear-off race is answered from
// them at once, and exactly (money play, at most five checkers a side).
// White, on roll, has checkers on its 3 and 2 points and Black one on its
// 1 point: White wins if it bears off both now, with 25 rolls of 36 (all
// but the eleven that show a 1, 1-1 included), else Black wins.
// Without a double White expects 25/36 − 11/36 = 0.389 a point; doubled and
// taken, twice that; Black takes, since a pass loses 1 and the take 0.778.
func ExampleWarmUp() {
	rules := nardy.DefaultRules(nardy.Short) // with the cube, as a server plays
	if err := neural.WarmUp(rules); err != nil {
		fmt.Println(err)
		return
	}
	var white, black nardy.Side
	white[3], white[2], white[nardy.Off] = 1, 1, 13
	black[1], black[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, white, black)
	if err != nil {
		fmt.Println(err)
		return
	}
	net, err := neural.Default(nardy.Short)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := neural.NewSearcher(net, rules)
	d := s.SearchCube(pos, neural.CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true}, 0)
	fmt.Printf("exact %t: no double %.3f, double/take %.3f, double/pass %.3f: double %t, take %t\n",
		d.Exact, d.NoDouble, d.DoubleTake, d.DoublePass, d.Double, d.Take)
	// Output: exact true: no double 0.389, double/take 0.778, double/pass 1.000: double true, take true
}
