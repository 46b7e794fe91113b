package gnubg_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// atScore plays a match to 5 from start between greedy players (random
// ones from seed 250: after the Crawford game a greedy trailer doubles at
// once), with the first seed from 1 whose first game holds a double when
// double is true, and none when false.
func atScore(t *testing.T, start nardy.MatchStart, double bool) nardy.Record {
	t.Helper()
	r := nardy.DefaultRules(nardy.Short)
	for seed := uint64(1); seed < 500; seed++ {
		// Greedy players, then random ones: after the Crawford game a
		// greedy trailer doubles at once.
		var white, black bot.Player = bot.NewGreedy(), bot.NewGreedy()
		if seed >= 250 {
			white, black = bot.NewRandom(seed), bot.NewRandom(seed+1)
		}
		_, rec, err := bot.PlayMatchAt(r, 5, start, white, black, nardy.NewSeededDice(seed))
		require.NoError(t, err)
		m, err := nardy.NewMatchAt(r, 5, start)
		require.NoError(t, err)
		doubled := false
		for _, a := range rec.Actions {
			doubled = doubled || (m.GameNumber() == 1 && a.Kind == nardy.ActDouble)
			m, err = m.Do(a)
			require.NoError(t, err)
		}
		if doubled == double {
			return rec
		}
	}
	t.Fatalf("no match from %v with a double in its first game %v", start, double)
	return nardy.Record{}
}

// TestMatAtScore: a match taken up at a score (nardy.NewMatchAt) is
// written with the start as its first game's score line, and read back
// with the same start: its first game at match point minus one is the
// Crawford game (S6), unless the CrawfordDone tag, which WriteMat writes
// for such a start, says it was played. Without the tag, a double in that
// game says so too (the Crawford game has none).
func TestMatAtScore(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	cases := []struct {
		start  nardy.MatchStart
		double bool
	}{
		{nardy.MatchStart{Score: [2]int{3, 1}}, true},
		{nardy.MatchStart{Score: [2]int{4, 2}}, false},
		{nardy.MatchStart{Score: [2]int{2, 4}, CrawfordDone: true}, false},
		{nardy.MatchStart{Score: [2]int{4, 3}, CrawfordDone: true}, true},
	}
	for _, c := range cases {
		rec := atScore(t, c.start, c.double)
		var buf bytes.Buffer
		require.NoError(t, gnubg.WriteMat(&buf, rec, gnubg.MatInfo{}))
		text := buf.String()
		w, b := c.start.Score[0], c.start.Score[1]
		assert.Regexp(t, `Game 1\n White : `+string(rune('0'+w))+` +Black : `+string(rune('0'+b))+`\n`, text)
		assert.Equal(t, c.start.CrawfordDone, strings.Contains(text, `; [CrawfordDone "On"]`), "%v", c.start)
		read, _, err := gnubg.ReadMat(strings.NewReader(text), r)
		require.NoError(t, err, "%v:\n%s", c.start, text)
		assert.Equal(t, c.start, read.Start)
		sameMatch(t, rec, read)
		var again bytes.Buffer
		require.NoError(t, gnubg.WriteMat(&again, read, gnubg.MatInfo{}))
		assert.Equal(t, text, again.String(), "written again")

		// Without the tag: the double in the first game says the
		// Crawford game was played; without a double, it is the Crawford game.
		bare := strings.Replace(text, "; [CrawfordDone \"On\"]\n", "", 1)
		read, _, err = gnubg.ReadMat(strings.NewReader(bare), r)
		require.NoError(t, err, "%v:\n%s", c.start, bare)
		want := c.start
		want.CrawfordDone = c.start.CrawfordDone && c.double
		assert.Equal(t, want, read.Start, "%v without the tag", c.start)
		sameMatch(t, rec, read)
	}
}

// sameMatch: the records replay to matches with the same score, games and
// last result (a .mat file keeps no equal opening throw).
func sameMatch(t *testing.T, want, got nardy.Record) {
	t.Helper()
	wm, err := nardy.Replay(want)
	require.NoError(t, err)
	gm, err := nardy.Replay(got)
	require.NoError(t, err)
	ww, wb := wm.Score()
	gw, gb := gm.Score()
	assert.Equal(t, [2]int{ww, wb}, [2]int{gw, gb})
	assert.Equal(t, wm.GameNumber(), gm.GameNumber())
	wr, _ := wm.LastResult()
	gr, _ := gm.LastResult()
	assert.Equal(t, wr, gr)
}

// TestMatAtScoreRefused: a first game at a score no match can be at is an
// error matching ErrMat and ErrInvalidRules; WriteMat refuses a
// CrawfordDone tag that says otherwise than the record's start.
func TestMatAtScoreRefused(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	for _, score := range []string{"5", "7"} {
		text := " 5 point match\n\n Game 1\n White : " + score + "                      Black : 2\n  1)                             21: 13/11 24/23\n"
		_, _, err := gnubg.ReadMat(strings.NewReader(text), r)
		assert.ErrorIs(t, err, gnubg.ErrMat, score)
		assert.ErrorIs(t, err, nardy.ErrInvalidRules, score)
		var re *nardy.InvalidRulesError
		assert.True(t, errors.As(err, &re) && re.Option == "start", "%v", err)
		var me *gnubg.MatError
		require.ErrorAs(t, err, &me)
		assert.Equal(t, 4, me.Line, "the score line (it named the game's end)")
	}
	text := "; [CrawfordDone \"On\"]\n 5 point match\n\n Game 1\n White : 1                      Black : 2\n"
	_, _, err := gnubg.ReadMat(strings.NewReader(text), r)
	assert.ErrorIs(t, err, nardy.ErrInvalidRules, "the Crawford game played before a player reached 4")

	// At 4-4 the first game is no Crawford game: a double there says
	// nothing, and the file reads back as it was written, without the tag.
	rc, err := nardy.NewRecorderAt(r, 5, nardy.MatchStart{Score: [2]int{4, 4}}, nil)
	require.NoError(t, err)
	for _, a := range []nardy.Action{{Kind: nardy.ActOpening, Dice: [2]int{2, 1}},
		{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 13, To: 11, Die: 2}, {From: 6, To: 5, Die: 1}}},
		{Kind: nardy.ActDouble, Player: nardy.Black}, {Kind: nardy.ActDrop, Player: nardy.White}} {
		require.NoError(t, rc.Do(a))
	}
	var buf bytes.Buffer
	require.NoError(t, gnubg.WriteMat(&buf, rc.Record(), gnubg.MatInfo{}))
	read, _, err := gnubg.ReadMat(bytes.NewReader(buf.Bytes()), r)
	require.NoError(t, err)
	assert.Equal(t, nardy.MatchStart{Score: [2]int{4, 4}}, read.Start)

	rec := atScore(t, nardy.MatchStart{Score: [2]int{4, 2}}, false)
	err = gnubg.WriteMat(&bytes.Buffer{}, rec, gnubg.MatInfo{Tags: []gnubg.MatTag{{Key: "CrawfordDone", Value: "On"}}})
	assert.ErrorIs(t, err, gnubg.ErrMat)
	rec.Start.CrawfordDone = true
	err = gnubg.WriteMat(&bytes.Buffer{}, rec, gnubg.MatInfo{Tags: []gnubg.MatTag{{Key: "CrawfordDone", Value: "Off"}}})
	assert.ErrorIs(t, err, gnubg.ErrMat)
}

// TestMatAtScoreNames: when the first name and score fill gnubg's 32
// columns, a second name starting with digits runs on from the score; in
// a match's first game, whose score is its start, the digits a start can
// be (below the length, no leading zero) are the score (42pac read as
// start 42, refused as won).
func TestMatAtScoreNames(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	first := strings.Repeat("a", 27)
	for _, c := range []struct {
		line  string
		start [2]int
		name  string
	}{
		{" " + first + " : 42pac : 0", [2]int{4, 0}, "2pac"},
		{" " + first + " : 02pac : 3", [2]int{0, 3}, "2pac"},
		{" " + first + " : 3 bob : 1", [2]int{3, 1}, "bob"},
	} {
		text := " 5 point match\n\n Game 1\n" + c.line + "\n"
		rec, info, err := gnubg.ReadMat(strings.NewReader(text), r)
		require.NoError(t, err, c.line)
		assert.Equal(t, c.start, rec.Start.Score, c.line)
		assert.Equal(t, [2]string{first, c.name}, info.Players, c.line)
	}
}
