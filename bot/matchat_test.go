package bot

import (
	"fmt"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayMatchAt: a match taken up at 4-2 in a match to 5 plays from
// that score (its first game the Crawford game, S6), its record keeps the
// start and replays to the same match; a start no match can be at is
// refused before any play.
func TestPlayMatchAt(t *testing.T) {
	for _, p := range variants.All() {
		if !p.Rules.Cube {
			continue
		}
		seed := uint64(3)
		start := nardy.MatchStart{Score: [2]int{4, 2}}
		m, rec, err := PlayMatchAt(p.Rules, 5, start, NewGreedy(), NewRandom(1), nardy.NewSeededDice(seed))
		require.NoError(t, err, p.Name)
		require.True(t, m.IsOver(), p.Name)
		assert.Equal(t, start, rec.Start, p.Name)
		assert.Equal(t, start, m.Start(), p.Name)
		w, b := m.Score()
		assert.True(t, w >= 4 && b >= 2 && max(w, b) >= 5, "%s: %d-%d", p.Name, w, b)
		replay, err := nardy.NewMatchAt(p.Rules, 5, start)
		require.NoError(t, err)
		assert.True(t, replay.IsCrawford(), p.Name)
		for i, a := range rec.Actions {
			assert.False(t, replay.IsCrawford() && a.Kind == nardy.ActDouble, "%s: action %d doubles in the Crawford game", p.Name, i)
			replay, err = replay.Do(a)
			require.NoError(t, err)
		}
		rec.Seed = &seed
		checkReplay(t, rec, m)
	}
	_, _, err := PlayMatchAt(variants.ShortStandard(), 5, nardy.MatchStart{Score: [2]int{5, 0}}, NewGreedy(), NewGreedy(), nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, nardy.ErrInvalidRules)
}

// PlayMatchAt plays a match to 7 points from 5-6, as a trainer sets one up:
// the first game is the Crawford game.
func ExamplePlayMatchAt() {
	start := nardy.MatchStart{Score: [2]int{5, 6}}
	m, rec, err := PlayMatchAt(variants.ShortStandard(), 7, start, NewGreedy(), NewGreedy(), nardy.NewSeededDice(5))
	if err != nil {
		fmt.Println(err)
		return
	}
	w, b := m.Score()
	winner, _ := m.Winner()
	fmt.Printf("from %d-%d, %s wins %d-%d in game %d; the record starts at %v\n",
		start.Score[0], start.Score[1], winner, w, b, m.GameNumber(), rec.Start.Score)
	// Output: from 5-6, black wins 5-7 in game 1; the record starts at [5 6]
}
