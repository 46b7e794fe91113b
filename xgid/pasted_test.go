package xgid

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pastedXGIDs are XGIDs as users paste them, each with what GNU
// Backgammon 1.07 holds after "set xgid" of it (helper-183; the
// literals are gnubg 1.07's reading, checked by TestPastedXGIDsGnubg):
// its Position ID and Match ID, or "" where gnubg says "Not a valid
// XGID" and keeps its game.
var pastedXGIDs = []struct {
	name, text, pid, mid string
}{
	{"as XG writes it", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"no prefix", "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"prefix in lower case", "xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"prefix capitalised", "Xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"spaces around", "  XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10  ", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"Windows line end", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10\r\n", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"double quotes", `"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"`, "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"single quotes", `'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10'`, "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"text after a space", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10 from XG", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"text after a tab", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10\tfoo", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"a 5-point match at 1-3", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:1:3:0:5:10", "4HPwATDgc/ABMA", "cImqADAACAAE"},
	{"colours swapped", "XGID=-B----e-c---Ee---C-E----b-:0:0:1:52:0:0:0:0:10", "A+CD8wED4IPzAQ", "cIkKAAAAAAAE"},
	{"the top player on turn", "XGID=aa----E-C---eE---c-d----B-:0:0:-1:52:0:0:3:0:10", "4HPwATDgOfgAKA", "cIkKAAAAAAAA"},
	{"the top player on turn, pasted", "'xgid=aa----E-C---eE---c-d----B-:0:0:-1:52:0:0:3:0:10'\r\n", "4HPwATDgOfgAKA", "cIkKAAAAAAAA"},
	// Spaces inside the quotes too (helper-184: a mutant that did not
	// trim them, reading nothing, passed every test).
	{"spaces within the quotes", `" XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10 "`, "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	// A quoted XGID with text after it, as a forum post or a chat quotes
	// one (helper-187: Parse, whose doc drops the quotes around the XGID
	// and the text after it, refused the two together).
	{"double quotes, text after", `"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10" from XG`, "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"single quotes, text after a tab", "'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10'\tfrom XG", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	// The closing quote is the first after the opening one (helper-189: a
	// mutant taking the last, here the text's, passed every test).
	{"double quotes, quoted text after", `"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10" from "XG"`, "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	// Refused by both.
	{"prefix with a colon", "XGID:-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "", ""},
	{"space after the prefix", "XGID= -b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "", ""},
	{"9 fields", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0", "", ""},
	{"9 fields of a match", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:1:3:0:5", "", ""},
	{"8 fields", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0", "", ""},
	{"11 fields", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10:0", "", ""},
	{"a colon at the end", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10:", "", ""},
	{"dice 0", "XGID=-b----E-C---eE---c-e----B-:0:0:1:0:0:0:0:0:10", "", ""},
	{"double in lower case", "XGID=-b----E-C---eE---c-e----B-:0:0:1:d:0:0:0:0:10", "", ""},
}

// gnubgOnlyXGIDs are texts gnubg 1.07's "set xgid" reads (as the XGID
// "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", the Position ID
// and Match ID given) and Parse refuses: numbers as XG never writes them,
// which gnubg reads as C's atoi would (so that Format would not give the
// text back), a last field with text after it or empty (gnubg ignores
// the max cube), and any text before an '=' taken as a prefix.
var gnubgOnlyXGIDs = []struct {
	name, text, pid, mid string
}{
	{"turn +1", "XGID=-b----E-C---eE---c-e----B-:0:0:+1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"cube 00", "XGID=-b----E-C---eE---c-e----B-:00:0:1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"max cube 010", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:010", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"max cube empty", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"a full stop after", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10.", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"a comma after", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10,", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"letters after", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10xyz", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"another prefix", "foo=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"an '=' alone", "=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	// Quotes that are no pair: gnubg takes the first as part of a prefix
	// and the last as text after the max cube; Parse drops only a pair
	// (helper-184: a mutant dropping an unpaired quote and the last
	// character, which read the first as max cube 1, passed every test).
	{"a quote before only", `"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10`, "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"unlike quotes", `"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10'`, "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
	{"the prefix twice", "XGID=XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAE"},
}

// TestGnubgOnlyXGIDs: Parse refuses the texts of gnubgOnlyXGIDs, which
// gnubg 1.07 reads (TestPastedXGIDsGnubg checks that it does).
func TestGnubgOnlyXGIDs(t *testing.T) {
	for _, tc := range gnubgOnlyXGIDs {
		_, err := Parse(tc.text)
		assert.ErrorIs(t, err, nardy.ErrSyntax, "%s: %q", tc.name, tc.text)
	}
}

// TestPastedXGIDs: Parse reads an XGID as pasted as gnubg 1.07's "set
// xgid" does (the prefix in any case, spaces, line ends and quotes
// around, text after a space), and refuses what gnubg refuses; where
// before helper-183 it refused all but the first two.
func TestPastedXGIDs(t *testing.T) {
	for _, tc := range pastedXGIDs {
		t.Run(tc.name, func(t *testing.T) {
			x, err := Parse(tc.text)
			var u ID
			uerr := u.UnmarshalText([]byte(tc.text))
			if tc.pid == "" {
				assert.ErrorIs(t, err, nardy.ErrSyntax)
				assert.ErrorIs(t, uerr, nardy.ErrSyntax)
				return
			}
			require.NoError(t, err)
			require.NoError(t, uerr)
			assert.Equal(t, x, u)
			checkGnubgReading(t, x, tc.pid, tc.mid)
			// Format writes it as XG does.
			s, err := Format(x)
			require.NoError(t, err)
			assert.Contains(t, tc.text, s[len(prefix):], "Format gives the fields back")
		})
	}
}

// checkGnubgReading checks that x is what gnubg holds after "set xgid":
// the Position ID pid from the player on turn, gnubg's player 1, and the
// Match ID mid's dice, cube and score.
func checkGnubgReading(t *testing.T, x ID, pid, mid string) {
	t.Helper()
	want, err := gnubg.PositionID(x.Position)
	require.NoError(t, err)
	assert.Equal(t, pid, want, "the position from the player on turn")
	m, err := gnubg.ParseMatchID(mid)
	require.NoError(t, err)
	on := x.Position.OnRoll()
	assert.ElementsMatch(t, x.Dice[:], m.Dice[:])
	assert.Equal(t, x.CubeValue, m.CubeValue)
	assert.Equal(t, x.CubeCentred, m.CubeCentred)
	assert.Equal(t, x.MatchLength, m.MatchLength)
	assert.Equal(t, [2]int{x.Score[on.Other()], x.Score[on]}, m.Score)
}
