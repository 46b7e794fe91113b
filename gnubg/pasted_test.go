package gnubg

import (
	"errors"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pastedIDs are GNU Backgammon IDs as users paste them, each with the
// Position ID and Match ID GNU Backgammon 1.07 set after "set gnubgid" of
// it (it prints "Setting GNUbg ID P:M"; helper-183), "" for an ID it did
// not find (it then sets the other alone, or says "No valid IDs found").
// P is "sGfwATDgc/ABMA", M "cAkAAAAAAAAA".
var pastedIDs = []struct {
	text, pid, mid string
}{
	{"sGfwATDgc/ABMA:cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"}, // gnubg's Edit > Copy ID
	{"gnubg ID: sGfwATDgc/ABMA:cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"GNUbg ID: sGfwATDgc/ABMA:cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"gnubg ID:sGfwATDgc/ABMA:cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"'gnubg ID: sGfwATDgc/ABMA:cAkAAAAAAAAA'", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	// gnubg's HTML export, as a browser shows it.
	{"Position ID: sGfwATDgc/ABMA Match ID: cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA\tcAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA : cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA: cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA==:cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA=:cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA:cAkAAAAAAAAA==", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA:cAkAAAAAAAAA\r", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{`"sGfwATDgc/ABMA:cAkAAAAAAAAA"`, "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"  sGfwATDgc/ABMA:cAkAAAAAAAAA   trailing", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA:cAkAAAAAAAAA:", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA:cAkAAAAAAAAA.", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA;cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA,cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA-cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA_cAkAAAAAAAAA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"cAkAAAAAAAAA:sGfwATDgc/ABMA", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"}, // in either order
	// A '+' is a Base64 character, not a separator (helper-184: a mutant
	// taking it for one passed every test).
	{"gnubg ID: A+CD8wED4IPzAQ:cAkAAAAAAAAA", "A+CD8wED4IPzAQ", "cAkAAAAAAAAA"},
	{"97YCBgBtuwXAAA:cAkAAAAAAAAA", "97YCBgBtuwXAAA", "cAkAAAAAAAAA"}, // a '9' too
	// The first run of 12 or 14 characters is taken.
	{"sGfwATDgc/ABMA:cAkAAAAAAAAA abcdefghijkl", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA:cAkAAAAAAAAA abcdefghijklmn", "sGfwATDgc/ABMA", "cAkAAAAAAAAA"},
	{"abcdefghijkl sGfwATDgc/ABMA:cAkAAAAAAAAA", "sGfwATDgc/ABMA", "abcdefghijkl"},   // gnubg: Illegal match ID
	{"abcdefghijklmn sGfwATDgc/ABMA:cAkAAAAAAAAA", "abcdefghijklmn", "cAkAAAAAAAAA"}, // gnubg: Illegal position
	// One ID or none: gnubg sets the one it finds.
	{"sGfwATDgc/ABMA", "sGfwATDgc/ABMA", ""},
	{"sGfwATDgc/ABMA:", "sGfwATDgc/ABMA", ""},
	{"cAkAAAAAAAAA", "", "cAkAAAAAAAAA"},
	{":cAkAAAAAAAAA", "", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMA:cAkAAAAAAAAAX", "sGfwATDgc/ABMA", ""},
	{"sGfwATDgc/ABMA:cAkAAAAAAAA", "sGfwATDgc/ABMA", ""},
	{"sGfwATDgc/ABM:cAkAAAAAAAAA", "", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMAA:cAkAAAAAAAAA", "", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABM!:cAkAAAAAAAAA", "", "cAkAAAAAAAAA"},
	{"sGfwATDgc/ABMAcAkAAAAAAAAA", "", ""}, // gnubg: No valid IDs found
}

// gnubgOnlyIDs are single IDs GNU Backgammon 1.07's "set board" or "set
// matchid" reads and ParsePositionID or ParseMatchID refuse, with what
// gnubg then holds (helper-183; a sentinel game hu0gAMI4wQEBAA
// UQkgASAAGAAE before): a character short or over, which gnubg reads as
// the ID it can make of them (a mistyped ID: which was meant is not
// known), an ID cut by a space, which gnubg reads as its first part, and
// quotes or text after, which gnubg's command line drops (SplitID reads
// those).
var gnubgOnlyIDs = []struct {
	cmd, text, pid, mid string
}{
	{"set board", "sGfwATDgc/ABM", "sGfwATDgc/ABMA", "UQkgASAAGAAE"},
	{"set board", "sGfwATDgc/ABMAA", "sGfwATDgc/ABMA", "UQkgASAAGAAE"},
	{"set board", "sGfwATD gc/ABMA", "sGfwATDAAAAAAA", "UQkgASAAGAAE"},
	{"set board", `"sGfwATDgc/ABMA"`, "sGfwATDgc/ABMA", "UQkgASAAGAAE"},
	{"set board", "sGfwATDgc/ABMA trailing", "sGfwATDgc/ABMA", "UQkgASAAGAAE"},
	{"set matchid", "cAkAAAAAAAA", "hu0gAMI4wQEBAA", "cAkAAAAAAAAA"},
	{"set matchid", "cAkAAAAAAAAAA", "hu0gAMI4wQEBAA", "cAkAAAAAAAAA"},
	{"set matchid", "cAkAAAAAAAAA trailing", "hu0gAMI4wQEBAA", "cAkAAAAAAAAA"},
}

// TestGnubgOnlyIDs: ParsePositionID and ParseMatchID refuse the IDs of
// gnubgOnlyIDs (TestPastedIDsGnubg checks that gnubg reads them).
func TestGnubgOnlyIDs(t *testing.T) {
	for _, tc := range gnubgOnlyIDs {
		var err error
		if tc.cmd == "set board" {
			_, err = ParsePositionID(tc.text, nardy.White)
		} else {
			_, err = ParseMatchID(tc.text)
		}
		assert.ErrorIs(t, err, nardy.ErrSyntax, "%s %q", tc.cmd, tc.text)
	}
}

// TestSplitIDPasted: SplitID finds the IDs in pasted text where GNU
// Backgammon 1.07's "set gnubgid" finds them, and refuses a text in which
// gnubg finds one or none; nardy hint -gnubg, which cut the text at its
// first ':' after a "gnubg ID:" label in lower case, reads them so too.
func TestSplitIDPasted(t *testing.T) {
	for _, tc := range pastedIDs {
		pid, mid, err := SplitID(tc.text)
		if tc.pid == "" || tc.mid == "" {
			assert.ErrorIs(t, err, nardy.ErrSyntax, "%q", tc.text)
			// The message says which ID is missing (helper-184: a
			// mutant saying a Match ID was found where none was passed
			// every test).
			switch {
			case tc.pid == "" && tc.mid == "":
				assert.ErrorContains(t, err, "nor Match ID", "%q", tc.text)
			case tc.pid == "":
				assert.ErrorContains(t, err, "no Position ID", "%q", tc.text)
				assert.ErrorContains(t, err, tc.mid, "%q: the ID found", tc.text)
			default:
				assert.ErrorContains(t, err, "no Match ID", "%q", tc.text)
				assert.ErrorContains(t, err, tc.pid, "%q: the ID found", tc.text)
			}
			continue
		}
		require.NoError(t, err, "%q", tc.text)
		assert.Equal(t, tc.pid, pid, "%q", tc.text)
		assert.Equal(t, tc.mid, mid, "%q", tc.text)
	}
}

// TestSplitIDBoardText: the two lines gnubg's "show board" prints above
// the board, pasted whole, give the IDs printed.
func TestSplitIDBoardText(t *testing.T) {
	const board = " GNU Backgammon  Position ID: hu0gAMI4wQEBAA\r\n                 Match ID   : UQkgASAAGAAE\r\n"
	pid, mid, err := SplitID(board)
	require.NoError(t, err)
	assert.Equal(t, [2]string{"hu0gAMI4wQEBAA", "UQkgASAAGAAE"}, [2]string{pid, mid})
	g, err := Game(nardy.DefaultRules(nardy.Short), pid, mid)
	require.NoError(t, err)
	assert.Equal(t, 2, g.Cube().Value, "the cube of UQkgASAAGAAE")
}

// TestSplitIDTooLong: a text past nardy.MaxTextLen is refused unread; one
// of MaxTextLen bytes is read (helper-184: a mutant refusing it passed
// every test).
func TestSplitIDTooLong(t *testing.T) {
	const ids = "sGfwATDgc/ABMA:cAkAAAAAAAAA"
	pid, mid, err := SplitID(ids + strings.Repeat(" ", nardy.MaxTextLen-len(ids)))
	require.NoError(t, err, "a text of MaxTextLen bytes")
	assert.Equal(t, [2]string{"sGfwATDgc/ABMA", "cAkAAAAAAAAA"}, [2]string{pid, mid})
	_, _, err = SplitID(ids + strings.Repeat(" ", nardy.MaxTextLen))
	require.ErrorIs(t, err, nardy.ErrSyntax)
	assert.ErrorContains(t, err, "longer than")
}

// TestIDsPaddedOrSpaced: ParsePositionID and ParseMatchID read an ID
// with spaces or a line end around it, or Base64 padding after it, as
// GNU Backgammon 1.07's "set board" and "set matchid" do (helper-183: the
// board and Match ID gnubg set were those of the bare ID); they refused
// them. Quotes, text after the ID or a space inside it stay refused
// (SplitID reads the first two).
func TestIDsPaddedOrSpaced(t *testing.T) {
	const pid, mid = "sGfwATDgc/ABMA", "cAkAAAAAAAAA"
	want, err := ParsePositionID(pid, nardy.White)
	require.NoError(t, err)
	for _, s := range []string{pid + "==", pid + "=", pid + "\r", pid + "\r\n", " " + pid + " ", "\t" + pid + "==\n"} {
		p, err := ParsePositionID(s, nardy.White)
		require.NoError(t, err, "%q", s)
		assert.Equal(t, want, p, "%q", s)
	}
	wantM, err := ParseMatchID(mid)
	require.NoError(t, err)
	for _, s := range []string{mid + "=", mid + "==", mid + "\r", " " + mid + "\r\n"} {
		m, err := ParseMatchID(s)
		require.NoError(t, err, "%q", s)
		assert.Equal(t, wantM, m, "%q", s)
		var u MatchID
		require.NoError(t, u.UnmarshalText([]byte(s)), "%q", s)
		assert.Equal(t, wantM, u, "%q", s)
	}
	for _, s := range []string{pid + "===", `"` + pid + `"`, pid + " trailing", "sGfwATD gc/ABMA", pid + "=\x00"} {
		_, err := ParsePositionID(s, nardy.White)
		assert.ErrorIs(t, err, nardy.ErrSyntax, "%q", s)
	}
	for _, s := range []string{mid + "===", mid + " trailing", "cAkAAA AAAAAA", "cAkAAAAAAAAAA", "cAkAAAAAAAA"} {
		_, err := ParseMatchID(s)
		assert.ErrorIs(t, err, nardy.ErrSyntax, "%q", s)
	}
}

// FuzzSplitID: SplitID does not panic, and finds what splitting the text
// at every character outside Base64 (strings.FieldsFunc) finds: the first
// field of 14 characters and the first of 12.
func FuzzSplitID(f *testing.F) {
	for _, tc := range pastedIDs {
		f.Add(tc.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		pid, mid, err := SplitID(text)
		var wantP, wantM string
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !strings.ContainsRune(base64Alphabet, r) }) {
			if len(w) == PositionIDLen && wantP == "" {
				wantP = w
			}
			if len(w) == MatchIDLen && wantM == "" {
				wantM = w
			}
		}
		if err != nil {
			if !errors.Is(err, nardy.ErrSyntax) || wantP != "" && wantM != "" && len(text) <= nardy.MaxTextLen {
				t.Fatalf("SplitID(%q): %v; want %q, %q", text, err, wantP, wantM)
			}
			return
		}
		if pid != wantP || mid != wantM {
			t.Fatalf("SplitID(%q) = %q, %q; want %q, %q", text, pid, mid, wantP, wantM)
		}
	})
}

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
