package render

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// randomPosition plays up to n random legal plays from the start of v.
func randomPosition(v nardy.Variant, seed uint64, n int) nardy.Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	dice := nardy.NewSeededDice(seed)
	pos, _ := nardy.StartPosition(v, nardy.Color(rng.IntN(2)))
	r := nardy.DefaultRules(v)
	for range n {
		roll, err := nardy.Throw(dice)
		if err != nil {
			break
		}
		plays, err := r.Legal(pos, roll)
		if err != nil {
			break
		}
		next := plays[rng.IntN(len(plays))].Result()
		if next.IsOver() {
			break
		}
		pos = next
	}
	return pos
}

// TestPropertyAppendSVGAppends: AppendSVG "appends the picture that SVG
// writes to b and returns the extended slice", the same picture each time
// (the package draws deterministically: "so it can be put in a README"),
// and "On error b is returned unchanged".
func TestPropertyAppendSVGAppends(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(t, "variant")
		pos := randomPosition(v, rapid.Uint64().Draw(t, "seed"), rapid.IntRange(0, 80).Draw(t, "plays"))
		o := Options{
			Viewer: rapid.SampledFrom([]nardy.Color{nardy.White, nardy.Black}).Draw(t, "viewer"),
			Width:  rapid.IntRange(-2, 2000).Draw(t, "width"),
			Title:  rapid.String().Draw(t, "title"),
		}
		if rapid.Bool().Draw(t, "dice") {
			o.Dice, _ = nardy.NewRoll(rapid.IntRange(1, 6).Draw(t, "d1"), rapid.IntRange(1, 6).Draw(t, "d2"))
		}
		if rapid.Bool().Draw(t, "cube") {
			o.Cube = nardy.Cube{Value: 1 << rapid.IntRange(0, 31).Draw(t, "cube log")}
		}
		prefix := []byte(rapid.StringN(0, 16, -1).Draw(t, "prefix"))
		was := bytes.Clone(prefix)
		got, err := AppendSVG(prefix, pos, o)
		var w bytes.Buffer
		werr := SVG(&w, pos, o)
		if err != nil {
			require.True(t, errors.Is(err, ErrOptions), "%v", err)
			require.Equal(t, was, got, "on error b is returned unchanged")
			require.Equal(t, err, werr, "SVG refuses as AppendSVG does")
			return
		}
		require.NoError(t, werr)
		require.Equal(t, string(was)+w.String(), string(got), "AppendSVG appends what SVG writes")
		again, err := AppendSVG(nil, pos, o)
		require.NoError(t, err)
		require.Equal(t, w.String(), string(again), "the same picture again")
	})
}
