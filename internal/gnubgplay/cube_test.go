package gnubgplay

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestCube: gnubg's cube verdicts on positions whose verdict is not in
// doubt. At the start nobody doubles; the player on roll with two checkers
// on its 1-point, against an opponent with fourteen still on its 6-point
// (one off: no gammon), has a double and pass (it bears off next roll);
// with fifteen there it wins a gammon and is too good to double without
// Jacoby, and doubles with it. Skips without gnubg.
func TestCube(t *testing.T) {
	e := startOrSkip(t)
	start := mustPosition(nardy.StartPosition(nardy.Short, nardy.White))
	a, err := e.Cube(CubeQuery{Pos: start, Cube: nardy.Cube{Value: 1}})
	require.NoError(t, err)
	assert.False(t, a.Double(), "%+v", a)
	assert.True(t, a.Take(), "%+v", a)
	assert.InDelta(t, 0.5, a.Win, 0.05)
	assert.Equal(t, 1.0, a.DoublePass)

	var me, opp nardy.Side
	me[1], me[nardy.Off] = 2, 13
	opp[6], opp[nardy.Off] = 14, 1
	won := mustPosition(nardy.NewPosition(nardy.Short, nardy.White, me, opp))
	a, err = e.Cube(CubeQuery{Pos: won, Cube: nardy.Cube{Value: 1}})
	require.NoError(t, err)
	assert.Greater(t, a.Win, 0.99)
	assert.True(t, a.Double(), "%+v", a)
	assert.False(t, a.Take(), "%+v", a)
	// Owned by the opponent, the cube cannot be turned: no double is worth
	// the game (1 point per cube value).
	a, err = e.Cube(CubeQuery{Pos: won, Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}})
	require.NoError(t, err)
	assert.InDelta(t, 1.0, a.NoDouble, 0.01)

	opp[6], opp[nardy.Off] = 15, 0
	gammon := mustPosition(nardy.NewPosition(nardy.Short, nardy.White, me, opp))
	a, err = e.Cube(CubeQuery{Pos: gammon, Cube: nardy.Cube{Value: 1}})
	require.NoError(t, err)
	assert.Greater(t, a.WinGammon, 0.99)
	assert.InDelta(t, 2.0, a.NoDouble, 0.01)
	assert.False(t, a.Double(), "too good: %+v", a)
	a, err = e.Cube(CubeQuery{Pos: gammon, Cube: nardy.Cube{Value: 1}, Jacoby: true})
	require.NoError(t, err)
	assert.True(t, a.Double(), "Jacoby: %+v", a)

	// Match play, 1-away 1-away: a double costs nothing and gains nothing
	// for either: gnubg's equities are the match's, not money's.
	a, err = e.Cube(CubeQuery{Pos: start, Cube: nardy.Cube{Value: 1}, MatchTo: 7, Away: [2]int{1, 1}})
	require.NoError(t, err)
	assert.InDelta(t, a.NoDouble, a.DoubleTake, 0.05, "%+v", a)
}

// TestEvaluate: gnubg's chances and class of positions whose kind is not
// in doubt: the start (contact, about even), a race, and a bear-off that
// the player on roll wins next roll (one of gnubg's bear-off databases).
// Skips without gnubg.
func TestEvaluate(t *testing.T) {
	e := startOrSkip(t)
	start := mustPosition(nardy.StartPosition(nardy.Short, nardy.White))
	c, class, err := e.Evaluate(start)
	require.NoError(t, err)
	assert.Equal(t, ClassContact, class)
	assert.InDelta(t, 0.5, c.Win, 0.05)

	var me, opp nardy.Side
	me[1], me[nardy.Off] = 2, 13
	opp[6], opp[nardy.Off] = 14, 1
	c, class, err = e.Evaluate(mustPosition(nardy.NewPosition(nardy.Short, nardy.White, me, opp)))
	require.NoError(t, err)
	assert.LessOrEqual(t, class, ClassBearoffLast)
	assert.Greater(t, c.Win, 0.99)
	assert.InDelta(t, 1, c.Equity(), 0.01, "a single win")

	me = nardy.Side{}
	opp = nardy.Side{}
	me[12], me[6] = 8, 7
	opp[10], opp[5] = 8, 7
	_, class, err = e.Evaluate(mustPosition(nardy.NewPosition(nardy.Short, nardy.White, me, opp)))
	require.NoError(t, err)
	assert.Equal(t, ClassRace, class)
}

// TestChancesEquity_S5: single 1, gammon 2, backgammon 3 (a backgammon is
// counted in the gammons too, as gnubg counts it).
func TestChancesEquity_S5(t *testing.T) {
	assert.InDelta(t, 1.0, Chances{Win: 1}.Equity(), 1e-12)
	assert.InDelta(t, 3.0, Chances{Win: 1, WinGammon: 1, WinBackgammon: 1}.Equity(), 1e-12)
	assert.InDelta(t, -2.0, Chances{LoseGammon: 1}.Equity(), 1e-12)
	assert.InDelta(t, 0.0, Chances{Win: 0.5, WinGammon: 0.1, LoseGammon: 0.1}.Equity(), 1e-12)
}

// TestCubeQueryContext: the cube and match as the driver reads them,
// "value owner matchlength score0 score1 crawford", from the side of the
// player on roll (gnubg's player 0): a centred cube is owned by −1, the
// player on roll's by 0, the opponent's by 1; a centred cube of value 0
// (the zero Cube) is 1; the scores are the points each has, the match
// length less what each still needs; money play has length and scores 0.
func TestCubeQueryContext(t *testing.T) {
	pos := mustPosition(nardy.StartPosition(nardy.Short, nardy.Black)) // Black on roll
	for _, c := range []struct {
		q    CubeQuery
		want string
	}{
		{CubeQuery{Pos: pos}, "1 -1 0 0 0 0"},
		{CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}}, "2 0 0 0 0 0"},
		{CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 4, Owned: true, Owner: nardy.White}}, "4 1 0 0 0 0"},
		{CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 1}, MatchTo: 7, Away: [2]int{2, 5}}, "1 -1 7 5 2 0"},
		{CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 1}, MatchTo: 5, Away: [2]int{4, 1}, Crawford: true}, "1 -1 5 1 4 1"},
	} {
		assert.Equal(t, c.want, c.q.context(), "%+v", c.q)
	}
}

// TestCubeAnswerTies: gnubg doubles only when doubling is worth more than
// not; where the two are worth the same (a cash that can as well wait) it
// does not.
func TestCubeAnswerTies(t *testing.T) {
	assert.False(t, CubeAnswer{NoDouble: 1, DoubleTake: 2, DoublePass: 1}.Double())
	assert.True(t, CubeAnswer{NoDouble: 0.9, DoubleTake: 2, DoublePass: 1}.Double())
	assert.False(t, CubeAnswer{NoDouble: 0.5, DoubleTake: 0.4, DoublePass: 1}.Double())
}

// TestChancesOfALostGammon (S5): the player on roll with all fifteen
// checkers on its 7-point, against an opponent with one checker left
// (on its 1-point, out of reach), loses next roll with none borne off:
// a gammon, not a backgammon (no checker in the opponent's home). gnubg's
// chances say so, in both kinds of question. Skips without gnubg.
func TestChancesOfALostGammon(t *testing.T) {
	e := startOrSkip(t)
	var me, opp nardy.Side
	me[7] = 15
	opp[1], opp[nardy.Off] = 1, 14
	pos := mustPosition(nardy.NewPosition(nardy.Short, nardy.White, me, opp))
	c, _, err := e.Evaluate(pos)
	require.NoError(t, err)
	a, err := e.Cube(CubeQuery{Pos: pos, Cube: nardy.Cube{Value: 1}})
	require.NoError(t, err)
	for _, ch := range []Chances{c, a.Chances} {
		assert.Less(t, ch.Win, 0.01, "%+v", ch)
		assert.Greater(t, ch.LoseGammon, 0.99, "%+v", ch)
		assert.Less(t, ch.LoseBackgammon, 0.01, "%+v", ch)
		assert.InDelta(t, -2, ch.Equity(), 0.02, "%+v", ch)
	}
}
