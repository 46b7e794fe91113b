package bot_test

// Values a Go program builds by hand given to package bot: players with
// any field values, drivers with any rules, lengths and dice. Each call
// must return, without a panic, within a time bound.

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

var edgeInts = []int{0, 1, 2, 3, -1, 4, 7, 64, 1 << 20, 1 << 62, math.MaxInt, math.MinInt, math.MaxInt/2 + 1}

func genInt() *rapid.Generator[int] {
	return rapid.OneOf(rapid.SampledFrom(edgeInts), rapid.IntRange(-3, 10), rapid.Int())
}

var edgeFloats = []float64{0, 1, -1, 0.5, 2, math.Inf(1), math.Inf(-1), math.NaN()}

func genFloat() *rapid.Generator[float64] {
	return rapid.OneOf(rapid.SampledFrom(edgeFloats), rapid.Float64Range(0, 1))
}

func genPolicy() *rapid.Generator[bot.CubePolicy] {
	return rapid.Custom(func(t *rapid.T) bot.CubePolicy {
		return bot.CubePolicy{DoubleAt: genFloat().Draw(t, "dbl"), TakeAt: genFloat().Draw(t, "take"), AcceptBelow: genFloat().Draw(t, "acc")}
	})
}

// genPlayer draws a player with any field values (cheap ones: small
// budgets, 0-ply neural).
func genPlayer(t *rapid.T, label string) bot.Player {
	switch rapid.IntRange(0, 4).Draw(t, label) {
	case 0:
		return bot.NewRandom(rapid.Uint64().Draw(t, "seed"))
	case 1:
		return &bot.Greedy{Cube: genPolicy().Draw(t, "policy")}
	case 2:
		return &bot.Expectimax{Budget: rapid.OneOf(rapid.IntRange(-2, 50), rapid.SampledFrom([]int{math.MinInt, 1 << 62})).Draw(t, "budget"),
			Width:    rapid.OneOf(rapid.IntRange(-2, 3), rapid.SampledFrom([]int{math.MinInt, math.MaxInt})).Draw(t, "width"),
			Deadline: time.Duration(rapid.SampledFrom([]int64{0, -1, 1, math.MaxInt64, math.MinInt64}).Draw(t, "deadline")),
			Cube:     genPolicy().Draw(t, "policy")}
	case 3:
		n := &bot.Neural{Ply: rapid.SampledFrom([]int{0, -1, math.MinInt, 1 << 62}).Draw(t, "ply")}
		if rapid.Bool().Draw(t, "net?") {
			var err error
			n.Net, err = neural.Default(nardy.Variant(rapid.IntRange(1, 2).Draw(t, "netv")))
			require.NoError(t, err)
		}
		return n
	}
	return &bot.Random{}
}

func genRules(t *rapid.T) nardy.Rules {
	r := nardy.DefaultRules(nardy.Variant(rapid.IntRange(1, 2).Draw(t, "v")))
	if r.Variant == nardy.Short && rapid.Bool().Draw(t, "cube") {
		r.Cube, r.Beavers, r.Jacoby, r.Crawford = true, rapid.Bool().Draw(t, "beav"), rapid.Bool().Draw(t, "jac"), rapid.Bool().Draw(t, "craw")
		r.MaxCube = rapid.SampledFrom([]int{0, 2, 4, 1 << 20}).Draw(t, "maxcube")
	}
	if rapid.Bool().Draw(t, "scoring?") {
		r.Scoring = nardy.Scoring{Oin: rapid.IntRange(1, 64).Draw(t, "oin"), Mars: rapid.IntRange(0, 64).Draw(t, "mars"), Koks: rapid.IntRange(0, 64).Draw(t, "koks")}
	}
	if rapid.IntRange(0, 5).Draw(t, "odd?") == 0 {
		r.MaxCube = genInt().Draw(t, "oddmax")
	}
	return r
}

type constDice int

func (d constDice) Die() int { return int(d) }

func within(t require.TestingT, d time.Duration, name string, f func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case p := <-done:
		if p != nil {
			assert.Fail(t, "panic", "%s: %v", name, p)
		}
	case <-time.After(d):
		assert.Fail(t, "timeout", "%s did not return within %v", name, d)
	}
}

// TestHandBuiltPlayers plays short matches between players with any
// field values, under any rules and match length (a long match stops
// with ErrTooLong, a bounded time).
func TestHandBuiltPlayers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		white, black := genPlayer(t, "white"), genPlayer(t, "black")
		length := rapid.OneOf(rapid.IntRange(-1, 3), genInt()).Draw(t, "length")
		var dice nardy.DiceSource = nardy.NewSeededDice(rapid.Uint64().Draw(t, "seed"))
		if rapid.IntRange(0, 9).Draw(t, "odd dice") == 0 {
			dice = constDice(genInt().Draw(t, "die"))
		}
		within(t, 60*time.Second, fmt.Sprintf("%+v %d %s %s", r, length, white.Name(), black.Name()), func() {
			if length <= 3 {
				_, _, _ = bot.PlayMatch(r, length, white, black, dice)
			}
			g, _, _ := bot.PlayGame(r, white, black, dice)
			_, _ = bot.Next(g, [2]bot.Player{white, nil}, dice)
			_ = bot.Evaluate(g.Position(), nardy.Color(rapid.Uint8().Draw(t, "c")))
			_ = bot.WinChance(g.Position(), nardy.Color(rapid.Uint8().Draw(t, "c2")))
			_ = bot.Evaluate(nardy.Position{}, nardy.White)
			_, _ = bot.New(rapid.String().Draw(t, "name"), 0)
		})
	})
}
