package gnubg

import (
	"bufio"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The GNU Backgammon manual, "A technical description of the Position ID":
// the start position has the 10-byte key E0 73 F0 01 30 E0 73 F0 01 30 and
// the ID 4HPwATDgc/ABMA.
func TestPositionIDManualStart(t *testing.T) {
	for _, mover := range []nardy.Color{nardy.White, nardy.Black} {
		start := testgen.Start(t, nardy.Short, mover)
		id, err := PositionID(start)
		require.NoError(t, err)
		assert.Equal(t, "4HPwATDgc/ABMA", id)
		key, err := base64.RawStdEncoding.DecodeString(id)
		require.NoError(t, err)
		assert.Equal(t, []byte{0xE0, 0x73, 0xF0, 0x01, 0x30, 0xE0, 0x73, 0xF0, 0x01, 0x30}, key)

		got, err := ParsePositionID("4HPwATDgc/ABMA", mover)
		require.NoError(t, err)
		assert.Equal(t, start, got)
		assert.Equal(t, mover, got.OnRoll(), "ParsePositionID puts the colour asked on roll")
	}
}

// Positions set up in gnubg 1.07 with "set board ID" and read back with
// gnubg.board(): board[1] is the player on roll, board[0] the other, each
// indexed by own point 1..24 then the bar. The IDs also come from gnubg's
// own output (t2/t6 runs, see testdata/selfplay.txt).
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
			p, err := ParsePositionID(tc.id, nardy.White)
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
func sideFromGnubg(b [25]int) nardy.Side {
	var c [26]int
	c[nardy.Off] = nardy.Checkers
	for i, n := range b {
		c[i+1] = n // point i+1, the bar at 25
		c[nardy.Off] -= n
	}
	return formats.Side(c)
}

func TestPositionIDErrors(t *testing.T) {
	long := testgen.Start(t, nardy.Long, nardy.White)
	_, err := PositionID(long)
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch)
	_, err = PositionID(nardy.Position{})
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition)

	syntax := []struct{ name, id string }{
		{"empty", ""},
		{"short", "4HPwATDgc/ABM"},
		{"long", "4HPwATDgc/ABMAA"},
		// "4HPwATDgc/ABMA==" (padded) is read as gnubg reads it: TestIDsPaddedOrSpaced.
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
			_, err := ParsePositionID(tc.id, nardy.White)
			require.Error(t, err)
			assert.ErrorIs(t, err, nardy.ErrSyntax)
			var se *nardy.SyntaxError
			assert.True(t, errors.As(err, &se))
		})
	}
	// The length is counted in characters, not bytes: 13 two-byte letters
	// are 26 bytes, 7 are 14 bytes (the length of an ID in bytes); 14 are
	// refused for the letters.
	for _, tc := range []struct {
		id   string
		want string
	}{{strings.Repeat("é", 13), "have 13"}, {strings.Repeat("é", 7), "have 7"}, {strings.Repeat("é", 14), "'é' is not a Base64"}} {
		_, err := ParsePositionID(tc.id, nardy.White)
		require.ErrorIs(t, err, nardy.ErrSyntax)
		assert.Contains(t, err.Error(), tc.want)
	}
	_, err = ParseMatchID(strings.Repeat("é", 6))
	require.ErrorIs(t, err, nardy.ErrSyntax)
	assert.Contains(t, err.Error(), "have 6")
	var m MatchID
	err = m.UnmarshalText([]byte(strings.Repeat("é", 11)))
	require.ErrorIs(t, err, nardy.ErrSyntax)
	assert.Contains(t, err.Error(), "have 11")
	// An ID of the right length in characters but not in bytes is refused
	// for its character, named whole (it said "want 14 characters, have
	// 14", and named the é of a short ID by its first byte, 'Ã').
	for _, tc := range []struct{ id, want string }{
		{"4HPwATDgc/ABMé", `'é' is not a Base64 character`},
		{"4HPwATDgc/ABé", "want 14 characters, have 13"},
		{"4HPwATDgc/AB\xffA", `'\xff' is not a Base64 character`},
	} {
		_, err := ParsePositionID(tc.id, nardy.White)
		require.ErrorIs(t, err, nardy.ErrSyntax, tc.id)
		assert.Contains(t, err.Error(), tc.want, tc.id)
	}
	_, err = ParseMatchID("cAkAAAAAAAAé")
	require.ErrorIs(t, err, nardy.ErrSyntax)
	assert.Contains(t, err.Error(), `'é' is not a Base64 character`)
	err = m.UnmarshalText([]byte("cAkAAAAAAAAé"))
	require.ErrorIs(t, err, nardy.ErrSyntax)
	assert.Contains(t, err.Error(), `'é' is not a Base64 character`, "UnmarshalText as ParseMatchID")

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
	_, err = ParsePositionID(base64.RawStdEncoding.EncodeToString(both), nardy.White)
	var pe *nardy.PositionError
	require.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition)
	assert.Equal(t, "§4", pe.Rule)
	assert.Contains(t, pe.Msg, "both colours on one point")
	_, err = ParsePositionID("4HPwATDgc/ABMA", 2)
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition, "no colour 2")
}

func TestPositionIDEmptyBoard(t *testing.T) {
	// All checkers borne off on both sides: 50 zero bits.
	p, err := ParsePositionID("AAAAAAAAAAAAAA", nardy.White)
	require.NoError(t, err)
	assert.Equal(t, nardy.Checkers, formats.Counts(p.Mover())[nardy.Off])
	assert.Equal(t, nardy.Checkers, formats.Counts(p.Opponent())[nardy.Off])
}

// Property: every valid short position survives PositionID and
// ParsePositionID with its own colour on roll.
func TestPositionIDRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := testgen.ShortPosition().Draw(t, "pos")
		id, err := PositionID(p)
		if err != nil {
			t.Fatalf("PositionID(%v): %v", p, err)
		}
		if len(id) != PositionIDLen {
			t.Fatalf("PositionID(%v) = %q: length %d", p, id, len(id))
		}
		back, err := ParsePositionID(id, p.OnRoll())
		if err != nil {
			t.Fatalf("ParsePositionID(%q): %v", id, err)
		}
		if back != p {
			t.Fatalf("round trip of %v via %q gave %v", p, id, back)
		}
	})
}

// The position corpora of package nardy (../testdata/corpus, from the
// wildbg benchmark) are gnubg's own spelling: PositionID gives each ID
// back.
func TestCorpusIDsRoundTrip(t *testing.T) {
	for _, name := range []string{"contact", "race"} {
		f, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", name+".csv"))
		require.NoError(t, err)
		ids := strings.Fields(string(f))
		require.Len(t, ids, 1000, name)
		for _, id := range ids {
			p, err := ParsePositionID(id, nardy.White)
			require.NoError(t, err, "%s: %s", name, id)
			back, err := PositionID(p)
			require.NoError(t, err)
			assert.Equal(t, id, back)
		}
	}
}

// selfplayLine is one line of testdata/selfplay.txt.
type selfplayLine struct {
	pid, mid, move string
	end            bool
}

func loadSelfplay(t *testing.T) []selfplayLine {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "selfplay.txt"))
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
	r := nardy.DefaultRules(nardy.Short)
	checked, passes := 0, 0
	for i, l := range lines {
		if l.end || i+1 >= len(lines) || lines[i+1].end {
			continue
		}
		pos, err := ParsePositionID(l.pid, nardy.White)
		require.NoError(t, err, l.pid)
		m, err := ParseMatchID(l.mid)
		require.NoError(t, err, l.mid)
		require.Equal(t, StatePlaying, m.State, l.mid)
		roll, err := nardy.NewRoll(m.Dice[0], m.Dice[1])
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
			assert.Positive(t, formats.Counts(play.Result().Mover())[nardy.Bar], "only a player on the bar can pass")
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
		p, err := ParsePositionID(id, nardy.White)
		if err != nil {
			if !errors.Is(err, nardy.ErrSyntax) && !errors.Is(err, nardy.ErrInvalidPosition) {
				t.Fatalf("ParsePositionID(%q): unexpected error kind %v", id, err)
			}
			return
		}
		back, err := PositionID(p)
		if err != nil {
			t.Fatalf("PositionID(%v) of parsed %q: %v", p, id, err)
		}
		// The ID read is id less the spaces around it and its padding.
		if want := strings.TrimRight(strings.TrimSpace(id), "="); back != want {
			t.Fatalf("ParsePositionID(%q) encodes back to %q", id, back)
		}
	})
}
