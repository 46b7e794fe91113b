package bot

import (
	"slices"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPropertyNewIsDeterministicWithoutSeed: "only Random uses the seed,
// the others are deterministic without one" (New): at a state of a random
// game, players of one name built with two seeds take the same action,
// each asked twice (the buffers a player keeps between calls change no
// decision). Random, which uses its seed, is left out.
func TestPropertyNewIsDeterministicWithoutSeed(t *testing.T) {
	names := slices.DeleteFunc(Names(), func(s string) bool {
		return s == "random" || testing.Short() && (s == "neural1" || s == "neural2") // the searches take seconds
	})
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(names).Draw(t, "name")
		r := nardy.DefaultRules(rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(t, "variant"))
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		mover := NewRandom(rapid.Uint64().Draw(t, "game"))
		dice := nardy.NewSeededDice(rapid.Uint64().Draw(t, "dice"))
		players := [2]Player{mover, mover}
		for range rapid.IntRange(0, 120).Draw(t, "actions") {
			a, err := Next(g, players, dice)
			require.NoError(t, err)
			next, err := g.Do(a)
			require.NoError(t, err, "Next's own action")
			if next.IsOver() {
				break
			}
			g = next
		}
		who, ok := g.ToAct()
		if !ok {
			return
		}
		p1, err := New(name, rapid.Uint64().Draw(t, "seed1"))
		require.NoError(t, err)
		p2, err := New(name, rapid.Uint64().Draw(t, "seed2"))
		require.NoError(t, err)
		a1, err1 := p1.Act(g, who)
		a2, err2 := p2.Act(g, who)
		require.Equal(t, err1, err2)
		require.Equal(t, a1, a2, "%s with two seeds at %v", name, g.Position())
		again, err := p1.Act(g, who)
		require.NoError(t, err)
		require.Equal(t, a1, again, "%s asked again", name)
	})
}
