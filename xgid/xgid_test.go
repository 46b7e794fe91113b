package xgid

import (
	"errors"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/formats"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The start position as XG writes it, bottom player on roll, money game
// with max cube 2^10: the XGID quoted by the XGID descriptions and tools
// (gnubg 1.07 "set xgid" of it gives Position ID 4HPwATDgc/ABMA).
func TestXGIDStart(t *testing.T) {
	const s = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
	x, err := Parse(s)
	require.NoError(t, err)
	assert.Equal(t, testgen.Start(t, nardy.Short, nardy.White), x.Position)
	assert.Equal(t, 1, x.CubeValue)
	assert.True(t, x.CubeCentred)
	assert.Equal(t, [2]int{0, 0}, x.Dice)
	assert.Equal(t, NoAction, x.Action)
	assert.Equal(t, 0, x.MatchLength)
	assert.Equal(t, 1024, x.MaxCube)
	assert.False(t, x.Jacoby || x.Beaver || x.Crawford)
	assert.Equal(t, s, x.String())

	// Without the prefix it parses the same.
	y, err := Parse(strings.TrimPrefix(s, "XGID="))
	require.NoError(t, err)
	assert.Equal(t, x, y)
}

// The example XGID of the XGID descriptions: start position, bottom player
// rolled 5-2, money game with Jacoby and beavers (3). gnubg 1.07 "set xgid"
// of it gives Position ID 4HPwATDgc/ABMA and Match ID cIkKAAAAAAAA (dice
// 5-2, money).
func TestXGIDDocExample(t *testing.T) {
	const s = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
	x, err := Parse(s)
	require.NoError(t, err)
	assert.Equal(t, [2]int{5, 2}, x.Dice)
	assert.True(t, x.Jacoby)
	assert.True(t, x.Beaver)
	assert.Equal(t, nardy.White, x.Position.OnRoll())
	assert.Equal(t, s, x.String())
	pid, err := gnubg.PositionID(x.Position)
	require.NoError(t, err)
	assert.Equal(t, "4HPwATDgc/ABMA", pid)
	m, err := gnubg.ParseMatchID("cIkKAAAAAAAA")
	require.NoError(t, err)
	assert.Equal(t, x.Dice, m.Dice)
}

// TestXGIDPrefixInLowerCase: Parse reads the "XGID=" prefix in any case,
// as GNU Backgammon 1.07's "set xgid" does (helper-183; it once refused
// "xgid=" so that Format gave the text back, and said so), and Format
// writes it in capitals.
func TestXGIDPrefixInLowerCase(t *testing.T) {
	const body = "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
	for _, p := range []string{"xgid=", "Xgid=", "xGiD="} {
		x, err := Parse(p + body)
		require.NoError(t, err, p)
		assert.Equal(t, "XGID="+body, x.String(), p)
	}
}

// XGIDs pasted into GNU Backgammon 1.07 with "set xgid"; gnubg printed the
// Position ID and Match ID given here. gnubg makes the XGID's player on roll
// its player 1 (the second Score, the Match ID's OnRoll). With a double
// pending ("D") gnubg steps back to the offer: its player on roll, who
// holds the cube decision, is the XGID's player on turn, the doubler, and
// the cube is the XGID's, before the double.
func TestXGIDAgainstGnubg(t *testing.T) {
	tests := []struct {
		xgid, pid, mid string
	}{
		{"XGID=aa----E-C---eE---c-d----B-:0:0:1:52:0:0:3:0:10", "4Dn4ACjwOfgAGA", "cIkKAAAAAAAA"},
		{"XGID=aa----E-C---eE---c-d----B-:0:0:-1:52:0:0:3:0:10", "4HPwATDgOfgAKA", ""},
		{"XGID=-b----E-C---eE---c-e----AA:1:1:1:00:2:4:0:9:10", "4HPwATDgc/ABUA", "UQkgAUAAEAAE"},
		{"XGID=-b----E-C---eE---c-e----AA:2:-1:-1:31:2:4:0:9:10", "4HPwAVDgc/ABMA", "UoklASAAIAAE"},
		{"XGID=-b----E-C---eE---c-e----AA:0:0:-1:31:2:8:1:9:10", "4HPwAVDgc/ABMA", "8IklASAAQAAE"},
		{"XGID=-b----E-C---eE---c-e----AA:0:0:1:00:8:3:1:9:10", "4HPwATDgc/ABUA", "8AkgATAAQAAE"},
		{"XGID=-b----E-C---eE---c-e----AA:1:1:1:D:2:4:0:9:10", "4HPwATDgc/ABUA", "UQkgAUAAEAAE"},
		{"XGID=ca----E-C---eE---c------B-:1:-1:-1:D:0:0:0:5:10", "4HPwATCAgw+ADg", "UQmgAAAAAAAE"},
	}
	for _, tc := range tests {
		t.Run(tc.xgid, func(t *testing.T) {
			x, err := Parse(tc.xgid)
			require.NoError(t, err)
			assert.Equal(t, tc.xgid, x.String())
			pid, err := gnubg.PositionID(x.Position)
			require.NoError(t, err)
			assert.Equal(t, tc.pid, pid)
			if tc.mid == "" {
				return
			}
			m, err := gnubg.ParseMatchID(tc.mid)
			require.NoError(t, err)
			onRoll := x.Position.OnRoll()
			assert.Equal(t, x.CubeValue, m.CubeValue)
			assert.Equal(t, x.CubeCentred, m.CubeCentred)
			if !x.CubeCentred {
				// gnubg's player 1 is the XGID's player on roll.
				assert.Equal(t, x.CubeOwner == onRoll, m.CubeOwner == nardy.Black)
			}
			assert.Equal(t, x.Score[onRoll], m.Score[nardy.Black])
			assert.Equal(t, x.Score[onRoll.Other()], m.Score[nardy.White])
			assert.Equal(t, x.MatchLength, m.MatchLength)
			assert.Equal(t, x.Crawford, m.Crawford)
			assert.Equal(t, x.Dice, m.Dice)
			assert.Equal(t, nardy.Black, m.OnRoll)
			assert.Equal(t, nardy.Black, m.ToAct, "gnubg's player on roll has the cube decision")
		})
	}
}

func TestXGIDFields(t *testing.T) {
	// The bottom player, on turn and holding the cube at 2, redoubled.
	x, err := Parse("XGID=-b----E-C---eE---c-e----AA:1:1:1:D:2:4:0:9:8")
	require.NoError(t, err)
	assert.Equal(t, 2, x.CubeValue)
	assert.Equal(t, nardy.White, x.CubeOwner)
	assert.Equal(t, nardy.White, x.Position.OnRoll(), "the doubler")
	assert.Equal(t, Doubled, x.Action)
	assert.Equal(t, [2]int{2, 4}, x.Score)
	assert.False(t, x.Crawford)
	assert.Equal(t, 9, x.MatchLength)
	assert.Equal(t, 256, x.MaxCube)
	white := formats.Counts(x.Position.Side(nardy.White))
	assert.Equal(t, 1, white[nardy.Bar], "character 25 is the bottom player's bar")
	assert.Equal(t, 1, white[24])

	x, err = Parse("XGID=-b----E-C---eE---c-e----AA:0:0:1:00:8:3:1:9:8")
	require.NoError(t, err)
	assert.True(t, x.Crawford)

	for s, a := range map[string]CubeAction{"B": Beavered, "R": Raccooned} {
		x, err := Parse("-b----E-C---eE---c-e----B-:1:1:1:" + s + ":0:0:2:0:10")
		require.NoError(t, err)
		assert.Equal(t, a, x.Action)
		assert.True(t, x.Beaver)
		assert.False(t, x.Jacoby)
	}

	// The top player's bar is character 0, its points are read from the
	// other end: 'b' on character 1 is two checkers on its own point 24.
	x, err = Parse("ca----E-C---eE---c------B-:0:0:-1:00:0:0:0:0:10")
	require.NoError(t, err)
	black := formats.Counts(x.Position.Side(nardy.Black))
	assert.Equal(t, 3, black[nardy.Bar])
	assert.Equal(t, 1, black[24])
	assert.Equal(t, 5, black[13])
	assert.Equal(t, 3, black[8])
	assert.Equal(t, 3, black[nardy.Off])
	assert.Equal(t, nardy.Black, x.Position.OnRoll())
}

func TestXGIDErrors(t *testing.T) {
	const good = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
	_, err := Parse(good)
	require.NoError(t, err)
	bad := map[string]string{
		"empty":            "",
		"nine fields":      "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0",
		"eleven fields":    good + ":0",
		"short board":      "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",
		"bad char":         "XGID=-b----E-C---eE---c-e----B?:0:0:1:00:0:0:0:0:10",
		"P is 16":          "XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10",
		"16 checkers":      "XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10",
		"upper on top bar": "XGID=Ab----E-C---eE---c-e----A-:0:0:1:00:0:0:0:0:10",
		"lower on low bar": "XGID=-b----E-C---eE---c-d----Ba:0:0:1:00:0:0:0:0:10",
		// 15 checkers each: refused for the bar alone (the one above also
		// has 16 lower-case checkers).
		"lower on low bar, 15": "XGID=-b----E-C---eE---c-e----Aa:0:0:1:00:0:0:0:0:10",
		"cube exponent -1":     "XGID=-b----E-C---eE---c-e----B-:-1:0:1:00:0:0:0:0:10",
		"cube above max":       "XGID=-b----E-C---eE---c-e----B-:9:0:1:00:0:0:0:0:8",
		"cube owner 2":         "XGID=-b----E-C---eE---c-e----B-:1:2:1:00:0:0:0:0:10",
		"turn 0":               "XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10",
		"turn +1":              "XGID=-b----E-C---eE---c-e----B-:0:0:+1:00:0:0:0:0:10",
		"dice 70":              "XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10",
		"dice 5":               "XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:0:0:10",
		"dice 0":               "XGID=-b----E-C---eE---c-e----B-:0:0:1:0:0:0:0:0:10",
		"dice X":               "XGID=-b----E-C---eE---c-e----B-:0:0:1:X:0:0:0:0:10",
		"leading zero":         "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:01:0:0:3:10",
		"negative score":       "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:-1:0:0:0:10",
		"score at length":      "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:0:0:3:10",
		"score 0-3 of 3":       "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:3:0:3:10",
		"Jacoby in a match":    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:3:10",
		"CJ 4":                 "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10",
		"max cube 16":          "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:16",
		// The Crawford game, as a GNU Backgammon Match ID has it (gnubg
		// 1.07 clears the flag, or sets the cube to 1, where these have it).
		"Crawford at 0-0":     "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:5:10",
		"Crawford in 1 point": "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:1:10",
		"Crawford, cube 2":    "XGID=-b----E-C---eE---c-e----B-:1:0:1:00:4:0:1:5:10",
		"Crawford, doubled":   "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:4:0:1:5:10",
		"double without cube": "XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:5:10",
		"double past max":     "XGID=-b----E-C---eE---c-e----B-:3:0:1:D:0:0:0:5:3",
		"beaver past max":     "XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:2:0:1",
		"beaver in a match":   "XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:0:5:10",
		"beaver not allowed":  "XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:1:0:10",
		"raccoon not allowed": "XGID=-b----E-C---eE---c-e----B-:0:0:1:R:0:0:1:0:10",
		"spaces":              "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0: 10",
		"prefix twice":        "XGID=XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
	}
	for name, s := range bad {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(s)
			require.Error(t, err)
			assert.ErrorIs(t, err, nardy.ErrSyntax)
		})
	}
	// Formatting refuses what cannot be written.
	start := testgen.Start(t, nardy.Short, nardy.White)
	for name, x := range map[string]ID{
		"zero":           {},
		"long":           {Position: testgen.Start(t, nardy.Long, nardy.White), CubeValue: 1, MaxCube: 1},
		"no max cube":    {Position: start, CubeValue: 1},
		"cube 3":         {Position: start, CubeValue: 3, MaxCube: 8},
		"dice 7":         {Position: start, CubeValue: 1, MaxCube: 8, Dice: [2]int{7, 1}},
		"second die 7":   {Position: start, CubeValue: 1, MaxCube: 8, Dice: [2]int{3, 7}},
		"centred, Black": {Position: start, CubeValue: 1, MaxCube: 8, CubeCentred: true, CubeOwner: nardy.Black},
		"beaver match":   {Position: start, CubeValue: 1, MaxCube: 8, Beaver: true, MatchLength: 5},
		"dice + action":  {Position: start, CubeValue: 1, MaxCube: 8, Dice: [2]int{6, 1}, Action: Doubled},
		"crawford":       {Position: start, CubeValue: 1, MaxCube: 8, Crawford: true},
		"jacoby match":   {Position: start, CubeValue: 1, MaxCube: 8, Jacoby: true, MatchLength: 5},
	} {
		_, err := Format(x)
		assert.Error(t, err, name)
		if name != "zero" && name != "long" { // else the position's own errors
			assert.ErrorIs(t, err, nardy.ErrSyntax, name)
			assert.Contains(t, err.Error(), "cannot write an XGID", "%s: a writing error, not a parsing one", name)
		}
		assert.True(t, strings.HasPrefix(x.String(), "invalid XGID"), name)
	}
}

func TestXGIDRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := ID{Position: testgen.ShortPosition().Draw(t, "pos")}
		maxLog := rapid.IntRange(0, 15).Draw(t, "maxlog")
		x.MaxCube = 1 << maxLog
		x.CubeValue = 1 << rapid.IntRange(0, maxLog).Draw(t, "cubelog")
		x.CubeCentred = rapid.Bool().Draw(t, "centred")
		if !x.CubeCentred {
			x.CubeOwner = nardy.Color(rapid.IntRange(0, 1).Draw(t, "owner"))
		}
		if rapid.Bool().Draw(t, "match") {
			x.MatchLength = rapid.IntRange(1, 25).Draw(t, "length")
			x.Score = [2]int{rapid.IntRange(0, x.MatchLength-1).Draw(t, "s0"), rapid.IntRange(0, x.MatchLength-1).Draw(t, "s1")}
			x.Crawford = x.CubeValue == 1 && x.MatchLength > 1 && (x.Score[0] == x.MatchLength-1 || x.Score[1] == x.MatchLength-1) &&
				rapid.Bool().Draw(t, "crawford")
		} else {
			x.Jacoby = rapid.Bool().Draw(t, "jacoby")
			x.Beaver = rapid.Bool().Draw(t, "beaver")
		}
		// A cube action (of the player on turn, who holds the cube or
		// finds it centred) where the rules and the max cube allow it.
		most := Doubled
		if x.Beaver {
			most = Raccooned
		}
		x.Action = CubeAction(rapid.IntRange(0, int(most)).Draw(t, "action"))
		if x.Crawford || x.CubeValue<<x.Action > x.MaxCube || !x.CubeCentred && x.CubeOwner != x.Position.OnRoll() {
			x.Action = NoAction
		}
		if x.Action == NoAction && rapid.Bool().Draw(t, "rolled") {
			x.Dice = [2]int{rapid.IntRange(1, 6).Draw(t, "d1"), rapid.IntRange(1, 6).Draw(t, "d2")}
		}
		s, err := Format(x)
		if err != nil {
			t.Fatalf("Format(%+v): %v", x, err)
		}
		back, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if back != x {
			t.Fatalf("round trip via %q: %+v != %+v", s, back, x)
		}
		var u ID
		if err := u.UnmarshalText([]byte(s)); err != nil || u != x {
			t.Fatalf("UnmarshalText(%q) = %+v, %v", s, u, err)
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
		"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
		"XGID=-b----E-C---eE---c-e----AA:2:-1:-1:31:2:4:1:9:10",
		"-b----E-C---eE---c-e----AA:1:1:1:D:2:4:0:9:8",
		"-b----E-C---eE---c-e----AA:0:0:1:00:8:3:1:9:8",
		"ca----E-C---eE---c------B-:0:0:-1:00:0:0:0:0:10",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := Parse(s)
		if err != nil {
			if !errors.Is(err, nardy.ErrSyntax) && !errors.Is(err, nardy.ErrInvalidPosition) {
				t.Fatalf("Parse(%q): unexpected error kind %v", s, err)
			}
			return
		}
		out, err := Format(x)
		if err != nil {
			t.Fatalf("FormatXGID of parsed %q: %v", s, err)
		}
		// Parse reads the fields of s as written, less what surrounds
		// them (the prefix in any case, spaces, quotes, text after a
		// space).
		if !strings.Contains(s, out[len(prefix):]) {
			t.Fatalf("Parse(%q) formats back to %q", s, out)
		}
		if again, err := Parse(out); err != nil || again != x {
			t.Fatalf("Parse(%q) = %+v, %v; want %+v as from %q", out, again, err, x, s)
		}
		// Its game is one, or an error of the kinds ID.Game gives.
		g, err := x.Game()
		testgen.CheckGame(t, s, g, err, nardy.ErrInvalidPosition, nardy.ErrGameOver)
		m, merr := x.Match()
		testgen.CheckMatch(t, s, g, err, m, merr)
		rc, rerr := x.Recorder()
		testgen.CheckRecorder(t, s, m, merr, rc, rerr)
		if rerr == nil { // the record starts at x's position, x's dice or double its first actions
			rec := rc.Record()
			if rec.Setup == nil || rec.Setup.Position != x.Position || len(rec.Actions) > 2 ||
				(x.Dice != [2]int{} && (len(rec.Actions) != 1 || rec.Actions[0].Kind != nardy.ActRoll)) {
				t.Fatalf("%q: the record starts elsewhere: %+v %v", s, rec.Setup, rec.Actions)
			}
		}
	})
}

// TestXGIDErrorNamesTheCharacter: a non-ASCII character in the checkers
// is named whole, not by its first byte ('Ã' for 'é').
func TestXGIDErrorNamesTheCharacter(t *testing.T) {
	_, err := Parse("XGID=é" + strings.Repeat("-", 24) + ":0:0:1:00:0:0:0:0:10")
	var se *nardy.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `'é': want '-', A-O or a-o`, se.Msg)
	_, err = Parse("XGID=\xff" + strings.Repeat("-", 25) + ":0:0:1:00:0:0:0:0:10")
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `'\xff': want '-', A-O or a-o`, se.Msg)
}

// TestCubeActionNamedInErrors: an error about the cube action names it as
// the XGID writes it ("D"), not as a number.
func TestCubeActionNamedInErrors(t *testing.T) {
	for _, s := range []string{
		"XGID=-b----E-C---eE---c-e----B-:1:1:1:D:6:8:1:9:10", // a double in the Crawford game
		"XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:2:3:0:9:0", // a double past a max cube of 1
	} {
		_, err := Parse(s)
		require.Error(t, err, s)
		assert.Contains(t, err.Error(), "D (doubled)", s)
	}
}
