package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestSearchCubeOfADrawnGameDoubledAndPassed_L11: SearchCube's verdict on
// a drawn game's last position (both sides off, L11) in the units of
// CubeDecision: a double passed wins the cube's value, DoublePass 1
// (money: one cube value; match: +1, the normalised equity of cashing);
// a double taken is the draw at twice the cube, which in money play nets
// 0 as at any cube; the opponent takes when DoubleTake ≤ DoublePass. In
// a match (L11's 1–1 table: each score gains the cube's value, the first
// to reach the length ahead of the other wins, level at the length the
// next game decides) the match-winning chances are those of the score
// after the draw at twice the cube (MWCDoubleTake) and after a win of the
// cube (MWCDoublePass), read from the match equity table.
func TestSearchCubeOfADrawnGameDoubledAndPassed_L11(t *testing.T) {
	n, err := Default(nardy.Long)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Long)
	r.LastRollDraw, r.Cube, r.Crawford = true, true, true // the Crawford rule: ComputeMET's table
	met := ComputeMET()
	pos, err := nardy.ParsePosition("long w 0000000000000000000000000f/0000000000000000000000000f")
	require.NoError(t, err)
	s := NewSearcher(n, r)
	for ply := range MaxPly + 1 {
		d := s.SearchCube(pos, s.CubeInfo(pos, nardy.Cube{Value: 1}), ply)
		assert.InDelta(t, 1, d.DoublePass, 1e-12, "money at %d-ply: a pass wins the cube: %+v", ply, d)
		assert.True(t, d.Take, "money at %d-ply: a take draws, 0 ≤ 1: %+v", ply, d)
	}
	for _, c := range []struct {
		away       [2]int
		take, pass float64 // MWCDoubleTake, MWCDoublePass
	}{
		{[2]int{3, 5}, met.Crawford[3], met.Pre[2][5]},     // the draw at 2: 1-away against 3-away, the Crawford game next
		{[2]int{5, 3}, 1 - met.Crawford[3], met.Pre[4][3]}, // the draw at 2: 3-away against 1-away
		{[2]int{4, 4}, met.Pre[2][2], met.Pre[3][4]},       // the draw at 2: 2-away each
		{[2]int{2, 4}, 1, met.Crawford[4]},                 // the draw at 2 reaches the length, the other 2 short
		{[2]int{1, 2}, 1, 1},                               // both reach the length, this side a point ahead; a pass wins the match
		{[2]int{2, 1}, 0, 0.5},                             // both reach the length, the other a point ahead; a pass: 1-away each
		{[2]int{2, 2}, 0.5, met.Crawford[2]},               // both reach the length level: the next game decides
	} {
		s.Match = ScoreFor(pos.OnRoll(), c.away, 1)
		for ply := range MaxPly + 1 {
			d := s.SearchCube(pos, s.CubeInfo(pos, nardy.Cube{Value: 1}), ply)
			assert.InDelta(t, c.take, d.MWCDoubleTake, 1e-12, "away %v at %d-ply: %+v", c.away, ply, d)
			assert.InDelta(t, c.pass, d.MWCDoublePass, 1e-12, "away %v at %d-ply: %+v", c.away, ply, d)
			assert.InDelta(t, 1, d.DoublePass, 1e-12, "away %v at %d-ply: cashing is +1: %+v", c.away, ply, d)
			assert.Equal(t, d.DoubleTake <= d.DoublePass, d.Take, "away %v at %d-ply: %+v", c.away, ply, d)
			assert.False(t, d.Double, "away %v at %d-ply: %+v", c.away, ply, d)
		}
	}
	// 1-away against 2-away: the draw at twice the cube wins the match as
	// a pass does, DoubleTake = DoublePass, and the opponent takes.
	s.Match = ScoreFor(pos.OnRoll(), [2]int{1, 2}, 1)
	d := s.SearchCube(pos, s.CubeInfo(pos, nardy.Cube{Value: 1}), 0)
	assert.InDelta(t, d.DoublePass, d.DoubleTake, 1e-12, "%+v", d)
	assert.True(t, d.Take, "%+v", d)
}

// TestSearchCubeOfAFinishedGameIsItsOutcome_C7: a game that one side won
// by bearing off (the other has checkers left) is no draw: SearchCube
// values playing on at its known outcome, in money play the points of
// the win or loss per cube value (Probs.Equity of Net.Evaluate's
// chances: a mars 2, a single 1), and in a match the match-winning
// chance at the score after it (the loser of a single 3-away against
// 5-away is then 3-away against 4-away).
func TestSearchCubeOfAFinishedGameIsItsOutcome_C7(t *testing.T) {
	met := ComputeMET()
	for _, c := range []struct {
		pos   string
		money float64
		mwc   float64 // at 3-away against 5-away
	}{
		// Black on roll has lost: White's fifteen are off; Black's are all home, none off: a mars.
		{"long b 33322200000000000000000000/0000000000000000000000000f", -2, met.Pre[3][3]},
		// Black has thirteen off: a single game.
		{"short b 1000000000000000000000001d/0000000000000000000000000f", -1, met.Pre[3][4]},
	} {
		pos, err := nardy.ParsePosition(c.pos)
		require.NoError(t, err)
		n, err := Default(pos.Variant())
		require.NoError(t, err)
		r := nardy.DefaultRules(pos.Variant())
		r.Cube, r.Crawford = true, true
		s := NewSearcher(n, r)
		require.InDelta(t, c.money, n.Evaluate(pos).Equity(r.Scoring), 1e-12, c.pos)
		for ply := range MaxPly + 1 {
			s.Match = MatchScore{}
			d := s.SearchCube(pos, s.CubeInfo(pos, nardy.Cube{Value: 1}), ply)
			assert.InDelta(t, c.money, d.NoDouble, 1e-12, "%s at %d-ply: %+v", c.pos, ply, d)
			s.Match = ScoreFor(pos.OnRoll(), [2]int{3, 5}, 1)
			d = s.SearchCube(pos, s.CubeInfo(pos, nardy.Cube{Value: 1}), ply)
			assert.InDelta(t, c.mwc, d.MWCNoDouble, 1e-12, "%s at %d-ply, 3-away against 5-away: %+v", c.pos, ply, d)
		}
	}
}

// TestSearchCubeOfADrawnGameReadsTheRulesCrawford_S6_L11: under rules
// with the cube and without the Crawford rule, SearchCube reads a
// CubeInfo built by hand without NoCrawford as the match without the
// Crawford game, for a drawn game's last position too: 2-away against
// 4-away, the draw leaves 1-away against 3-away, whose chance differs
// between the two tables.
func TestSearchCubeOfADrawnGameReadsTheRulesCrawford_S6_L11(t *testing.T) {
	n, err := Default(nardy.Long)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Long)
	r.LastRollDraw, r.Cube, r.Crawford = true, true, false
	s := NewSearcher(n, r)
	pos, err := nardy.ParsePosition("long w 0000000000000000000000000f/0000000000000000000000000f")
	require.NoError(t, err)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{2, 4}}
	s.Match = ScoreFor(nardy.White, ci.Away, 1)
	require.NotEqual(t, met().At(1, 3, true), metNoCrawford().At(1, 3, true), "the tables differ at 1-away against 3-away")
	got := s.SearchCube(pos, ci, 0)
	assert.InDelta(t, metNoCrawford().At(1, 3, true), got.MWCNoDouble, 1e-12, "%+v", got)
	ci.NoCrawford = true
	assert.Equal(t, s.SearchCube(pos, ci, 0), got)
}
