package gnubg

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The example of the manual, "A technical description of the Match ID":
// score 2-4 in a 9-point match, player 0 holds a 2-cube, player 1 has just
// rolled 52: key 41 89 2A 01 20 00 20 00 00, ID QYkqASAAIAAA.
func TestMatchIDManualExample(t *testing.T) {
	want := MatchID{
		CubeValue:   2,
		CubeOwner:   nardy.White, // player 0
		OnRoll:      nardy.Black,
		State:       StatePlaying,
		ToAct:       nardy.Black,
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
			assert.Equal(t, StatePlaying, m.State)
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
			assert.Equal(t, nardy.White, m.CubeOwner)
		}},
		{"... set cube owner 1", "UonuADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, 4, m.CubeValue)
			assert.Equal(t, nardy.Black, m.CubeOwner)
		}},
		{"... set turn 0", "EgHgADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, nardy.White, m.OnRoll)
			assert.Equal(t, nardy.White, m.ToAct)
			assert.Equal(t, [2]int{0, 0}, m.Dice)
		}},
		{"... set turn 1", "UgngADAAKAAE", func(t *testing.T, m MatchID) {
			assert.Equal(t, nardy.Black, m.OnRoll)
			assert.Equal(t, nardy.Black, m.ToAct)
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
			assert.ErrorIs(t, err, nardy.ErrSyntax)
		})
	}
	for name, m := range map[string]MatchID{
		"zero":             {},
		"cube 3":           {CubeValue: 3},
		"cube 65536":       {CubeValue: 1 << 16},
		"centred owned":    {CubeValue: 1, CubeCentred: true, CubeOwner: nardy.Black},
		"state 5":          {CubeValue: 1, State: 5},
		"die 7":            {CubeValue: 1, Dice: [2]int{7, 1}},
		"second die 7":     {CubeValue: 1, CubeCentred: true, State: StatePlaying, Dice: [2]int{3, 7}},
		"one die":          {CubeValue: 1, Dice: [2]int{0, 1}},
		"negative score":   {CubeValue: 1, Score: [2]int{-1, 0}},
		"length 65":        {CubeValue: 1, MatchLength: 65},
		"cube 8192":        {CubeValue: 8192},
		"score past":       {CubeValue: 1, MatchLength: 7, Score: [2]int{3, 8}},
		"crawford money":   {CubeValue: 1, Crawford: true},
		"crawford 1-pt":    {CubeValue: 1, Crawford: true, MatchLength: 1},
		"crawford 2-cube":  {CubeValue: 2, Crawford: true, MatchLength: 7, Score: [2]int{6, 3}},
		"colour 2":         {CubeValue: 1, OnRoll: 2},
		"resign home mars": {CubeValue: 1, Resigned: nardy.HomeMars},
		"resign draw":      {CubeValue: 1, Resigned: nardy.Draw},
	} {
		_, err := FormatMatchID(m)
		assert.ErrorIs(t, err, nardy.ErrSyntax, name)
		assert.Contains(t, err.Error(), "cannot write a Match ID", "%s: a writing error, not a parsing one", name)
		assert.True(t, strings.HasPrefix(m.String(), "invalid MatchID"), name)
	}
}

func TestMatchIDRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := MatchID{
			CubeValue:   1 << rapid.IntRange(0, 12).Draw(t, "cubelog"),
			CubeCentred: rapid.Bool().Draw(t, "centred"),
			OnRoll:      nardy.Color(rapid.IntRange(0, 1).Draw(t, "onroll")),
			State:       GameState(rapid.IntRange(0, 4).Draw(t, "state")),
			ToAct:       nardy.Color(rapid.IntRange(0, 1).Draw(t, "turn")),
			Doubled:     rapid.Bool().Draw(t, "doubled"),
			Resigned:    rapid.SampledFrom([]nardy.ResultKind{0, nardy.Oin, nardy.Mars, nardy.Koks}).Draw(t, "resigned"),
			MatchLength: rapid.IntRange(0, MaxMatchLength).Draw(t, "length"),
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
			m.CubeOwner = nardy.Color(rapid.IntRange(0, 1).Draw(t, "owner"))
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

func FuzzParseMatchID(f *testing.F) {
	for _, s := range []string{"QYkqASAAIAAA", "cIkFAAAAAAAA", "UgnzADAAKAAE", "AAAAAAAAAAAA", "////////////", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		m, err := ParseMatchID(id)
		if err != nil {
			if !errors.Is(err, nardy.ErrSyntax) {
				t.Fatalf("ParseMatchID(%q): unexpected error kind %v", id, err)
			}
			return
		}
		back, err := FormatMatchID(m)
		if err != nil {
			t.Fatalf("FormatMatchID(%+v) of parsed %q: %v", m, id, err)
		}
		id = strings.TrimRight(strings.TrimSpace(id), "=") // the ID read: less the spaces around it and its padding
		if back != id && back != swapMatchIDDice(t, id) {
			t.Fatalf("ParseMatchID(%q) encodes back to %q", id, back)
		}
		if again, err := ParseMatchID(back); err != nil || again != m {
			t.Fatalf("ParseMatchID(%q) = %+v, %v; want %+v as from %q", back, again, err, m, id)
		}
		// Its game at the start position is one, or an error of the kinds
		// Game gives; a game reads back from its JSON.
		r := nardy.DefaultRules(nardy.Short)
		r.Beavers, r.MaxCube = true, 1<<15
		g, err := Game(r, "4HPwATDgc/ABMA", id)
		testgen.CheckGame(t, id, g, err, nardy.ErrGameOver, nardy.ErrInvalidPosition, nardy.ErrActionRefused)
	})
}

// TestIDsTooLongRefusedUnread: an ID longer than its characters could be
// in any encoding is refused by its length alone, as the docs say ("refused
// before the ID is read"), where the characters of 100 MB were counted
// first (helper-104); a shorter one of the wrong length says how many
// characters it has.
func TestIDsTooLongRefusedUnread(t *testing.T) {
	long := strings.Repeat("A", 1<<20)
	_, err := ParseMatchID(long)
	require.ErrorIs(t, err, nardy.ErrSyntax)
	assert.ErrorContains(t, err, "want 12 characters, have more than 48 bytes")
	_, err = ParsePositionID(long, nardy.White)
	require.ErrorIs(t, err, nardy.ErrSyntax)
	assert.ErrorContains(t, err, "want 14 characters, have more than 56 bytes")
	_, err = ParseMatchID("AAAAAAAAAAAAA")
	assert.ErrorContains(t, err, "want 12 characters, have 13")
}
