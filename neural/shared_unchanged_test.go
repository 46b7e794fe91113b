package neural_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
)

// TestSharedNetUnchanged: the embedded networks that package neural
// shares between its readers (NewSearcher(nil, r), and so the hints and
// analyses of package analysis with Options.Net nil) are, after hints,
// analyses, games, rollouts and a caller training all it can reach, the
// networks a fresh decode of the weights files gives, bit for bit.
func TestSharedNetUnchanged(t *testing.T) {
	ctx := context.Background()
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		r := nardy.DefaultRules(v)
		_, rec, err := bot.PlayGame(r, bot.NewNeural(0), bot.NewRandom(3), nardy.NewSeededDice(11))
		require.NoError(t, err)
		if len(rec.Actions) > 40 {
			rec.Actions = rec.Actions[:40]
		}
		_, err = analysis.Analyze(ctx, rec, analysis.Options{})
		require.NoError(t, err)
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{5, 3}})
		require.NoError(t, err)
		_, err = analysis.HintFor(g, [2]int{}, analysis.Options{Ply: 1})
		require.NoError(t, err)

		s := neural.NewSearcher(nil, r)
		start, err := nardy.StartPosition(v, nardy.White)
		require.NoError(t, err)
		plays, err := r.Legal(start, nardy.MustRoll(5, 3))
		require.NoError(t, err)
		_, err = s.RolloutPlays(ctx, plays[:min(len(plays), 2)], neural.RolloutOptions{Trials: 36, Truncate: 2, Workers: 2})
		require.NoError(t, err)
		// The caller trains whatever network it can reach: the Searcher's
		// (none: the shared one is out of reach) and Default's copy.
		own, err := neural.Default(v)
		require.NoError(t, err)
		for _, n := range []*neural.Net{s.Net, own} {
			if n != nil {
				for range 20 {
					n.Learn(start, neural.Probs{Variant: v}, 0.5)
				}
				n.SetInfo("trained")
			}
		}

		shared, err := neural.SharedNet(v)
		require.NoError(t, err)
		name := map[nardy.Variant]string{nardy.Long: "long.nn", nardy.Short: "short.nn"}[v]
		file, err := os.ReadFile(filepath.Join("weights", name))
		require.NoError(t, err)
		fresh, err := neural.ReadNet(bytes.NewReader(file))
		require.NoError(t, err)
		var got, want bytes.Buffer
		_, err = shared.WriteTo(&got)
		require.NoError(t, err)
		_, err = fresh.WriteTo(&want)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want.Bytes(), got.Bytes()), "%v: the shared network changed", v)
	}
}
