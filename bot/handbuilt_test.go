package bot_test

// Values a Go program builds by hand given to package bot: players with
// any field values, drivers with any rules, lengths and dice. Each call
// must return, without a panic, within a time bound.

import (
	"errors"
	"fmt"
	"github.com/nardylab/nardy/internal/handbuilt"
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

// edgeInts are the integers a hand-built field is most likely to break on.
var edgeInts = []int{0, 1, 2, 3, -1, 4, 7, 64, 1 << 20, 1 << 62, math.MaxInt, math.MinInt, math.MaxInt/2 + 1}

// genInt draws an edge value, a small value or any int.
func genInt() *rapid.Generator[int] {
	return handbuilt.Int(edgeInts, -3, 10)
}

// edgeFloats are the thresholds most likely to break a cube policy.
var edgeFloats = []float64{0, 1, -1, 0.5, 2, math.Inf(1), math.Inf(-1), math.NaN()}

// genFloat draws an edge value or a chance 0..1.
func genFloat() *rapid.Generator[float64] {
	return rapid.OneOf(rapid.SampledFrom(edgeFloats), rapid.Float64Range(0, 1))
}

// genPolicy draws a CubePolicy with any thresholds.
func genPolicy() *rapid.Generator[bot.CubePolicy] {
	return rapid.Custom(func(t *rapid.T) bot.CubePolicy {
		return bot.CubePolicy{DoubleAt: genFloat().Draw(t, "dbl"), TakeAt: genFloat().Draw(t, "take"), AcceptBelow: genFloat().Draw(t, "acc")}
	})
}

// genPlayer draws a player with any field values that keep a game short:
// a budget of at most 30 or a deadline of 1ns, a neural ply of 0 or below
// (a huge ply means 2-ply, seconds a game).
func genPlayer(t *rapid.T, label string) bot.Player {
	switch rapid.IntRange(0, 4).Draw(t, label) {
	case 0:
		return bot.NewRandom(rapid.Uint64().Draw(t, "seed"))
	case 1:
		return &bot.Greedy{Cube: genPolicy().Draw(t, "policy")}
	case 2:
		x := &bot.Expectimax{Budget: rapid.OneOf(rapid.IntRange(-2, 30), rapid.SampledFrom([]int{math.MinInt, 1 << 62})).Draw(t, "budget"),
			Width:    rapid.OneOf(rapid.IntRange(-2, 3), rapid.SampledFrom([]int{math.MinInt, math.MaxInt})).Draw(t, "width"),
			Deadline: time.Duration(rapid.SampledFrom([]int64{0, -1, 1, math.MaxInt64, math.MinInt64}).Draw(t, "deadline")),
			Cube:     genPolicy().Draw(t, "policy")}
		if x.Budget < 1 || x.Budget > 30 {
			x.Deadline = 1 // a default or huge budget: a whole game of them takes seconds
		}
		return x
	case 3:
		n := &bot.Neural{Ply: rapid.SampledFrom([]int{0, -1, math.MinInt}).Draw(t, "ply")}
		if rapid.Bool().Draw(t, "net?") {
			var err error
			n.Net, err = neural.Default(nardy.Variant(rapid.IntRange(1, 2).Draw(t, "netv")))
			require.NoError(t, err)
		}
		return n
	}
	return &bot.Random{}
}

// genRules draws a preset's rules, with the cube, limits and scoring
// changed by hand.
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

// constDice is a DiceSource that throws the same die, any int, every time.
type constDice int

func (d constDice) Die() int { return int(d) }

// TestHandBuiltPlayers: players with any field values (budgets, widths,
// deadlines, plies, cube thresholds, a nil net) play a game or a short
// match under any rules, match length and dice source, and bot's other
// functions take any colour and name: nothing panics or hangs, every error
// matches a sentinel of bot's or nardy's, and WinChance is within 0..1.
func TestHandBuiltPlayers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t)
		white, black := genPlayer(t, "white"), genPlayer(t, "black")
		length := rapid.OneOf(rapid.IntRange(-1, 2), genInt()).Draw(t, "length")
		var dice nardy.DiceSource = nardy.NewSeededDice(rapid.Uint64().Draw(t, "seed"))
		if rapid.IntRange(0, 9).Draw(t, "odd dice") == 0 {
			dice = constDice(genInt().Draw(t, "die"))
		}
		c, c2 := nardy.Color(rapid.Uint8().Draw(t, "c")), nardy.Color(rapid.Uint8().Draw(t, "c2"))
		name := rapid.String().Draw(t, "name")
		handbuilt.Within(t, 60*time.Second, fmt.Sprintf("%+v %d %s %s", r, length, white.Name(), black.Name()), func() {
			var err error
			if length >= 1 && length <= 2 { // one game or a match: the games are the costly part
				_, _, err = bot.PlayMatch(r, length, white, black, dice)
				assertSentinel(t, err, "PlayMatch")
			}
			g, _, err := bot.PlayGame(r, white, black, dice)
			assertSentinel(t, err, "PlayGame")
			_, err = bot.Next(g, [2]bot.Player{white, nil}, dice)
			assertSentinel(t, err, "Next")
			_ = bot.Evaluate(g.Position(), c)
			w := bot.WinChance(g.Position(), c2)
			assert.True(t, w >= 0 && w <= 1, "WinChance %v", w)
			_ = bot.Evaluate(nardy.Position{}, nardy.White)
			_, err = bot.New(name, 0)
			assertSentinel(t, err, "New")
		})
	})
}

// assertSentinel fails t when err is not nil and matches none of the
// sentinels of bot and nardy with errors.Is.
func assertSentinel(t require.TestingT, err error, what string) {
	if err == nil {
		return
	}
	for _, s := range []error{bot.ErrNotToAct, bot.ErrTooLong, bot.ErrUnknownBot, bot.ErrUninitialized,
		nardy.ErrInvalidRules, nardy.ErrInvalidRoll, nardy.ErrInvalidPosition, nardy.ErrGameOver,
		nardy.ErrActionRefused, nardy.ErrIllegalPlay, nardy.ErrBadRecord, nardy.ErrVariantMismatch} {
		if errors.Is(err, s) {
			return
		}
	}
	assert.Fail(t, "error matches no sentinel", "%s: %v", what, err)
}
