package xgid

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIDMatch: an XGID of a match at a score gives that match, its game
// the one of ID.Game: at 8-5 in a 9-point match the Crawford game when the
// XGID marks it (S6), else post-Crawford, where the cube turns; a money
// XGID a match of length 0.
func TestIDMatch(t *testing.T) {
	x, err := Parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:8:5:1:9:10")
	require.NoError(t, err)
	m, err := x.Match()
	require.NoError(t, err)
	g, err := x.Game()
	require.NoError(t, err)
	assert.Equal(t, g, m.Game())
	assert.Equal(t, 9, m.Length())
	assert.Equal(t, nardy.MatchStart{Score: x.Score}, m.Start())
	assert.True(t, m.IsCrawford())
	who, _ := g.ToAct()
	assert.Equal(t, [2]int{9 - x.Score[who], 9 - x.Score[who.Other()]}, m.Away(who))
	_, err = m.Do(nardy.Action{Kind: nardy.ActDouble, Player: who})
	assert.ErrorIs(t, err, nardy.ErrActionRefused, "no double in the Crawford game")

	x.Crawford = false
	m, err = x.Match()
	require.NoError(t, err)
	assert.False(t, m.IsCrawford())
	assert.True(t, m.Start().CrawfordDone, "post-Crawford")
	_, err = m.Do(nardy.Action{Kind: nardy.ActDouble, Player: who})
	assert.NoError(t, err)

	money, err := Parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
	require.NoError(t, err)
	m, err = money.Match()
	require.NoError(t, err)
	assert.Equal(t, 0, m.Length())
	assert.True(t, m.Game().IsMoney())

	money, err = Parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:1:3:0:10") // a session at 2-1
	require.NoError(t, err)
	m, err = money.Match()
	require.NoError(t, err, "a money session's score")
	assert.Equal(t, nardy.MatchStart{}, m.Start())

	// A 1-point match (both players at match point minus one, and no
	// Crawford game): it was refused as a Crawford game played.
	for _, s := range []string{"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:1:10", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:1:10"} {
		one, err := Parse(s)
		require.NoError(t, err)
		m, err = one.Match()
		require.NoError(t, err, s)
		assert.Equal(t, 1, m.Length())
		assert.Equal(t, nardy.MatchStart{}, m.Start())
	}

	_, err = ID{}.Match()
	assert.Error(t, err)
}
