package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/variants"
	"github.com/nardylab/nardy/xgid"
)

// runHint runs nardy hint with args.
func runHint(args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(append([]string{"hint"}, args...), strings.NewReader(""), &out, &errOut)
	return status, out.String(), errOut.String()
}

// TestHint: nardy hint says who acts and how, at which score, and gives
// the advice analysis.HintFor gives for the game xgid.ID.Game or
// gnubg.Game builds, with the best -top plays, the cube decision where
// there is one, and the chances.
func TestHint(t *testing.T) {
	for _, c := range []struct {
		args   []string
		head   string
		plays  int
		cube   bool
		length int
	}{
		{[]string{"-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "-ply", "0"},
			"white to play 5-2 (money play, cube centred), 0-ply", 5, false, 0},
		{[]string{"-xgid", " xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10 ", "-ply", "0", "-top", "2"},
			"white to play 5-2 (money play, cube centred), 0-ply", 2, false, 0},
		{[]string{"-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:2:3:0:9:10", "-ply", "0"},
			"white to answer a double to 2 (a 9-point match, white 7-away, black 6-away, cube centred), 0-ply", 0, true, 9},
		{[]string{"-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10", "-ply", "0"},
			"white to roll (a 5-point match, white 1-away, black 3-away, the Crawford game, cube centred), 0-ply", 0, false, 5},
		{[]string{"-gnubg", "gnubg ID: 4HPwATDgc/ABMA:cAkAAAAAAAAA", "-ply", "0"},
			"black to roll or double (money play, cube centred), 0-ply", 0, true, 0},
		{[]string{"-gnubg", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "-preset", "short-tavla", "-ply", "0"},
			"black to roll (money play), 0-ply", 0, false, 0},
	} {
		status, out, errOut := runHint(c.args...)
		require.Equal(t, 0, status, "%v: %s", c.args, errOut)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		assert.True(t, strings.HasSuffix(lines[0], ": "+c.head), "%v: %q", c.args, lines[0])

		// The library's hint of the same game.
		var want analysis.Hint
		if c.args[0] == "-xgid" {
			x, err := xgid.Parse(strings.TrimSpace(c.args[1])[5:])
			require.NoError(t, err)
			g, err := x.Game()
			require.NoError(t, err)
			who, _ := g.ToAct()
			var away [2]int
			if x.MatchLength > 0 {
				away = [2]int{x.MatchLength - x.Score[who], x.MatchLength - x.Score[who.Other()]}
			}
			want, err = analysis.HintFor(g, away, analysis.Options{})
			require.NoError(t, err)
		} else {
			preset := "short-standard"
			if len(c.args) > 3 && c.args[2] == "-preset" {
				preset = c.args[3]
			}
			p, err := variants.Lookup(preset)
			require.NoError(t, err)
			ids := strings.Split(strings.TrimPrefix(c.args[1], "gnubg ID: "), ":")
			g, err := gnubg.Game(p.Rules, ids[0], ids[1])
			require.NoError(t, err)
			want, err = analysis.HintFor(g, [2]int{}, analysis.Options{})
			require.NoError(t, err)
		}
		assert.Equal(t, "advice: "+want.Advice, lines[1], "%v", c.args)
		numbered := 0
		for i, p := range want.Plays[:min(c.plays, len(want.Plays))] {
			numbered++
			assert.True(t, strings.HasPrefix(lines[2+i], fmt.Sprintf("%2d. %-24s equity %+.3f", i+1, p.Text, p.Equity)), "%v: %q", c.args, lines[2+i])
		}
		assert.Equal(t, c.plays, numbered, "%v", c.args)
		assert.Equal(t, c.cube, strings.Contains(out, "proper cube action:"), "%v", c.args)
		assert.Equal(t, c.cube && c.length > 0, strings.Contains(out, "match-winning chance"), "%v", c.args)
		assert.True(t, strings.HasPrefix(lines[len(lines)-1], want.Player.String()+"'s chances: cubeless equity "), "%v: %q", c.args, lines[len(lines)-1])
	}
}

// TestHintPassed: dice without a legal play (white on the bar against a
// closed board) passed at once, and hint says so before the other
// player's turn (it said nothing of the roll).
func TestHintPassed(t *testing.T) {
	status, out, errOut := runHint("-xgid", "------N-----------cbbbbbbA:0:0:1:52:0:0:0:0:10", "-ply", "0")
	require.Equal(t, 0, status, errOut)
	lines := strings.Split(out, "\n")
	assert.Equal(t, "white rolled 5-2, which has no legal play: it passed (C5)", lines[0])
	assert.Contains(t, lines[1], ": black to roll or double (money play, cube centred)")
}

// TestHintRefuses: a command line hint cannot answer exits with 2 and
// says why: no game or two, an XGID or IDs that do not parse, a finished
// position, -preset with an XGID or of long nardy, -ply and -top out of
// range.
func TestHintRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{nil, "give the game as one of -xgid or -gnubg"},
		{[]string{"-xgid", "x", "-gnubg", "y"}, "give the game as one of -xgid or -gnubg"},
		{[]string{"-xgid", ""}, "XGID"},
		{[]string{"-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0"}, "XGID"},
		{[]string{"-xgid", "XGID=-------------------cccbbb-:0:0:-1:00:0:0:0:0:10"}, "borne off every checker"},
		{[]string{"-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "-preset", "short-tavla"}, "-preset is for -gnubg"},
		{[]string{"-gnubg", "4HPwATDgc/ABMA"}, "want POSITIONID:MATCHID"},
		{[]string{"-gnubg", "4HPwATDgc/ABMA:nonsense"}, "Match ID"},
		{[]string{"-gnubg", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "-preset", "long-moscow"}, "want a short-nardy preset"},
		{[]string{"-gnubg", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "-ply", "3"}, "-ply 3 not in 0..2"},
		{[]string{"-gnubg", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "-top", "0"}, "-top 0 not in"},
		{[]string{"-gnubg", "4HPwATDgc/ABMA:MAGgAFAAEAAE"}, "the match is won: 5-2"},
		{[]string{"-gnubg", "4HPwATDgc/ABMA:EREAAAAAAAAA"}, "beavers are not allowed"},
	} {
		status, out, errOut := runHint(c.args...)
		assert.Equal(t, 2, status, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.True(t, strings.HasPrefix(errOut, "nardy hint: "), "%v: %q", c.args, errOut)
		assert.Contains(t, errOut, c.msg, "%v", c.args)
	}
	status, out, _ := runHint("-h")
	assert.Equal(t, 0, status)
	assert.True(t, strings.HasPrefix(out, "usage: nardy hint"), out)
}

// TestHintBeavered: an XGID of a beaver awaiting the doubler's answer
// ("B") is hinted as that: the doubler's take or drop of the beaver and
// what each is worth, not the verdict on the double it made (helper-89:
// "advice: take" beside "proper cube action: no double, beaver"). Near
// an even game, taking the beaver costs far less than the 2 a drop loses.
func TestHintBeavered(t *testing.T) {
	code, out, errOut := runCmd("hint", "-xgid", "XGID=-b----E-C---eE---c-e-A-A--:0:0:-1:B:0:0:3:0:6")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "black to answer a beaver to 4 (money play, cube 2 white's)")
	assert.Contains(t, out, "\nadvice: take\n")
	assert.Regexp(t, `\nthe beaver, for black \(the doubler\): take -0\.\d{3}, drop -2\.000 \(per cube before the double\)\n`, out)
	assert.NotContains(t, out, "proper cube action")
}

// TestHintPastTheTable: an XGID of a match longer than the match equity
// table (64-away) is hinted, saying it is judged as 64-away at most
// (helper-87: a 1000-point match was judged without a word).
func TestHintPastTheTable(t *testing.T) {
	code, out, errOut := runCmd("hint", "-xgid", "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:1000:10")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "a 1000-point match, white 1000-away, black 1000-away (judged as 64-away at most: the match equity table stops there)")
	code, out, errOut = runCmd("hint", "-xgid", "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:64:10")
	require.Equal(t, 0, code, errOut)
	assert.NotContains(t, out, "judged as")
}

// TestHintHeaderGivesTheHintsPly: a play hint with one legal play is not
// searched deeper (the last checker borne off with 6-5: 6/off and 6/1/off
// end alike, one play), so the header says 0-ply whatever -ply asks, as
// the play's own line does (it said the -ply asked).
func TestHintHeaderGivesTheHintsPly(t *testing.T) {
	status, out, errOut := runHint("-xgid", "XGID=------A-----o-------------:0:0:1:65:0:0:0:0:10", "-ply", "2")
	require.Equal(t, 0, status, errOut)
	lines := strings.Split(out, "\n")
	assert.True(t, strings.HasSuffix(lines[0], ": white to play 6-5 (money play, cube centred), 0-ply"), lines[0])
	assert.True(t, strings.HasPrefix(lines[2], " 1. 6/off "), lines[2])
	assert.Contains(t, lines[2], "at 0-ply")
}
