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
