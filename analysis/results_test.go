package analysis

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

// TestReportResults: the report lists each game the record finishes, by
// its number, as the .mat file of the club match says it ended: game 1
// Timur (black) by Aygun's drop of a 2-cube, 1 point; game 2 Aygun
// (white), 2 points at a cube of 2, resigned mid-game; game 3 Aygun, 1
// point, resigned after three rolls.
func TestReportResults(t *testing.T) {
	rep := clubReport(t, Options{})
	type end struct {
		game   int
		winner nardy.Color
		points int
		end    nardy.EndReason
	}
	var got []end
	for _, r := range rep.Results {
		got = append(got, end{r.Game, r.Result.Winner, r.Result.Points, r.Result.End})
	}
	assert.Equal(t, []end{
		{1, nardy.Black, 1, nardy.Dropped},
		{2, nardy.White, 2, nardy.Resigned},
		{3, nardy.White, 1, nardy.Resigned},
	}, got)
}

// TestReportResultsOfAMatch: in a 5-point match of bots, played whole and
// step by step, the results are the record's, numbered from 1, and their
// points sum to each player's final score (S6: the match ends when one
// reaches 5).
func TestReportResultsOfAMatch(t *testing.T) {
	for _, steps := range []bool{false, true} {
		rec := record(t, variants.ShortStandard(), 5, bot.NewNeural(0), bot.NewExpectimax(3), 8, steps)
		rep, err := Analyze(t.Context(), rec, Options{})
		require.NoError(t, err)
		want, err := rec.Results()
		require.NoError(t, err)
		require.Len(t, rep.Results, len(want))
		var score [2]int
		for i, r := range rep.Results {
			assert.Equal(t, i+1, r.Game)
			assert.Equal(t, want[i], r.Result)
			score[r.Result.Winner] += r.Result.Points
		}
		m, err := nardy.Replay(rec)
		require.NoError(t, err)
		assert.True(t, m.IsOver())
		w, b := m.Score()
		assert.Equal(t, [2]int{w, b}, score, "steps %v", steps)
		assert.GreaterOrEqual(t, max(score[0], score[1]), 5)
	}
}
