package gnubg

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// matSummary is what a .mat file keeps of a match: the score, the number of
// games, each game's result and the final board.
func matSummary(m nardy.Match) []any {
	w, b := m.Score()
	res, _ := m.LastResult()
	return []any{w, b, m.GameNumber(), m.IsOver(), res, m.Game().Position()}
}

// TestMatRoundTripRandom: random matches (cube, resignations, dances,
// step-by-step plays) written as .mat, read back and written again give
// the same file, and the same match.
func TestMatRoundTripRandom(t *testing.T) {
	for seed := range uint64(30) {
		rec := testgen.RandomMatch(t, seed)
		var buf bytes.Buffer
		info := MatInfo{Players: [2]string{"alice", "bob"}, Tags: []MatTag{{"Site", "nardy test"}}}
		require.NoError(t, WriteMat(&buf, rec, info))
		read, back, err := ReadMat(bytes.NewReader(buf.Bytes()), nardy.DefaultRules(nardy.Short))
		require.NoError(t, err, "seed %d:\n%s", seed, buf.String())
		assert.Equal(t, info, back)
		want, err := nardy.Replay(rec)
		require.NoError(t, err)
		m, err := nardy.Replay(read)
		require.NoError(t, err)
		assert.Equal(t, matSummary(want), matSummary(m), "seed %d", seed)
		var again bytes.Buffer
		require.NoError(t, WriteMat(&again, read, back))
		assert.Equal(t, buf.String(), again.String(), "seed %d", seed)
	}
}

// TestMatRoundTripRules: matches and money games under rules other than
// the default ones (Crawford off, Jacoby off, beavers allowed, a cube
// limit, no cube, the opening re-rolled (C2), the winner or the other
// player starting the next game (L10)) are written with the rule tags that make ReadMat, given
// the default rules, read them back under their own rules: the same match,
// and the same file written again. A file of the default rules has no rule
// tag, as gnubg's own exports.
func TestMatRoundTripRules(t *testing.T) {
	def := nardy.DefaultRules(nardy.Short)
	variantsOf := map[string]func(r *nardy.Rules){
		"no Crawford": func(r *nardy.Rules) { r.Crawford = false },
		"no Jacoby":   func(r *nardy.Rules) { r.Jacoby = false },
		"beavers":     func(r *nardy.Rules) { r.Beavers = true },
		"cube to 8":   func(r *nardy.Rules) { r.MaxCube = 8 },
		"no cube": func(r *nardy.Rules) {
			r.Cube, r.MaxCube, r.Jacoby, r.Beavers, r.Crawford = false, 0, false, false, false
		},
		"reroll opening (C2)":    func(r *nardy.Rules) { r.OpeningRoll = nardy.Reroll },
		"winner starts (L10)":    func(r *nardy.Rules) { r.NextGameStarter = nardy.WinnerStarts },
		"alternate starts (L10)": func(r *nardy.Rules) { r.NextGameStarter = nardy.AlternateStarts },
	}
	written := 0
	for name, change := range variantsOf {
		r := def
		change(&r)
		require.NoError(t, r.Validate(), name)
		for _, length := range []int{0, 3} {
			for seed := range uint64(6) {
				rec := testgen.RandomMatchOf(t, r, length, seed)
				var buf bytes.Buffer
				err := WriteMat(&buf, rec, MatInfo{Players: [2]string{"alice", "bob"}})
				if err != nil && strings.Contains(err.Error(), "a beaver") {
					continue // the format has no beaver
				}
				require.NoError(t, err, "%s, length %d, seed %d", name, length, seed)
				written++
				read, back, err := ReadMat(bytes.NewReader(buf.Bytes()), def)
				require.NoError(t, err, "%s, length %d, seed %d:\n%s", name, length, seed, buf.String())
				assert.Equal(t, rec.Rules.Crawford, read.Rules.Crawford, name)
				assert.Equal(t, rec.Rules.Jacoby, read.Rules.Jacoby, name)
				assert.Equal(t, rec.Rules.Beavers, read.Rules.Beavers, name)
				assert.Equal(t, rec.Rules.Cube, read.Rules.Cube, name)
				assert.Equal(t, rec.Rules.CubeLimit(), read.Rules.CubeLimit(), name)
				assert.Equal(t, rec.Rules.OpeningRoll, read.Rules.OpeningRoll, name)
				assert.Equal(t, rec.Rules.NextGameStarter, read.Rules.NextGameStarter, name)
				want, err := nardy.Replay(rec)
				require.NoError(t, err)
				m, err := nardy.Replay(read)
				require.NoError(t, err)
				ws, ms := matSummary(want), matSummary(m)
				if length == 0 && r.Jacoby && r.Cube {
					// Under Jacoby a gammon or backgammon with the cube
					// centred scores 1, as a single: the file says only the
					// points, so the kind reads back as a single.
					for _, s := range [][]any{ws, ms} {
						res := s[4].(nardy.Result)
						res.Kind = 0
						s[4] = res
					}
				}
				assert.Equal(t, ws, ms, "%s, length %d, seed %d", name, length, seed)
				var again bytes.Buffer
				require.NoError(t, WriteMat(&again, read, back))
				assert.Equal(t, buf.String(), again.String(), "%s, length %d, seed %d", name, length, seed)
			}
		}
	}
	assert.Greater(t, written, 40)
	var buf bytes.Buffer
	require.NoError(t, WriteMat(&buf, testgen.RandomMatch(t, 1), MatInfo{}))
	assert.NotContains(t, buf.String(), "; [", "the default rules need no tag")
}

// TestMatHandWritten reads testdata/mat/club-3p.mat, a 3-point match
// written by hand in GNU Backgammon's layout (header tags, hits, entering
// from the bar, a dance-free Crawford game, a drop with the winner's
// "Wins" on the Drops row, a double and take, a resignation after a roll),
// checks what it says, and writes it back byte for byte.
func TestMatHandWritten(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "club-3p.mat"))
	require.NoError(t, err)
	rec, info, err := ReadMat(bytes.NewReader(data), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	assert.Equal(t, [2]string{"Aygun", "Timur"}, info.Players)
	assert.Len(t, info.Tags, 11)
	assert.Equal(t, 3, rec.Length)
	assert.False(t, rec.Rules.Jacoby, "tag Jacoby Off")
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	assert.True(t, m.IsOver())
	w, b := m.Score()
	assert.Equal(t, [2]int{3, 1}, [2]int{w, b})
	assert.Equal(t, 3, m.GameNumber())
	assert.True(t, m.IsCrawford(), "game 3 is the Crawford game")
	res, _ := m.LastResult()
	assert.Equal(t, nardy.Result{Variant: nardy.Short, Winner: nardy.White, Kind: nardy.Oin, End: nardy.Resigned, Cube: 1, Points: 1}, res)

	var out bytes.Buffer
	require.NoError(t, WriteMat(&out, rec, info))
	assert.Equal(t, string(data), out.String())
}

// TestMatReadErrors: malformed files and files whose games do not agree
// with the rules are refused with the line.
func TestMatReadErrors(t *testing.T) {
	head := " 1 point match\n\n Game 1\n a : 0                          b : 0\n"
	cases := []struct {
		name string
		text string
		line int
		is   error
		says string // in the message, also when the game goes on
	}{
		{"no match line", "; [Site \"x\"]\n", 0, nardy.ErrSyntax, ""},
		// Text before the match line is skipped, as gnubg skips it
		// (testdata/mat/dialects/junk-header.mat), but a file must have one.
		{"junk and no match line", "hello\n", 0, nardy.ErrSyntax, ""},
		{"a game line in lower case", " 1 point match\n\n game 1\n", 3, nardy.ErrSyntax, `want "Game N"`},
		// A line that ends as a game's is refused where it is, not skipped
		// as text before the first game (gnubg: "Unrecognized line",
		// testdata/mat/dialects/game-hash.mat; helper-184: a mutant
		// skipping " Game #1" refused the file only at the score line).
		{"a game line with '#'", " 1 point match\n\n Game #1\n a : 0                          b : 0\n", 3, nardy.ErrSyntax, `want "Game N"`},
		{"junk line", head + "what is this\n", 5, nardy.ErrSyntax, ""},
		{"illegal play", head + "  1)                             31: 8/4 6/5\n", 5, ErrMat, ""},
		{"a won start", " 1 point match\n\n Game 1\n a : 0                          b : 1\n", 4, ErrMat, "the match to 1 is won"},
		{"wrong score", strings.Replace(head, " 1 point", " 3 point", 1) + "  1)                             31: 8/5 6/5\n      Wins 1 point\n\n" +
			" Game 2\n a : 0                          b : 0\n", 9, ErrMat, "score 0-0, but the games give 1-0"},
		{"no result before the next game", head + "  1)                             31: 8/5 6/5\n\n Game 2\n", 7, ErrMat, "game 1 has no result"},
		{"double past the cube", head + "  1)                             31: 8/5 6/5\n  2)  Doubles => 4\n", 6, ErrMatRules, "double to 4, the cube is at 1"},
		{"take without a double", head + "  1)                             31: 8/5 6/5\n  2)  Takes\n", 6, nardy.ErrActionRefused, ""},
		{"result that does not agree", head + "  1)                             31: 8/5 6/5\n      Wins 5 points\n", 6, ErrMatRules, ""},
		{"wrong winner of a drop", head + "  1)                             31: 8/5 6/5\n  2)  Doubles => 2                Drops\n                                  Wins 1 point\n", 7, ErrMat, ""},
		{"bad move text", head + "  1)                             31: 8/x 6/5\n", 5, nardy.ErrSyntax, ""},
		{"a move backwards", head + "  1)                             31: 5/8 6/5\n", 5, ErrMat, ""},
		{"a move standing still", head + "  1)                             31: 8/5 6/5 6/6\n", 5, ErrMat, "does not go forward"},
		{"a cell of unicode space", head + "  1) \u0085\n", 5, nardy.ErrSyntax, ""},
		// Lines numbered out of order, and control characters, which a
		// file of gnubg's never holds (helper-104: they were read).
		{"a move number skipped", head + "  1)                             31: 8/5 6/5\n  3) 42: 8/4 6/4\n", 6, nardy.ErrSyntax, "move 3 after move 1: want 2"},
		{"a move number again", head + "  1)                             31: 8/5 6/5\n  1) 42: 8/4 6/4\n", 6, nardy.ErrSyntax, "move 1 after move 1"},
		{"a game not from move 1", head + "  2)                             31: 8/5 6/5\n", 5, nardy.ErrSyntax, "move 2 after move 0"},
		{"a NUL between tokens", head + "  1)                             31:\x008/5 6/5\n", 5, nardy.ErrSyntax, "control character"},
		{"a vertical tab", head + "  1)                             31: 8/5\v6/5\n", 5, nardy.ErrSyntax, "control character"},
		{"long variation", "; [Variation \"LongGammon\"]\n 1 point match\n", 1, ErrMat, ""},
		{"a money session of two games", strings.Replace(head, " 1 point", " 0 point", 1) + "  1)                             31: 8/5 6/5\n      Wins 1 point\n\n Game 2\n", 8, ErrMat, "money session"},
		{"a game after the match", head + "  1)                             31: 8/5 6/5\n      Wins 1 point\n\n Game 2\n", 8, ErrMat, "after the end of the 1-point match"},
		// numbers past int or past 2^30: refused, not read as the largest int
		{"match length past int", "99999999999999999999 point match\n", 1, nardy.ErrSyntax, ""},
		{"match length past 2^30", "1073741825 point match\n", 1, nardy.ErrSyntax, ""},
		{"score past int", " 1 point match\n\n Game 1\n a : 99999999999999999999   b : 0\n", 4, nardy.ErrSyntax, ""},
		{"points past int", head + "  1)                             31: 8/5 6/5\n      Wins 99999999999999999999 points\n", 6, nardy.ErrSyntax, ""},
		{"cube past int", head + "  1)                             31: 8/5 6/5\n  2)  Doubles => 99999999999999999999\n", 6, nardy.ErrSyntax, ""},
	}
	for _, c := range cases {
		_, _, err := ReadMat(strings.NewReader(c.text), nardy.DefaultRules(nardy.Short))
		require.Error(t, err, c.name)
		assert.ErrorIs(t, err, c.is, c.name)
		if c.is != ErrMatRules { // only what other rules may explain
			assert.NotErrorIs(t, err, ErrMatRules, c.name)
		} else {
			assert.ErrorIs(t, err, ErrMat, c.name)
		}
		var me *MatError
		if assert.True(t, errors.As(err, &me), c.name) {
			assert.Equal(t, c.line, me.Line, c.name)
		}
	}
	for _, c := range cases { // say what is wrong, not that a play comes after the end
		if c.says == "" {
			continue
		}
		_, _, err := ReadMat(strings.NewReader(c.text+"  1) 31: 8/5 6/5\n"), nardy.DefaultRules(nardy.Short))
		assert.NotContains(t, err.Error(), "after the end of the game", c.name)
		assert.Contains(t, err.Error(), c.says, c.name)
	}
	noCube := nardy.DefaultRules(nardy.Short)
	noCube.Cube, noCube.MaxCube, noCube.Jacoby, noCube.Beavers, noCube.Crawford = false, 0, false, false, false
	_, _, err := ReadMat(strings.NewReader(" 0 point match\n\n Game 1\n a : 0                          b : 0\n  1)                             31: 8/5 6/5\n  2)  Doubles => 2\n"), noCube)
	assert.ErrorIs(t, err, nardy.ErrActionRefused, "a double the rules refuse")
	assert.ErrorIs(t, err, ErrMatRules, "a double the rules refuse")
	// S6: no double in the Crawford game (game 2 of 3 points at 2-0), which
	// rules without the Crawford rule would allow.
	_, _, err = ReadMat(strings.NewReader(" 3 point match\n\n Game 1\n a : 0                          b : 0\n"+
		"  1)                             31: 8/5 6/5\n      Wins 2 points\n\n Game 2\n a : 2                          b : 0\n"+
		"  1)                             31: 8/5 6/5\n  2)  Doubles => 2\n"), nardy.DefaultRules(nardy.Short))
	assert.ErrorIs(t, err, nardy.ErrActionRefused, "a double in the Crawford game")
	assert.ErrorIs(t, err, ErrMatRules, "a double in the Crawford game")
	// A double of the cube the opponent owns is the file's fault, not the rules'.
	_, _, err = ReadMat(strings.NewReader(head+"  1)                             31: 8/5 6/5\n  2)  Doubles => 2                Takes\n  3)  Doubles => 4\n"), nardy.DefaultRules(nardy.Short))
	assert.ErrorIs(t, err, nardy.ErrActionRefused, "a double of the cube the opponent owns")
	assert.NotErrorIs(t, err, ErrMatRules, "a double of the cube the opponent owns")
	_, _, err = ReadMat(strings.NewReader(head), nardy.DefaultRules(nardy.Long))
	assert.ErrorIs(t, err, ErrMat)
	assert.Error(t, WriteMat(&bytes.Buffer{}, nardy.Record{Rules: nardy.DefaultRules(nardy.Long)}, MatInfo{}))
}

// TestMatWriteRefuses: what the format
// cannot carry or GNU Backgammon would read otherwise: scoring without the
// backgammon's 3 (short-tavla), a match past gnubg's 64 points, names and
// tags that would not read back, a rule tag against the record's rules.
func TestMatWriteRefuses(t *testing.T) {
	match := testgen.RandomMatch(t, 2)
	require.NoError(t, WriteMat(&bytes.Buffer{}, match, MatInfo{Tags: []MatTag{{"Crawford", "On"}, {"Variation", "Backgammon"}}}),
		"rule tags that agree with the rules")
	tavla := match
	tavla.Rules.Scoring.Koks = 2 // short-tavla: a backgammon scores as a gammon
	oin2 := match
	oin2.Rules.Scoring.Oin = 2 // S5: the format scores a single game 1
	long := match
	long.Length = MaxMatchLength + 1
	for name, c := range map[string]struct {
		rec  nardy.Record
		info MatInfo
	}{
		"no backgammon":        {tavla, MatInfo{}},
		"a single game of 2":   {oin2, MatInfo{}},
		"a 65-point match":     {long, MatInfo{}},
		"a colon in a name":    {match, MatInfo{Players: [2]string{"ab: 3", "bob"}}},
		"a colon at the end":   {match, MatInfo{Players: [2]string{"ann", "x:"}}},
		"a newline in a name":  {match, MatInfo{Players: [2]string{"a\nb", "bob"}}},
		"a space at the start": {match, MatInfo{Players: [2]string{" ann", "bob"}}},
		"a quote in a tag":     {match, MatInfo{Tags: []MatTag{{"Site", `say "hi"`}}}},
		"a newline in a tag":   {match, MatInfo{Tags: []MatTag{{"Site", "a\nb"}}}},
		"a bracket in a key":   {match, MatInfo{Tags: []MatTag{{"Si]te", "x"}}}},
		"an empty key":         {match, MatInfo{Tags: []MatTag{{"", "x"}}}},
		"Crawford off":         {match, MatInfo{Tags: []MatTag{{"Crawford", "Off"}}}},
		"another variation":    {match, MatInfo{Tags: []MatTag{{"Variation", "Nackgammon"}}}},
		"a reroll tag (C2)":    {match, MatInfo{Tags: []MatTag{{"OpeningRoll", "reroll"}}}},
		"a starter tag (L10)":  {match, MatInfo{Tags: []MatTag{{"NextGameStarter", "winner"}}}},
	} {
		err := WriteMat(&bytes.Buffer{}, c.rec, c.info)
		assert.ErrorIs(t, err, ErrMat, name)
	}

	// A game set up at a position (C2: a .mat game starts at the opening).
	pos, err := nardy.StartPosition(nardy.Short, nardy.Black)
	require.NoError(t, err)
	rc, err := nardy.ResumeRecorder(nardy.DefaultRules(nardy.Short), 3, nardy.MatchStart{},
		nardy.Setup{Position: pos, Starter: nardy.Black, Match: true}, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.Black, Dice: [2]int{3, 1}}))
	err = WriteMat(&bytes.Buffer{}, rc.Record(), MatInfo{})
	assert.ErrorIs(t, err, ErrMat)
	assert.ErrorContains(t, err, "set up at a position")

	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	rec := nardy.Record{Rules: r, Actions: BeaverOpening()}
	_, err = nardy.Replay(rec)
	require.NoError(t, err)
	assert.NoError(t, WriteMat(&bytes.Buffer{}, rec, MatInfo{}), "a beaver, as gnubg writes one")
	rec.Actions[1].Player = nardy.Black
	err = WriteMat(&bytes.Buffer{}, rec, MatInfo{})
	assert.ErrorIs(t, err, nardy.ErrNotYourTurn)
}

// TestMatLongNames: a name longer than the 31 bytes GNU Backgammon keeps
// is written cut there at a character boundary, without the spaces the
// cut leaves at its end, and reads back so (gnubg cuts inside a character
// and fails: TestMatGnubgRoundTrip).
func TestMatLongNames(t *testing.T) {
	rec := testgen.RandomMatch(t, 3)
	for _, c := range []struct{ name, want string }{
		{strings.Repeat("a", 31), strings.Repeat("a", 31)},
		{strings.Repeat("a", 32), strings.Repeat("a", 31)},
		{strings.Repeat("é", 20), strings.Repeat("é", 15)},                   // 2 bytes each: 30 of 31
		{strings.Repeat("ж", 15) + "x" + "ж", strings.Repeat("ж", 15) + "x"}, // 31 bytes
		{"a" + strings.Repeat("李", 12), "a" + strings.Repeat("李", 10)},       // 3 bytes each: 31
		{strings.Repeat("x", 30) + " yz", strings.Repeat("x", 30)},           // the cut leaves no space at the end
		{"Alexander Konstantinopolsky the Elder", "Alexander Konstantinopolsky the"},
		{strings.Repeat("x", 29) + "\u00a0yz", strings.Repeat("x", 29)}, // nor a no-break space
	} {
		var buf bytes.Buffer
		require.NoError(t, WriteMat(&buf, rec, MatInfo{Players: [2]string{c.name, "bob"}}), c.name)
		_, info, err := ReadMat(bytes.NewReader(buf.Bytes()), nardy.DefaultRules(nardy.Short))
		require.NoError(t, err, c.name)
		assert.Equal(t, [2]string{c.want, "bob"}, info.Players, c.name)
		assert.LessOrEqual(t, len(info.Players[0]), 31, c.name)
		assert.NoError(t, WriteMat(&bytes.Buffer{}, rec, info), "the names read back write again: %q", c.name)
	}
}

// TestMatReadNotations: other writers' forms: a roll then a resignation
// (a dice-only cell), "bar", "off", repeats "(2)", a move through two
// dice, and "Wins" in a cell of a move line.
func TestMatReadNotations(t *testing.T) {
	text := `
 1 point match

 Game 1
 a : 0                          b : 0
  1)                             62: 24/18 13/11
  2) 62: 13/7* 24/22             51:
      Wins 1 point
`
	rec, _, err := ReadMat(strings.NewReader(text), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	res, _ := m.LastResult()
	assert.Equal(t, nardy.Result{Variant: nardy.Short, Winner: nardy.White, Kind: nardy.Oin, End: nardy.Resigned, Cube: 1, Points: 1}, res)

	text = `
 1 point match

 Game 1
 a : 0                          b : 0
  1)                             64: 24/14
  2) 33: 13/10(2) 6/3(2)         66: bar/19 14/8 13/7(2)
  3) 21: 24/22 24/23              Doubles => 2
  4)  Drops                       Wins 1 point
`
	_, _, err = ReadMat(strings.NewReader(text), nardy.DefaultRules(nardy.Short))
	assert.ErrorIs(t, err, ErrMat, "black has no checker on the bar")
	text = strings.Replace(text, "bar/19 14/8 13/7(2)", "24/18 14/8 13/7(2)", 1)
	rec, _, err = ReadMat(strings.NewReader(text), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	m, err = nardy.Replay(rec)
	require.NoError(t, err)
	res, _ = m.LastResult()
	assert.Equal(t, nardy.Result{Variant: nardy.Short, Winner: nardy.Black, Kind: nardy.Oin, End: nardy.Dropped, Cube: 1, Points: 1}, res)
	b := formats.Counts(m.Game().Position().Side(nardy.Black))
	assert.Equal(t, [3]int{1, 4, 2}, [3]int{b[18], b[8], b[7]},
		"24/14 then 14/8 moved one checker, 13/7(2) two")
}

// FuzzReadMat: ReadMat never panics and agrees with ReadMatSession; what
// it reads replays, and what WriteMat writes of it reads back as the same
// match and is written again as the same file.
func FuzzReadMat(f *testing.F) {
	for _, name := range []string{"club-3p.mat", "gnubg-5p.mat", "gnubg-money-session.mat", "gnubg-longname.mat"} {
		data, err := os.ReadFile(filepath.Join("testdata", "mat", name))
		require.NoError(f, err)
		f.Add(string(data))
	}
	f.Add(" 1 point match\n\n Game 1\n a : 0    b : 0\n  1)          62: 24/18 13/11\n  2) 62: 13/7* 24/22   51:\n      Wins 1 point\n")
	f.Add("; [CrawfordDone \"On\"]\n 5 point match\n\n Game 1\n a : 4    b : 3\n  1)          62: 24/18 13/11\n  2) 62: 13/7* 24/22   51:\n      Wins 1 point\n")
	f.Fuzz(func(t *testing.T, s string) {
		checkMatRoundTrip(t, s, nardy.DefaultRules(nardy.Short))
	})
}

// FuzzReadMatRules is FuzzReadMat under other rules than the defaults,
// picked by rules: the Jacoby rule, beavers, the Crawford rule, the cube
// limit, the opening roll and the next game's starter (FuzzReadMat read
// every file under the defaults alone: helper-80).
func FuzzReadMatRules(f *testing.F) {
	for _, name := range []string{"club-3p.mat", "gnubg-5p.mat", "gnubg-money-session.mat", "gnubg-beaver.mat"} {
		data, err := os.ReadFile(filepath.Join("testdata", "mat", name))
		require.NoError(f, err)
		for _, rules := range []uint8{0, 1, 2, 4, 0x0f, 0x30, 0xff} {
			f.Add(string(data), rules)
		}
	}
	f.Fuzz(func(t *testing.T, s string, rules uint8) {
		r := nardy.DefaultRules(nardy.Short)
		r.Jacoby, r.Beavers, r.Crawford = rules&1 != 0, rules&2 != 0, rules&4 != 0
		r.MaxCube = [4]int{0, 2, 8, 1024}[rules>>3&3]
		if rules&0x20 != 0 {
			r.OpeningRoll = nardy.Reroll
		}
		r.NextGameStarter = [4]nardy.NextGameStarter{nardy.OpeningRollStarts, nardy.WinnerStarts, nardy.AlternateStarts, nardy.OpeningRollStarts}[rules>>6]
		if r.Validate() != nil {
			return
		}
		checkMatRoundTrip(t, s, r)
	})
}

// checkMatRoundTrip reads s as a .mat file under r, by ReadMatSession and
// ReadMat, which must agree and give records that replay; one ReadMat
// reads is written by WriteMat to a file that reads back as the same
// match and is written again the same.
func checkMatRoundTrip(t *testing.T, s string, r nardy.Rules) {
	recs, _, serr := ReadMatSession(strings.NewReader(s), r)
	for _, rec := range recs {
		if _, err := nardy.Replay(rec); err != nil {
			t.Fatalf("ReadMatSession gave a record that does not replay: %v", err)
		}
		if len(recs) > 1 && rec.Length != 0 {
			t.Fatalf("ReadMatSession gave %d records of a %d-point match", len(recs), rec.Length)
		}
	}
	rec, info, err := ReadMat(strings.NewReader(s), r)
	if err == nil && (serr != nil || len(recs) != 1 || !reflect.DeepEqual(recs[0], rec)) {
		t.Fatalf("ReadMat read a record, ReadMatSession %d (%v)", len(recs), serr)
	}
	if err != nil {
		return
	}
	m, err := nardy.Replay(rec)
	if err != nil {
		t.Fatalf("ReadMat gave a record that does not replay: %v", err)
	}
	var out bytes.Buffer
	if err := WriteMat(&out, rec, info); err != nil {
		if !errors.Is(err, ErrMat) {
			t.Fatalf("WriteMat: %v", err)
		}
		return
	}
	// What WriteMat writes of a record ReadMat read, ReadMat reads back
	// as the same match, and writes again as the same file.
	back, backInfo, err := ReadMat(bytes.NewReader(out.Bytes()), r)
	if err != nil {
		t.Fatalf("ReadMat of WriteMat's file: %v\n%s", err, out.String())
	}
	m2, err := nardy.Replay(back)
	if err != nil || !reflect.DeepEqual(matSummary(m), matSummary(m2)) {
		t.Fatalf("WriteMat's file reads as another match (%v)\n%s", err, out.String())
	}
	var again bytes.Buffer
	if err := WriteMat(&again, back, backInfo); err != nil || again.String() != out.String() {
		t.Fatalf("written again (%v):\n%s\nnot\n%s", err, again.String(), out.String())
	}
}

// TestMatWriteTagCount: WriteMat refuses a file of more tags, with the
// rules' own, than ReadMat reads (MaxMatTags).
func TestMatWriteTagCount(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.OpeningRoll, r.NextGameStarter = nardy.Reroll, nardy.WinnerStarts // two rule tags
	rec := testgen.RandomMatchOf(t, r, 3, 1)
	tags := func(n int) []MatTag {
		var ts []MatTag
		for i := range n {
			ts = append(ts, MatTag{fmt.Sprintf("Note%d", i), "x"})
		}
		return ts
	}
	var buf bytes.Buffer
	require.NoError(t, WriteMat(&buf, rec, MatInfo{Tags: tags(MaxMatTags - 2)}))
	_, info, err := ReadMat(bytes.NewReader(buf.Bytes()), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	assert.Len(t, info.Tags, MaxMatTags)
	err = WriteMat(&bytes.Buffer{}, rec, MatInfo{Tags: tags(MaxMatTags - 1)})
	assert.ErrorIs(t, err, ErrMat)
}

// TestMatWriteRefusesACubePast64: GNU Backgammon plays a match with the
// cube up to 64 and 1.07 crashes on importing a .mat match with a double
// past it (helper-86), so WriteMat refuses a double to 128 in a match; up
// to 64, and in money play, it writes.
func TestMatWriteRefusesACubePast64(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.MaxCube = 256
	doubling := func(length, upTo int) nardy.Record {
		rec := nardy.Record{Rules: r, Length: length}
		m, err := nardy.Replay(rec)
		require.NoError(t, err)
		do := func(a nardy.Action) {
			t.Helper()
			m, err = m.Do(a)
			require.NoError(t, err)
			rec.Actions = append(rec.Actions, a)
		}
		do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
		dice := nardy.NewSeededDice(7)
		for m.Game().Phase() != nardy.PhaseOver && m.GameNumber() == 1 {
			g := m.Game()
			me := g.Position().OnRoll()
			switch {
			case g.Phase() == nardy.PhaseRoll && g.Cube().Value < upTo && g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}):
				do(nardy.Action{Kind: nardy.ActDouble, Player: me})
				do(nardy.Action{Kind: nardy.ActTake, Player: me.Other()})
			case g.Phase() == nardy.PhaseRoll:
				_, a, err := g.Roll(dice)
				require.NoError(t, err)
				do(a)
			default:
				plays, err := g.Legal()
				require.NoError(t, err)
				do(plays[0].Action())
			}
		}
		return rec
	}
	err := WriteMat(&bytes.Buffer{}, doubling(5, 128), MatInfo{})
	assert.ErrorIs(t, err, ErrMat)
	assert.ErrorContains(t, err, "a double to 128 in a match")
	assert.NoError(t, WriteMat(&bytes.Buffer{}, doubling(5, 64), MatInfo{}))
	assert.NoError(t, WriteMat(&bytes.Buffer{}, doubling(0, 256), MatInfo{}))
}

// TestMatWriteZeroScoring_S5: rules whose scoring table is left zero (the
// variant's default, as nardy.Rules says) write the same file as the
// table spelled out; a record ReadMat returned under such rules could not
// be written back.
func TestMatWriteZeroScoring_S5(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "mat", "club-3p.mat"))
	require.NoError(t, err)
	defer f.Close()
	r := nardy.DefaultRules(nardy.Short)
	r.Scoring = nardy.Scoring{}
	rec, info, err := ReadMat(f, r)
	require.NoError(t, err)
	var zero, spelled bytes.Buffer
	require.NoError(t, WriteMat(&zero, rec, info))
	rec.Rules.Scoring = nardy.DefaultRules(nardy.Short).Scoring
	require.NoError(t, WriteMat(&spelled, rec, info))
	assert.Equal(t, spelled.String(), zero.String())
}

// TestMatWholePlayAfterAStep: random matches where a step is taken before
// each whole play of two or more steps (another order of it, or another
// checker's die first) and the play is then posted whole from the turn's
// start, as a client posts a hint's play (C8: the turn can still become
// it), are written as the same .mat file as the matches without the
// steps, and read back as the same match.
func TestMatWholePlayAfterAStep(t *testing.T) {
	total := 0
	for seed := range uint64(10) {
		rec := testgen.RandomMatch(t, seed)
		stepped, n := testgen.StepBeforePlays(t, rec)
		total += n
		want, err := nardy.Replay(rec)
		require.NoError(t, err)
		got, err := nardy.Replay(stepped)
		require.NoError(t, err, "seed %d", seed)
		assert.Equal(t, matSummary(want), matSummary(got), "seed %d", seed)
		var plain, buf bytes.Buffer
		require.NoError(t, WriteMat(&plain, rec, MatInfo{}))
		require.NoError(t, WriteMat(&buf, stepped, MatInfo{}), "seed %d", seed)
		assert.Equal(t, plain.String(), buf.String(), "seed %d", seed)
		read, _, err := ReadMat(bytes.NewReader(buf.Bytes()), nardy.DefaultRules(nardy.Short))
		require.NoError(t, err, "seed %d", seed)
		m, err := nardy.Replay(read)
		require.NoError(t, err)
		assert.Equal(t, matSummary(want), matSummary(m), "seed %d", seed)
	}
	assert.Greater(t, total, 100, "steps put in before whole plays")
}
