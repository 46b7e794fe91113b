package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestSearchCubeOfADrawnGame_L11: the last position of a game drawn by
// L11's last roll (both sides off) is judged by SearchCube as the draw it
// is, at every ply: no double (the game is over, C7), and in money play
// equity 0 whatever the cube (a 1–1 or ½–½ draw nets nothing). In a match
// the draw adds the cube's value to both scores (L11's 1–1 table; a match
// refuses ½–½), so the match-winning chance of playing on is the one at
// that score: the player on roll 2-away against 1-away has lost the match
// (the other reaches the length ahead, L11), both 1-away reach it level
// and the next game decides (½), and from 3-away against 5-away the match
// goes on at 2-away against 4-away. The cube model on the draw's even
// chances advised a double at 2-away against 1-away and put the chance of
// playing on there at 0.42.
func TestSearchCubeOfADrawnGame_L11(t *testing.T) {
	n, err := Default(nardy.Long)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Long)
	r.LastRollDraw, r.Cube, r.Crawford = true, true, true // the Crawford rule: ComputeMET's table
	met := ComputeMET()
	for _, text := range []string{
		"long w 0000000000000000000000000f/0000000000000000000000000f",
		"long b 0000000000000000000000000f/0000000000000000000000000f",
	} {
		pos, err := nardy.ParsePosition(text)
		require.NoError(t, err)
		for _, beavers := range []bool{false, true} {
			r.Jacoby, r.Beavers = beavers, beavers
			s := NewSearcher(n, r)
			for ply := range MaxPly + 1 {
				for _, cube := range []nardy.Cube{{Value: 1}, {Value: 4, Owned: true, Owner: pos.OnRoll()}} {
					d := s.SearchCube(pos, s.CubeInfo(pos, cube), ply)
					assert.False(t, d.Double, "%s at %d-ply, cube %+v: %+v", text, ply, cube, d)
					assert.InDelta(t, 0, d.NoDouble, 1e-12, "%s at %d-ply, cube %+v: a draw nets 0", text, ply, cube)
					assert.InDelta(t, 0, d.DoubleTake, 1e-12, "%s at %d-ply, cube %+v: at any cube", text, ply, cube)
				}
			}
		}
		r.Jacoby, r.Beavers = false, false
		s := NewSearcher(n, r)
		for _, c := range []struct {
			away [2]int
			want float64
		}{
			{[2]int{2, 1}, 0},               // 1-away against the length reached
			{[2]int{1, 2}, 1},               // the length reached against 1-away
			{[2]int{1, 1}, 0.5},             // both at the length, level: the next game decides
			{[2]int{3, 5}, met.Pre[2][4]},   // 2-away against 4-away
			{[2]int{2, 4}, met.Crawford[3]}, // 1-away against 3-away: the Crawford game next
			{[2]int{5, 3}, met.Pre[4][2]},   // 4-away against 2-away
		} {
			for ply := range MaxPly + 1 {
				s.Match = ScoreFor(pos.OnRoll(), c.away, 1)
				d := s.SearchCube(pos, s.CubeInfo(pos, nardy.Cube{Value: 1}), ply)
				assert.False(t, d.Double, "%s at %d-ply, away %v: %+v", text, ply, c.away, d)
				assert.InDelta(t, c.want, d.MWCNoDouble, 1e-12, "%s at %d-ply, away %v: %+v", text, ply, c.away, d)
			}
		}
	}
}
