package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestSearcherMaxEvals: a Searcher with MaxEvals stops a search at 1 or 2
// ply once it has evaluated that many positions (it looks between two
// rolls: an attempt evaluates at most MaxEvals + nardy.MaxPlays, or the
// 0-ply round's plays), and gives the result of the deepest ply that fits,
// as the same Searcher unbounded gives it at that ply; a bound that fits
// changes nothing (a 2-ply search of a set-up position took seconds of a
// server's bot, helper-90).
func TestSearcherMaxEvals(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	pos, plays := openingStart(t), openingPlays(t, r, nardy.MustRoll(6, 5))
	s := NewSearcher(nil, r)
	// The positions each ply's search evaluates, unbounded.
	var need [MaxPly + 1]int
	for ply := range need {
		s.prepare()
		s.rank(plays, ply)
		need[ply] = s.evals
	}
	require.Less(t, 2*(need[1]+1), need[2], "the 2-ply search evaluates many times more")
	want := [MaxPly + 1][]Ranked{s.Rank(plays, 0), s.Rank(plays, 1), s.Rank(plays, 2)}
	for _, c := range []struct {
		max, ply int
	}{{0, 2}, {need[2] + 1, 2}, {need[1] + 1, 1}, {need[0] + 1, 0}, {1, 0}} {
		s.MaxEvals = c.max
		s.peak = 0
		got := s.Rank(plays, 2)
		assert.Equal(t, want[c.ply], got, "MaxEvals %d: the %d-ply ranking", c.max, c.ply)
		assert.Equal(t, c.ply, got[0].Ply, "MaxEvals %d", c.max)
		i, p := s.Choose(plays, 2)
		assert.Equal(t, want[c.ply][0].Index, i, "MaxEvals %d: Choose", c.max)
		assert.Equal(t, want[c.ply][0].Probs, p, "MaxEvals %d: Choose", c.max)
		if c.max > 0 {
			assert.LessOrEqual(t, s.peak, max(c.max+nardy.MaxPlays, need[0]), "MaxEvals %d: an attempt's evaluations", c.max)
		}
	}

	// Eval and SearchCube (and so CubeAction) are bounded the same way.
	s.MaxEvals = 0
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Jacoby: true}
	eval := [MaxPly + 1]Probs{s.Eval(pos, 0), s.Eval(pos, 1), s.Eval(pos, 2)}
	cube := [MaxPly + 1]CubeDecision{s.SearchCube(pos, ci, 0), s.SearchCube(pos, ci, 1), s.SearchCube(pos, ci, 2)}
	require.NotEqual(t, eval[0], eval[2])
	require.NotEqual(t, cube[0], cube[2])
	s.MaxEvals = 1
	assert.Equal(t, eval[0], s.Eval(pos, 2), "Eval past its bound: 0-ply")
	assert.Equal(t, cube[0], s.SearchCube(pos, ci, 2), "SearchCube past its bound: 0-ply")
	s.MaxEvals = 1 << 30
	assert.Equal(t, eval[2], s.Eval(pos, 2), "a bound that fits")
	assert.Equal(t, cube[2], s.SearchCube(pos, ci, 2), "a bound that fits")
}

// TestPlayEquitiesIgnoresMaxEvals: PlayEquities (and so PlayLoss, the
// analysis' judge) searches whole, as its doc says: a Searcher's MaxEvals
// does not cut it.
func TestPlayEquitiesIgnoresMaxEvals(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	plays := openingPlays(t, r, nardy.MustRoll(4, 3))
	s := NewSearcher(nil, r)
	bi, be, ce := s.PlayEquities(plays, plays[len(plays)-1], 2)
	s.MaxEvals = 1
	gi, ge, gc := s.PlayEquities(plays, plays[len(plays)-1], 2)
	assert.Equal(t, []any{bi, be, ce}, []any{gi, ge, gc})
	assert.NotEqual(t, s.Rank(plays, 2)[0].Ply, 2, "Rank is cut at this bound")
}

// TestSearcherCuts: Cuts counts the searches MaxEvals cut, once each
// whatever the plies it lost, CubeAction's among them; a search that fits,
// a 0-ply one and an unbounded one count nothing, and PlayEquities, which
// MaxEvals does not bound, neither. A nil Searcher has cut none.
func TestSearcherCuts(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	pos, plays := openingStart(t), openingPlays(t, r, nardy.MustRoll(6, 5))
	s := NewSearcher(nil, r)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Jacoby: true}
	searches := []struct {
		name string
		run  func(ply int)
	}{
		{"Rank", func(ply int) { s.Rank(plays, ply) }},
		{"Choose", func(ply int) { s.Choose(plays, ply) }},
		{"Eval", func(ply int) { s.Eval(pos, ply) }},
		{"SearchCube", func(ply int) { s.SearchCube(pos, ci, ply) }},
		{"PlayEquities", func(ply int) { s.PlayEquities(plays, plays[0], ply) }},
	}
	for _, c := range []struct {
		max, ply int
		cut      bool
	}{{0, 2, false}, {1 << 30, 2, false}, {1, 0, false}, {1, 1, true}, {1, 2, true}} {
		s.MaxEvals = c.max
		for _, x := range searches {
			before := s.Cuts()
			x.run(c.ply)
			want := 0
			if c.cut && x.name != "PlayEquities" {
				want = 1
			}
			assert.Equal(t, want, s.Cuts()-before, "%s at %d-ply, MaxEvals %d", x.name, c.ply, c.max)
		}
	}
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos})
	require.NoError(t, err)
	s.MaxEvals = 1
	before := s.Cuts()
	_, err = CubeAction(s, g, nardy.White, 2, [2]int{})
	require.NoError(t, err)
	assert.Equal(t, 1, s.Cuts()-before, "CubeAction's search")
	assert.Zero(t, (*Searcher)(nil).Cuts())
}
