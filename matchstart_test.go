package nardy

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestMatchAtCrawford_S6: a match taken up at 4-2 in a match to 5 begins
// with the Crawford game (the first game after a player reaches 4); with
// CrawfordDone it begins post-Crawford, and the cube turns.
func TestMatchAtCrawford_S6(t *testing.T) {
	short := DefaultRules(Short)
	m, err := NewMatchAt(short, 5, MatchStart{Score: [2]int{4, 2}})
	require.NoError(t, err)
	assert.True(t, m.IsCrawford())
	assert.Equal(t, MatchStart{Score: [2]int{4, 2}}, m.Start())
	w, b := m.Score()
	assert.Equal(t, [2]int{4, 2}, [2]int{w, b})
	assert.Equal(t, [2]int{3, 1}, m.Away(Black), "black 3-away, white 1-away")
	m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{2, 1}})
	m = mDo(t, m, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 13, To: 11, Die: 2}, {From: 6, To: 5, Die: 1}}})
	_, err = m.Do(Action{Kind: ActDouble, Player: Black})
	assert.ErrorIs(t, err, errCubeOff, "no doubling in the Crawford game")
	m = mLose(t, m, White, Oin) // 4-3
	assert.False(t, m.IsCrawford(), "the game after the Crawford game")
	m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{2, 1}})
	m = mDo(t, m, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 13, To: 11, Die: 2}, {From: 6, To: 5, Die: 1}}})
	mDo(t, m, Action{Kind: ActDouble, Player: Black})

	post, err := NewMatchAt(short, 5, MatchStart{Score: [2]int{4, 2}, CrawfordDone: true})
	require.NoError(t, err)
	assert.False(t, post.IsCrawford(), "post-Crawford from the start")
	post = mDo(t, post, Action{Kind: ActOpening, Dice: [2]int{2, 1}})
	post = mDo(t, post, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 13, To: 11, Die: 2}, {From: 6, To: 5, Die: 1}}})
	mDo(t, post, Action{Kind: ActDouble, Player: Black})

	both, err := NewMatchAt(short, 5, MatchStart{Score: [2]int{4, 4}})
	require.NoError(t, err)
	assert.False(t, both.IsCrawford(), "at 4-4 the Crawford game was played: the first to reach 4 had it")
	cubeDraw := crawfordDraw()
	drawn, err := NewMatchAt(cubeDraw, 5, MatchStart{Score: [2]int{4, 4}})
	require.NoError(t, err)
	assert.True(t, drawn.IsCrawford(), "with L11's draw 4-4 may come from 3-3 at once: the Crawford game is to come")
	drawn, err = NewMatchAt(cubeDraw, 5, MatchStart{Score: [2]int{4, 4}, CrawfordDone: true})
	require.NoError(t, err)
	assert.False(t, drawn.IsCrawford())
	// And in play: from 3-3, a draw brings both to 4 at once, and the next
	// game is the Crawford game.
	at33, err := NewMatchAt(cubeDraw, 5, MatchStart{Score: [2]int{3, 3}})
	require.NoError(t, err)
	at33 = mDraw(t, at33, [2]int{6, 5})
	w, b = at33.Score()
	require.Equal(t, [2]int{4, 4}, [2]int{w, b})
	assert.True(t, at33.IsCrawford(), "the first game after both reached 4 by a draw")

	noRule := short
	noRule.Crawford = false
	free, err := NewMatchAt(noRule, 5, MatchStart{Score: [2]int{4, 2}})
	require.NoError(t, err)
	assert.False(t, free.IsCrawford(), "no Crawford game without the rule")
}

// TestMatchAtScores: a match taken up at 3-1 in a match to 5 adds each
// game's points to the start, and ends when a player reaches 5.
func TestMatchAtScores(t *testing.T) {
	m, err := NewMatchAt(DefaultRules(Short), 5, MatchStart{Score: [2]int{3, 1}})
	require.NoError(t, err)
	assert.False(t, m.IsCrawford())
	assert.Equal(t, 1, m.GameNumber())
	m = mLose(t, m, Black, Oin) // 4-1: the next game is the Crawford game
	w, b := m.Score()
	assert.Equal(t, [2]int{4, 1}, [2]int{w, b})
	assert.True(t, m.IsCrawford())
	m = mLose(t, m, Black, Mars) // a gammon: 6-1
	assert.True(t, m.IsOver())
	winner, ok := m.Winner()
	assert.True(t, ok)
	assert.Equal(t, White, winner)
	w, b = m.Score()
	assert.Equal(t, [2]int{6, 1}, [2]int{w, b})
	assert.Equal(t, MatchStart{Score: [2]int{3, 1}}, m.Start(), "the start is kept")
}

// TestMatchAtDraw_L11: equal scores at the length or past it, which a
// draw leaves (L11), are a start under rules with the draw; the next game
// decides.
func TestMatchAtDraw_L11(t *testing.T) {
	m, err := NewMatchAt(drawRules(), 7, MatchStart{Score: [2]int{7, 7}})
	require.NoError(t, err)
	m = mLose(t, m, White, Oin)
	winner, ok := m.Winner()
	assert.True(t, ok && m.IsOver())
	assert.Equal(t, Black, winner)
	_, err = NewMatchAt(DefaultRules(Short), 7, MatchStart{Score: [2]int{7, 7}})
	assert.ErrorIs(t, err, ErrInvalidRules, "short nardy has no draw")
}

// TestMatchAtRefused: a start no match can be at is an *InvalidRulesError naming
// "start" (or "length"), matching ErrInvalidRules.
func TestMatchAtRefused(t *testing.T) {
	short, long := DefaultRules(Short), DefaultRules(Long)
	cases := []struct {
		name   string
		r      Rules
		length int
		start  MatchStart
		option string
	}{
		{"negative", short, 5, MatchStart{Score: [2]int{-1, 0}}, "start"},
		{"won", short, 5, MatchStart{Score: [2]int{5, 2}}, "start"},
		{"past the length", short, 5, MatchStart{Score: [2]int{2, 9}}, "start"},
		{"equal at the length without the draw", short, 5, MatchStart{Score: [2]int{5, 5}}, "start"},
		{"crawford done before match point", short, 5, MatchStart{Score: [2]int{3, 2}, CrawfordDone: true}, "start"},
		{"crawford done without the cube", long, 5, MatchStart{Score: [2]int{4, 2}, CrawfordDone: true}, "start"},
		{"crawford done in a 1-point match", short, 1, MatchStart{CrawfordDone: true}, "start"},
		{"length 0", short, 0, MatchStart{}, "length"},
		{"huge", short, MaxMatchLength, MatchStart{Score: [2]int{1 << 35, 0}}, "start"},
		{"past MaxStartScore", short, MaxMatchLength, MatchStart{Score: [2]int{MaxStartScore + 1, 0}}, "start"},
		{"length past MaxMatchLength", short, MaxMatchLength + 1, MatchStart{}, "length"},
	}
	for _, c := range cases {
		m, err := NewMatchAt(c.r, c.length, c.start)
		require.ErrorIs(t, err, ErrInvalidRules, c.name)
		var re *InvalidRulesError
		require.True(t, errors.As(err, &re), c.name)
		assert.Equal(t, c.option, re.Option, c.name)
		assert.Equal(t, Match{}, m, c.name)
	}
	_, err := NewMatchAt(short, 5, MatchStart{Score: [2]int{-1, 0}})
	assert.Contains(t, err.Error(), "white -1, black 0", "a negative score named by colour, not as -1-0")
	_, err = NewRecorderAt(short, 0, MatchStart{Score: [2]int{1, 0}}, nil)
	assert.ErrorIs(t, err, ErrInvalidRules, "a money game starts at 0-0")
	_, err = Replay(Record{Rules: short, Length: 5, Start: MatchStart{Score: [2]int{5, 0}}})
	assert.ErrorIs(t, err, ErrBadRecord, "a record whose start is won")
	assert.ErrorIs(t, err, ErrInvalidRules)
}

// crawfordDraw returns long nardy with the cube, the Crawford rule and
// L11's draw, which can bring both players to match point minus one at
// once.
func crawfordDraw() Rules {
	r := gmPresets()["long-cube-draw"]
	r.Crawford = true
	return r
}

// TestMatchAtProperties: from any start a match can be at, a match played
// with random actions keeps its start, never scores below it, plays no
// more games than its points since the start, has at most one Crawford
// game, and its record and its JSON read back to the same match.
func TestMatchAtProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom([]Rules{DefaultRules(Short), DefaultRules(Long), drawRules(), crawfordDraw()}).Draw(t, "rules")
		length := rapid.IntRange(1, 9).Draw(t, "length")
		w := rapid.IntRange(0, length-1).Draw(t, "white")
		b := rapid.IntRange(0, length-1).Draw(t, "black")
		start := MatchStart{Score: [2]int{w, b}}
		start.CrawfordDone = r.crawfordRule(length) && max(w, b) == length-1 && rapid.Bool().Draw(t, "post-crawford")
		rc, err := NewRecorderAt(r, length, start, nil)
		require.NoError(t, err)
		pick := randPicker(rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1)))
		crawfords := 0
		lastGame := 0
		for i := 0; i < 20_000 && !rc.Match().IsOver(); i++ {
			m := rc.Match()
			if m.IsCrawford() && m.GameNumber() != lastGame {
				crawfords++
			}
			lastGame = m.GameNumber()
			gmStep(t, rc, pick)
		}
		m := rc.Match()
		assert.Equal(t, start, m.Start())
		mw, mb := m.Score()
		assert.GreaterOrEqual(t, mw, w)
		assert.GreaterOrEqual(t, mb, b)
		played := m.GameNumber() - 1
		if m.IsOver() {
			played++
		}
		assert.GreaterOrEqual(t, mw-w+mb-b, played, "every game scores a point or more")
		assert.LessOrEqual(t, crawfords, 1)
		if start.CrawfordDone {
			assert.Zero(t, crawfords, "post-Crawford from the start")
		}

		rec := rc.Record()
		assert.Equal(t, start, rec.Start)
		replayed, err := Replay(rec)
		require.NoError(t, err)
		assert.Equal(t, m, replayed)
		js, err := json.Marshal(rec)
		require.NoError(t, err)
		var back Record
		require.NoError(t, json.Unmarshal(js, &back))
		assert.Equal(t, start, back.Start)
		mj, err := json.Marshal(m)
		require.NoError(t, err)
		var mback Match
		require.NoError(t, json.Unmarshal(mj, &mback), "%s", mj)
		assert.Equal(t, m, mback)
	})
}

// TestRecordStartJSON: a record from 0-0 writes no "start" (records of
// earlier versions read as before); one taken up at a score writes it.
func TestRecordStartJSON(t *testing.T) {
	rc, err := NewRecorder(DefaultRules(Short), 5, nil)
	require.NoError(t, err)
	js, err := json.Marshal(rc.Record())
	require.NoError(t, err)
	assert.NotContains(t, string(js), `"start"`)
	rc, err = NewRecorderAt(DefaultRules(Short), 5, MatchStart{Score: [2]int{4, 3}, CrawfordDone: true}, nil)
	require.NoError(t, err)
	js, err = json.Marshal(rc.Record())
	require.NoError(t, err)
	assert.Contains(t, string(js), `"start":{"score":[4,3],"crawford_done":true}`)
}

// A match to 7 points taken up at 6-4, post-Crawford: the cube turns, and
// White, at 6, needs one game.
func ExampleNewMatchAt() {
	m, err := NewMatchAt(DefaultRules(Short), 7, MatchStart{Score: [2]int{6, 4}, CrawfordDone: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("away:", m.Away(White), "Crawford game:", m.IsCrawford())
	_, err = NewMatchAt(DefaultRules(Short), 7, MatchStart{Score: [2]int{7, 4}})
	fmt.Println(err)
	// Output:
	// away: [1 3] Crawford game: false
	// nardy: invalid rules: start score 7-4: the match to 7 is won
}

// TestMatchAtJSONOver: a finished match whose first game, from a start at
// match point minus one, was the Crawford game reads back only as it is:
// its last game is not a Crawford game, and the Crawford game is played
// (both edits were read as reachable).
func TestMatchAtJSONOver(t *testing.T) {
	m, err := NewMatchAt(DefaultRules(Short), 5, MatchStart{Score: [2]int{4, 0}})
	require.NoError(t, err)
	m = mLose(t, m, White, Oin) // 4-1
	m = mLose(t, m, Black, Oin) // 5-1
	require.True(t, m.IsOver())
	var back Match
	require.NoError(t, json.Unmarshal(editJSON(t, m, func(map[string]any) {}), &back))
	assert.Equal(t, m, back)
	for name, edit := range map[string]func(j map[string]any){
		"the last game the Crawford game": func(j map[string]any) { j["game"].(map[string]any)["crawford"] = true },
		"no Crawford game played":         func(j map[string]any) { delete(j, "crawford_done") },
	} {
		err := json.Unmarshal(editJSON(t, m, edit), &back)
		assert.ErrorIs(t, err, ErrBadRecord, name)
	}
}

// TestNewMatchAtRulesFirst: invalid rules are the error, before the start.
func TestNewMatchAtRulesFirst(t *testing.T) {
	_, err := NewMatchAt(Rules{}, 5, MatchStart{Score: [2]int{9, 0}})
	var re *InvalidRulesError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "variant", re.Option)
}

// TestMatchAtMaxStartScore: a match from the highest start its JSON can
// hold scores past it and reads back (a start at the JSON's own bound
// made a match whose JSON was refused once a game scored).
func TestMatchAtMaxStartScore(t *testing.T) {
	m, err := NewMatchAt(crawfordDraw(), 5, MatchStart{Score: [2]int{MaxStartScore, MaxStartScore}})
	require.NoError(t, err)
	m = mLose(t, m, Black, Koks)
	require.True(t, m.IsOver())
	var back Match
	require.NoError(t, json.Unmarshal(editJSON(t, m, func(map[string]any) {}), &back))
	assert.Equal(t, m, back)
}

// TestAwayLevelAtTheLength_L11: a match that goes on with both players
// level at its length, after a draw (L11: the next game decides), has
// each player 1 away, as the match equity of that game is; Away said 0
// and 0, which HintFor takes for money play (helper-82).
func TestAwayLevelAtTheLength_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	for _, level := range []int{5, 6} {
		m, err := NewMatchAt(r, 5, MatchStart{Score: [2]int{level, level}})
		require.NoError(t, err)
		require.False(t, m.IsOver())
		assert.Equal(t, [2]int{1, 1}, m.Away(White), "%d-%d", level, level)
		assert.Equal(t, [2]int{1, 1}, m.Away(Black), "%d-%d", level, level)
	}
	m, err := NewMatchAt(r, 5, MatchStart{Score: [2]int{4, 2}})
	require.NoError(t, err)
	assert.Equal(t, [2]int{1, 3}, m.Away(White))
}
