package gnubg

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gameAtCube returns a money game of short nardy at the start position,
// White on roll, with cube c, under rules r.
func gameAtCube(t *testing.T, r nardy.Rules, c nardy.Cube) nardy.Game {
	t.Helper()
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Cube: c})
	require.NoError(t, err)
	return g
}

// TestFromGameCubeAtMaxCube: a Match ID holds a cube "a power of two from
// 1 to MaxCube" ([MatchID.CubeValue]), and FromGame refuses only "a cube
// past [MaxCube]" ([nardy.ErrInvalidRules]): a cube of exactly MaxCube
// (4096) is written and read back, one of 8192 is refused (helper-182: a
// mutant refusing the cube at MaxCube survived every test).
func TestFromGameCubeAtMaxCube(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.MaxCube = 1 << 15
	g := gameAtCube(t, r, nardy.Cube{Value: MaxCube, Owned: true, Owner: nardy.White})
	pid, id, err := FromGame(g)
	require.NoError(t, err)
	assert.Equal(t, MaxCube, id.CubeValue)
	back, err := Game(r, pid, id.String())
	require.NoError(t, err)
	assert.Equal(t, g.Cube(), back.Cube())

	_, _, err = FromGame(gameAtCube(t, r, nardy.Cube{Value: 2 * MaxCube, Owned: true, Owner: nardy.White}))
	require.ErrorIs(t, err, nardy.ErrInvalidRules)
}

// TestFromGameBeaverOfAnOwnedCube (S6): a beaver of a redouble — the
// doubler owned the cube at 2 — is written as gnubg writes a beaver, "the
// cube the double gave, owned by the beaverer", the doubler to act
// ([MatchID.ToAct]); Game takes it up as the game written: the doubler's
// 2-cube before the double, beavered, the doubler to answer (helper-182: a
// mutant giving the cube before the double to the beaverer survived every
// test, the referee's games beavering only first doubles).
func TestFromGameBeaverOfAnOwnedCube(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	g := gameAtCube(t, r, nardy.Cube{Value: 2, Owned: true, Owner: nardy.White})
	var err error
	for _, a := range []nardy.Action{{Kind: nardy.ActDouble, Player: nardy.White}, {Kind: nardy.ActBeaver, Player: nardy.Black}} {
		g, err = g.Do(a)
		require.NoError(t, err)
	}
	pid, id, err := FromGame(g)
	require.NoError(t, err)
	assert.Equal(t, MatchID{CubeValue: 4, CubeOwner: nardy.Black, OnRoll: nardy.White, ToAct: nardy.White,
		State: StatePlaying, Doubled: true}, id)
	back, err := Game(r, pid, id.String())
	require.NoError(t, err)
	assert.True(t, back.Beavered())
	assert.Equal(t, g.Cube(), back.Cube())
	who, ok := back.ToAct()
	assert.True(t, ok)
	assert.Equal(t, nardy.White, who)
}
