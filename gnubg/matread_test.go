package gnubg

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatReadGnubgLongName reads testdata/mat/gnubg-longname.mat, a 3-point
// match GNU Backgammon 1.07 exported after importing one of ours whose
// first player has a name of 27 bytes: where " name : score" fills 32
// columns gnubg writes no space between the first score and the second
// name (" nnn… : 0ZZ : 0"). It reads as the same match as our own layout
// of it, and so it does with a second name that starts with digits, which
// then run on from the score (" nnn… : 042ZZ : 0", as gnubg writes it).
func TestMatReadGnubgLongName(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-longname.mat"))
	require.NoError(t, err)
	require.Contains(t, string(data), " : 0ZZ : 0", "gnubg's layout")
	r := nardy.DefaultRules(nardy.Short)
	rec, info, err := ReadMat(bytes.NewReader(data), r)
	require.NoError(t, err)
	assert.Equal(t, [2]string{strings.Repeat("n", 27), "ZZ"}, info.Players)
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	assert.True(t, m.IsOver())

	var ours bytes.Buffer
	require.NoError(t, WriteMat(&ours, rec, info))
	require.Contains(t, ours.String(), " : 0 ZZ : 0", "our layout")
	again, info2, err := ReadMat(bytes.NewReader(ours.Bytes()), r)
	require.NoError(t, err)
	assert.Equal(t, info, info2)
	assert.Equal(t, rec, again)

	digits := strings.ReplaceAll(string(data), "ZZ : ", "42ZZ : ")
	require.Contains(t, digits, " : 042ZZ : 0")
	back, info3, err := ReadMat(strings.NewReader(digits), r)
	require.NoError(t, err)
	assert.Equal(t, [2]string{strings.Repeat("n", 27), "42ZZ"}, info3.Players)
	assert.Equal(t, rec, back)
}

// TestMatRerollResignBeforeRoll: under a re-rolled opening (C2) the
// starter may resign before its first roll. WriteMat refuses such a game,
// which gnubg imports as unfinished (a game of no moves, helper-86); a
// file made so, with only the Wins line, reads as that resignation.
func TestMatRerollResignBeforeRoll(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.OpeningRoll = nardy.Reroll
	for _, c := range []struct {
		dice     [2]int
		resigner nardy.Color
	}{{[2]int{5, 3}, nardy.White}, {[2]int{2, 6}, nardy.Black}} {
		rec := nardy.Record{Rules: r, Actions: []nardy.Action{
			{Kind: nardy.ActOpening, Dice: c.dice},
			{Kind: nardy.ActResign, Player: c.resigner, Resign: nardy.Oin},
			{Kind: nardy.ActAccept, Player: c.resigner.Other()},
		}}
		_, err := nardy.Replay(rec)
		require.NoError(t, err)
		err = WriteMat(&bytes.Buffer{}, rec, MatInfo{})
		assert.ErrorIs(t, err, ErrMat, "%v", c)
		assert.ErrorContains(t, err, "before its first roll", "%v", c)
	}
	file := "; [OpeningRoll \"reroll\"]\n\n 0 point match\n\n Game 1\n White : 0                      Black : 0\n" +
		"                                  Wins 1 point\n\n"
	read, _, err := ReadMat(strings.NewReader(file), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	m, err := nardy.Replay(read)
	require.NoError(t, err)
	res, ok := m.Game().Result()
	require.True(t, ok)
	assert.Equal(t, nardy.Black, res.Winner)
	assert.Equal(t, nardy.Resigned, res.End)
	assert.Equal(t, 1, res.Points)
}

// TestMatReadWinsInRollCell: where a player rolls and the other resigns,
// GNU Backgammon's export writes the roll and the roller's win in one cell
// ("54:  Wins 1 point"), this package on a line of its own under the
// roller's column. Both read as the same match, in either column.
func TestMatReadWinsInRollCell(t *testing.T) {
	own := regexp.MustCompile(`(?m)^( *\d+\) .*\b[1-6][1-6]:) *\n( +)(Wins \d+ points?)$`)
	r := nardy.DefaultRules(nardy.Short)
	joined := [2]int{}
	for seed := range uint64(200) {
		var buf bytes.Buffer
		require.NoError(t, WriteMat(&buf, testgen.RandomMatch(t, seed), MatInfo{}))
		text := buf.String()
		gnubgs := own.ReplaceAllStringFunc(text, func(s string) string {
			m := own.FindStringSubmatch(s)
			right := len(m[2]) >= matRightColumn
			if right != (len(m[1]) > matRightColumn) {
				return s // the Wins is not under the roll
			}
			joined[b2i(right)]++
			return m[1] + "  " + m[3]
		})
		if gnubgs == text {
			continue
		}
		want, _, err := ReadMat(strings.NewReader(text), r)
		require.NoError(t, err)
		got, _, err := ReadMat(strings.NewReader(gnubgs), r)
		require.NoError(t, err, "seed %d:\n%s", seed, gnubgs)
		assert.Equal(t, want, got, "seed %d", seed)
	}
	assert.Positive(t, joined[0], "a roll and a win in the left column")
	assert.Positive(t, joined[1], "a roll and a win in the right column")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestMatReadMoneySession reads testdata/mat/gnubg-money-session.mat, a
// money session of four games GNU Backgammon 1.07 played against itself
// and exported (set seed 106, both players at 0-ply, new session and three
// new games, export match mat): ReadMatSession gives a record a game, each
// ended with the points of its "Wins" line (2, 16, 4 and 2: the score
// lines say 0-2, 16-2 and 20-2 before games 2 to 4); ReadMat refuses the
// session, and a score line that does not agree with the games so far is
// an error.
func TestMatReadMoneySession(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-money-session.mat"))
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	recs, info, err := ReadMatSession(bytes.NewReader(data), r)
	require.NoError(t, err)
	assert.Equal(t, [2]string{"gnubg", "root"}, info.Players)
	require.Len(t, recs, 4)
	want := []struct {
		winner nardy.Color
		points int
	}{{nardy.Black, 2}, {nardy.White, 16}, {nardy.White, 4}, {nardy.Black, 2}}
	for i, rec := range recs {
		assert.Zero(t, rec.Length)
		m, err := nardy.Replay(rec)
		require.NoError(t, err)
		require.True(t, m.IsOver(), "game %d", i+1)
		res, _ := m.LastResult()
		assert.Equal(t, want[i].winner, res.Winner, "game %d", i+1)
		assert.Equal(t, want[i].points, res.Points, "game %d", i+1)
	}

	_, _, err = ReadMat(bytes.NewReader(data), r)
	assert.ErrorIs(t, err, ErrMat)
	assert.ErrorContains(t, err, "money session")
	bad := strings.Replace(string(data), " gnubg : 16                     root : 2", " gnubg : 16                     root : 3", 1)
	require.NotEqual(t, string(data), bad)
	_, _, err = ReadMatSession(strings.NewReader(bad), r)
	var me *MatError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, 88, me.Line)

	// A match is one record, as ReadMat reads it.
	match, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-5p.mat"))
	require.NoError(t, err)
	one, _, err := ReadMat(bytes.NewReader(match), r)
	require.NoError(t, err)
	recs, _, err = ReadMatSession(bytes.NewReader(match), r)
	require.NoError(t, err)
	assert.Equal(t, []nardy.Record{one}, recs)
}

// TestMatReadBeaver_S6: GNU Backgammon 1.07 writes a beaver in the taker's
// column as "Beavers => 4" (testdata/mat/gnubg-beaver.mat: a money game
// exported by gnubg after a human's beaver of a double to 2, set beavers 3,
// then played out; White wins 4 points). Under rules with beavers it reads
// as the beaver: the cube at 4, owned by the beaverer, the doubler on roll
// (it was an unknown cell: helper-76); without beavers the file is of
// other rules.
func TestMatReadBeaver_S6(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-beaver.mat"))
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	recs, _, err := ReadMatSession(bytes.NewReader(data), r)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	beavers, takes := 0, 0
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	for _, a := range recs[0].Actions {
		g, err = g.Do(a)
		require.NoError(t, err)
		if a.Kind == nardy.ActBeaver {
			beavers++
			assert.Equal(t, nardy.Black, a.Player)
			assert.Equal(t, nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}, g.Cube())
			who, _ := g.ToAct()
			assert.Equal(t, nardy.White, who, "the doubler answers")
		}
		if a.Kind == nardy.ActTake && a.Player == nardy.White {
			takes++
			assert.Equal(t, nardy.Cube{Value: 4, Owned: true, Owner: nardy.Black}, g.Cube(), "the beaver's cube")
		}
	}
	assert.Equal(t, 1, beavers)
	assert.Equal(t, 1, takes, "gnubg writes the doubler's take of a beaver as nothing: its roll says it")
	// The word in any case and singular, as ReadMat's doc says it reads
	// the words of the cells (helper-184: a mutant reading "Beavers"
	// only in capitals passed every test).
	for _, w := range []string{"beavers => 4", "BEAVERS => 4", "Beaver => 4"} {
		other, _, err := ReadMatSession(bytes.NewReader(bytes.Replace(data, []byte("Beavers => 4"), []byte(w), 1)), r)
		require.NoError(t, err, w)
		assert.Equal(t, recs, other, w)
	}
	res, ok := g.Result()
	require.True(t, ok)
	assert.Equal(t, nardy.White, res.Winner)
	assert.Equal(t, 4, res.Points)

	// gnubg-beaver-drop.mat, as gnubg 1.07 exported it: white doubles,
	// black beavers, white drops (gnubg's "Drops" in the doubler's column)
	// and loses 2; the next game is begun.
	drop, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-beaver-drop.mat"))
	require.NoError(t, err)
	recs, _, err = ReadMatSession(bytes.NewReader(drop), r)
	require.NoError(t, err, "it was refused: drop by white in phase roll")
	require.Len(t, recs, 2)
	acts := recs[0].Actions
	require.GreaterOrEqual(t, len(acts), 3)
	assert.Equal(t, []nardy.Action{{Kind: nardy.ActDouble, Player: nardy.White}, {Kind: nardy.ActBeaver, Player: nardy.Black},
		{Kind: nardy.ActDrop, Player: nardy.White}}, acts[len(acts)-3:])
	m, err := nardy.Replay(recs[0])
	require.NoError(t, err)
	res, ok = m.Game().Result()
	require.True(t, ok)
	assert.Equal(t, nardy.Result{Variant: nardy.Short, Winner: nardy.Black, Kind: nardy.Oin, End: nardy.Dropped, Cube: 2, Points: 2}, res)

	r.Beavers = false
	_, _, err = ReadMatSession(bytes.NewReader(data), r)
	assert.ErrorIs(t, err, ErrMatRules)
}

// TestMatReadUnfinished: a match in progress, as GNU Backgammon 1.07
// exports one (testdata/mat/gnubg-unfinished.mat: one play, then a roll of
// 4-4 not yet played, and no result), reads as a record that ends there
// (it was refused: "game 1 has no result"); and records cut anywhere that
// WriteMat writes read back as the same match, written again the same.
func TestMatReadUnfinished(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "mat", "gnubg-unfinished.mat"))
	require.NoError(t, err)
	defer f.Close()
	rec, info, err := ReadMat(f, nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	assert.Equal(t, [2]string{"gnubg", "root"}, info.Players)
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	assert.False(t, m.IsOver())
	roll, playing := m.Game().Dice()
	assert.True(t, playing, "the 4-4 is rolled, its play to come")
	assert.Equal(t, nardy.MustRoll(4, 4), roll)
	assert.Equal(t, nardy.White, m.Game().Position().OnRoll(), "gnubg's player 0, the left column")

	written := 0
	for seed := range uint64(6) {
		full := testgen.RandomMatch(t, seed)
		for cut := 0; cut <= len(full.Actions); cut += 1 + len(full.Actions)/40 {
			part := full
			part.Actions = full.Actions[:cut]
			var buf bytes.Buffer
			if WriteMat(&buf, part, MatInfo{}) != nil {
				continue // not expected: WriteMat writes a cut record as far as the format goes
			}
			written++
			back, backInfo, err := ReadMat(bytes.NewReader(buf.Bytes()), nardy.DefaultRules(nardy.Short))
			require.NoError(t, err, "seed %d, %d actions:\n%s", seed, cut, buf.String())
			want, err := nardy.Replay(part)
			require.NoError(t, err)
			got, err := nardy.Replay(back)
			require.NoError(t, err)
			assert.Equal(t, matSummary(want), matSummary(got), "seed %d, %d actions", seed, cut)
			var again bytes.Buffer
			require.NoError(t, WriteMat(&again, back, backInfo))
			assert.Equal(t, buf.String(), again.String(), "seed %d, %d actions", seed, cut)
		}
	}
	assert.Greater(t, written, 100, "records cut in most places are written")
}

// TestMatReadForcedRollAtTheEnd: a match in progress whose last cell is the
// dice of a roll with one legal play reads as that play, as gnubg imports
// it (it read as a roll not yet played, which WriteMat then left out).
func TestMatReadForcedRollAtTheEnd(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	found := 0
	for seed := range uint64(40) {
		full := testgen.RandomMatch(t, seed)
		m, err := nardy.Replay(nardy.Record{Rules: full.Rules, Length: full.Length})
		require.NoError(t, err)
		for i, a := range full.Actions {
			g := m.Game()
			if m, err = m.Do(a); err != nil {
				t.Fatal(err)
			}
			if a.Kind != nardy.ActPlay || i == 0 || full.Actions[i-1].Kind != nardy.ActRoll || m.IsOver() {
				continue
			}
			tn, _ := g.Turn()
			plays, err := r.Legal(tn.Start(), tn.Roll())
			require.NoError(t, err)
			if len(plays) != 1 || plays[0].Len() == 0 {
				continue
			}
			part := full
			part.Actions = full.Actions[:i+1]
			var buf bytes.Buffer
			require.NoError(t, WriteMat(&buf, part, MatInfo{}))
			text := strings.TrimRight(buf.String(), "\n")
			last := text[strings.LastIndexByte(text, '\n')+1:]
			if !strings.Contains(last, ": ") || strings.Contains(last, "Wins") {
				continue // the play ended the game, or is not the last cell
			}
			text = text[:strings.LastIndexByte(text, ':')+1] + "\n" // "65: 25/20" cut to "65:"
			back, _, err := ReadMat(strings.NewReader(text), r)
			require.NoError(t, err, text)
			want, err := nardy.Replay(part)
			require.NoError(t, err)
			got, err := nardy.Replay(back)
			require.NoError(t, err)
			assert.Equal(t, matSummary(want), matSummary(got), "seed %d, action %d:\n%s", seed, i, text)
			assert.Equal(t, want.Game().Phase(), got.Game().Phase(), "the forced play made, not a roll pending")
			found++
			break
		}
	}
	assert.Positive(t, found, "rolls with one legal play in the random matches")
}

// TestMatRuleTagValues: a rule tag's switch is "On" or "Off" in any case;
// another value ("Yes", a typo) was read as Off, and is refused now, as a
// cube limit that is no number, with the tag's line (helper-87).
func TestMatRuleTagValues(t *testing.T) {
	body := "\n 1 point match\n\n Game 1\n a : 0                      b : 0\n"
	for tag, ok := range map[string]bool{
		`; [Jacoby "on"]`: true, `; [Jacoby "OFF"]`: true, `; [Beaver "On"]`: true, `; [Crawford "Off"]`: true,
		`; [Jacoby "Yes"]`: false, `; [Beaver "1"]`: false, `; [Crawford "Of"]`: false, `; [CubeLimit "abc"]`: false,
	} {
		_, _, err := ReadMat(strings.NewReader("; [Site \"x\"]\n"+tag+"\n"+body), nardy.DefaultRules(nardy.Short))
		if ok {
			assert.NoError(t, err, tag)
			continue
		}
		assert.ErrorIs(t, err, nardy.ErrSyntax, tag)
		var me *MatError
		if assert.ErrorAs(t, err, &me, tag) {
			assert.Equal(t, 2, me.Line, tag)
		}
	}
}
