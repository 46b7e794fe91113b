package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// TestNeuralPlaysWholeGames: the neural players finish games of every
// preset against Greedy with only accepted actions, the cube included
// (money play), and a short match in which they see the score.
func TestNeuralPlaysWholeGames(t *testing.T) {
	for _, name := range []string{"long-moscow", "long-azerbaijani", "short-standard", "short-tavla"} {
		for ply := range 2 {
			g, _, err := PlayGame(preset(t, name), NewNeural(ply), NewGreedy(), nardy.NewSeededDice(uint64(ply+7)))
			require.NoError(t, err, "%s ply %d", name, ply)
			assert.True(t, g.IsOver())
		}
	}
	m, _, err := PlayMatch(preset(t, "short-standard"), 3, NewNeural(0), NewNeural(0), nardy.NewSeededDice(3))
	require.NoError(t, err)
	assert.True(t, m.IsOver())
}

// TestNeuralDeadCube_S6: in 1-point matches, where the cube is dead,
// neural players never double, so every match ends with a single game
// scored at cube 1.
func TestNeuralDeadCube_S6(t *testing.T) {
	for seed := range uint64(6) {
		m, rec, err := PlayMatch(preset(t, "short-standard"), 1, NewNeural(0), NewNeural(0), nardy.NewSeededDice(seed))
		require.NoError(t, err)
		assert.Equal(t, 1, m.GameNumber())
		for _, a := range rec.Actions {
			assert.NotEqual(t, nardy.ActDouble, a.Kind, "seed %d", seed)
		}
	}
}

// TestNeuralNames: New knows the neural players by name.
func TestNeuralNames(t *testing.T) {
	for ply, name := range []string{"neural0", "neural1", "neural2"} {
		p, err := New(name, 0)
		require.NoError(t, err)
		assert.Equal(t, name, p.Name())
		assert.Equal(t, ply, p.(*Neural).Ply)
	}
}

// TestNeuralNotToAct: a neural player asked out of turn says so.
func TestNeuralNotToAct(t *testing.T) {
	g := midGame(t, "short-standard", 4)
	c, _ := g.ToAct()
	_, err := NewNeural(0).Act(g, c.Other())
	assert.ErrorIs(t, err, ErrNotToAct)
}

// TestNeuralWrongVariantNet: a Neural given the network of the other game
// refuses to act with an error matching nardy.ErrVariantMismatch (it
// matched no sentinel), directly and through PlayGame's *PlayerError; the
// network of the game's variant plays.
func TestNeuralWrongVariantNet(t *testing.T) {
	for _, c := range []struct{ game, other string }{{"short-standard", "long-moscow"}, {"long-moscow", "short-standard"}} {
		g := midGame(t, c.game, 4)
		me, ok := g.ToAct()
		require.True(t, ok)
		other, err := neural.Default(preset(t, c.other).Variant)
		require.NoError(t, err)
		_, err = (&Neural{Net: other}).Act(g, me)
		assert.ErrorIs(t, err, nardy.ErrVariantMismatch, c.game)
		_, _, err = PlayGame(preset(t, c.game), &Neural{Net: other}, &Neural{Net: other}, nardy.NewSeededDice(1))
		var pe *PlayerError
		assert.ErrorAs(t, err, &pe, c.game)
		assert.ErrorIs(t, err, nardy.ErrVariantMismatch, c.game)
		own, err := neural.Default(g.Rules().Variant)
		require.NoError(t, err)
		a, err := (&Neural{Net: own}).Act(g, me)
		require.NoError(t, err, c.game)
		_, err = g.Do(a)
		assert.NoError(t, err, c.game)
	}
}

// TestNeuralPlyOutOfRange: a ply out of 0..2 plays at the nearest, as the
// Searcher clamps it, and the name says that ply (Ply 7 was "neural7").
func TestNeuralPlyOutOfRange(t *testing.T) {
	for ply, name := range map[int]string{-2: "neural0", 0: "neural0", 2: "neural2", 7: "neural2"} {
		assert.Equal(t, name, NewNeural(ply).Name(), ply)
		assert.Equal(t, name, (&Neural{Ply: ply}).Name(), ply)
	}
}

// TestNeuralWeighsAResignationAtTheScore_S6: Black, every checker on the
// bar against White's closed board, offers a single game. Played on, the
// game is likely a gammon or backgammon, worth more than a single in money
// play, so the neural player rejects; but it accepts where the offer is
// worth all the game can be: in a 1-point match (it wins the match) and in
// money play under the Jacoby rule with the cube centred (no gammon would
// count). It compared the offer with the money equity whatever the score
// (helper-77).
func TestNeuralWeighsAResignationAtTheScore_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	var white, black nardy.Side
	for q := 1; q <= 6; q++ {
		white[q] = 2
	}
	white[7], black[nardy.Bar] = 3, 15
	pos, err := nardy.NewPosition(nardy.Short, nardy.Black, black, white)
	require.NoError(t, err)
	offered := func(s nardy.Setup) nardy.Game {
		s.Position = pos
		g, err := nardy.NewGameAt(r, s)
		require.NoError(t, err)
		g, err = g.Do(nardy.Action{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Oin})
		require.NoError(t, err)
		return g
	}

	g := offered(nardy.Setup{Match: true})
	m, err := nardy.ResumeMatch(1, nardy.MatchStart{}, g)
	require.NoError(t, err)
	for ply := range 2 {
		p := NewNeural(ply)
		p.SeeMatch(m)
		a, err := p.Act(m.Game(), nardy.White)
		require.NoError(t, err)
		assert.Equal(t, nardy.ActAccept, a.Kind, "1-point match, ply %d: accepting wins the match", ply)
	}
	for _, c := range []struct {
		name  string
		jac   bool
		cube  nardy.Cube
		taken nardy.ActionKind
	}{
		{"Jacoby, centred cube", true, nardy.Cube{}, nardy.ActAccept},
		{"no Jacoby", false, nardy.Cube{}, nardy.ActReject},
		{"Jacoby, cube turned", true, nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, nardy.ActReject},
	} {
		r.Jacoby = c.jac
		a, err := NewNeural(0).Act(offered(nardy.Setup{Cube: c.cube}), nardy.White)
		require.NoError(t, err)
		assert.Equal(t, c.taken, a.Kind, "money play, %s", c.name)
	}
}

// TestNeuralFollowsItsNet: a Neural whose Net is changed between moves
// plays with the network it has at each move: set back to nil, the
// embedded one (it kept playing the network it had before: helper-77),
// set to another, that one.
func TestNeuralFollowsItsNet(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	untrained, err := neural.NewNet(nardy.Short, 8, 1)
	require.NoError(t, err)
	var games []nardy.Game
	for seed := range uint64(12) {
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		dice := nardy.NewSeededDice(seed)
		for g.Phase() != nardy.PhasePlay {
			me, _ := g.ToAct()
			g, _, err = g.Roll(dice)
			require.NoError(t, err, "%s", me)
		}
		games = append(games, g)
	}
	actions := func(p *Neural) (out []nardy.Action) {
		for _, g := range games {
			me, _ := g.ToAct()
			a, err := p.Act(g, me)
			require.NoError(t, err)
			out = append(out, a)
		}
		return out
	}
	embedded := actions(NewNeural(0))
	raw := actions(&Neural{Net: untrained})
	require.NotEqual(t, embedded, raw, "the two networks play differently")

	x := &Neural{Net: untrained}
	assert.Equal(t, raw, actions(x))
	x.Net = nil
	assert.Equal(t, embedded, actions(x), "Net set back to nil: the embedded network")
	x.Net = untrained
	assert.Equal(t, raw, actions(x), "Net set again")
}

// TestNeuralBudget: a Neural's Budget bounds each decision's search
// (neural.Searcher.MaxEvals): with a budget of one position, a 2-ply
// player's search is cut at once and made at 0-ply, so it plays a game
// exactly as the 0-ply player does, the cube included.
func TestNeuralBudget(t *testing.T) {
	r := preset(t, "short-standard")
	bounded := NewNeural(2)
	bounded.Budget = 1
	_, got, err := PlayGame(r, bounded, NewGreedy(), nardy.NewSeededDice(11))
	require.NoError(t, err)
	_, want, err := PlayGame(r, NewNeural(0), NewGreedy(), nardy.NewSeededDice(11))
	require.NoError(t, err)
	assert.Equal(t, want.Actions, got.Actions)
}

// TestNeuralFollowsTheGamesVariant: a Neural without a Net plays each game
// with the embedded network of that game's variant, whichever game it
// played before: one player acting in long-nardy and short-nardy games by
// turns chooses what a fresh player chooses in each (a player that kept
// the network of the game before had no evaluation of the next, and
// played the first of its plays).
func TestNeuralFollowsTheGamesVariant(t *testing.T) {
	var games []nardy.Game
	for i := range 4 {
		games = append(games, midGame(t, "long-moscow", 6+i), midGame(t, "short-standard", 6+i))
	}
	for ply := range 2 {
		x := NewNeural(ply)
		for _, order := range [][]nardy.Game{games, append([]nardy.Game{games[1]}, games...)} {
			for _, g := range order {
				me, ok := g.ToAct()
				require.True(t, ok)
				want, err := NewNeural(ply).Act(g, me)
				require.NoError(t, err)
				got, err := x.Act(g, me)
				require.NoError(t, err)
				assert.Equal(t, want, got, "ply %d, %v after another game", ply, g.Rules().Variant)
			}
		}
	}
}

// TestNeuralKeepsBuffersAcrossRules: a Neural keeps its buffers between
// calls, across games of one variant under other rules too (a server's
// player that serves two presets of short nardy by turns): once it has
// acted in both, an action in each costs at most the Steps slice of its
// play, as in TestActAllocs.
func TestNeuralKeepsBuffersAcrossRules(t *testing.T) {
	for _, names := range [][2]string{{"short-standard", "short-tavla"}, {"long-moscow", "long-classic"}} {
		a, b := midGame(t, names[0], 10), midGame(t, names[1], 10)
		require.NotEqual(t, a.Rules(), b.Rules())
		ca, _ := a.ToAct()
		cb, _ := b.ToAct()
		x := NewNeural(0)
		for _, g := range []nardy.Game{a, b} { // sizes the buffers
			c, _ := g.ToAct()
			_, err := x.Act(g, c)
			require.NoError(t, err)
		}
		assert.LessOrEqual(t, testing.AllocsPerRun(5, func() {
			if _, err := x.Act(a, ca); err != nil {
				t.Fatal(err)
			}
			if _, err := x.Act(b, cb); err != nil {
				t.Fatal(err)
			}
		}), 2.0, "%v: two plays", names)
	}
}
