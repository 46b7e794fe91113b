package main

import (
	"slices"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playHints returns n play hints judged at ply.
func playHints(n, ply int) []analysis.PlayHint {
	out := make([]analysis.PlayHint, n)
	for i := range out {
		out[i] = analysis.PlayHint{Text: "play", Ply: ply}
	}
	return out
}

// TestHintListsAtMostTenPlays: a hint's "plays" are at most 10 of those
// judged at the hint's ply, and "more_plays" counts the others (README,
// Hints): 15 plays at 1-ply list 10 and count 5; 3 at 1-ply and 4 at
// 0-ply list 3 and count 4; 10 list all and count none.
func TestHintListsAtMostTenPlays(t *testing.T) {
	r := variants.LongMoscow()
	for _, c := range []struct{ atPly, shallower, listed, more int }{
		{15, 0, 10, 5}, {3, 4, 3, 4}, {10, 0, 10, 0}, {11, 0, 10, 1}, {1, 0, 1, 0},
	} {
		h := analysis.Hint{Ply: 1, Plays: append(playHints(c.atPly, 1), playHints(c.shallower, 0)...)}
		got := hintOf(h, 7, nardy.PhasePlay, r)
		assert.Len(t, got.Plays, c.listed, "%+v", c)
		assert.Equal(t, c.more, got.MorePlays, "%+v", c)
		assert.Equal(t, 7, got.Version)
	}
}

// TestHintChancesOfTheScoringTable: a hint's "chances" are "win" and the
// kinds the game's scoring table counts, in the game's words (README,
// Hints): long-moscow gives no koks or home_mars chances, the
// Azerbaijani table (which counts all) gives them, short-tavla gives no
// backgammon; rules with no table given have the variant's default table
// (long: Moscow's, which counts the mars).
func TestHintChancesOfTheScoringTable(t *testing.T) {
	keys := func(r nardy.Rules) []string {
		c := hintOf(analysis.Hint{}, 1, nardy.PhaseRoll, r).Chances
		ks := make([]string, 0, len(c))
		for k := range c {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		return ks
	}
	both := func(v nardy.Variant, kinds ...nardy.ResultKind) []string {
		ks := []string{"win"}
		for _, k := range kinds {
			ks = append(ks, "win_"+k.Name(v), "lose_"+k.Name(v))
		}
		slices.Sort(ks)
		return ks
	}
	require.Equal(t, both(nardy.Long, nardy.Mars), keys(variants.LongMoscow()), "long-moscow")
	require.Equal(t, both(nardy.Long, nardy.Mars), keys(nardy.Rules{Variant: nardy.Long}), "no table: the default")
	require.Equal(t, both(nardy.Long, nardy.Mars, nardy.Koks, nardy.HomeMars), keys(variants.LongAzerbaijani()), "long-azerbaijani")
	tavla := nardy.DefaultRules(nardy.Short)
	tavla.Scoring = variants.TavlaScoring()
	require.Equal(t, both(nardy.Short, nardy.Mars), keys(tavla), "short-tavla")
}
