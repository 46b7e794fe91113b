package gnubg_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadMatSessionWinsZeroPoints: a money game's result must be the
// game's (ReadMat's doc: the capped value is a match's last game's, the
// points the winner needed; money play has no need). gnubg-money-session.mat
// with game 2's "Wins 16 points" (or game 4's "Drops  Wins 2 points")
// written "Wins 0 points" was read without an error: in money play the
// length is 0 and the score 0-0, so 0 passed as "the points the winner
// needed". "Wins 8 points"
// there is refused, as it should be. (gnubg 1.07 ignores the number and
// imports both edits as the file itself; ReadMat refuses a value that is
// neither the game's nor a match's capped last game's, as "Wins 8 points"
// and "Wins 0 points and the match" of a gammon in a 1-point match show.)
// Found by helper-189's mutation round (session 56), mended the same day.
func TestReadMatSessionWinsZeroPoints(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-money-session.mat"))
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	_, _, err = gnubg.ReadMatSession(strings.NewReader(string(data)), r)
	require.NoError(t, err)
	for _, c := range [][2]string{
		{"Wins 16 points", "Wins 8 points"},
		{"Wins 16 points", "Wins 0 points"},
		{"Drops                       Wins 2 points", "Drops                       Wins 0 points"},
	} {
		require.Equal(t, 1, strings.Count(string(data), c[0]), c[0])
		s := strings.Replace(string(data), c[0], c[1], 1)
		_, _, err := gnubg.ReadMatSession(strings.NewReader(s), r)
		assert.ErrorIs(t, err, gnubg.ErrMat, c[1])
	}
}

// TestReadMatUnknownPlayOnlyThreeOrFourMarks: ReadMat's doc lists a roll
// whose play is not known as "65: ???" (eXtreme Gammon) or "65: ????"
// (Backgammon Studio, Backgammon Galaxy, choue.net), which gnubg 1.07
// imports silently; it read any number of question marks. gnubg warns of
// the others ('Unrecognised move "61: ?" in .mat file', '"61: ??"', '"
// ?"' for "61: ?????"; helper-189, gnubg.match() of dice-unknown-play.mat
// so edited), and ReadMat refuses what gnubg imports only in part, warning
// of a word it does not know, as its doc says. Found by helper-189's
// mutation round (session 56), mended the same day.
func TestReadMatUnknownPlayOnlyThreeOrFourMarks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "dialects", "dice-unknown-play.mat"))
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	const cell = "61: ???\n"
	require.Equal(t, 1, strings.Count(string(data), cell))
	for _, marks := range []string{"?", "??", "?????"} {
		s := strings.Replace(string(data), cell, "61: "+marks+"\n", 1)
		_, _, err := gnubg.ReadMat(strings.NewReader(s), r)
		assert.Error(t, err, marks)
	}
}
