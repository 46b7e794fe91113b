package nardy

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mjAfterResignation returns the match of r to length from start after
// its first game: White opens with 3-1 and plays 8/5 6/5, and Black
// resigns a single game, which White accepts (White wins 1 point, times
// the cube of 1).
func mjAfterResignation(t *testing.T, r Rules, length int, start MatchStart) Match {
	t.Helper()
	return mjResigned(t, r, length, start, Oin)
}

// mjResigned is mjAfterResignation for a game for each kind: in each,
// Black resigns that kind after White's opening play, and White accepts.
func mjResigned(t *testing.T, r Rules, length int, start MatchStart, kinds ...ResultKind) Match {
	t.Helper()
	rc, err := NewRecorderAt(r, length, start, nil)
	require.NoError(t, err)
	for _, k := range kinds {
		require.NoError(t, rc.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}}))
		require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}}))
		require.NoError(t, rc.Do(Action{Kind: ActResign, Player: Black, Resign: k}))
		require.NoError(t, rc.Do(Action{Kind: ActAccept, Player: White}))
	}
	return rc.Match()
}

// TestMatchJSONRefusesUnreachable: Match.UnmarshalJSON refuses, with
// ErrBadRecord and the Match left as it was, states no match reaches, each
// the JSON of a real match with one thing changed (each case names the
// mutation of matchjson.go it kills; the unchanged JSON reads back):
//   - mj24: game 1 of a match to 5 from 0-0 with the Crawford game played
//     (S6: it is the first game after a player reaches 4);
//   - mj26: game 2 at 1-0 to 5 with the Crawford game played, though no
//     player has reached 4 (S6); and a match to 3 won 3-0 by a gammon in
//     game 2 after 1-0, with the Crawford game played, though nobody
//     reached 2 before that game ended;
//   - mj3: a match to 3 under rules whose draw scores ½–½ (L11: that table
//     is for money play; match scores are whole points);
//   - mj6: a match to 7 from 0-3 at 2-2 in game 2 (Black below its start);
//   - mj10: game 2 without the last game's result, game 1 with one;
//   - mj13: a finished match to 1 without its winner;
//   - mj19: a money game (length 0) with the Crawford game played (S6: the
//     Crawford rule is a match's).
func TestMatchJSONRefusesUnreachable(t *testing.T) {
	short := DefaultRules(Short)
	fresh5, err := NewMatch(short, 5)
	require.NoError(t, err)
	second5 := mjAfterResignation(t, short, 5, MatchStart{})
	require.Equal(t, 2, second5.GameNumber())
	draw := gmPresets()["long-cube-draw"]
	require.True(t, draw.LastRollDraw)
	draw3, err := NewMatch(draw, 3)
	require.NoError(t, err)
	from03 := mjAfterResignation(t, short, 7, MatchStart{Score: [2]int{0, 3}})
	over3 := mjResigned(t, short, 3, MatchStart{}, Oin, Mars)
	require.True(t, over3.IsOver())
	require.Equal(t, 2, over3.GameNumber())
	over1 := mjAfterResignation(t, short, 1, MatchStart{})
	require.True(t, over1.IsOver())
	moneyRc, err := NewRecorder(short, 0, nil)
	require.NoError(t, err)
	money := moneyRc.Match()

	game := func(j map[string]any) map[string]any { return j["game"].(map[string]any) }
	cases := []struct {
		name, mutation string
		m              Match
		edit           func(j map[string]any)
	}{
		{"game 1 from 0-0, crawford done", "mj24", fresh5, func(j map[string]any) { j["crawford_done"] = true }},
		{"game 2 at 1-0, crawford done", "mj26", second5, func(j map[string]any) { j["crawford_done"] = true }},
		{"won 3-0 in game 2, crawford done", "mj26", over3, func(j map[string]any) { j["crawford_done"] = true }},
		{"a match with a half-point draw", "mj3", draw3, func(j map[string]any) {
			game(j)["rules"].(map[string]any)["scoring"].(map[string]any)["draw_half"] = true
		}},
		{"from 0-3 at 2-2", "mj6", from03, func(j map[string]any) { j["score"] = []int{2, 2} }},
		{"game 2 without a last result", "mj10", second5, func(j map[string]any) { delete(j, "last") }},
		{"game 1 with a last result", "mj10", fresh5, func(j map[string]any) {
			j["last"] = map[string]any{"variant": "short", "winner": "white", "end": "resigned", "cube": 1, "points": 1, "kind": "single"}
		}},
		{"over without a winner", "mj13", over1, func(j map[string]any) { delete(j, "winner") }},
		{"money, crawford done", "mj19", money, func(j map[string]any) { j["crawford_done"] = true }},
	}
	for _, c := range cases {
		good, err := json.Marshal(c.m)
		require.NoError(t, err, c.name)
		var back Match
		require.NoError(t, json.Unmarshal(good, &back), "%s: the unchanged match reads back", c.name)

		b := editJSON(t, c.m, c.edit)
		require.NotEqual(t, string(good), string(b), c.name)
		m := fresh5
		err = m.UnmarshalJSON(b)
		assert.ErrorIs(t, err, ErrBadRecord, "%s (%s): %s", c.name, c.mutation, b)
		assert.Equal(t, fresh5, m, "%s: the match is unchanged", c.name)
	}
}
