package gnubg_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oneGameLines returns the lines of the first game of a bots' 3-point
// match as WriteMat writes them, after the score line to the "Wins" line,
// and the points that game won, if Black won it.
func oneGameLines(t *testing.T, seed uint64) (lines []string, points int) {
	t.Helper()
	r := nardy.DefaultRules(nardy.Short)
	_, rec, err := bot.PlayMatch(r, 3, bot.NewRandom(seed), bot.NewRandom(seed+1), nardy.NewSeededDice(seed))
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, gnubg.WriteMat(&b, rec, gnubg.MatInfo{}))
	all := strings.Split(b.String(), "\n")
	start := -1
	for i, l := range all {
		if strings.HasPrefix(l, " Game 1") {
			start = i + 1
		}
		if start >= 0 && strings.Contains(l, "Wins") {
			if strings.Index(l, "Wins") < 20 { // White's "Wins" is in the first column
				return nil, 0
			}
			_, err := fmt.Sscanf(strings.TrimSpace(l), "Wins %d point", &points)
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(all[start], " White : 0"), all[start])
			return all[start+1 : i+1], points
		}
	}
	t.Fatal("no first game in the written match")
	return nil, 0
}

// repeatedGames writes a match to 9999 points of games games, each the
// same game (the same dice and moves from the opening position, so each
// is legal again and Black wins it again: the score lines follow), and
// then the first cut lines of the game once more, a game in progress.
func repeatedGames(lines []string, points, games, cut int) string {
	var b strings.Builder
	b.WriteString(" 9999 point match\n")
	for k := 0; k <= games; k++ {
		n := len(lines)
		if k == games {
			n = cut
		}
		fmt.Fprintf(&b, "\n Game %d\n White : 0                      Black : %d\n", k+1, k*points)
		for _, l := range lines[:n] {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// TestMatRecordActionsBound: ReadMat keeps at most
// nardy.MaxRecordActions (65,536) actions in a record (its documented
// bound): a match of exactly that many is read whole, and the same match
// with one roll more is refused with ErrMat on the roll's line.
func TestMatRecordActionsBound(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	actions := func(file string) int {
		rec, _, err := gnubg.ReadMat(strings.NewReader(file), r)
		require.NoError(t, err)
		return len(rec.Actions)
	}
	// A game Black wins whose lines, repeated and then cut, give
	// exactly MaxRecordActions actions (a line adds 3 or 4 actions, so
	// some games' counts skip it).
	var lines []string
	points, games, cut := 0, 0, -1
	for seed := uint64(1); seed < 40 && cut < 0; seed++ {
		if lines, points = oneGameLines(t, seed); lines == nil {
			continue
		}
		perGame := actions(repeatedGames(lines, points, 1, 0))
		games = nardy.MaxRecordActions / perGame
		for j := range len(lines) - 1 { // the last line is the "Wins" line
			if games*perGame+actions(repeatedGames(lines, points, 0, j)) == nardy.MaxRecordActions {
				cut = j
				break
			}
		}
	}
	require.GreaterOrEqual(t, cut, 0, "no seed's game gives exactly %d actions", nardy.MaxRecordActions)

	full := repeatedGames(lines, points, games, cut)
	assert.Equal(t, nardy.MaxRecordActions, actions(full))

	// One more action: the next line's first roll, thrown and not yet
	// played (a match in progress, as WriteMat writes one).
	next := lines[cut]
	over := full + next[:strings.Index(next, ":")+1] + "\n"
	_, _, err := gnubg.ReadMat(strings.NewReader(over), r)
	require.ErrorIs(t, err, gnubg.ErrMat)
	var me *gnubg.MatError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, strings.Count(over, "\n"), me.Line, "the last line holds the 65,537th action, a roll: %v", err)
	assert.Contains(t, err.Error(), "more than 65536 actions")
}
