package nardy

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestResumeRecorderJSON_C2: a record of a match resumed at a position
// keeps the setup, in the JSON written here by hand; its first action is
// a roll, not an opening throw (C2), and it replays to the recorder's
// match.
func TestResumeRecorderJSON_C2(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := ParsePosition("short b 0200000000000000000000000d/0200000000000000000000000d")
	require.NoError(t, err)
	s := Setup{Position: pos, Cube: Cube{Value: 2, Owned: true, Owner: White}, Starter: White, Match: true}
	rc, err := ResumeRecorder(r, 5, MatchStart{Score: [2]int{1, 2}}, s, nil)
	require.NoError(t, err)
	w, b := rc.Match().Score()
	assert.Equal(t, [2]int{1, 2}, [2]int{w, b})
	assert.Equal(t, PhaseRoll, rc.Match().Game().Phase())
	require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 6}}))
	require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 2, To: 0, Die: 6}, {From: 2, To: 0, Die: 6}}}))
	assert.Equal(t, 2, rc.Match().GameNumber())
	assert.True(t, rc.Match().IsCrawford(), "black at 4 of 5")
	w, b = rc.Match().Score()
	assert.Equal(t, [2]int{1, 4}, [2]int{w, b}, "a single game at cube 2")

	rec := rc.Record()
	js, err := json.Marshal(rec)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(js, &got))
	var want map[string]any
	require.NoError(t, json.Unmarshal([]byte(`{
		"position": "short b 0200000000000000000000000d/0200000000000000000000000d",
		"cube": {"value": 2, "owned": true, "owner": "white"},
		"starter": "white",
		"match": true}`), &want))
	assert.Equal(t, want, got["setup"])
	assert.Equal(t, "roll", got["actions"].([]any)[0].(map[string]any)["kind"])

	var back Record
	require.NoError(t, json.Unmarshal(js, &back))
	assert.Equal(t, rec, back)
	m, err := Replay(back)
	require.NoError(t, err)
	assert.Equal(t, rc.Match(), m)

	rec.Setup.Position = pos.Pass() // the copy is the caller's
	assert.Equal(t, pos, rc.Record().Setup.Position)
}

// TestResumeRecorderRefused: a setup NewGameAt or ResumeMatch refuses is
// refused by ResumeRecorder with their error, and by Replay as the
// record's error at index -1.
func TestResumeRecorderRefused(t *testing.T) {
	short := DefaultRules(Short)
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	long, err := StartPosition(Long, White)
	require.NoError(t, err)
	bad := short
	bad.MaxCube = 3
	cases := []struct {
		name   string
		r      Rules
		length int
		start  MatchStart
		s      Setup
		want   error
	}{
		{"a position of the other variant", short, 0, MatchStart{}, Setup{Position: long}, ErrVariantMismatch},
		{"no position", short, 0, MatchStart{}, Setup{}, ErrInvalidPosition},
		{"a money game in a match", short, 5, MatchStart{}, Setup{Position: pos}, ErrInvalidRules},
		{"not the Crawford game at 3-4 to 5", short, 5, MatchStart{Score: [2]int{3, 4}}, Setup{Position: pos, Match: true}, ErrInvalidRules},
		{"a cube centred at 2", short, 0, MatchStart{}, Setup{Position: pos, Cube: Cube{Value: 2}}, ErrInvalidPosition},
		{"negative length", short, -1, MatchStart{}, Setup{Position: pos, Match: true}, ErrInvalidRules},
		{"invalid rules, said first", bad, 0, MatchStart{}, Setup{}, ErrInvalidRules},
		{"a centred cube's owner no colour", short, 0, MatchStart{}, Setup{Position: pos, Cube: Cube{Value: 1, Owner: Color(7)}}, ErrInvalidPosition},
		{"match play in money play", short, 0, MatchStart{}, Setup{Position: pos, Match: true}, ErrInvalidRules},
	}
	for _, c := range cases {
		rc, err := ResumeRecorder(c.r, c.length, c.start, c.s, nil)
		assert.ErrorIs(t, err, c.want, c.name)
		assert.Nil(t, rc, c.name)
		s := c.s
		_, err = Replay(Record{Rules: c.r, Length: c.length, Start: c.start, Setup: &s})
		assert.ErrorIs(t, err, c.want, c.name)
		assert.ErrorIs(t, err, ErrBadRecord, c.name)
		var re *RecordError
		if assert.ErrorAs(t, err, &re, c.name) {
			assert.Equal(t, -1, re.Index, c.name)
		}
	}
	_, err = Replay(Record{Rules: short, Setup: &Setup{Position: long}})
	assert.ErrorContains(t, err, "nardy: bad record: setup: wrong variant", "the setup named")
	_, err = ResumeRecorder(short, 1, MatchStart{}, Setup{Position: pos, Match: true, Crawford: true}, nil)
	assert.ErrorContains(t, err, "Crawford game of a 1-point match, which has none")
	_, err = ResumeRecorder(short, 7, MatchStart{Score: [2]int{5, 6}, CrawfordDone: true}, Setup{Position: pos, Match: true, Crawford: true}, nil)
	assert.ErrorContains(t, err, "the start says was played (CrawfordDone)")
	_, err = Replay(Record{Rules: short, Setup: &Setup{Position: pos}, Actions: []Action{{Kind: ActOpening, Dice: [2]int{3, 1}}}})
	assert.ErrorIs(t, err, ErrWrongPhase, "no opening throw in a game set up at a position (C2)")
}

// TestResumeRecorderSeed: with a seed, the record's dice from the first
// roll on must be the seed's throws.
func TestResumeRecorderSeed(t *testing.T) {
	r := DefaultRules(Long)
	pos, err := StartPosition(Long, Black)
	require.NoError(t, err)
	seed := uint64(42)
	rc, err := ResumeRecorder(r, 0, MatchStart{}, Setup{Position: pos, Starter: Black}, &seed)
	require.NoError(t, err)
	src := NewSeededDice(seed)
	require.NoError(t, rc.Roll(src))
	rec := rc.Record()
	_, err = Replay(rec)
	require.NoError(t, err)
	d := rec.Actions[0].Dice
	rec.Actions[0].Dice = [2]int{d[0]%6 + 1, d[1]%6 + 1}
	if rec.Actions[0].Dice[0] == rec.Actions[0].Dice[1] { // keep a mixed roll (long nardy's start allows both)
		rec.Actions[0].Dice[1] = rec.Actions[0].Dice[1]%6 + 1
	}
	_, err = Replay(rec)
	assert.ErrorIs(t, err, errDiceMismatch)

	// A double first: the seed's first throw is the roll after it.
	short, err := StartPosition(Short, Black)
	require.NoError(t, err)
	rc, err = ResumeRecorder(DefaultRules(Short), 0, MatchStart{}, Setup{Position: short}, &seed)
	require.NoError(t, err)
	require.NoError(t, rc.Do(Action{Kind: ActDouble, Player: Black}))
	require.NoError(t, rc.Do(Action{Kind: ActTake, Player: White}))
	require.NoError(t, rc.Roll(NewSeededDice(seed)))
	rec = rc.Record()
	_, err = Replay(rec)
	require.NoError(t, err)
	rec.Actions[2].Dice = [2]int{d[0]%6 + 1, d[1]%6 + 1}
	_, err = Replay(rec)
	assert.ErrorIs(t, err, errDiceMismatch)
}

// TestResumeRecorderProperties: the first game of a random match, taken at
// a roll and set up again at its position, cube and starter, is recorded
// from there: the record reads back from JSON and replays to the
// recorder's match, and the same actions end the set-up match with the
// original's score.
func TestResumeRecorderProperties(t *testing.T) {
	resumed, runs := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		runs++
		r, length, start, pick := drawMatchStart(t)
		orig, err := NewRecorderAt(r, length, start, nil)
		require.NoError(t, err)
		steps := rapid.IntRange(1, 300).Draw(t, "steps")
		for i := 0; (i < steps || orig.Match().Game().Phase() != PhaseRoll) && orig.Match().GameNumber() == 1 &&
			!orig.Match().IsOver(); i++ {
			gmStep(t, orig, pick)
		}
		m := orig.Match()
		g := m.Game()
		if m.GameNumber() != 1 || g.Phase() != PhaseRoll || g.Position().IsOver() {
			return // a setup is a game about to roll
		}
		resumed++
		starter, _ := g.Starter()
		s := Setup{Position: g.Position(), Cube: g.Cube(), Starter: starter, Match: length > 0, Crawford: g.IsCrawford()}
		rc, err := ResumeRecorder(r, length, start, s, nil)
		require.NoError(t, err)
		for i := 0; i < 20_000 && !m.IsOver(); i++ {
			a := gmChoose(m.Game(), pick)
			n, err := m.Do(a)
			if err != nil {
				continue // refused dice: the driver never throws them
			}
			require.NoError(t, rc.Do(a), "%v", a)
			m = n
		}
		require.True(t, m.IsOver())
		mw, mb := m.Score()
		rw, rb := rc.Match().Score()
		assert.Equal(t, [2]int{mw, mb}, [2]int{rw, rb})
		assert.True(t, rc.Match().IsOver())
		b, err := json.Marshal(rc.Record())
		require.NoError(t, err)
		var back Record
		require.NoError(t, json.Unmarshal(b, &back), "%s", b)
		b2, err := json.Marshal(back)
		require.NoError(t, err)
		assert.Equal(t, string(b), string(b2), "the JSON reads back (a step's Hit is not written)")
		got, err := Replay(back)
		require.NoError(t, err)
		assert.Equal(t, rc.Match(), got)
	})
	assert.Greater(t, resumed, runs/3, "most runs set a game up")
}
