package gnubgplay

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
)

// TestMatchMoveAtDoubleMatchPoint: at double match point (2-2 in a
// 3-point match, after the Crawford game) the game's winner takes the
// match, whatever the kind of win, and the cube is dead, so gnubg's match
// play is the play after which the opponent's cubeless chances of winning
// (its Evaluate, at the same 0-ply) are the lowest; its money play is the
// play of the best cubeless money equity. In these positions (from random
// games) the two are different plays (in the first, 18/10* for money,
// which wins more gammons, against the safer 20/15 18/15), and MatchMove
// gives the match's. Skips without gnubg.
func TestMatchMoveAtDoubleMatchPoint(t *testing.T) {
	e := startOrSkip(t)
	r := nardy.DefaultRules(nardy.Short)
	for _, c := range []struct {
		id   string
		roll nardy.Roll
	}{
		{"g/mAgg17uMAgCQ", nardy.MustRoll(5, 3)},
		{"jF+DARTgnHgCGQ", nardy.MustRoll(4, 2)},
	} {
		pos, err := gnubg.ParsePositionID(c.id, nardy.White)
		require.NoError(t, err)
		legal, err := r.Legal(pos, c.roll)
		require.NoError(t, err)
		var mostWins, bestEquity nardy.Position
		lowest, best := 2.0, -4.0
		for _, pl := range legal {
			ch, _, err := e.Evaluate(pl.Result()) // the opponent on roll
			require.NoError(t, err)
			if ch.Win < lowest {
				lowest, mostWins = ch.Win, pl.Result()
			}
			if -ch.Equity() > best {
				best, bestEquity = -ch.Equity(), pl.Result()
			}
		}
		require.NotEqual(t, mostWins, bestEquity, "%s %v: a position where the two differ", c.id, c.roll)

		money, err := e.Move(r, pos, c.roll)
		require.NoError(t, err)
		assert.Equal(t, bestEquity, money.Result(), "%s %v: money play", c.id, c.roll)
		dmp, err := e.MatchMove(r, CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 1}, MatchTo: 3, Away: [2]int{1, 1}}, c.roll)
		require.NoError(t, err)
		assert.Equal(t, mostWins, dmp.Result(), "%s %v: double match point", c.id, c.roll)
	}
}

// TestCubeChancesAtTheScore: a cube question's cubeless chances are
// gnubg's at the question's score. At 1 ply gnubg averages, over the
// rolls of the player on roll, its 0-ply chances after the play it
// chooses for each: at double match point the play of the most wins, for
// money the play of the best equity. So the chances at double match point
// have at least the wins of the money chances (the 1-ply Evaluate, which
// is money play), here more, and fewer gammons, in a position (from a
// random game) where the player on roll wins many. Skips without gnubg.
func TestCubeChancesAtTheScore(t *testing.T) {
	testgen.GnubgOrSkip(t)
	e, err := Start(1)
	require.NoError(t, err)
	t.Cleanup(func() { e.Close() })
	pos, err := gnubg.ParsePositionID("ihf4ADKOHXAEUQ", nardy.White)
	require.NoError(t, err)
	money, _, err := e.Evaluate(pos)
	require.NoError(t, err)
	require.Greater(t, money.WinGammon, 0.3, "%+v", money)
	dmp, err := e.Cube(CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 1}, MatchTo: 3, Away: [2]int{1, 1}})
	require.NoError(t, err)
	assert.Greater(t, dmp.Win, money.Win+0.001, "money %+v, double match point %+v", money, dmp.Chances)
	assert.Less(t, dmp.WinGammon, money.WinGammon-0.01, "money %+v, double match point %+v", money, dmp.Chances)
	m, err := e.Cube(CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 1}})
	require.NoError(t, err)
	assert.Equal(t, money, m.Chances, "a money cube question's chances are Evaluate's")
}
