package bot

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/nardylab/nardy/neural"
)

// TestNeuralCubeDecisionsAtItsPly: Neural's doc says it doubles from the
// network's chances at its Ply (neural.CubeDecision). In money play from
// greedy self-play, at the first position where the verdict on a double
// at 1-ply differs from the one at 0-ply (Searcher.SearchCube with the
// game's CubeInfo), Neural at ply 1 follows the 1-ply verdict and Neural at
// ply 0 the 0-ply one. Kills neural.go:107 (cube decisions at ply 0).
func TestNeuralCubeDecisionsAtItsPly(t *testing.T) {
	r := preset(t, "short-standard")
	n, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	s := neural.NewSearcher(n, r)
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		dice := nardy.NewSeededDice(seed)
		for g.Phase() != nardy.PhaseOver {
			me, _ := g.ToAct()
			if g.Phase() == nardy.PhaseRoll && g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}) {
				ci := neural.GameCubeInfo(g, me, [2]int{})
				d0, d1 := s.SearchCube(g.Position(), ci, 0).Double, s.SearchCube(g.Position(), ci, 1).Double
				if d0 != d1 {
					kind := map[bool]nardy.ActionKind{false: nardy.ActRoll, true: nardy.ActDouble}
					for ply, want := range []bool{d0, d1} {
						a, err := NewNeural(ply).Act(g, me)
						require.NoError(t, err)
						assert.Equal(t, kind[want], a.Kind, "seed %d: ply %d", seed, ply)
					}
					return
				}
			}
			a, err := Next(g, [2]Player{&Greedy{}, &Greedy{}}, dice)
			require.NoError(t, err)
			g, err = g.Do(a)
			require.NoError(t, err)
		}
	}
	t.Fatal("no position where the 0-ply and 1-ply verdicts differ")
}

// TestNeuralPlaysAtTheCubeOfTheGame_S6: in a 7-point match at 5–5 (each
// 2 away) where the first roller doubled and was taken, any win at cube 2
// or more wins the match, so a gammon is worth no more than a single game
// (S6). In every play after the double, Neural at ply 0 shown the match
// plays as a Searcher whose MatchScore has that score and the game's cube
// (built here by hand); some of those plays differ from the ones at cube
// 1, where a gammon would win the match. Kills neural.go:105 (ScoreFor at cube 1).
func TestNeuralPlaysAtTheCubeOfTheGame_S6(t *testing.T) {
	r := preset(t, "short-standard")
	n, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	s := neural.NewSearcher(n, r)
	m, err := nardy.NewMatchAt(r, 7, nardy.MatchStart{Score: [2]int{5, 5}})
	require.NoError(t, err)
	dice := nardy.NewSeededDice(1)
	x := NewNeural(0)
	checked, differs := 0, 0
	for !m.IsOver() && m.GameNumber() == 1 {
		g := m.Game()
		me, _ := g.ToAct()
		var a nardy.Action
		switch {
		case g.Phase() == nardy.PhaseRoll && g.Cube().Value == 1:
			a = nardy.Action{Kind: nardy.ActDouble, Player: me}
		case g.Phase() != nardy.PhasePlay && g.Phase() != nardy.PhaseCube, g.Cube().Value == 1:
			a, err = Next(g, [2]Player{&Greedy{}, &Greedy{}}, dice)
			require.NoError(t, err)
		case g.Phase() == nardy.PhaseCube:
			a = nardy.Action{Kind: nardy.ActTake, Player: me}
		default:
			roll, _ := g.Dice()
			plays, err := r.AppendLegal(nil, g.Position(), roll)
			require.NoError(t, err)
			var ms neural.MatchScore
			ms.Away[me], ms.Away[me.Other()] = 2, 2
			ms.Cube = g.Cube().Value
			s.Match = ms
			want, _ := s.Choose(plays, 0)
			ms.Cube = 1
			s.Match = ms
			if at1, _ := s.Choose(plays, 0); at1 != want {
				differs++
			}
			x.SeeMatch(m)
			a, err = x.Act(g, me)
			require.NoError(t, err)
			assert.Equal(t, plays[want].Action(), a, "play %d", checked)
			checked++
		}
		m, err = m.Do(a)
		require.NoError(t, err)
	}
	t.Logf("%d plays, %d that differ at cube 1", checked, differs)
	require.Positive(t, differs, "no play that the cube changes")
}

// TestNeuralReusedAcrossRules: a Neural moved from a game of one rule set
// to a game of another of the same variant searches under the new rules
// (its searcher is rebuilt "when the rules change"), and plays as a fresh
// Neural does there. Kills neural.go:86 (the Searcher's Rules left as
// they were).
func TestNeuralReusedAcrossRules(t *testing.T) {
	x := NewNeural(0)
	_, open, me := openedWith31(t, preset(t, "short-standard"))
	_, err := x.Act(open, me)
	require.NoError(t, err)

	r := preset(t, "short-tavla")
	require.NotEqual(t, open.Rules(), r)
	_, open, me = openedWith31(t, r)
	a, err := x.Act(open, me)
	require.NoError(t, err)
	require.NotNil(t, x.s)
	assert.Equal(t, r, x.s.Rules, "the searcher's rules are the game's")
	want, err := NewNeural(0).Act(open, me)
	require.NoError(t, err)
	assert.Equal(t, want, a)
}

// TestNewNeuralClampsThePly: NewNeural's doc: a ply out of 0..2 is clamped
// to it. Kills neural.go:51 (the ply kept as given).
func TestNewNeuralClampsThePly(t *testing.T) {
	assert.Equal(t, 2, NewNeural(7).Ply)
	assert.Equal(t, 0, NewNeural(-3).Ply)
	assert.Equal(t, 1, NewNeural(1).Ply)
}

// TestNeuralCopiesShareTheNetwork: copies of a Neural share its network,
// as its doc says ("besides the network its copies share"): a copy builds
// a Searcher and buffers of its own at its first call, not another copy of
// the network, and a Neural moved to other rules of the same variant keeps
// its network. Each copy and each change of rules decoded the network
// again.
func TestNeuralCopiesShareTheNetwork(t *testing.T) {
	_, open, me := openedWith31(t, preset(t, "short-standard"))
	_, tavla, _ := openedWith31(t, preset(t, "short-tavla"))
	proto := &Neural{Ply: 1, Net: mustDefault(t, nardy.Short)}
	_, err := proto.Act(open, me)
	require.NoError(t, err)
	c := *proto
	_, err = c.Act(open, me)
	require.NoError(t, err)
	require.NotNil(t, c.s)
	assert.NotSame(t, proto.s, c.s, "a Searcher of its own")
	assert.Same(t, proto.Net, c.s.Net, "one network")
	_, err = c.Act(tavla, me)
	require.NoError(t, err)
	assert.Same(t, proto.Net, c.s.Net, "the network under other rules")
}

// TestNeuralSharesTheEmbeddedNetwork: a Neural without Net plays with the
// embedded network of the game's variant, which every such player shares
// (its doc: "so that a pool of players costs no copy of it"): its first
// move allocates no more than a player's with a network given, short of a
// fraction of the network's size (a copy is the weights file's size), for
// a new player, a copy and a player moved to the other game; its Searcher's
// Net stays nil, out of a caller's reach; and it plays the moves of a
// player given a copy of that network. Each player copied the network.
func TestNeuralSharesTheEmbeddedNetwork(t *testing.T) {
	for _, name := range []string{"short-standard", "long-moscow"} {
		open := midGame(t, name, 6)
		me, _ := open.ToAct()
		v := open.Rules().Variant
		own := mustDefault(t, v)
		var file bytes.Buffer
		_, err := own.WriteTo(&file)
		require.NoError(t, err)
		slack := uint64(file.Len() / 4)

		first := func(x *Neural) (a nardy.Action, n uint64) {
			n = testmem.Allocated(func() { a, err = x.Act(open, me) })
			require.NoError(t, err)
			return a, n
		}
		want, given := first(&Neural{Ply: 1, Net: own})
		x := NewNeural(1)
		got, shared := first(x)
		assert.Equal(t, want, got, "%v: the embedded network's move", v)
		assert.Less(t, shared, given+slack, "%v: a new player copies the network (%d bytes)", v, file.Len())
		assert.True(t, x.s.Net == nil, "%v: the shared network within a caller's reach", v)
		c := *x
		_, copied := first(&c)
		assert.Less(t, copied, given+slack, "%v: a copy copies the network", v)

		elsewhere := midGame(t, "long-moscow", 6)
		if v == nardy.Long {
			elsewhere = midGame(t, "short-standard", 6)
		}
		them, _ := elsewhere.ToAct()
		other := elsewhere.Rules()
		_, err = x.Act(elsewhere, them)
		require.NoError(t, err)
		assert.Equal(t, other, x.s.Rules, "%v: moved to the other game", v)
		assert.True(t, x.s.Net == nil, "%v", v)
		got, back := first(x)
		assert.Equal(t, want, got, "%v: back to its game", v)
		assert.Less(t, back, given+slack, "%v: back to its game, a copy of the network", v)
	}
}

// mustDefault returns the embedded network of v.
func mustDefault(t *testing.T, v nardy.Variant) *neural.Net {
	t.Helper()
	n, err := neural.Default(v)
	require.NoError(t, err)
	return n
}
