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
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "dialects", "dice-unknown-play.mat"))
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	_, _, err = gnubg.ReadMat(strings.NewReader(string(data)), r)
	require.NoError(t, err)
	const cell = "61: ???\n"
	require.Equal(t, 1, strings.Count(string(data), cell))
	for _, play := range []string{"61: ??? 24/18 18/17\n", "61: ???? 24/18\n", "61: ?24/18\n"} {
		s := strings.Replace(string(data), cell, play, 1)
		_, _, err := gnubg.ReadMat(strings.NewReader(s), r)
		assert.ErrorIs(t, err, nardy.ErrSyntax, play) // "???" read as a move
	}
}
