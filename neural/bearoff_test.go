package neural

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// drawHome draws a board of at most max checkers on points 1..6.
func drawHome(t *rapid.T, label string, max int) homeBoard {
	var b homeBoard
	left := rapid.IntRange(1, max).Draw(t, label+" checkers")
	for left > 0 {
		b[rapid.IntRange(1, 6).Draw(t, label+" point")]++
		left--
	}
	return b
}

// sideOf returns b as a nardy.Side, the rest of the 15 borne off.
func sideOf(b homeBoard) nardy.Side {
	var s nardy.Side
	for p := 1; p <= 6; p++ {
		s[p] = int(b[p])
	}
	s[nardy.Off] = nardy.Checkers - b.checkers()
	return s
}

// randomBoard returns a home board of n checkers, each on a point drawn
// from rng.
func randomBoard(rng *rand.Rand, n int) homeBoard {
	var b homeBoard
	for range n {
		b[1+rng.IntN(6)]++
	}
	return b
}

// TestBearoffRank: the rank numbers the boards of at most 15 checkers on
// six points one to one, 0..C(21,6)−1.
func TestBearoffRank(t *testing.T) {
	seen := make([]bool, bearoffBoards)
	n := 0
	var b homeBoard
	var walk func(p, left int)
	walk = func(p, left int) {
		if p == 0 {
			r := bearoffRank(&b)
			require.True(t, r >= 0 && r < bearoffBoards && !seen[r], "rank %d of %v", r, b)
			seen[r] = true
			n++
			return
		}
		for c := 0; c <= left; c++ {
			b[p] = int8(c)
			walk(p-1, left-c)
		}
		b[p] = 0
	}
	walk(6, 15)
	assert.Equal(t, bearoffBoards, n)
}

// TestBearoffMovesAgainstGenerator (C3, C5, C6): the boards a roll can
// reach in the database's own move rules are the boards the move
// generator's legal plays leave, in both games.
func TestBearoffMovesAgainstGenerator(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Short, nardy.Long}).Draw(t, "variant")
		me, opp := drawHome(t, "me", 15), drawHome(t, "opp", 15)
		roll := nardy.MustRoll(rapid.IntRange(1, 6).Draw(t, "a"), rapid.IntRange(1, 6).Draw(t, "b"))
		pos, err := nardy.NewPosition(v, nardy.White, sideOf(me), sideOf(opp))
		require.NoError(t, err)
		plays, err := nardy.DefaultRules(v).Legal(pos, roll)
		require.NoError(t, err)
		var want []int
		for _, pl := range plays {
			s := pl.Result().Side(nardy.White)
			var b homeBoard
			for p := 1; p <= 6; p++ {
				b[p] = int8(s[p])
			}
			want = append(want, bearoffRank(&b))
		}
		var got []int
		for _, b := range me.results(roll.High(), roll.Low(), nil) {
			got = append(got, bearoffRank(&b))
		}
		slices.Sort(want)
		slices.Sort(got)
		assert.Equal(t, slices.Compact(want), slices.Compact(got), "%v, roll %s", me, roll)
	})
}

// TestBearoffTables: every distribution is one (nothing cut off at
// bearoffRolls), and boards worked out by hand have their counts: one
// checker on the 1 point is off in one roll; checkers on the 3 and 2
// points are off in one roll with 25 throws in 36, else in two; two on
// the 6 point in one roll with the four doubles 3-3 to 6-6.
func TestBearoffTables(t *testing.T) {
	db := bearoff()
	for r, d := range db.off {
		var sum float64
		for _, x := range d {
			sum += float64(x)
		}
		require.InDelta(t, 1, sum, 1e-5, "board %d", r)
		require.Zero(t, d[bearoffRolls-1], "board %d reaches the last count", r)
	}
	for k, d := range db.first {
		var sum float64
		for _, x := range d {
			sum += float64(x)
		}
		require.InDelta(t, 1, sum, 1e-5, "first of %d", k)
	}
	off := func(b homeBoard) [bearoffRolls]float32 { return db.off[bearoffRank(&b)] }
	assert.InDelta(t, 1, off(homeBoard{1: 1})[1], 1e-7)
	assert.InDelta(t, 25.0/36, off(homeBoard{3: 1, 2: 1})[1], 1e-6)
	assert.InDelta(t, 11.0/36, off(homeBoard{3: 1, 2: 1})[2], 1e-6)
	assert.InDelta(t, 4.0/36, off(homeBoard{6: 2})[1], 1e-6)
	// 15 checkers on the 1 point: a double bears off four, any other
	// throw two, so the first checker is always off in one roll.
	full := homeBoard{1: 15}
	assert.InDelta(t, 1, db.first[db.firstIdx[bearoffRank(&full)]][1], 1e-6)
	// 15 on the 6 point: the first checker is off at once with a six (11
	// throws), 5-1 or 4-2 (6/1/off, 6/2/off), 3-3 or 2-2; 4-4 and 5-5 may
	// not bear off from below the others.
	six := homeBoard{6: 15}
	assert.InDelta(t, 17.0/36, db.first[db.firstIdx[bearoffRank(&six)]][1], 1e-6)
}

// raceWin returns, by recursion over the throws, the chance that the side
// on roll with board me wins the race against opp, both playing the
// database's play (fewest rolls on average): an independent check of the
// way eval combines the two one-sided distributions.
func raceWin(db *bearoffDB, me, opp homeBoard, memo map[[2]int]float64) float64 {
	key := [2]int{bearoffRank(&me), bearoffRank(&opp)}
	if w, ok := memo[key]; ok {
		return w
	}
	var w float64
	for _, wr := range nardy.AllRolls() {
		next, _ := db.play(me, wr.Roll.High(), wr.Roll.Low(), nil)
		x := 1.0
		if next.checkers() > 0 {
			x = 1 - raceWin(db, opp, next, memo)
		}
		w += float64(wr.Weight) / 36 * x
	}
	memo[key] = w
	return w
}

// TestBearoffOneSidedIsTheRace: the one-sided tables' chances of winning
// are those of the race played out throw by throw with their plays
// (raceWin), on random small boards.
func TestBearoffOneSidedIsTheRace(t *testing.T) {
	db := bearoff()
	memo := map[[2]int]float64{}
	rapid.Check(t, func(t *rapid.T) {
		me, opp := drawHome(t, "me", 5), drawHome(t, "opp", 5)
		p := db.evalOneSided(&me, &opp, nardy.Short)
		assert.InDelta(t, raceWin(db, me, opp, memo), p.Win, 1e-5)
	})
}

// bestWin returns, by recursion over the throws, the chance that the side
// on roll with board me wins against opp when both choose every play for
// the best chance of winning: the two-sided table's definition, computed
// independently of its build.
func bestWin(me, opp homeBoard, memo map[[2]homeBoard]float64) float64 {
	if w, ok := memo[[2]homeBoard{me, opp}]; ok {
		return w
	}
	var w float64
	for _, wr := range nardy.AllRolls() {
		best := 0.0
		for _, next := range me.results(wr.Roll.High(), wr.Roll.Low(), nil) {
			x := 1.0
			if next.checkers() > 0 {
				x = 1 - bestWin(opp, next, memo)
			}
			best = max(best, x)
		}
		w += float64(wr.Weight) / 36 * best
	}
	memo[[2]homeBoard{me, opp}] = w
	return w
}

// TestBearoffTwoSided: where both sides have at most six checkers, eval
// gives the chance of winning with the best play on both sides (bestWin),
// never below the one-sided tables' own play for the side on roll by more
// than the opponent's gain, and no mars.
func TestBearoffTwoSided(t *testing.T) {
	db := bearoff()
	memo := map[[2]homeBoard]float64{}
	rapid.Check(t, func(t *rapid.T) {
		me, opp := drawHome(t, "me", smallCheckers), drawHome(t, "opp", smallCheckers)
		p := db.eval(&me, &opp, nardy.Long)
		assert.InDelta(t, bestWin(me, opp, memo), p.Win, 1e-6)
		assert.Equal(t, Probs{Variant: nardy.Long, Win: p.Win}, p)
	})
	// The position where the one-sided tables erred most against gnubg's
	// two-sided database (0.2171 against 0.2245): one checker on each of
	// the 3 to 6 points against one on the 1 and two on the 2 point; the
	// play for the fewest rolls on average is not the play for the win.
	me, opp := homeBoard{3: 1, 4: 1, 5: 1, 6: 1}, homeBoard{1: 1, 2: 2}
	assert.Greater(t, db.eval(&me, &opp, nardy.Short).Win, db.evalOneSided(&me, &opp, nardy.Short).Win+0.005)
}

// TestBearoffMars (L8, L9, S5): a side with no checker off loses a mars
// (gammon) when the opponent bears off all before its first checker; in
// long nardy it is a home mars, and never a koks (no checker is in the
// winner's home).
func TestBearoffMars(t *testing.T) {
	db := bearoff()
	one, two := homeBoard{1: 1}, homeBoard{6: 2}
	full, low := homeBoard{6: 15}, homeBoard{1: 15}
	p := db.eval(&one, &full, nardy.Long)
	assert.Equal(t, Probs{Variant: nardy.Long, Win: 1, WinMars: 1, WinHomeMars: 1}, roundProbs(p))
	// two checkers on the 6 point finish at once with 3-3 to 6-6, before
	// the 15 on the 1 point bear any off: the only gammons it can win
	p = db.eval(&two, &low, nardy.Short)
	assert.InDelta(t, 4.0/36, p.WinMars, 1e-6)
	assert.Zero(t, p.LoseMars+p.WinKoks+p.LoseKoks+p.WinHomeMars)
	// 15 on the 6 point against one checker on the 1 point: lost, and
	// lost a gammon unless the first throw bears a checker off: a six
	// (11 throws), 5-1, 4-2 (each 6 pips to the exact point), 3-3, 2-2
	p = db.eval(&full, &one, nardy.Short)
	assert.InDelta(t, 0, p.Win, 1e-9)
	assert.InDelta(t, 1-17.0/36, p.LoseMars, 1e-6)
}

func roundProbs(p Probs) Probs {
	r := func(x float64) float64 { return math.Round(x*1e6) / 1e6 }
	p.Win, p.WinMars, p.WinKoks, p.WinHomeMars = r(p.Win), r(p.WinMars), r(p.WinKoks), r(p.WinHomeMars)
	p.LoseMars, p.LoseKoks, p.LoseHomeMars = r(p.LoseMars), r(p.LoseKoks), r(p.LoseHomeMars)
	return p
}

// TestSearcherUsesBearoff: in a race of two bear-offs the Searcher's 0-ply
// evaluation is the database's, of a position and of each play's result
// (in long nardy too), its choice is the play the database rates best, and
// it allocates nothing; elsewhere it is the network's.
func TestSearcherUsesBearoff(t *testing.T) {
	db := bearoff()
	searchers := map[nardy.Variant]*Searcher{nardy.Short: searcher(t, nardy.Short), nardy.Long: searcher(t, nardy.Long)}
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Short, nardy.Long}).Draw(t, "variant")
		me, opp := drawHome(t, "me", 15), drawHome(t, "opp", 15)
		pos, err := nardy.NewPosition(v, nardy.White, sideOf(me), sideOf(opp))
		require.NoError(t, err)
		s := searchers[v]
		assert.True(t, IsBearoffRace(pos))
		assert.Equal(t, db.eval(&me, &opp, v), s.Eval(pos, 0))
		roll := nardy.MustRoll(rapid.IntRange(1, 6).Draw(t, "a"), rapid.IntRange(1, 6).Draw(t, "b"))
		plays, err := s.Rules.Legal(pos, roll)
		require.NoError(t, err)
		best, bestEq := -1, 0.0
		for i, pl := range plays {
			after := pl.Result()
			var p Probs
			if a, b, ok := homeRace(after); ok {
				p = db.eval(&a, &b, v).Flip()
			} else {
				p = s.Net.Evaluate(after).Flip() // the game is over
			}
			if eq := p.Equity(s.Rules.Scoring); best < 0 || eq > bestEq {
				best, bestEq = i, eq
			}
		}
		i, _ := s.Choose(plays, 0)
		assert.Equal(t, plays[best].Result(), plays[i].Result())
		assert.Zero(t, testing.AllocsPerRun(5, func() { s.Choose(plays, 0) }))
	})
	for v, s := range searchers {
		for _, pos := range samplePositions(t, v, 50, 3) {
			if !IsBearoffRace(pos) {
				require.Equal(t, s.Net.Evaluate(pos), s.Eval(pos, 0), "%v", pos)
			}
		}
	}
}

// TestIsBearoffRace: a race of two bear-offs needs every checker of both
// sides home or off and the game not over.
func TestIsBearoffRace(t *testing.T) {
	race := func(v nardy.Variant, me, opp nardy.Side) bool {
		pos, err := nardy.NewPosition(v, nardy.White, me, opp)
		require.NoError(t, err)
		return IsBearoffRace(pos)
	}
	home := sideOf(homeBoard{1: 2, 6: 3})
	assert.True(t, race(nardy.Long, home, home))
	assert.True(t, race(nardy.Short, home, home))
	out := home
	out[6], out[7] = 2, 1 // one checker on the 7 point
	assert.False(t, race(nardy.Short, out, home))
	assert.False(t, race(nardy.Long, home, out))
	bar := home
	bar[6], bar[nardy.Bar] = 2, 1
	assert.False(t, race(nardy.Short, home, bar))
	done := nardy.Side{nardy.Off: nardy.Checkers}
	assert.False(t, race(nardy.Short, home, done), "the game is over")
	assert.False(t, IsBearoffRace(mustPosition(nardy.StartPosition(nardy.Short, nardy.White))))
	assert.False(t, IsBearoffRace(nardy.Position{}))
}

// TestBearoffBuildMemory: building the database allocates about twice
// what it keeps (13 MB kept; the pairs of the two-sided table and the
// tables of the first checker were grown by append, 98.6 MB in all).
func TestBearoffBuildMemory(t *testing.T) {
	var db *bearoffDB
	a := testmem.Allocated(func() { db = buildBearoff() })
	require.NotNil(t, db)
	t.Logf("%.1f MB allocated", float64(a)/1e6)
	assert.Less(t, a, uint64(27<<20)) // 32 MB with only the first-checker table grown by append
}

// TestSmallRacesOrder: the pairs of boards not yet over come once each, in
// order of their total pip count, so that every pair a roll leads to is
// solved first.
func TestSmallRacesOrder(t *testing.T) {
	for _, checkers := range []int{2, 3} {
		boards := allBoards(checkers)
		pips := make([]int, len(boards))
		for _, b := range boards {
			pips[rankWithin(&b, checkers)] = b.pips()
		}
		sr := newSmallRaces(checkers)
		live := 0
		for _, p := range pips {
			if p > 0 {
				live++
			}
		}
		require.Len(t, sr.order, live*live, "checkers %d", checkers)
		seen := map[[2]int32]bool{}
		for i, ab := range sr.order {
			require.False(t, seen[ab], "pair %v twice", ab)
			seen[ab] = true
			require.Positive(t, pips[ab[0]]*pips[ab[1]], "pair %v is over", ab)
			if i > 0 {
				prev := sr.order[i-1]
				require.LessOrEqual(t, pips[prev[0]]+pips[prev[1]], pips[ab[0]]+pips[ab[1]], "at %d", i)
			}
		}
	}
}
