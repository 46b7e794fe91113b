package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// midGame plays greedy against random for n plays from the start and
// returns the game, waiting for a play.
func midGame(t testing.TB, name string, n int) nardy.Game {
	t.Helper()
	g, err := nardy.NewGame(preset(t, name))
	require.NoError(t, err)
	players := [2]Player{NewGreedy(), NewRandom(1)}
	dice := nardy.NewSeededDice(2)
	for g.PlayCount() < n || g.Phase() != nardy.PhasePlay {
		a, err := Next(g, players, dice)
		require.NoError(t, err)
		g, err = g.Do(a)
		require.NoError(t, err)
		require.False(t, g.IsOver())
	}
	return g
}

// TestNoAllocs: Evaluate and the search loops allocate nothing once the
// player's buffers exist.
func TestNoAllocs(t *testing.T) {
	for _, name := range []string{"long-moscow", "short-standard"} {
		g := midGame(t, name, 10)
		pos := g.Position()
		assert.Zero(t, testing.AllocsPerRun(100, func() { Evaluate(pos, nardy.White) }), name)
		c, _ := g.ToAct()
		plays, err := g.Legal()
		require.NoError(t, err)
		gr := NewGreedy()
		assert.Zero(t, testing.AllocsPerRun(20, func() { gr.w.bestPlay(plays, c) }), name)
		x := NewExpectimax(0)
		_, err = x.Act(g, c) // sizes the buffers
		require.NoError(t, err)
		assert.Zero(t, testing.AllocsPerRun(3, func() { x.choose(g.Rules(), plays, c) }), name)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for _, name := range []string{"long-moscow", "short-standard"} {
		pos := midGame(b, name, 10).Position()
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Evaluate(pos, nardy.White)
			}
		})
	}
}

func BenchmarkAct(b *testing.B) {
	for _, name := range []string{"long-moscow", "short-standard"} {
		g := midGame(b, name, 10)
		c, _ := g.ToAct()
		for _, p := range []Player{NewGreedy(), NewExpectimax(0)} {
			b.Run(name+"/"+p.Name(), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := p.Act(g, c); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestActAllocs: a player's action costs at most the Steps slice of the
// play it returns. Deciding to roll or double builds no refusal (a game
// without the cube is asked every turn), and a play allocates its steps
// once, at their length.
func TestActAllocs(t *testing.T) {
	for _, name := range []string{"long-moscow", "short-standard", "short-tavla"} {
		g := midGame(t, name, 10)
		c, _ := g.ToAct()
		plays, err := g.Legal()
		require.NoError(t, err)
		rolling, err := g.Play(plays[0])
		require.NoError(t, err)
		require.Equal(t, nardy.PhaseRoll, rolling.Phase(), name)
		roller, _ := rolling.ToAct()
		for _, p := range []Player{NewGreedy(), NewExpectimax(0), NewRandom(4), NewNeural(0)} {
			_, err := p.Act(g, c) // sizes the buffers, builds the network
			require.NoError(t, err)
			assert.LessOrEqual(t, testing.AllocsPerRun(5, func() {
				a, err := p.Act(g, c)
				if err != nil || a.Kind != nardy.ActPlay || cap(a.Steps) != len(a.Steps) {
					t.Fatalf("%s %s: %+v %v", name, p.Name(), a, err)
				}
			}), 1.0, "%s %s plays", name, p.Name())
			assert.Zero(t, testing.AllocsPerRun(5, func() {
				if _, err := p.Act(rolling, roller); err != nil {
					t.Fatal(err)
				}
			}), "%s %s rolls", name, p.Name())
		}
	}
	// Early in a short game the cube is centred: the double is allowed and
	// weighed, and that allocates nothing either.
	g := midGame(t, "short-standard", 1)
	plays, err := g.Legal()
	require.NoError(t, err)
	g, err = g.Play(plays[0])
	require.NoError(t, err)
	me, _ := g.ToAct()
	require.True(t, g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}))
	for _, p := range []Player{NewGreedy(), NewExpectimax(0), NewNeural(0), NewNeural(1)} {
		_, err := p.Act(g, me)
		require.NoError(t, err)
		assert.Zero(t, testing.AllocsPerRun(5, func() {
			if _, err := p.Act(g, me); err != nil {
				t.Fatal(err)
			}
		}), "%s weighs a double", p.Name())
	}
}

// BenchmarkPlayGame: a whole recorded game between two bots, the loop of
// self-play (the players' own search is most of it for Greedy).
func BenchmarkPlayGame(b *testing.B) {
	for _, name := range []string{"long-moscow", "short-standard"} {
		r := preset(b, name)
		for _, mk := range []func() Player{func() Player { return NewRandom(1) }, func() Player { return NewGreedy() }} {
			white, black := mk(), mk()
			b.Run(name+"/"+white.Name(), func(b *testing.B) {
				b.ReportAllocs()
				dice := nardy.NewSeededDice(1)
				for b.Loop() {
					if _, _, err := PlayGame(r, white, black, dice); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
