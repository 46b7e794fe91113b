package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// contactPositions returns positions of short-nardy self-play games at
// 0-ply, each before White's roll, with the sides in contact.
func contactPositions(t *testing.T, s *Searcher, games int) []nardy.Position {
	t.Helper()
	r := nardy.Rules{Variant: nardy.Short, Scoring: nardy.DefaultRules(nardy.Short).Scoring}
	src := nardy.NewSeededDice(25)
	var out []nardy.Position
	var buf []nardy.Play
	for range games {
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		for !g.IsOver() {
			switch g.Phase() {
			case nardy.PhaseOpening, nardy.PhaseRoll:
				if pos := g.Position(); g.Phase() == nardy.PhaseRoll && pos.OnRoll() == nardy.White && contact(pos) {
					out = append(out, pos)
				}
				g, _, err = g.Roll(src)
			case nardy.PhasePlay:
				roll, _ := g.Dice()
				buf, err = r.AppendLegal(buf[:0], g.Position(), roll)
				require.NoError(t, err)
				i, _ := s.Choose(buf, 0)
				g, err = g.Play(buf[i])
			default:
				t.Fatalf("phase %v", g.Phase())
			}
			require.NoError(t, err)
		}
	}
	return out
}

// TestSearchCubeMatchPlaysAtTheCube (S6): in match play a game doubled is
// played out at the doubled cube, where a gammon is worth another number
// of points at the score, so the 1-ply search of double/take chooses each
// roll's play with the match values of the doubled cube, and no double
// with those of the cube where it is. Reckoned here from Choose of a
// Searcher told the other cube and DecideCube at the leaves. The search
// allocates nothing for it.
func TestSearchCubeMatchPlaysAtTheCube(t *testing.T) {
	s := searcher(t, nardy.Short)
	positions := contactPositions(t, s, 4)
	require.NotEmpty(t, positions)
	differ := 0
	for _, away := range [][2]int{{4, 2}, {2, 4}, {5, 3}, {3, 3}} {
		s.Match = ScoreFor(nardy.White, away, 1)
		doubled := searcher(t, nardy.Short)
		doubled.Match = ScoreFor(nardy.White, away, 2)
		centred := searcher(t, nardy.Short)
		centred.Match = s.Match
		ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: away}
		taken := ci
		taken.Cube = nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}
		for _, pos := range positions {
			// branch is the White's match-winning chance of the branch
			// with cube state c, its plays chosen by by.
			branch := func(c CubeInfo, by *Searcher) float64 {
				next := c
				next.OnRoll, next.Away = nardy.Black, [2]int{away[1], away[0]}
				var sum float64
				for _, wr := range nardy.AllRolls() {
					plays, err := s.Rules.AppendLegal(nil, pos, wr.Roll)
					require.NoError(t, err)
					i, _ := by.Choose(plays, 0)
					if j, _ := s.Choose(plays, 0); j != i {
						differ++
					}
					q := plays[i].Result()
					require.False(t, q.IsOver())
					next.Efficiency = Efficiency(q)
					sum += float64(wr.Weight) * (1 - DecideCube(s.Eval(q, 0), next).mwc())
				}
				return sum / 36
			}
			d := s.SearchCube(pos, ci, 1)
			if pos == positions[0] {
				assert.Zero(t, testing.AllocsPerRun(3, func() { s.SearchCube(pos, ci, 1) }), "at %v away", away)
			}
			assert.InDelta(t, branch(ci, centred), d.MWCNoDouble, 1e-9, "%v at %v away", pos, away)
			assert.InDelta(t, branch(taken, doubled), d.MWCDoubleTake, 1e-9, "%v at %v away", pos, away)
		}
	}
	t.Logf("%d positions: %d rolls where the doubled cube chooses another play", len(positions), differ)
	require.Positive(t, differ, "no position tells the cubes apart")
}

// TestSearchCubeIgnoresTheMatchCube: every branch of the cubeful search
// chooses its plays at its own cube, so the Searcher's Match.Cube (the
// cube of its checker plays) changes no verdict: at 2-ply, where the
// opponent's double below no double reaches 2, a Match.Cube of 2 gave
// that branch the values of cube 1 (the branch above it; 9 of the 24
// checks below failed so at 2-away 4-away).
func TestSearchCubeIgnoresTheMatchCube(t *testing.T) {
	s := searcher(t, nardy.Short)
	away := [2]int{2, 4}
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: away}
	checked := 0
	for _, pos := range contactPositions(t, s, 3) {
		// positions where gammons are at stake, whose plays the cube
		// changes most (2-ply decisions take a tenth of a second each)
		if p := s.Eval(pos, 0); p.WinMars+p.LoseMars < 0.25 || checked == 8 {
			continue
		}
		checked++
		s.Match = ScoreFor(nardy.White, away, 1)
		want := s.SearchCube(pos, ci, 2)
		if checked == 1 {
			assert.Zero(t, testing.AllocsPerRun(1, func() { s.SearchCube(pos, ci, 2) }), "at 2-ply")
		}
		for _, cube := range []int{0, 2, 4} {
			s.Match = ScoreFor(nardy.White, away, cube)
			assert.Equal(t, want, s.SearchCube(pos, ci, 2), "%v with the Match's cube at %d", pos, cube)
		}
		s.Match = MatchScore{}
	}
	require.Equal(t, 8, checked)
}
