package gnubg_test

import (
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadMatUnknownPlayThenMoves: "61: ???" alone is a roll whose play is
// not known, read as the dice alone (dice-unknown-play.mat), but "61: ???
// 24/18 18/17" is no such form: gnubg 1.07 imports it only in part,
// warning 'Invalid move: " 24/18 18/17" encountered' (helper-189,
// gnubg.match() of the edited file), and ReadMat refuses what gnubg
// imports only in part, as its doc says; "61: ?24/18" likewise (gnubg:
// 'Unrecognised move "61: ?24/18"'). Two mutants (the dice alone whatever
// follows the question marks; whatever cell starts with one) passed every
// test (helper-189).
func TestReadMatUnknownPlayThenMoves(t *testing.T) {
	data := testMatFile(t, "dialects", "dice-unknown-play.mat")
	r := nardy.DefaultRules(nardy.Short)
	_, _, err := gnubg.ReadMat(strings.NewReader(string(data)), r)
	require.NoError(t, err)
	const cell = "61: ???\n"
	require.Equal(t, 1, strings.Count(string(data), cell))
	for _, play := range []string{"61: ??? 24/18 18/17\n", "61: ???? 24/18\n", "61: ?24/18\n"} {
		s := strings.Replace(string(data), cell, play, 1)
		_, _, err := gnubg.ReadMat(strings.NewReader(s), r)
		assert.ErrorIs(t, err, nardy.ErrSyntax, play) // "???" read as a move
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
	data := testMatFile(t, "dialects", "dice-unknown-play.mat")
	r := nardy.DefaultRules(nardy.Short)
	const cell = "61: ???\n"
	require.Equal(t, 1, strings.Count(string(data), cell))
	for _, marks := range []string{"?", "??", "?????"} {
		s := strings.Replace(string(data), cell, "61: "+marks+"\n", 1)
		_, _, err := gnubg.ReadMat(strings.NewReader(s), r)
		assert.Error(t, err, marks)
	}
}
