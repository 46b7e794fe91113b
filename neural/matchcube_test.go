package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/xgid"
)

// leaderPositions are two positions of a 7-point match at 6-5 after the
// Crawford game, the leader (1-away) on roll, where the 1-ply search once
// advised it to double (helper-94's review).
var leaderPositions = []string{
	"XGID=-a--b-EDD---bB-a-a-db-b---:0:0:1:00:6:5:0:7:6",
	"XGID=--aBB-C-AAA-cDc--c-d--Aa--:0:0:1:00:6:5:0:7:6",
}

// TestNoDoubleByTheLeaderPostCrawford_S6: a player whose single win at
// the cube's value already wins the match gains nothing by doubling (a
// pass gives it the same, a take only raises what the opponent wins), so
// no search advises it: the leader at 1-away after the Crawford game, at
// 1 and 2 ply too, where the branches' plays (chosen by the match equity
// at each branch's cube) made the double look a little better than
// playing on in these positions (helper-94's review found them).
func TestNoDoubleByTheLeaderPostCrawford_S6(t *testing.T) {
	s := searcher(t, nardy.Short)
	for _, id := range leaderPositions {
		x, err := xgid.Parse(id)
		require.NoError(t, err)
		m, err := x.Match()
		require.NoError(t, err)
		g := m.Game()
		me := g.Position().OnRoll()
		require.Equal(t, [2]int{1, 2}, m.Away(me), id)
		ci := GameCubeInfo(g, me, m.Away(me))
		s.Rules = g.Rules()
		for ply := 0; ply <= MaxPly; ply++ {
			s.Match = ScoreFor(me, m.Away(me), 1)
			d := s.SearchCube(g.Position(), ci, ply)
			assert.False(t, d.Double, "%s at %d-ply: %+v", id, ply, d)
		}
	}
	for _, w := range []float64{0.3, 0.6, 0.9} {
		for _, away := range [][2]int{{1, 2}, {1, 5}, {2, 5}} {
			c := nardy.Cube{Value: away[0], Owned: away[0] > 1, Owner: nardy.White}
			d := DecideCube(Probs{Variant: nardy.Short, Win: w, WinMars: w / 3}, CubeInfo{Cube: c, OnRoll: nardy.White, Away: away})
			assert.False(t, d.Double, "%v away, cube %d, %.1f: %+v", away, c.Value, w, d)
		}
	}
}

// TestMETWithoutCrawford_S6: in a match played without the Crawford rule
// the trailer doubles a player at 1-away in every game, so reaching
// 1-away is worth less than with the rule. At 1-away against 3-away, by
// hand in the table's model (an even game, gammons 0.30 of the wins): the
// trailer doubles at once and the leader takes, winning the match with
// the game (0.5), or losing a single game at 2 to double match point
// (0.5 of 0.5·0.70); a gammon at 2 loses it: 0.5 + 0.5·0.70·0.5 = 0.675.
// With the Crawford rule the Crawford game comes first, without the cube.
func TestMETWithoutCrawford_S6(t *testing.T) {
	no, with := metWith(true), metWith(false)
	assert.InDelta(t, 0.675, no.At(1, 3, true), 1e-9)
	assert.Greater(t, with.At(1, 3, true), 0.74, "the Crawford game at 1-away 3-away")
	for b := 1; b <= MaxAway; b++ {
		assert.Equal(t, no.At(1, b, false), no.At(1, b, true), "1-away %d-away: no Crawford game", b)
		assert.Equal(t, with.At(1, b, false), no.At(1, b, false), "1-away %d-away after the Crawford game", b)
	}
	// 1-away 2-away: the trailer doubles, and the leader takes (the match
	// is its game's chance) or drops to double match point (0.5): a little
	// above 0.5, by the drops of its worse games.
	assert.Greater(t, no.At(1, 2, true), 0.5)
	assert.Less(t, no.At(1, 2, true), 0.52)

	// A game of a match without the rule is judged with that table: at
	// 2-away 3-away a double passed leaves 1-away 3-away.
	r := nardy.DefaultRules(nardy.Short)
	r.Crawford = false
	m, err := nardy.NewMatchAt(r, 7, nardy.MatchStart{Score: [2]int{5, 4}})
	require.NoError(t, err)
	g := m.Game()
	ci := GameCubeInfo(g, nardy.White, m.Away(nardy.White))
	assert.True(t, ci.NoCrawford)
	p := Probs{Variant: nardy.Short, Win: 0.7, WinMars: 0.1}
	assert.InDelta(t, 0.675, DecideCube(p, ci).MWCDoublePass, 1e-9)
	m, err = nardy.NewMatchAt(nardy.DefaultRules(nardy.Short), 7, nardy.MatchStart{Score: [2]int{5, 4}})
	require.NoError(t, err)
	ci = GameCubeInfo(m.Game(), nardy.White, m.Away(nardy.White))
	assert.False(t, ci.NoCrawford)
	assert.InDelta(t, with.At(1, 3, true), DecideCube(p, ci).MWCDoublePass, 1e-9)
}

// TestSearchCubeReadsTheRulesCrawford_S6: a Searcher under rules without
// the Crawford rule judges the cube with the table without the Crawford
// game even for a CubeInfo built by hand without NoCrawford, as it
// values its plays.
func TestSearchCubeReadsTheRulesCrawford_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Crawford = false
	s := NewSearcher(nil, r)
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{2, 3}}
	s.Match = ScoreFor(nardy.White, ci.Away, 1)
	got := s.SearchCube(pos, ci, 0)
	ci.NoCrawford = true
	assert.Equal(t, s.SearchCube(pos, ci, 0), got)
	assert.InDelta(t, 0.675, got.MWCDoublePass, 1e-9, "a pass leaves 1-away 3-away without a Crawford game")
}

// TestSearchCubeUnderCubelessRulesReadsTheCubeInfo_S6: the Crawford rule
// is a rule of the cube in match play (S6), so rules without the cube say
// nothing of it: a Searcher under cubeless rules (as nardy-strength's
// cube check plays its games) judges a CubeInfo built by hand by the
// table it names, the one with the Crawford game, not the table without
// it. At 2-away 3-away a double passed leaves 1-away 3-away.
func TestSearchCubeUnderCubelessRulesReadsTheCubeInfo_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Cube, r.MaxCube, r.Jacoby, r.Beavers, r.Crawford = false, 0, false, false, false
	s := NewSearcher(nil, r)
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{2, 3}}
	s.Match = ScoreFor(nardy.White, ci.Away, 1)
	for ply := 0; ply <= 1; ply++ {
		got := s.SearchCube(pos, ci, ply)
		assert.InDelta(t, met().At(1, 3, true), got.MWCDoublePass, 1e-9, "ply %d: a pass leaves 1-away 3-away, with a Crawford game", ply)
	}
}
