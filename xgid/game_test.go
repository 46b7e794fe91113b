package xgid

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
)

// TestGame: the game of 2,000 random XGIDs (random positions, cubes,
// dice, doubles, money and match play) is what the XGID says: the board,
// the rules' cube options and Jacoby flag, money or match play, the
// Crawford game, and who acts in which phase: the player on turn rolls or
// doubles ("00"), plays the dice (or, when they allow no move, has passed
// at once, C5), or, with "D", the other player answers the double of the
// cube as it was. A finished position is ErrGameOver, a centred cube
// above 1 (XG's automatic doubles, which no rule set here has)
// ErrInvalidPosition.
func TestGame(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 4))
	positions := rapid.Custom(func(t *rapid.T) nardy.Position { return testgen.ShortPosition().Draw(t, "pos") })
	var played, passed, doubled, rolling, over, centred int
	for i := range 2000 {
		text, bad := randomXGID(r, positions.Example(i))
		if bad {
			continue
		}
		x, err := Parse(text)
		require.NoError(t, err, text)
		g, err := x.Game()
		switch {
		case x.CubeCentred && x.CubeValue > 1:
			assert.ErrorIs(t, err, nardy.ErrInvalidPosition, "%s: a centred cube above 1", text)
			centred++
			continue
		case x.Position.IsOver():
			assert.ErrorIs(t, err, nardy.ErrGameOver, text)
			over++
			continue
		}
		require.NoError(t, err, text)
		me := x.Position.OnRoll()
		rules := g.Rules()
		assert.Equal(t, x.MaxCube > 1, rules.Cube, text)
		if rules.Cube {
			assert.Equal(t, x.MaxCube, rules.CubeLimit(), text)
		}
		assert.Equal(t, x.Jacoby, rules.Jacoby, text)
		assert.Equal(t, x.Beaver, rules.Beavers, text)
		assert.Equal(t, x.MatchLength == 0, g.IsMoney(), text)
		assert.Equal(t, x.Crawford, g.IsCrawford(), text)
		cube := nardy.Cube{Value: x.CubeValue, Owned: !x.CubeCentred}
		if cube.Owned {
			cube.Owner = x.CubeOwner
		}
		assert.Equal(t, cube, g.Cube(), text)
		who, _ := g.ToAct()
		switch {
		case x.Action == Doubled:
			doubled++
			assert.Equal(t, nardy.PhaseCube, g.Phase(), text)
			assert.Equal(t, me.Other(), who, "%s: the other player answers", text)
			assert.Equal(t, x.Position, g.Position(), text)
		case x.Dice == [2]int{}:
			rolling++
			assert.Equal(t, nardy.PhaseRoll, g.Phase(), text)
			assert.Equal(t, me, who, text)
			assert.Equal(t, x.Position, g.Position(), text)
		default:
			roll := nardy.MustRoll(x.Dice[0], x.Dice[1])
			plays, err := rules.Legal(x.Position, roll)
			require.NoError(t, err, text)
			if len(plays) == 1 && plays[0].Len() == 0 { // no move: passed (C5)
				passed++
				assert.Equal(t, nardy.PhaseRoll, g.Phase(), text)
				assert.Equal(t, me.Other(), who, text)
				assert.Equal(t, x.Position.Pass(), g.Position(), text)
				continue
			}
			played++
			got, err := g.Legal()
			require.NoError(t, err, text)
			assert.Equal(t, plays, got, text)
			assert.Equal(t, me, who, text)
		}
	}
	t.Logf("%d to play, %d passed, %d doubled, %d to roll, %d over, %d centred above 1", played, passed, doubled, rolling, over, centred)
	assert.Positive(t, played*passed*doubled*rolling, "every kind met")
}

// TestGameCases: a beaver ("B") awaits the doubler's answer (S6), the
// beaverer owning the cube at twice its value before the double, and
// writes back as the same XGID; a raccoon, a cube at 1 owned, and fields
// Format refuses are errors; a cube limit of 1 is a game without the
// cube, where a Crawford flag is dropped; a finished position is
// ErrGameOver.
func TestGameCases(t *testing.T) {
	const beavered = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:B:0:0:2:0:10"
	x, err := Parse(beavered)
	require.NoError(t, err)
	g, err := x.Game()
	require.NoError(t, err)
	who, _ := g.ToAct()
	assert.Equal(t, nardy.Black, who, "the doubler answers the beaver")
	assert.Equal(t, nardy.PhaseCube, g.Phase())
	assert.True(t, g.Beavered())
	assert.Equal(t, nardy.Cube{Value: 4, Owned: true, Owner: nardy.White}, g.Cube(), "the beaverer owns the cube at 2 × 2")
	back, err := FromGame(g)
	require.NoError(t, err)
	assert.Equal(t, beavered, back.String())
	taken, err := g.Do(nardy.Action{Kind: nardy.ActTake, Player: nardy.Black})
	require.NoError(t, err)
	assert.Equal(t, nardy.Cube{Value: 8, Owned: true, Owner: nardy.White}, taken.Cube(), "taken: the beaverer's at 8")
	// From a centred cube.
	const centred = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:B:0:0:2:0:10"
	x, err = Parse(centred)
	require.NoError(t, err)
	g, err = x.Game()
	require.NoError(t, err)
	assert.Equal(t, nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, g.Cube())
	back, err = FromGame(g)
	require.NoError(t, err)
	assert.Equal(t, centred, back.String())

	x.Action = Raccooned
	_, err = x.Game()
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition, "a raccoon")
	var pe *nardy.PositionError
	if assert.ErrorAs(t, err, &pe) {
		assert.Equal(t, "S6", pe.Rule)
	}

	x, err = Parse("XGID=-b----E-C---eE---c-e----B-:0:1:1:00:0:0:0:0:10")
	require.NoError(t, err)
	_, err = x.Game()
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition, "a cube at 1 owned")
	if assert.ErrorAs(t, err, &pe) {
		assert.Equal(t, "S6", pe.Rule)
	}

	x, err = Parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:0")
	require.NoError(t, err)
	g, err = x.Game()
	require.NoError(t, err)
	assert.False(t, g.Rules().Cube, "max cube 1: no cube")
	assert.False(t, g.Can(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White}))

	// The Crawford game of a match without the cube: the flag changes
	// nothing (it was refused: rules without the cube have no Crawford rule).
	x, err = Parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:0:1:5:0")
	require.NoError(t, err)
	g, err = x.Game()
	require.NoError(t, err)
	assert.False(t, g.IsCrawford())
	assert.False(t, g.IsMoney())

	// A finished position is ErrGameOver (the doc said ErrInvalidPosition).
	x, err = Parse("XGID=-------------------cccbbb-:0:0:-1:00:0:0:0:0:10")
	require.NoError(t, err)
	_, err = x.Game()
	assert.ErrorIs(t, err, nardy.ErrGameOver)

	x.MaxCube = 3
	_, err = x.Game()
	assert.ErrorIs(t, err, nardy.ErrSyntax, "a field Format refuses")
	assert.NotContains(t, err.Error(), "cannot write", "reading a game is no writing")
	assert.Contains(t, err.Error(), "an XGID's fields out of range")
	_, err = ID{}.Game()
	assert.True(t, errors.Is(err, nardy.ErrInvalidPosition) || errors.Is(err, nardy.ErrVariantMismatch), "the zero ID: %v", err)
}
