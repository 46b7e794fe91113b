package neural

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestMatchValues_S6: what each end of a game is worth at a match score.
// At double match point (both 1-away), and at 2-away 2-away with the cube
// on 2 (or 3-away 4-away with the cube on 4), any win wins the match and any loss loses it, so every kind of win
// is worth a single game. At 2-away 3-away a gammon wins the match, which
// a single win does not, and a backgammon is worth no more than a gammon.
func TestMatchValues_S6(t *testing.T) {
	k := pointsOf(nardy.Scoring{}, nardy.Short) // 1, 2, 3
	for _, s := range []MatchScore{{Away: [2]int{1, 1}}, {Away: [2]int{2, 2}, Cube: 2}, {Away: [2]int{3, 4}, Cube: 4}} {
		v := matchValues(DefaultMET(), k, s, nardy.White)
		for _, x := range []float64{v.win.oin, v.win.mars, v.win.koks} {
			assert.InDelta(t, 1, x, 1e-12, "%+v", s)
		}
		for _, x := range []float64{v.lose.oin, v.lose.mars, v.lose.koks} {
			assert.InDelta(t, -1, x, 1e-12, "%+v", s)
		}
	}
	s := MatchScore{Away: [2]int{2, 3}}
	v := matchValues(DefaultMET(), k, s, nardy.White)
	assert.InDelta(t, 1, v.win.oin, 1e-12)
	assert.Greater(t, v.win.mars, v.win.oin, "a gammon wins the match")
	assert.InDelta(t, v.win.mars, v.win.koks, 1e-12, "a backgammon wins no more than the match")
	assert.Less(t, v.lose.mars, v.lose.oin, "a lost gammon costs more than a single game")
	// The same score seen by Black is Black's 3-away 2-away: its values
	// are White's at 3-away 2-away.
	w := matchValues(DefaultMET(), k, MatchScore{Away: [2]int{3, 2}}, nardy.White)
	assert.Equal(t, w, matchValues(DefaultMET(), k, s, nardy.Black))
}

// TestSearcherMatchPlay_S6: at double match point the 0-ply player plays
// for the win alone: it chooses a play with the network's highest chance
// of winning the game, gammons aside, where money play does not always;
// in long nardy, without the cube, too.
func TestSearcherMatchPlay_S6(t *testing.T) {
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	money := NewSearcher(net, r)
	dmp := NewSearcher(net, r)
	dmp.Match = MatchScore{Away: [2]int{1, 1}}
	rng := rand.New(rand.NewPCG(5, 6))
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	differ := 0
	for _, pos := range samplePositions(t, nardy.Short, 2000, 9) {
		roll := nardy.MustRoll(1+rng.IntN(6), 1+rng.IntN(6))
		plays, err := r.AppendLegal(buf[:0], pos, roll)
		require.NoError(t, err)
		if len(plays) < 2 {
			continue
		}
		i, _ := dmp.Choose(plays, 0)
		probs := dmp.evaluatePlays(plays, nil) // 0-ply, for the player making each play
		best := 0.0
		for _, p := range probs {
			best = max(best, p.Win)
		}
		assert.InDelta(t, best, probs[i].Win, 1e-12, "%v %v", pos, roll)
		if j, _ := money.Choose(plays, 0); plays[j].Result() != plays[i].Result() {
			differ++
		}
	}
	assert.Positive(t, differ, "the score never changed a play")
	t.Logf("%d of 2000 plays differ between money play and double match point", differ)

	// Long nardy has no cube by default; at 1-away 1-away it too plays for
	// the game alone.
	long, err := Default(nardy.Long)
	require.NoError(t, err)
	lr := nardy.DefaultRules(nardy.Long)
	lm, ls := NewSearcher(long, lr), NewSearcher(long, lr)
	ls.Match = MatchScore{Away: [2]int{1, 1}}
	differ = 0
	for _, pos := range samplePositions(t, nardy.Long, 1000, 10) {
		plays, err := lr.AppendLegal(buf[:0], pos, nardy.MustRoll(1+rng.IntN(6), 1+rng.IntN(6)))
		require.NoError(t, err)
		if len(plays) < 2 {
			continue
		}
		i, _ := ls.Choose(plays, 0)
		probs := ls.evaluatePlays(plays, nil)
		best := 0.0
		for _, p := range probs {
			best = max(best, p.Win)
		}
		assert.InDelta(t, best, probs[i].Win, 1e-12, "%v", pos)
		if j, _ := lm.Choose(plays, 0); plays[j].Result() != plays[i].Result() {
			differ++
		}
	}
	assert.Positive(t, differ, "the score never changed a long-nardy play")
}

// TestCubelessMET_L10: without the cube, a match is games of one point
// each (two for a mars): equal scores are even, the two sides' chances
// add up to 1, a side nearer the end is more likely to win, and at
// 1-away 2-away the leader wins the game (1/2), or loses it single and
// plays one more even game: 1/2 + 1/2·(1−g)·1/2.
func TestCubelessMET(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		m := cubelessMETs()[v]
		g := cubelessGammon[v]
		assert.InDelta(t, 0.75-0.25*g, m.At(1, 2, false), 1e-12, v)
		assert.InDelta(t, 0.75-0.25*g, m.At(1, 2, true), 1e-12, v)
		for a := 1; a <= MaxAway; a++ {
			assert.InDelta(t, 0.5, m.At(a, a, false), 1e-9)
			for b := 1; b <= MaxAway; b++ {
				assert.InDelta(t, 1, m.At(a, b, false)+m.At(b, a, false), 1e-9, "%d %d", a, b)
				switch {
				case a > 1 && (m.At(a, b, false) < 1e-12 || m.At(a, b, false) > 1-1e-12): // saturated in float64
					assert.GreaterOrEqual(t, m.At(a-1, b, false), m.At(a, b, false))
				case a > 1:
					assert.Greater(t, m.At(a-1, b, false), m.At(a, b, false))
				}
			}
		}
	}
}

// TestChooseAllocs: once its buffers have grown, a Searcher chooses a play
// at 0 and 1 ply without allocating, in money play and at a match score.
func TestChooseAllocs(t *testing.T) {
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	s := NewSearcher(net, r)
	pos := samplePositions(t, nardy.Short, 40, 3)[39]
	plays, err := r.AppendLegal(nil, pos, nardy.MustRoll(5, 3))
	require.NoError(t, err)
	for _, m := range []MatchScore{{}, {Away: [2]int{3, 5}, Cube: 2}} {
		s.Match = m
		for ply := range 2 {
			s.Choose(plays, ply) // grow the buffers
			assert.Zero(t, testing.AllocsPerRun(5, func() { s.Choose(plays, ply) }), "%+v ply %d", m, ply)
		}
	}
}

// TestScoreFor: ScoreFor places the score by colour, and a colour other
// than White and Black gives the zero MatchScore (money play) where it
// indexed past Away and panicked.
func TestScoreFor(t *testing.T) {
	assert.Equal(t, MatchScore{Away: [2]int{3, 5}, Cube: 2}, ScoreFor(nardy.White, [2]int{3, 5}, 2))
	assert.Equal(t, MatchScore{Away: [2]int{5, 3}, Cube: 2}, ScoreFor(nardy.Black, [2]int{3, 5}, 2))
	assert.Equal(t, MatchScore{}, ScoreFor(nardy.White, [2]int{}, 2), "money play")
	for _, c := range []nardy.Color{2, 3, 255} {
		assert.NotPanics(t, func() { assert.Equal(t, MatchScore{}, ScoreFor(c, [2]int{3, 5}, 2)) })
	}
}

// TestMatchOver_S6: a score with a side at 0 away or below is a match
// already won, as MET.At reads it, which no game changes: every end of
// the game is worth the same, so every play is worth 0 and the first is
// chosen, and the cube decisions' match-winning chances are all the
// same (1 for the side that has won, 0 for the other), at any cube. The
// points of a win at a cube of 2^62 (the largest power of two an int
// holds) were taken from an away of −2 and wrapped to a large positive
// away, which
// made winning the game worse than losing it; the side already won also
// counted the other's loss by enough points as its own win.
func TestMatchOver_S6(t *testing.T) {
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	plays, err := r.AppendLegal(nil, samplePositions(t, nardy.Short, 40, 3)[39], nardy.MustRoll(5, 3))
	require.NoError(t, err)
	require.Greater(t, len(plays), 2)
	p := Probs{Variant: nardy.Short, Win: 0.6, WinMars: 0.2, WinKoks: 0.05, LoseMars: 0.1}
	for _, away := range [][2]int{{-2, 3}, {3, -2}, {0, 5}, {5, 0}, {-1, -1}, {math.MinInt, 2}, {2, math.MinInt}} {
		for _, cube := range []int{1, 2, 1 << 62, math.MaxInt} {
			name := fmt.Sprintf("away %v, cube %d", away, cube)
			s := NewSearcher(net, r)
			s.Match = MatchScore{Away: away, Cube: cube}
			for ply := range 2 {
				for k, x := range s.Rank(plays, ply) {
					assert.Zero(t, x.Equity, "%s, ply %d, rank %d", name, ply, k)
				}
				i, _ := s.Choose(plays, ply)
				assert.Zero(t, i, "%s, ply %d", name, ply)
			}
			for _, me := range []nardy.Color{nardy.White, nardy.Black} {
				ci := CubeInfo{Cube: nardy.Cube{Value: cube}, OnRoll: me, Away: [2]int{away[me], away[me.Other()]}, MaxCube: math.MaxInt}
				d := DecideCube(p, ci)
				if mine, theirs := ci.Away[0], ci.Away[1]; (mine <= 0) != (theirs <= 0) {
					assert.InDelta(t, f(mine <= 0), d.MWCNoDouble, 1e-9, "%s, %v on roll: the match won or lost", name, me)
				}
				assert.InDelta(t, d.MWCNoDouble, d.MWCDoubleTake, 1e-9, "%s, %v on roll: %+v", name, me, d)
				assert.InDelta(t, d.MWCNoDouble, d.MWCDoublePass, 1e-9, "%s, %v on roll: %+v", name, me, d)
				assert.False(t, d.Double, "%s, %v on roll", name, me)
			}
		}
	}
}

// TestMETBeyondTheTable: past MaxAway the table is read by the lead over
// its spread, so a point won or lost still moves the chance, but where
// the match is all but decided: equal scores stay even, the
// two sides' chances add up to 1, and a side nearer the end is more likely
// to win (the table went flat past its edge, and matches of 26 points and
// more played and hinted at random), also past 2^53, where the lead was
// subtracted in floating point and a point lost (helper-104: 2^54−1 away
// against 2^54 read as even).
func TestMETBeyondTheTable(t *testing.T) {
	m := met()
	for _, a := range []int{MaxAway - 1, MaxAway, MaxAway + 1, MaxAway + 2, 100, 1000, 1 << 40, 1 << 54, 1 << 60} {
		assert.InDelta(t, 0.5, m.At(a, a, false), 1e-12, a)
		for _, b := range []int{a - 3, a - 1, a + 1, a + 5, 2 * a} {
			assert.InDelta(t, 1, m.At(a, b, false)+m.At(b, a, false), 1e-9, "%d %d", a, b)
			more := assert.Greater
			if m.At(a, b, false) > 1-1e-6 { // decided: the lead is 18 spreads
				more = assert.GreaterOrEqual
			}
			more(t, m.At(a-1, b, false), m.At(a, b, false), "%d %d", a, b)
			more(t, m.At(a, b+1, false), m.At(a, b, false), "%d %d", a, b)
		}
	}
	// A side a few points from the end against one that needs a huge score
	// has all but won: the reading kept its precision (the lead over the
	// spread read as 0, an even match, once z² passed 2^61: 0.5 at 2-away
	// against 2^62-away).
	for _, c := range [][2]int{{2, 1 << 62}, {2, 1 << 40}, {MaxAway, 1 << 50}, {100, math.MaxInt}, {MaxAway + 1, math.MaxInt}} {
		assert.Greater(t, m.At(c[0], c[1], false), 0.999, "%d-away against %d-away", c[0], c[1])
		assert.Less(t, m.At(c[1], c[0], false), 0.001, "%d-away against %d-away", c[1], c[0])
	}
	// It runs on smoothly from the table: the point from 64 to 65 away
	// is worth about what its neighbours are (it was worth twice as much).
	for _, a := range []int{20, 30, 45, 60} {
		step := func(b int) float64 { return m.At(a, b+1, false) - m.At(a, b, false) }
		around := (step(MaxAway-1) + step(MaxAway+1)) / 2
		assert.InEpsilon(t, around, step(MaxAway), 0.15, "a=%d", a)
	}
}
