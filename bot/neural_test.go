package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
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
