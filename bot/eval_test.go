package bot

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
)

// TestBlotLoss checks the shot count against a count by hand: a blot 6
// pips in front of a single opponent checker is hit by 17 of 36 rolls (11
// with a six, 5-1 and 4-2 twice each, 3-3 and 2-2); a point made 3 pips in
// front of the checker stops 3-3, leaving 16. A hit blot on own point 10
// loses 25-10 pips plus the 4 of the tempo.
func TestBlotLoss(t *testing.T) {
	const blot, src, block = 1 << 10, 1 << 4, 1 << 7
	assert.InDelta(t, 17.0*19/36, blotLoss(blot, 0, src), 1e-9)
	assert.InDelta(t, 16.0*19/36, blotLoss(blot, block, src), 1e-9)
	assert.Zero(t, blotLoss(0, 0, src), "no blot")
	assert.Zero(t, blotLoss(1<<3, 0, src), "a blot behind the opponent")
}

func TestMasks(t *testing.T) {
	assert.Equal(t, uint32(1<<24|1<<1), mirror(1<<1|1<<24), "1 <-> 24")
	assert.Equal(t, uint32(1<<13|1<<1), toOpp(1<<1|1<<13), "1 -> 13, 13 -> 1")
	assert.Equal(t, uint32(1<<24|1<<12), toOpp(1<<12|1<<24), "12 -> 24, 24 -> 12")
	// Points 5, 6, 7 held, an opponent checker at 2 below them: a run of 3.
	assert.Equal(t, 3, primeBehind(1<<5|1<<6|1<<7, 1<<2))
	assert.Equal(t, 0, primeBehind(1<<5|1<<6|1<<7, 1<<9), "no checker behind")
}

// gamePositions plays a seeded game between random players and returns
// the positions met.
func gamePositions(t *rapid.T, r nardy.Rules, seed uint64) []nardy.Position {
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	players := [2]Player{NewRandom(seed), NewRandom(seed + 1)}
	dice := nardy.NewSeededDice(seed)
	var out []nardy.Position
	for !g.IsOver() {
		a, err := Next(g, players, dice)
		require.NoError(t, err)
		if g, err = g.Do(a); err != nil {
			t.Fatal(err)
		}
		out = append(out, g.Position())
	}
	return out
}

// TestEvaluateSymmetric: the evaluation is zero-sum, and WinChance of the
// two players adds up to 1; a won position scores above every other.
func TestEvaluateSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(t, "variant")
		for _, pos := range gamePositions(t, nardy.DefaultRules(v), rapid.Uint64().Draw(t, "seed")) {
			e := Evaluate(pos, nardy.White)
			assert.InDelta(t, -e, Evaluate(pos, nardy.Black), 1e-9, "%s", pos)
			c := WinChance(pos, nardy.White)
			assert.InDelta(t, 1, c+WinChance(pos, nardy.Black), 1e-9)
			if w, over := pos.Winner(); over {
				assert.GreaterOrEqual(t, Evaluate(pos, w), winScore)
			} else {
				assert.Less(t, math.Abs(e), winScore, "%s", pos)
			}
		}
	})
}

// TestExpectBlocked: when the opponent on roll cannot move with any roll
// (its checker on the bar before a closed board, S3), every roll gives the
// empty play, and the expectation a roll ahead is the chance of the position with
// the turn passed back.
func TestExpectBlocked(t *testing.T) {
	var me, opp nardy.Side
	for p := 1; p <= 6; p++ {
		me[p] = 2
	}
	me[8] = 3
	opp[nardy.Bar], opp[6] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.Black, opp, me)
	require.NoError(t, err)
	x := NewExpectimax(0)
	x.reply = make([]nardy.Play, 0, nardy.MaxPlays)
	x.rolls = nardy.AllRolls()
	v, nodes, ok := x.expect(nardy.DefaultRules(nardy.Short), pos, nardy.White, DefaultBudget, time.Time{})
	require.True(t, ok)
	assert.Equal(t, 21, nodes, "one empty reply per roll")
	assert.InDelta(t, WinChance(pos.Pass(), nardy.White), v, 1e-9)
}

// TestEvaluateInvalidColour: a colour that is neither player scores 0 and
// an even chance, as an invalid position does; it scored −4 and 0.48
// (helper-81).
func TestEvaluateInvalidColour(t *testing.T) {
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	assert.Zero(t, Evaluate(pos, nardy.Color(7)))
	assert.Equal(t, 0.5, WinChance(pos, nardy.Color(7)))
	assert.Zero(t, Evaluate(nardy.Position{}, nardy.White))
}
