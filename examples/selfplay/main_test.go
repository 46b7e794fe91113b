package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Whole games of every preset end with a winner who has borne off all 15
// checkers (C7), and the result kind follows the loser's checkers (L8, S5).
func TestSelfplayEnds(t *testing.T) {
	for _, preset := range variants.All() {
		for seed := uint64(1); seed <= 5; seed++ {
			o, err := play(io.Discard, preset, seed)
			require.NoError(t, err, "%s seed %d", preset.Name, seed)
			assert.Equal(t, 15, o.Final.Side(o.Winner).Off, "%s seed %d", preset.Name, seed)
			w, over := o.Final.Winner()
			assert.True(t, over)
			assert.Equal(t, o.Winner, w)
			assert.Positive(t, o.Turns)
			loser := o.Final.Side(o.Winner.Other())
			assert.Less(t, loser.Off, 15)
			if preset.Rules.Variant == nardy.Long {
				if loser.Off == 0 {
					assert.Equal(t, "mars", o.Kind)
					assert.Equal(t, 2, o.Points)
				} else {
					assert.Equal(t, "oin", o.Kind)
					assert.Equal(t, 1, o.Points)
				}
			} else {
				assert.Contains(t, []string{"single", "gammon", "backgammon"}, o.Kind)
			}
		}
	}
}

// The same seed plays the same game; another seed another one.
func TestSelfplayDeterministic(t *testing.T) {
	preset, err := variants.Lookup("long-moscow")
	require.NoError(t, err)
	var a, b, c bytes.Buffer
	_, err = play(&a, preset, 7)
	require.NoError(t, err)
	_, err = play(&b, preset, 7)
	require.NoError(t, err)
	_, err = play(&c, preset, 8)
	require.NoError(t, err)
	assert.Equal(t, a.String(), b.String())
	assert.NotEqual(t, a.String(), c.String())
	assert.Contains(t, a.String(), "   1. ")
	assert.Contains(t, a.String(), "long nardy:")
	assert.Regexp(t, `(white|black) wins after \d+ turns: (oin, 1|mars, 2) point`, a.String())
}

func TestResultKinds(t *testing.T) {
	// Long nardy (L8): White has borne off all; Black none (mars) or one (oin).
	mars := nardy.MustParsePosition("long b 00000000000000000000000f00/0000000000000000000000000f")
	assert.Equal(t, outcome{Final: mars, Winner: nardy.White, Kind: "mars", Points: 2}, result(mars, nardy.White))
	oin := nardy.MustParsePosition("long b 00000000000000000000000e01/0000000000000000000000000f")
	assert.Equal(t, "oin", result(oin, nardy.White).Kind)
	// Short nardy (S5): Black with none off is gammoned, or backgammoned with a
	// checker on its points 19..24 or on the bar.
	gammon := nardy.MustParsePosition("short b f0000000000000000000000000/0000000000000000000000000f")
	assert.Equal(t, "gammon", result(gammon, nardy.White).Kind)
	bg := nardy.MustParsePosition("short b e0000000000000000000000100/0000000000000000000000000f")
	assert.Equal(t, "backgammon", result(bg, nardy.White).Kind)
	bar := nardy.MustParsePosition("short b e0000000000000000000000010/0000000000000000000000000f")
	assert.Equal(t, 3, result(bar, nardy.White).Points)
	single := nardy.MustParsePosition("short b e0000000000000000000000001/0000000000000000000000000f")
	assert.Equal(t, "single", result(single, nardy.White).Kind)
}

func TestNotation(t *testing.T) {
	start, err := nardy.StartPosition(nardy.Long, nardy.White)
	require.NoError(t, err)
	plays, err := nardy.Legal(start, nardy.MustRoll(6, 6))
	require.NoError(t, err)
	require.Len(t, plays, 1)
	assert.Equal(t, "24/18 24/18", notation(plays[0]))
	assert.True(t, strings.HasPrefix(notation(nardy.Play{}), "(no play)"))
}
