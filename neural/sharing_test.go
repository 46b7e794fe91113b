package neural

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// readShared evaluates positions with the shared networks: Net.Evaluate
// and Net.EvaluatePlays straight, and a Searcher of its own over each
// network (a Searcher is one goroutine's) at 0 and 1 ply. It returns the
// answers as text.
func readShared(nets map[nardy.Variant]*Net, positions map[nardy.Variant][]nardy.Position) string {
	var b strings.Builder
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		n, r := nets[v], nardy.DefaultRules(v)
		s := NewSearcher(n, r)
		var out []Probs
		for i, pos := range positions[v] {
			fmt.Fprintln(&b, n.Evaluate(pos))
			roll := nardy.AllRolls()[i%21].Roll
			plays, err := r.Legal(pos, roll)
			if err != nil {
				fmt.Fprintln(&b, err)
				continue
			}
			out = n.EvaluatePlays(plays, out[:0])
			fmt.Fprintln(&b, out)
			ply := 0
			if i < 2 {
				ply = 1
				fmt.Fprintln(&b, s.Eval(pos, 1))
			}
			fmt.Fprintln(&b, s.Rank(plays, ply))
		}
	}
	return b.String()
}

// TestConcurrentNetReads: one network of each game, read by 8
// goroutines at once (each with a Searcher of its own, as Searcher's doc
// asks), answers as one goroutine alone does: a Net is safe for
// concurrent evaluation (Net's doc; run with -race).
func TestConcurrentNetReads(t *testing.T) {
	nets := map[nardy.Variant]*Net{}
	positions := map[nardy.Variant][]nardy.Position{}
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		n, err := Default(v)
		require.NoError(t, err)
		nets[v], positions[v] = n, samplePositions(t, v, 12, 169)
	}
	want := readShared(nets, positions)
	const n = 8
	got := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i] = readShared(nets, positions) })
	}
	wg.Wait()
	for i := range n {
		assert.Equal(t, want, got[i], "goroutine %d", i)
	}
}

// TestSearcherLeavesThePlaysAsGiven: the methods that take a roll's plays
// read them and never reorder or write them (Rank returns the order as
// indexes), so that the caller's slice, from Rules.Legal or a buffer it
// keeps, still lists the plays as given.
func TestSearcherLeavesThePlaysAsGiven(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	pos := samplePositions(t, nardy.Short, 5, 7)[4]
	plays, err := r.Legal(pos, nardy.MustRoll(5, 3))
	require.NoError(t, err)
	require.Greater(t, len(plays), 2)
	given := slices.Clone(plays)
	s := NewSearcher(nil, r)
	worst := s.Rank(plays, 1)
	require.NotEqual(t, 0, worst[len(worst)-1].Index, "a ranking that reorders the plays")

	s.net().EvaluatePlays(plays, nil)
	assert.Equal(t, given, plays, "Net.EvaluatePlays")
	s.Rank(plays, 1)
	assert.Equal(t, given, plays, "Rank")
	s.Choose(plays, 1)
	assert.Equal(t, given, plays, "Choose")
	PlayLoss(s, plays, plays[worst[len(worst)-1].Index], 1)
	assert.Equal(t, given, plays, "PlayLoss")
	s.PlayEquities(plays, plays[0], 1)
	assert.Equal(t, given, plays, "PlayEquities")
	cands := []nardy.Play{plays[worst[len(worst)-1].Index], plays[worst[0].Index]} // worst first
	rolled, err := s.RolloutPlays(context.Background(), cands, RolloutOptions{Trials: 36, Truncate: 2})
	require.NoError(t, err)
	assert.Equal(t, []nardy.Play{plays[worst[len(worst)-1].Index], plays[worst[0].Index]}, cands, "RolloutPlays")
	assert.Len(t, rolled, 2)
	assert.Equal(t, given, plays)
}

// TestRankIsTheCallers: the ranking Rank returns is new at each call (its
// doc: "the caller's to keep"): a later search of other plays by the same
// Searcher, which reuses its buffers, leaves it as it was, and writing
// into it changes nothing of the next.
func TestRankIsTheCallers(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	positions := samplePositions(t, nardy.Short, 6, 11)
	s := NewSearcher(nil, r)
	plays, err := r.Legal(positions[4], nardy.MustRoll(5, 3))
	require.NoError(t, err)
	first := s.Rank(plays, 1)
	kept := slices.Clone(first)
	other, err := r.Legal(positions[5], nardy.MustRoll(6, 2))
	require.NoError(t, err)
	s.Rank(other, 1)
	s.Choose(other, 1)
	assert.Equal(t, kept, first, "a later search")
	for i := range first {
		first[i] = Ranked{Index: -1}
	}
	assert.Equal(t, kept, s.Rank(plays, 1), "the next ranking of the same plays")
}
