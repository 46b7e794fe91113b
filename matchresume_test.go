package nardy

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestResumeMatch_S6: a game set up at a position of a match at 5-6 to 7,
// the Crawford game, resumes as that match: its score, the points each
// needs, the Crawford game (no double), and after it the next game,
// post-Crawford; its JSON reads back.
func TestResumeMatch_S6(t *testing.T) {
	r := DefaultRules(Short)
	start := MatchStart{Score: [2]int{5, 6}}
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	g, err := NewGameAt(r, Setup{Position: pos, Match: true, Crawford: true})
	require.NoError(t, err)
	m, err := ResumeMatch(7, start, g)
	require.NoError(t, err)
	assert.Equal(t, g, m.Game())
	assert.True(t, m.IsCrawford())
	assert.Equal(t, [2]int{2, 1}, m.Away(White))
	assert.Equal(t, start, m.Start())
	_, err = m.Do(Action{Kind: ActDouble, Player: White})
	assert.ErrorIs(t, err, errCubeOff, "no double in the Crawford game")
	b, err := json.Marshal(m)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"resumed":true`)
	var back Match
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, m, back)
	var e map[string]any
	require.NoError(t, json.Unmarshal(b, &e))
	delete(e, "resumed")
	nb, err := json.Marshal(e)
	require.NoError(t, err)
	assert.ErrorIs(t, json.Unmarshal(nb, &back), ErrBadRecord, "a first game without its opening throw, not said to be resumed")

	m = mLose(t, m, White, Oin) // 5-7: black wins the match
	assert.True(t, m.IsOver())
	m, err = ResumeMatch(7, start, g)
	require.NoError(t, err)
	m = mLose(t, m, Black, Oin) // 6-6
	assert.False(t, m.IsCrawford(), "the game after the Crawford game")
	m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{2, 1}})
	m = mDo(t, m, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 13, To: 11, Die: 2}, {From: 6, To: 5, Die: 1}}})
	mDo(t, m, Action{Kind: ActDouble, Player: Black})
}

// TestResumeMatchRefused: a game that does not agree with the match it is
// to resume is refused, with the error of what is wrong.
func TestResumeMatchRefused(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	at := func(s Setup) Game {
		s.Position = pos
		g, err := NewGameAt(r, s)
		require.NoError(t, err)
		return g
	}
	match, crawford, money := at(Setup{Match: true}), at(Setup{Match: true, Crawford: true}), at(Setup{})
	over, err := money.Resign(White, Oin)
	require.NoError(t, err)
	over, err = over.Do(Action{Kind: ActAccept, Player: Black})
	require.NoError(t, err)
	cases := []struct {
		name   string
		length int
		start  MatchStart
		g      Game
		want   error
		option string
	}{
		{"not the Crawford game at 5-6", 7, MatchStart{Score: [2]int{5, 6}}, match, ErrInvalidRules, "start"},
		{"the Crawford game at 3-3", 7, MatchStart{Score: [2]int{3, 3}}, crawford, ErrInvalidRules, "start"},
		{"the Crawford game after it", 7, MatchStart{Score: [2]int{5, 6}, CrawfordDone: true}, crawford, ErrInvalidRules, "start"},
		{"money in a match", 7, MatchStart{}, money, ErrInvalidRules, "length"},
		{"a match game as money", 0, MatchStart{}, match, ErrInvalidRules, "length"},
		{"negative length", -1, MatchStart{}, match, ErrInvalidRules, "length"},
		{"a won start", 7, MatchStart{Score: [2]int{7, 2}}, match, ErrInvalidRules, "start"},
		{"a game over", 0, MatchStart{}, over, ErrGameOver, ""},
		{"the zero Game", 7, MatchStart{}, Game{}, ErrInvalidPosition, ""},
	}
	for _, c := range cases {
		m, err := ResumeMatch(c.length, c.start, c.g)
		require.ErrorIs(t, err, c.want, c.name)
		assert.Equal(t, Match{}, m, c.name)
		var re *InvalidRulesError
		if c.option != "" && assert.ErrorAs(t, err, &re, c.name) {
			assert.Equal(t, c.option, re.Option, c.name)
		}
	}
}

// TestResumeMatchProperties: a match's first game, taken at any point of a
// random match from any start and resumed, is the same match but for
// being resumed, and the same actions take both to the same states to the
// end.
func TestResumeMatchProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, length, start, pick := drawMatchStart(t)
		rc, err := NewRecorderAt(r, length, start, nil)
		require.NoError(t, err)
		steps := rapid.IntRange(0, 300).Draw(t, "steps")
		for i := 0; i < steps && rc.Match().GameNumber() == 1 && !rc.Match().IsOver(); i++ {
			gmStep(t, rc, pick)
		}
		m := rc.Match()
		if m.GameNumber() != 1 || m.IsOver() {
			return
		}
		res, err := ResumeMatch(length, start, m.Game())
		require.NoError(t, err)
		want := m
		want.resumed = true
		require.Equal(t, want, res)
		for i := 0; i < 20_000 && !m.IsOver(); i++ {
			a := gmChoose(m.Game(), pick)
			n, err := m.Do(a)
			if err != nil {
				continue // refused dice: the driver never throws them
			}
			res, err = res.Do(a)
			require.NoError(t, err)
			m = n
			want = m
			want.resumed = true
			require.Equal(t, want, res)
		}
		b, err := json.Marshal(res)
		require.NoError(t, err)
		var back Match
		require.NoError(t, json.Unmarshal(b, &back), "%s", b)
		assert.Equal(t, res, back)
	})
}

// drawMatchStart draws the rules (short, long, or long with L11's draw
// and the Crawford rule), a match length (0: money play) and a start
// below it, and a random driver for the match's actions.
func drawMatchStart(t *rapid.T) (Rules, int, MatchStart, picker) {
	r := rapid.SampledFrom([]Rules{DefaultRules(Short), DefaultRules(Long), crawfordDraw()}).Draw(t, "rules")
	length := rapid.IntRange(0, 7).Draw(t, "length")
	var start MatchStart
	if length > 0 {
		start.Score = [2]int{rapid.IntRange(0, length-1).Draw(t, "white"), rapid.IntRange(0, length-1).Draw(t, "black")}
	}
	return r, length, start, randPicker(rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3)))
}
