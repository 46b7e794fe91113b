package nardy

import (
	"bufio"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The GNU Backgammon manual, "A technical description of the Position ID":
// the start position has the 10-byte key E0 73 F0 01 30 E0 73 F0 01 30 and
// the ID 4HPwATDgc/ABMA.
func TestPositionIDManualStart(t *testing.T) {
	for _, mover := range []Color{White, Black} {
		start := mustPosition(StartPosition(Short, mover))
		id, err := PositionID(start)
		require.NoError(t, err)
		assert.Equal(t, "4HPwATDgc/ABMA", id)
		key, err := base64.RawStdEncoding.DecodeString(id)
		require.NoError(t, err)
		assert.Equal(t, []byte{0xE0, 0x73, 0xF0, 0x01, 0x30, 0xE0, 0x73, 0xF0, 0x01, 0x30}, key)

		got, err := ParsePositionIDTurn("4HPwATDgc/ABMA", mover)
		require.NoError(t, err)
		assert.Equal(t, start, got)
	}
	got, err := ParsePositionID("4HPwATDgc/ABMA")
	require.NoError(t, err)
	assert.Equal(t, White, got.OnRoll(), "ParsePositionID puts White on roll")
}

// Positions set up in gnubg 1.07 with "set board ID" and read back with
// gnubg.board(): board[1] is the player on roll, board[0] the other, each
// indexed by own point 1..24 then the bar. The IDs also come from gnubg's
// own output (t2/t6 runs, see testdata/gnubg/selfplay.txt).
func TestPositionIDGnubgBoards(t *testing.T) {
	tests := []struct {
		id              string
		notOnRoll, onRo [25]int
	}{
		{ // gnubg after its opening 24/18 13/11, root on roll
			id:        "4HPkQSDgc/ABMA",
			notOnRoll: [25]int{5: 5, 7: 3, 10: 1, 12: 4, 17: 1, 23: 1},
			onRo:      [25]int{5: 5, 7: 3, 12: 5, 23: 2},
		},
		{ // XGID=aa----E-C---eE---c-d----B-:0:0:1:52:0:0:3:0:10 set in gnubg
			id:        "4Dn4ACjwOfgAGA",
			notOnRoll: [25]int{5: 4, 7: 3, 12: 5, 23: 1, 24: 1},
			onRo:      [25]int{5: 5, 7: 3, 12: 5, 23: 2},
		},
		{ // the same with the top player on roll (turn -1)
			id:        "4HPwATDgOfgAKA",
			notOnRoll: [25]int{5: 5, 7: 3, 12: 5, 23: 2},
			onRo:      [25]int{5: 4, 7: 3, 12: 5, 23: 1, 24: 1},
		},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			p, err := ParsePositionID(tc.id)
			require.NoError(t, err)
			assert.Equal(t, sideFromGnubg(tc.onRo), p.Mover())
			assert.Equal(t, sideFromGnubg(tc.notOnRoll), p.Opponent())
			id, err := PositionID(p)
			require.NoError(t, err)
			assert.Equal(t, tc.id, id)
		})
	}
}

// sideFromGnubg converts one half of gnubg.board() (own points 1..24, bar)
// into a Side, the rest being off.
func sideFromGnubg(b [25]int) Side {
	var s Side
	n := 0
	for i, c := range b {
		if i < 24 {
			s.Points[i] = c
		} else {
			s.Bar = c
		}
		n += c
	}
	s.Off = Checkers - n
	return s
}

func TestPositionIDErrors(t *testing.T) {
	long := mustPosition(StartPosition(Long, White))
	_, err := PositionID(long)
	assert.ErrorIs(t, err, ErrVariantMismatch)
	_, err = PositionID(Position{})
	assert.ErrorIs(t, err, ErrInvalidPosition)

	syntax := []struct{ name, id string }{
		{"empty", ""},
		{"short", "4HPwATDgc/ABM"},
		{"long", "4HPwATDgc/ABMAA"},
		{"padded", "4HPwATDgc/ABMA=="},
		{"bad char", "4HPwATDgc/AB!A"},
		{"url alphabet", "4HPwATDgc_ABMA"},
		{"space", "4HPwATDgc/ABM "},
		{"newline", "4HPwATDgc\n/ABM"},
		{"nonzero unused bits", "4HPwATDgc/ABMB"},
		{"all ones: too many checkers", "//////////////"},
		// 16 checkers of the player not on roll on its point 1, then zeros.
		{"16 checkers", "//8AAAAAAAAAAA"},
		// Only zeros but one 1 bit at the end: a padding bit set.
		{"padding bit", "AAAAAAAAAAAAAg"},
	}
	for _, tc := range syntax {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePositionID(tc.id)
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrSyntax)
			var se *SyntaxError
			assert.True(t, errors.As(err, &se))
		})
	}
	// Both sides' checkers on the same place: the player not on roll has
	// 15 on its point 1 (the mover's 24) and so does the player on roll.
	both := make([]byte, 10)
	bits := 0
	set := func() { both[bits>>3] |= 1 << (bits & 7); bits++ }
	for side := 0; side < 2; side++ {
		for q := 1; q <= 25; q++ {
			if (side == 0 && q == 1) || (side == 1 && q == 24) {
				for i := 0; i < 15; i++ {
					set()
				}
			}
			bits++
		}
	}
	_, err = ParsePositionID(base64.RawStdEncoding.EncodeToString(both))
	assert.ErrorIs(t, err, ErrInvalidPosition)
	assert.True(t, hasReason(err, errSharedPoint), "want %v, got %v", errSharedPoint, err)
}

func TestPositionIDEmptyBoard(t *testing.T) {
	// All checkers borne off on both sides: 50 zero bits.
	p, err := ParsePositionID("AAAAAAAAAAAAAA")
	require.NoError(t, err)
	assert.Equal(t, Checkers, p.Mover().Off)
	assert.Equal(t, Checkers, p.Opponent().Off)
}

// Property: every valid short position survives PositionID and
// ParsePositionIDTurn with its own colour on roll.
func TestPositionIDRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(DefaultRules(Short)).Draw(t, "pos")
		id, err := PositionID(p)
		if err != nil {
			t.Fatalf("PositionID(%v): %v", p, err)
		}
		if len(id) != PositionIDLen {
			t.Fatalf("PositionID(%v) = %q: length %d", p, id, len(id))
		}
		back, err := ParsePositionIDTurn(id, p.OnRoll())
		if err != nil {
			t.Fatalf("ParsePositionIDTurn(%q): %v", id, err)
		}
		if back != p {
			t.Fatalf("round trip of %v via %q gave %v", p, id, back)
		}
	})
}

// The example of the manual, "A technical description of the Match ID":
// score 2-4 in a 9-point match, player 0 holds a 2-cube, player 1 has just
// rolled 52: key 41 89 2A 01 20 00 20 00 00, ID QYkqASAAIAAA.
func TestMatchIDManualExample(t *testing.T) {
	want := MatchID{
		CubeValue:   2,
		CubeOwner:   White, // player 0
		OnRoll:      Black,
		State:       GamePlaying,
		Turn:        Black,
		Dice:        [2]int{5, 2},
		MatchLength: 9,
		Score:       [2]int{2, 4},
	}
	got, err := ParseMatchID("QYkqASAAIAAA")
	require.NoError(t, err)
	assert.Equal(t, want, got)
	s, err := FormatMatchID(want)
	require.NoError(t, err)
	assert.Equal(t, "QYkqASAAIAAA", s)
	key, err := base64.RawStdEncoding.DecodeString(s)
	require.NoError(t, err)
	assert.Equal(t, []byte{0x41, 0x89, 0x2A, 0x01, 0x20, 0x00, 0x20, 0x00, 0x00}, key)
	assert.Equal(t, "QYkqASAAIAAA", want.String())
}

// Match IDs printed by gnubg 1.07 after the commands named (both players
// human; gnubg is player 0, "root" player 1), or given to it with "set
// matchid" and printed back unchanged.
func TestMatchIDGnubg(t *testing.T) {
	tests := []struct {
		cmds  string
		id    string
		check func(t *testing.T, m MatchID)
	}{
		{"new game; set board 4HPwATDgc/ABMA; set dice 3 1", "cIkFAAAAAAAA", func(t *testing.T, m MatchID) {
			assert.Equal(t, [2]int{3, 1}, m.Dice)
			assert.Equal(t, 0, m.MatchLength)
			assert.True(t, m.CubeCentred)
			assert.Equal(t, 1, m.CubeValue)
			assert.Equal(t, GamePlaying, m.State)
		}},
		{"new session; set jacoby on; set dice 1 2", "cAkFAAAAAAAA", func(t *testing.T, m MatchID) {
			assert.Equal(t, [2]int{2, 1}, m.Dice, "gnubg stores the larger die first")
			assert.Equal(t, 0, m.MatchLength)
			assert.False(t, m.Bit67, "gnubg clears bit 67 in money play")
		}},
		{"new session (jacoby off); set dice 1 2", "cAkFAAAAAAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, [2]int{2, 1}, m.Dice)
			assert.True(t, m.Bit67, "gnubg sets bit 67 in money play without the Jacoby rule")
		}},
		{"set matchid of a 7-point match at 0-6, Crawford game", "sAHgAAAAMAAE", func(t *testing.T, m MatchID) {
			assert.True(t, m.Crawford)
			assert.Equal(t, [2]int{0, 6}, m.Score)
		}},
		{"set matchid of a 7-point match at 7-7", "MAHgAHAAOAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, [2]int{7, 7}, m.Score)
		}},
		{"set matchid with a 4096-cube", "DAEAAAAAAAAA", func(t *testing.T, m MatchID) {
			assert.Equal(t, 4096, m.CubeValue)
		}},
		{"set matchid of a 64-point match", "MAEACAAAAAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, 64, m.MatchLength)
		}},
		{"new match 7; set score 3 5", "cInuADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, 7, m.MatchLength)
			assert.Equal(t, [2]int{3, 5}, m.Score)
			assert.True(t, m.CubeCentred)
			assert.True(t, m.Bit67, "gnubg sets bit 67 in match play")
		}},
		{"... set cube value 4; set cube owner 0", "QonuADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, 4, m.CubeValue)
			assert.False(t, m.CubeCentred)
			assert.Equal(t, White, m.CubeOwner)
		}},
		{"... set cube owner 1", "UonuADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, 4, m.CubeValue)
			assert.Equal(t, Black, m.CubeOwner)
		}},
		{"... set turn 0", "EgHgADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, White, m.OnRoll)
			assert.Equal(t, White, m.Turn)
			assert.Equal(t, [2]int{0, 0}, m.Dice)
		}},
		{"... set turn 1", "UgngADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, Black, m.OnRoll)
			assert.Equal(t, Black, m.Turn)
		}},
		{"... set dice 6 4", "UgnzADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, [2]int{6, 4}, m.Dice)
			assert.Equal(t, [2]int{3, 5}, m.Score)
			assert.Equal(t, 7, m.MatchLength)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			m, err := ParseMatchID(tc.id)
			require.NoError(t, err, tc.cmds)
			tc.check(t, m)
			s, err := FormatMatchID(m)
			require.NoError(t, err)
			assert.Equal(t, tc.id, s)
		})
	}
}

func TestMatchIDErrors(t *testing.T) {
	bad := []struct{ name, id string }{
		{"empty", ""},
		{"short", "QYkqASAAIAA"},
		{"long", "QYkqASAAIAAAA"},
		{"bad char", "QYkqASAA*AAA"},
		{"newline", "QYkqASAA\nAAA"},
		{"carriage return", "QYkqASAAIAA\r"},
		{"bits past 67", "QYkqASAAIAAI"},
		{"cube owner 2", "IYkqASAAIAAA"},
		{"game state 5", "QY0qASAAIAAA"},
		{"die 7", "QYk/ASAAIAAA"},
		{"one die zero", "QYkCASAAIAAA"},
		// Refused by gnubg 1.07 "set matchid" (issue 9 item 2).
		{"score 8-0 in a 7-point match", "MAHgAIAAAAAE"},
		{"score 0-9 in a 7-point match", "MAHgAAAASAAE"},
		{"Crawford in money play", "sAEAAAAAAAAA"},
		{"Crawford in a 1-point match", "sAEgAAAAAAAE"},
		{"Crawford at 3-3 of 7", "sAHgADAAGAAE"},
		{"Crawford at 7-3 of 7", "sAHgAHAAGAAE"},
		{"cube 8192", "DQEAAAAAAAAA"},
		{"cube 32768", "DwEAAAAAAAAA"},
		{"length 65", "MAEgCAAAAAAE"},
		{"length 32767", "MAHg/w8AAAAE"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseMatchID(tc.id)
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrSyntax)
		})
	}
	for name, m := range map[string]MatchID{
		"zero":            {},
		"cube 3":          {CubeValue: 3},
		"cube 65536":      {CubeValue: 1 << 16},
		"centred owned":   {CubeValue: 1, CubeCentred: true, CubeOwner: Black},
		"state 5":         {CubeValue: 1, State: 5},
		"die 7":           {CubeValue: 1, Dice: [2]int{7, 1}},
		"one die":         {CubeValue: 1, Dice: [2]int{0, 1}},
		"negative score":  {CubeValue: 1, Score: [2]int{-1, 0}},
		"length 65":       {CubeValue: 1, MatchLength: 65},
		"cube 8192":       {CubeValue: 8192},
		"score past":      {CubeValue: 1, MatchLength: 7, Score: [2]int{3, 8}},
		"crawford money":  {CubeValue: 1, Crawford: true},
		"crawford 1-pt":   {CubeValue: 1, Crawford: true, MatchLength: 1},
		"crawford 2-cube": {CubeValue: 2, Crawford: true, MatchLength: 7, Score: [2]int{6, 3}},
		"colour 2":        {CubeValue: 1, OnRoll: 2},
		"resign 4":        {CubeValue: 1, Resigned: 4},
	} {
		_, err := FormatMatchID(m)
		assert.ErrorIs(t, err, ErrSyntax, name)
		assert.True(t, strings.HasPrefix(m.String(), "invalid MatchID"), name)
	}
}

func TestMatchIDRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := MatchID{
			CubeValue:   1 << rapid.IntRange(0, 12).Draw(t, "cubelog"),
			CubeCentred: rapid.Bool().Draw(t, "centred"),
			OnRoll:      Color(rapid.IntRange(0, 1).Draw(t, "onroll")),
			State:       GameState(rapid.IntRange(0, 4).Draw(t, "state")),
			Turn:        Color(rapid.IntRange(0, 1).Draw(t, "turn")),
			Doubled:     rapid.Bool().Draw(t, "doubled"),
			Resigned:    Resignation(rapid.IntRange(0, 3).Draw(t, "resigned")),
			MatchLength: rapid.IntRange(0, MaxMatchIDLength).Draw(t, "length"),
			Bit67:       rapid.Bool().Draw(t, "bit67"),
		}
		maxScore := m.MatchLength
		if maxScore == 0 {
			maxScore = 32767
		}
		m.Score = [2]int{rapid.IntRange(0, maxScore).Draw(t, "s0"), rapid.IntRange(0, maxScore).Draw(t, "s1")}
		if m.MatchLength >= 2 && (m.Score[0] == m.MatchLength-1 || m.Score[1] == m.MatchLength-1) {
			m.Crawford = rapid.Bool().Draw(t, "crawford")
			if m.Crawford {
				m.CubeValue = 1
			}
		}
		if !m.CubeCentred {
			m.CubeOwner = Color(rapid.IntRange(0, 1).Draw(t, "owner"))
		}
		if rapid.Bool().Draw(t, "rolled") {
			m.Dice = [2]int{rapid.IntRange(1, 6).Draw(t, "d1"), rapid.IntRange(1, 6).Draw(t, "d2")}
		}
		s, err := FormatMatchID(m)
		if err != nil {
			t.Fatalf("FormatMatchID(%+v): %v", m, err)
		}
		back, err := ParseMatchID(s)
		if err != nil {
			t.Fatalf("ParseMatchID(%q): %v", s, err)
		}
		want := m // the dice come back larger first
		if want.Dice[1] > want.Dice[0] {
			want.Dice[0], want.Dice[1] = want.Dice[1], want.Dice[0]
		}
		if back != want {
			t.Fatalf("round trip of %+v via %q gave %+v", m, s, back)
		}
		var u MatchID
		text, err := m.MarshalText()
		if err != nil || u.UnmarshalText(text) != nil || u != want {
			t.Fatalf("text round trip of %+v failed", m)
		}
	})
}

// TestMatchIDDiceOrder: gnubg writes the larger die first and reads an ID
// with the smaller die first as the same state ("set matchid MIEIAAAAAAAA",
// dice 1-2, gives back MAEFAAAAAAAA, dice 2-1), so the same state has one
// ID (issue 9 item 2).
func TestMatchIDDiceOrder(t *testing.T) {
	m := NewMatchID()
	m.Dice = [2]int{1, 2}
	s, err := FormatMatchID(m)
	require.NoError(t, err)
	assert.Equal(t, "MAEFAAAAAAAA", s)
	m.Dice = [2]int{2, 1}
	assert.Equal(t, "MAEFAAAAAAAA", m.String())

	got, err := ParseMatchID("MIEIAAAAAAAA")
	require.NoError(t, err)
	assert.Equal(t, [2]int{2, 1}, got.Dice)
	assert.Equal(t, "MAEFAAAAAAAA", got.String())
}

// selfplayLine is one line of testdata/gnubg/selfplay.txt.
type selfplayLine struct {
	pid, mid, move string
	end            bool
}

func loadSelfplay(t *testing.T) []selfplayLine {
	t.Helper()
	f, err := os.Open("testdata/gnubg/selfplay.txt")
	require.NoError(t, err)
	defer f.Close()
	var out []selfplayLine
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			if !header {
				out = append(out, selfplayLine{end: true})
			}
			continue
		}
		header = false
		f := strings.SplitN(line, " ", 3)
		require.Len(t, f, 3, line)
		out = append(out, selfplayLine{pid: f[0], mid: f[1], move: f[2]})
	}
	require.NoError(t, sc.Err())
	return out
}

// TestSelfplayIDs follows gnubg's own games: each Position ID, the dice of
// the Match ID and gnubg's play (read with ParsePlay, so one of Legal's)
// must give the next Position ID gnubg printed.
func TestSelfplayIDs(t *testing.T) {
	lines := loadSelfplay(t)
	r := DefaultRules(Short)
	checked, passes := 0, 0
	for i, l := range lines {
		if l.end || i+1 >= len(lines) || lines[i+1].end {
			continue
		}
		pos, err := ParsePositionID(l.pid)
		require.NoError(t, err, l.pid)
		m, err := ParseMatchID(l.mid)
		require.NoError(t, err, l.mid)
		require.Equal(t, GamePlaying, m.State, l.mid)
		roll, err := NewRoll(m.Dice[0], m.Dice[1])
		require.NoError(t, err, l.mid)
		play, err := r.ParsePlay(pos, roll, l.move)
		require.NoError(t, err, "%s %v %q", l.pid, roll, l.move)
		assert.Equal(t, l.move, play.String(), "gnubg's notation")
		next, err := PositionID(play.Result())
		require.NoError(t, err)
		if next != lines[i+1].pid {
			// The opponent danced (no legal entry): gnubg prints no play
			// for it, and the next line is the same player on roll again.
			again, err := PositionID(play.Result().Pass())
			require.NoError(t, err)
			assert.Equal(t, lines[i+1].pid, again, "%s %v %q", l.pid, roll, l.move)
			assert.Positive(t, play.Result().Mover().Bar, "only a player on the bar can pass")
			passes++
		}
		checked++
	}
	t.Logf("%d gnubg plays followed, %d of them before a dance", checked, passes)
	assert.Greater(t, checked, 150)
	assert.Positive(t, passes)
}

func FuzzParsePositionID(f *testing.F) {
	for _, s := range []string{"4HPwATDgc/ABMA", "4HPkQSDgc/ABMA", "AAAAAAAAAAAAAA", "//////////////", "4HPwATDgc/ABMB", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		p, err := ParsePositionID(id)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalidPosition) {
				t.Fatalf("ParsePositionID(%q): unexpected error kind %v", id, err)
			}
			return
		}
		back, err := PositionID(p)
		if err != nil {
			t.Fatalf("PositionID(%v) of parsed %q: %v", p, id, err)
		}
		if back != id {
			t.Fatalf("ParsePositionID(%q) encodes back to %q", id, back)
		}
	})
}

func FuzzParseMatchID(f *testing.F) {
	for _, s := range []string{"QYkqASAAIAAA", "cIkFAAAAAAAA", "UgnzADAAKAAE", "AAAAAAAAAAAA", "////////////", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		m, err := ParseMatchID(id)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("ParseMatchID(%q): unexpected error kind %v", id, err)
			}
			return
		}
		back, err := FormatMatchID(m)
		if err != nil {
			t.Fatalf("FormatMatchID(%+v) of parsed %q: %v", m, id, err)
		}
		if back != id && back != swapMatchIDDice(t, id) {
			t.Fatalf("ParseMatchID(%q) encodes back to %q", id, back)
		}
		if again, err := ParseMatchID(back); err != nil || again != m {
			t.Fatalf("ParseMatchID(%q) = %+v, %v; want %+v as from %q", back, again, err, m, id)
		}
	})
}

func ExamplePositionID() {
	start, _ := StartPosition(Short, White)
	id, _ := PositionID(start)
	fmt.Println(id)

	// The position after gnubg's opening 24/18 13/11, the other player on
	// roll (ParsePositionIDTurn says which colour that is).
	p, _ := ParsePositionIDTurn("4HPkQSDgc/ABMA", Black)
	fmt.Println(p.OnRoll(), p.Opponent().Points[18-1], p.Opponent().Points[11-1])
	// Output:
	// 4HPwATDgc/ABMA
	// black 1 1
}

func ExampleParseMatchID() {
	// The example of the gnubg manual: 9-point match, score 2-4, player 0
	// holds a 2-cube, player 1 has rolled 5-2.
	m, _ := ParseMatchID("QYkqASAAIAAA")
	fmt.Println(m.MatchLength, m.Score, m.CubeValue, m.CubeOwner, m.OnRoll, m.Dice)
	m.Dice = [2]int{0, 0} // not rolled yet
	fmt.Println(m)
	// Output:
	// 9 [2 4] 2 white black [5 2]
	// QQkgASAAIAAA
}
