package nardy_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestOpponentPoint: the same place in the other player's numbering (§0),
// worked by hand: in short nardy the players count from opposite ends
// (q ↔ 25−q); in long nardy both move the same way round from heads 12
// points apart (q ↔ q±12). The map is its own inverse and one to one, and
// a q outside 1..24 or an invalid variant gives 0, as the doc says (only
// "no panic" was checked: a guard widened to 0..25 passed every test).
func TestOpponentPoint(t *testing.T) {
	for _, c := range []struct {
		v       nardy.Variant
		q, want int
	}{
		{nardy.Short, 1, 24}, {nardy.Short, 6, 19}, {nardy.Short, 12, 13}, {nardy.Short, 13, 12}, {nardy.Short, 24, 1},
		{nardy.Long, 1, 13}, {nardy.Long, 12, 24}, {nardy.Long, 13, 1}, {nardy.Long, 19, 7}, {nardy.Long, 24, 12},
	} {
		assert.Equal(t, c.want, nardy.OpponentPoint(c.v, c.q), "%s %d", c.v, c.q)
	}
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		seen := map[int]bool{}
		for q := 1; q <= 24; q++ {
			o := nardy.OpponentPoint(v, q)
			assert.True(t, o >= 1 && o <= 24, "%s %d → %d", v, q, o)
			assert.Equal(t, q, nardy.OpponentPoint(v, o), "%s %d: its own inverse", v, q)
			assert.False(t, seen[o], "%s %d → %d twice", v, q, o)
			seen[o] = true
		}
		for _, q := range []int{math.MinInt, -1, 0, 25, 26, math.MaxInt} {
			assert.Zero(t, nardy.OpponentPoint(v, q), "%s %d", v, q)
		}
	}
	for _, v := range []nardy.Variant{0, 3, 255} {
		assert.Zero(t, nardy.OpponentPoint(v, 1), "variant %d", v)
	}
}

// TestPips: pip counts worked by hand, a bar checker counting 25 (only the
// pictures' golden files, written by the code, saw the bar's pips): the
// start (short 2·24 + 5·13 + 3·8 + 5·6 = 167, long 15·24 = 360), a mover
// with one checker on the bar and the rest off (25), two on the bar and
// thirteen on its 6-point (50 + 78 = 128), against an opponent home.
func TestPips(t *testing.T) {
	for _, c := range []struct {
		v    nardy.Variant
		want int
	}{{nardy.Short, 167}, {nardy.Long, 360}} {
		pos, err := nardy.StartPosition(c.v, nardy.Black)
		require.NoError(t, err)
		m, o := pos.Pips()
		assert.Equal(t, [2]int{c.want, c.want}, [2]int{m, o}, "%s start", c.v)
	}
	opp := nardy.Side{1: 5, 2: 10} // 5 + 20
	for _, c := range []struct {
		me   nardy.Side
		want int
	}{
		{nardy.Side{nardy.Bar: 1, nardy.Off: 14}, 25},
		{nardy.Side{nardy.Bar: 2, 6: 13}, 128},
		{nardy.Side{nardy.Bar: 15}, 375},
	} {
		pos, err := nardy.NewPosition(nardy.Short, nardy.White, c.me, opp)
		require.NoError(t, err)
		m, o := pos.Pips()
		assert.Equal(t, [2]int{c.want, 25}, [2]int{m, o}, "%v", c.me)
		m, o = pos.Pass().Pips()
		assert.Equal(t, [2]int{25, c.want}, [2]int{m, o}, "%v, seen by the opponent", c.me)
	}
}
