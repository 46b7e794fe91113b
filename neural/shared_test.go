package neural

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDefaultIsTheCallersCopy: the network Default returns is the
// caller's own. Training and relabelling it change neither the next
// Default nor a player built before (no package-level state is reachable
// through the API).
func TestDefaultIsTheCallersCopy(t *testing.T) {
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	other, err := Default(nardy.Short)
	require.NoError(t, err)
	before, info := other.Evaluate(start), other.Info()
	require.Greater(t, before.Win, 0.3, "a trained network")

	mine, err := Default(nardy.Short)
	require.NoError(t, err)
	require.NotSame(t, other, mine)
	for range 200 {
		mine.Learn(start, Probs{Variant: nardy.Short}, 0.5) // toward a sure loss
	}
	mine.SetInfo("changed")
	require.Less(t, mine.Evaluate(start).Win, 0.1, "the caller's copy learned")

	again, err := Default(nardy.Short)
	require.NoError(t, err)
	assert.Equal(t, before, again.Evaluate(start))
	assert.Equal(t, info, again.Info())
	assert.Equal(t, before, other.Evaluate(start))

	for _, v := range []nardy.Variant{0, 3} {
		n, err := Default(v)
		assert.Nil(t, n)
		assert.ErrorIs(t, err, nardy.ErrInvalidRules, "variant %d", v)
	}
}

// TestDefaultMETIsTheCallersCopy: writing into the table DefaultMET
// returns changes neither the next DefaultMET nor any cube decision; a
// nil *MET reads the default table.
func TestDefaultMETIsTheCallersCopy(t *testing.T) {
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{3, 3}}
	p := gammonless(0.7)
	want := DecideCube(p, ci)
	m := DefaultMET()
	pre := m.Pre[3][3]
	require.InDelta(t, 0.5, pre, 1e-12, "3-away 3-away is even")
	for a := range m.Pre {
		for b := range m.Pre[a] {
			m.Pre[a][b] = 0.99
		}
	}
	m.Crawford, m.PostCrawford = [MaxAway + 1]float64{}, [MaxAway + 1]float64{}
	assert.Equal(t, want, DecideCube(p, ci))
	assert.InDelta(t, pre, DefaultMET().Pre[3][3], 0)

	var none *MET
	fresh := ComputeMET()
	for _, s := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {3, 3}, {7, 2}, {64, 63}, {200, 100}} {
		for _, crawford := range []bool{false, true} {
			assert.InDelta(t, fresh.At(s[0], s[1], crawford), none.At(s[0], s[1], crawford), 0, "%v %v", s, crawford)
		}
	}
}

// TestNilSearcher: a nil *Searcher gives what the zero Searcher gives (no
// evaluation) from every method and from PlayLoss and CubeAction, where it
// panicked; its rollouts are errors (TestRolloutErrors).
func TestNilSearcher(t *testing.T) {
	var none *Searcher
	zero := &Searcher{}
	r := nardy.DefaultRules(nardy.Short)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	plays, err := r.Legal(start, nardy.MustRoll(3, 1))
	require.NoError(t, err)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White}

	assert.Equal(t, zero.Eval(start, 1), none.Eval(start, 1))
	i0, p0 := zero.Choose(plays, 2)
	i1, p1 := none.Choose(plays, 2)
	assert.Equal(t, []any{i0, p0}, []any{i1, p1})
	assert.Equal(t, zero.Rank(plays, 1), none.Rank(plays, 1))
	b0, e0, c0 := zero.PlayEquities(plays, plays[1], 1)
	b1, e1, c1 := none.PlayEquities(plays, plays[1], 1)
	assert.Equal(t, []any{b0, e0, c0}, []any{b1, e1, c1})
	assert.Equal(t, zero.SearchCube(start, ci, 1), none.SearchCube(start, ci, 1))
	assert.Equal(t, zero.CubeInfo(start, nardy.Cube{Value: 1}), none.CubeInfo(start, nardy.Cube{Value: 1}))
	assert.Equal(t, PlayLoss(zero, plays, plays[1], 1), PlayLoss(none, plays, plays[1], 1))

	// CubeAction in each phase it acts in: a double offered and a
	// resignation offered, as the zero Searcher answers them.
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: start})
	require.NoError(t, err)
	doubled, err := g.Act(nardy.ActDouble)
	require.NoError(t, err)
	resigned, err := g.Resign(nardy.White, nardy.Oin)
	require.NoError(t, err)
	for _, c := range []struct {
		g  nardy.Game
		me nardy.Color
	}{{g, nardy.White}, {doubled, nardy.Black}, {resigned, nardy.Black}} {
		want, err := CubeAction(zero, c.g, c.me, 1, [2]int{})
		require.NoError(t, err)
		got, err := CubeAction(none, c.g, c.me, 1, [2]int{})
		require.NoError(t, err)
		assert.Equal(t, want, got, "phase %s", c.g.Phase())
	}
}

// TestCubeActionRefuses: CubeAction answers only in the roll, cube and
// resign phases, and only for the player to act (it returned a roll for
// a player not on roll, and a bare ErrWrongPhase).
func TestCubeActionRefuses(t *testing.T) {
	s := searcher(t, nardy.Short)
	r := nardy.DefaultRules(nardy.Short)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: start})
	require.NoError(t, err)
	playing, err := g.SetDice(nardy.MustRoll(3, 1))
	require.NoError(t, err)
	over, err := g.Resign(nardy.White, nardy.Oin)
	require.NoError(t, err)
	over, err = over.Act(nardy.ActAccept)
	require.NoError(t, err)
	require.True(t, over.IsOver())
	doubled, err := g.Act(nardy.ActDouble)
	require.NoError(t, err)

	for _, c := range []struct {
		name string
		g    nardy.Game
		me   nardy.Color
		want error
	}{
		{"zero game", nardy.Game{}, nardy.White, nardy.ErrWrongPhase},
		{"play phase", playing, nardy.White, nardy.ErrWrongPhase},
		{"game over", over, nardy.White, nardy.ErrGameOver},
		{"game over (phase)", over, nardy.Black, nardy.ErrWrongPhase},
		{"not on roll", g, nardy.Black, nardy.ErrNotYourTurn},
		{"the doubler answering", doubled, nardy.White, nardy.ErrNotYourTurn},
		{"no such player", g, nardy.Color(7), nardy.ErrNotYourTurn},
	} {
		_, err := CubeAction(s, c.g, c.me, 0, [2]int{})
		assert.ErrorIs(t, err, c.want, c.name)
	}
}

// TestZeroProbsString: the zero Probs, the evaluation a Searcher without
// a network of the position's game returns, prints as "no evaluation"
// (it printed "win 0.0% ... lose 100.0%", a sure loss); real chances print
// in their game's words.
func TestZeroProbsString(t *testing.T) {
	assert.Equal(t, "no evaluation", Probs{}.String())
	var none *Searcher
	start, err := nardy.StartPosition(nardy.Long, nardy.White)
	require.NoError(t, err)
	assert.Equal(t, "no evaluation", none.Eval(start, 0).String())
	assert.Equal(t, "win 50.0% (gammon 10.0%, backgammon 0.0%) lose 50.0% (gammon 0.0%, backgammon 0.0%)",
		Probs{Variant: nardy.Short, Win: 0.5, WinMars: 0.1}.String())
	assert.Contains(t, searcher(t, nardy.Long).Eval(start, 0).String(), "mars")
}

// TestNetShape: a network has the hidden units it was made with, and the
// embedded networks the 128 of docs/training.md, for their own variant.
func TestNetShape(t *testing.T) {
	n, err := NewNet(nardy.Long, 40, 1)
	require.NoError(t, err)
	assert.Equal(t, 40, n.Hidden())
	assert.Equal(t, nardy.Long, n.Variant())
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		d, err := Default(v)
		require.NoError(t, err)
		assert.Equal(t, 128, d.Hidden(), v)
		assert.Equal(t, v, d.Variant())
	}
}
