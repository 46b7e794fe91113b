package gnubg

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatch: a Position ID and a Match ID of a match at a score give that
// match, its game the one of Game: at 6-3 in a 7-point match the Crawford
// game when the Match ID says so (no double, S6), else post-Crawford; a
// money game as a match of length 0.
func TestMatch(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	const startID = "4HPwATDgc/ABMA"
	id := func(m MatchID) string {
		s, err := FormatMatchID(m)
		require.NoError(t, err)
		return s
	}
	mid := NewMatchID()
	mid.MatchLength, mid.Score, mid.Crawford = 7, [2]int{6, 3}, true
	m, err := Match(r, startID, id(mid))
	require.NoError(t, err)
	g, err := Game(r, startID, id(mid))
	require.NoError(t, err)
	assert.Equal(t, g, m.Game())
	assert.Equal(t, 7, m.Length())
	assert.Equal(t, nardy.MatchStart{Score: [2]int{6, 3}}, m.Start())
	assert.True(t, m.IsCrawford())
	assert.Equal(t, [2]int{1, 4}, m.Away(nardy.White))
	who, _ := g.ToAct()
	_, err = m.Do(nardy.Action{Kind: nardy.ActDouble, Player: who})
	assert.ErrorIs(t, err, nardy.ErrActionRefused, "no double in the Crawford game")

	mid.Crawford = false
	m, err = Match(r, startID, id(mid))
	require.NoError(t, err)
	assert.False(t, m.IsCrawford())
	assert.Equal(t, nardy.MatchStart{Score: [2]int{6, 3}, CrawfordDone: true}, m.Start(), "post-Crawford")
	_, err = m.Do(nardy.Action{Kind: nardy.ActDouble, Player: who})
	assert.NoError(t, err)

	m, err = Match(r, startID, id(NewMatchID()))
	require.NoError(t, err)
	assert.Equal(t, 0, m.Length(), "money play")
	assert.True(t, m.Game().IsMoney())

	// A money session's score, which gnubg keeps in the Match ID (black
	// won the first game of the session): the match of money play is one
	// game, at 0-0 (it was refused as a start of money play).
	m, err = Match(r, startID, "MAEHAAAACAAA")
	require.NoError(t, err)
	assert.Equal(t, 0, m.Length())
	assert.Equal(t, nardy.MatchStart{}, m.Start())

	one := NewMatchID()
	one.MatchLength = 1
	m, err = Match(r, startID, id(one))
	require.NoError(t, err, "a 1-point match (it was refused as a Crawford game played)")
	assert.Equal(t, 1, m.Length())
	assert.False(t, m.IsCrawford())

	_, err = Match(r, startID, "not an id")
	assert.ErrorIs(t, err, nardy.ErrSyntax)
}
