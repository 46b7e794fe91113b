package nardy

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mjFind plays matches of r to length (0: a money game) with random
// allowed actions, seed after seed, until one reaches a state where stop
// holds, and returns that state.
func mjFind(t testing.TB, r Rules, length int, stop func(Match) bool) Match {
	t.Helper()
	return mjFindAt(t, r, length, MatchStart{}, stop)
}

// mjFindAt is mjFind for matches that start at start.
func mjFindAt(t testing.TB, r Rules, length int, start MatchStart, stop func(Match) bool) Match {
	t.Helper()
	for seed := uint64(1); seed <= 300; seed++ {
		rc, err := NewRecorderAt(r, length, start, nil)
		require.NoError(t, err)
		pick := randPicker(rand.New(rand.NewPCG(seed, 2)))
		for i := 0; i < 100_000 && !stop(rc.Match()) && !rc.Match().IsOver(); i++ {
			gmStep(t, rc, pick)
		}
		if stop(rc.Match()) {
			return rc.Match()
		}
	}
	t.Fatalf("no match of %v to %d reached the state", r.Variant, length)
	return Match{}
}

// mjResumed returns a match resumed at 6-5 to 7 (ResumeMatch) at a
// position of a game in progress, the Crawford game.
func mjResumed(t testing.TB) Match {
	t.Helper()
	pos, err := StartPosition(Short, Black)
	require.NoError(t, err)
	g, err := NewGameAt(DefaultRules(Short), Setup{Position: pos, Match: true, Crawford: true})
	require.NoError(t, err)
	m, err := ResumeMatch(7, MatchStart{Score: [2]int{6, 5}}, g)
	require.NoError(t, err)
	return m
}

// mjStates returns matches in states worth reading back: the start, a
// later game, the Crawford game, the ends of a match and of money games.
func mjStates(t testing.TB) map[string]Match {
	t.Helper()
	long, short := DefaultRules(Long), DefaultRules(Short)
	tavla := gmPresets()["short-tavla"]
	draw := gmPresets()["long-cube-draw"]
	fresh, err := NewMatch(short, 3)
	require.NoError(t, err)
	money, err := NewRecorder(long, 0, nil)
	require.NoError(t, err)
	drawn := func(m Match) bool { r, ok := m.LastResult(); return ok && r.Kind == Draw }
	return map[string]Match{
		"fresh":        fresh,
		"fresh money":  money.Match(),
		"second game":  mjFind(t, long, 5, func(m Match) bool { return m.GameNumber() >= 2 && m.Game().Phase() == PhaseRoll }),
		"tavla":        mjFind(t, tavla, 5, func(m Match) bool { return m.GameNumber() >= 2 }),
		"crawford":     mjFind(t, short, 5, func(m Match) bool { return m.IsCrawford() && m.Game().Phase() == PhaseRoll }),
		"post-crawf":   mjFind(t, short, 5, func(m Match) bool { return m.crawfordDone && !m.IsCrawford() && !m.IsOver() }),
		"over":         mjFind(t, short, 3, Match.IsOver),
		"money over":   mjFind(t, short, 0, Match.IsOver),
		"drawn money":  mjFind(t, draw, 0, drawn),
		"after a draw": mjFind(t, draw, 7, func(m Match) bool { return drawn(m) && !m.IsOver() }),
		// Matches taken up at a score (NewMatchAt).
		"at 3-1":          mjFindAt(t, short, 5, MatchStart{Score: [2]int{3, 1}}, func(m Match) bool { return m.GameNumber() >= 2 }),
		"crawford at 4-2": mjFindAt(t, short, 5, MatchStart{Score: [2]int{4, 2}}, func(m Match) bool { return m.Game().Phase() == PhaseRoll }),
		"post-crawf at 2-4": mjFindAt(t, short, 5, MatchStart{Score: [2]int{2, 4}, CrawfordDone: true},
			func(m Match) bool { return m.Game().Phase() == PhaseRoll }),
		"at 4-4 over": mjFindAt(t, short, 5, MatchStart{Score: [2]int{4, 4}, CrawfordDone: true}, Match.IsOver),
		"at 7-7":      mjFindAt(t, draw, 7, MatchStart{Score: [2]int{7, 7}}, func(m Match) bool { return m.GameNumber() >= 2 }),
		"resumed":     mjResumed(t),
	}
}

// TestMatchJSON: json.Marshal of a Match writes the match (not {}), and
// it reads back to the same match, in every kind of state.
func TestMatchJSON(t *testing.T) {
	for name, m := range mjStates(t) {
		b, err := json.Marshal(m)
		require.NoError(t, err, name)
		assert.Contains(t, string(b), `"score"`, name)
		assert.Contains(t, string(b), `"game":{"rules"`, name)
		var back Match
		require.NoError(t, json.Unmarshal(b, &back), "%s: %s", name, b)
		assert.Equal(t, m, back, name)
	}
	_, err := json.Marshal(Match{})
	assert.ErrorIs(t, err, ErrBadRecord)
}

// TestMatchJSONReachable: a match read from JSON is one a match can
// reach; every state below is refused, and the Match left unchanged.
func TestMatchJSONReachable(t *testing.T) {
	st := mjStates(t)
	edit := func(state string, f func(j map[string]any)) []byte { return editJSON(t, st[state], f) }
	game := func(j map[string]any) map[string]any { return j["game"].(map[string]any) }
	last := func(j map[string]any) map[string]any { return j["last"].(map[string]any) }
	flip := func(c any) string {
		if c == "black" {
			return "white"
		}
		return "black"
	}
	bad := map[string][]byte{
		"won, going on":              edit("second game", func(j map[string]any) { j["score"] = []int{5, 0} }),
		"negative score":             edit("second game", func(j map[string]any) { j["score"] = []int{-1, 3} }),
		"score MaxInt":               edit("second game", func(j map[string]any) { j["score"] = []int{math.MaxInt, 0} }),
		"game 0":                     edit("fresh", func(j map[string]any) { j["game_number"] = 0 }),
		"more games than points":     edit("second game", func(j map[string]any) { j["game_number"] = 50 }),
		"a last result in game 1":    edit("second game", func(j map[string]any) { j["game_number"] = 1 }),
		"points in game 1":           edit("fresh", func(j map[string]any) { j["score"] = []int{1, 0} }),
		"a money game in a match":    edit("second game", func(j map[string]any) { game(j)["money"] = true }),
		"length 0, a match's game":   edit("second game", func(j map[string]any) { j["length"] = 0 }),
		"negative length":            edit("fresh", func(j map[string]any) { j["length"] = -1 }),
		"over, the game going on":    edit("second game", func(j map[string]any) { j["over"] = true }),
		"a winner before the end":    edit("second game", func(j map[string]any) { j["winner"] = "white" }),
		"no last result":             edit("second game", func(j map[string]any) { delete(j, "last") }),
		"last result of 7 points":    edit("second game", func(j map[string]any) { last(j)["points"] = 7 }),
		"last result koks":           edit("second game", func(j map[string]any) { last(j)["kind"] = "koks" }),
		"last result of short nardy": edit("second game", func(j map[string]any) { last(j)["variant"] = "short" }),
		"game result of long nardy":  edit("over", func(j map[string]any) { game(j)["result"].(map[string]any)["variant"] = "long" }),
		"last result cube 2":         edit("tavla", func(j map[string]any) { last(j)["cube"] = 2 }),
		"last result a draw":         edit("second game", func(j map[string]any) { last(j)["kind"] = "draw" }),
		"a dropped mars":             edit("second game", func(j map[string]any) { last(j)["end"] = "dropped"; last(j)["kind"] = "mars" }),
		"started by the loser":       edit("second game", func(j map[string]any) { last(j)["winner"] = flip(last(j)["winner"]) }),
		"opening after a draw, not":  edit("after a draw", func(j map[string]any) { last(j)["kind"] = "oin"; last(j)["points"] = 1 }),
		"crawford without the rule":  edit("tavla", func(j map[string]any) { j["crawford_done"] = true }),
		"no crawford game": edit("crawford", func(j map[string]any) {
			j["crawford_done"] = false
			game(j)["crawford"] = false
		}),
		"crawford off match point": edit("crawford", func(j map[string]any) { j["score"] = []int{1, 1} }),
		"crawford twice":           edit("post-crawf", func(j map[string]any) { game(j)["crawford"] = true }),
		"crawford game after it": edit("post-crawf", func(j map[string]any) {
			last(j)["winner"] = flip(last(j)["winner"]) // as if the score reached match point in the last game
		}),
		"a cube in the crawford game": edit("crawford", func(j map[string]any) {
			game(j)["cube"] = map[string]any{"value": 2, "owned": true, "owner": "white"}
		}),
		"over, won by the loser": edit("over", func(j map[string]any) { j["winner"] = flip(j["winner"]) }),
		"over, not won":          edit("over", func(j map[string]any) { j["score"] = []int{9, 9} }),
		"over, going on":         edit("over", func(j map[string]any) { j["over"] = false }),
		"over, other last":       edit("over", func(j map[string]any) { last(j)["points"] = last(j)["points"].(float64) + 1 }),
		"game result of 5":       edit("over", func(j map[string]any) { game(j)["result"].(map[string]any)["points"] = 5 }),
		"money score":            edit("money over", func(j map[string]any) { j["score"] = []int{5, 0} }),
		"money game 2":           edit("money over", func(j map[string]any) { j["game_number"] = 2 }),
		"money winner":           edit("money over", func(j map[string]any) { j["winner"] = flip(j["winner"]) }),
		"drawn money, a winner":  edit("drawn money", func(j map[string]any) { j["winner"] = "white" }),
		"money, no game":         edit("fresh money", func(j map[string]any) { delete(j, "game") }),
		"below the start":        edit("at 3-1", func(j map[string]any) { j["score"] = []int{2, 2} }),
		"start won":              edit("at 3-1", func(j map[string]any) { j["start"].(map[string]any)["score"] = []int{5, 1} }),
		"start in money": edit("money over", func(j map[string]any) {
			j["start"] = map[string]any{"score": []int{0, 1}}
		}),
		"a first game from the start's score": edit("crawford at 4-2", func(j map[string]any) {
			j["start"].(map[string]any)["score"] = []int{3, 2}
		}),
		"crawford game after a start post-crawford": edit("crawford at 4-2", func(j map[string]any) {
			j["start"].(map[string]any)["crawford_done"] = true
		}),
		"no crawford game at the start": edit("post-crawf at 2-4", func(j map[string]any) {
			delete(j["start"].(map[string]any), "crawford_done")
		}),
		"more games than points from the start": edit("at 3-1", func(j map[string]any) { j["game_number"] = 4 }),
		"too long":                              []byte(`{"length":3,"x":"` + strings.Repeat("x", maxMatchJSON) + `"}`),
		"not json":                              []byte(`{"length":`),
	}
	for name, b := range bad {
		var m Match
		err := m.UnmarshalJSON(b)
		assert.ErrorIs(t, err, ErrBadRecord, "%s: %.300s", name, b)
		assert.True(t, m == Match{}, "%s: the match changed", name)
	}
}

// FuzzMatchJSON: reading any JSON as a Match never panics, a match read
// writes back to JSON that reads to the same match, and it takes actions
// (refused or not) without panicking.
func FuzzMatchJSON(f *testing.F) {
	for _, m := range mjStates(f) {
		b, err := json.Marshal(m)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m Match
		if json.Unmarshal(b, &m) != nil {
			return
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("marshal a match read from JSON: %v", err)
		}
		var back Match
		if err := json.Unmarshal(out, &back); err != nil || back != m {
			t.Fatalf("round trip: %v", err)
		}
		for k := ActOpening; k <= ActReject; k++ {
			for _, p := range [2]Color{White, Black} {
				_, _ = m.Do(Action{Kind: k, Player: p, Dice: [2]int{6, 5}, Resign: Oin})
			}
		}
	})
}

// TestDrawJSONNamesNoWinner_L11: a drawn game's result is written without
// "winner" (a reader taking "winner":"white" at its word would score the
// draw as White's win), in the match's last result and its game's, and
// the match reads back the same (TestMatchJSON).
func TestDrawJSONNamesNoWinner_L11(t *testing.T) {
	st := mjStates(t)
	for _, name := range []string{"drawn money", "after a draw"} {
		b, err := json.Marshal(st[name])
		require.NoError(t, err, name)
		var j map[string]any
		require.NoError(t, json.Unmarshal(b, &j), name)
		last, ok := j["last"].(map[string]any)
		require.True(t, ok, "%s: %s", name, b)
		assert.Equal(t, "draw", last["kind"], name)
		assert.NotContains(t, last, "winner", name)
	}
	r, ok := st["drawn money"].Game().Result()
	require.True(t, ok)
	b, err := json.Marshal(r)
	require.NoError(t, err)
	assert.NotContains(t, string(b), "winner")
	var back Result
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, r, back)
}
