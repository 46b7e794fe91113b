package gnubg_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadMatTabsSaySo: a .mat file whose columns are parted by tabs
// (testdata/mat/dialects/tabs.mat), which ReadMat refuses as its doc says,
// is refused with a message that names the tabs. The right column is found
// by its column, so a move written after tabs reads as the left player's,
// and the refusal said only "roll by white in phase roll: not this
// player's turn to act", with no word of the cause (helper-185, analysing
// .mat files from the docs). The error still matches what it matched.
func TestReadMatTabsSaySo(t *testing.T) {
	data := testMatFile(t, "dialects", "tabs.mat")
	_, _, err := gnubg.ReadMat(strings.NewReader(string(data)), variants.ShortStandard())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 16 holds a tab")
	assert.ErrorIs(t, err, gnubg.ErrMat)
	assert.ErrorIs(t, err, nardy.ErrActionRefused)
	var ae *nardy.ActionError
	assert.True(t, errors.As(err, &ae), "the refusal is still an *ActionError")

	// The same file with spaces for its tabs is no such error; a refused
	// line without a tab says nothing of tabs.
	spaced := strings.ReplaceAll(string(data), "\t", "    ")
	_, _, err = gnubg.ReadMat(strings.NewReader(spaced), variants.ShortStandard())
	if err != nil {
		assert.NotContains(t, err.Error(), "tab")
	}
	bad := strings.Replace(string(data), "\t", "    ", -1)
	bad = strings.Replace(bad, "31: 8/5 6/5", "31: 8/5 6/3", 1)
	_, _, err = gnubg.ReadMat(strings.NewReader(bad), variants.ShortStandard())
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "tab")
}

// TestReadMatTabOfAnotherGame: the refusal names a line with a tab of the
// game refused, as ReadMat's doc says ("a move's refusal then names the
// game's first line with a tab"), not one outside the games (a line of
// text holding a tab between the match length and game 1, which ReadMat
// skips) or of an earlier game read whole (game 1's score line parted by
// tabs): neither tells why a move of game 1 or 2 was refused. Two mutants
// (a tab line noted outside a game too; the note kept from one game to the
// next) passed every test (helper-189).
func TestReadMatTabOfAnotherGame(t *testing.T) {
	data := testMatFile(t, "club-3p.mat")
	text := string(data)
	_, _, err := gnubg.ReadMat(strings.NewReader(text), variants.ShortStandard())
	require.NoError(t, err)
	edit := func(t *testing.T, s, old, new string) string {
		t.Helper()
		require.Equal(t, 1, strings.Count(s, old), old)
		return strings.Replace(s, old, new, 1)
	}
	t.Run("before game 1", func(t *testing.T) {
		s := edit(t, text, " Game 1\n", "Played\tat the club\n\n Game 1\n")
		_, _, err := gnubg.ReadMat(strings.NewReader(s), variants.ShortStandard())
		require.NoError(t, err, "a line of text holding a tab")
		s = edit(t, s, "  1)                             31: 8/5 6/5", "  1)                             31: 8/5 6/3")
		_, _, err = gnubg.ReadMat(strings.NewReader(s), variants.ShortStandard())
		require.ErrorIs(t, err, gnubg.ErrMat)
		assert.NotContains(t, err.Error(), "tab")
	})
	t.Run("after game 1", func(t *testing.T) {
		s := edit(t, text, " Aygun : 0                      Timur : 0\n", " Aygun : 0\t\t\tTimur : 0\n")
		_, _, err := gnubg.ReadMat(strings.NewReader(s), variants.ShortStandard())
		require.NoError(t, err, "game 1's score line parted by tabs")
		s = edit(t, s, "42: 8/4 6/4", "42: 8/4 6/3")
		_, _, err = gnubg.ReadMat(strings.NewReader(s), variants.ShortStandard())
		require.ErrorIs(t, err, gnubg.ErrMat)
		assert.NotContains(t, err.Error(), "tab")
	})
}

// TestReadMatTabOnTheRefusedLine: the refused move's own line is the
// game's first line with a tab (club-3p.mat with a tab for the spaces
// between game 1's second rolls and Black's play made 13/7* 13/3, which no
// 62 plays): the refusal names that line, as ReadMat's doc says ("a
// move's refusal then names the game's first line with a tab"). TestReadMatTabsSaySo's tabs
// begin on the score line, before the refused row; a mutant naming only a
// tab line before the refused one passed every test (helper-189).
func TestReadMatTabOnTheRefusedLine(t *testing.T) {
	data := testMatFile(t, "club-3p.mat")
	const row = "  2) 64: 24/18 13/9              62: 13/7* 13/11\n"
	require.Equal(t, 1, strings.Count(string(data), row))
	i := strings.Index(string(data), row)
	line := strings.Count(string(data[:i]), "\n") + 1
	s := strings.Replace(string(data), row, "  2) 64: 24/18 13/9\t62: 13/7* 13/3\n", 1)
	_, _, err := gnubg.ReadMat(strings.NewReader(s), variants.ShortStandard())
	require.ErrorIs(t, err, gnubg.ErrMat)
	assert.Contains(t, err.Error(), fmt.Sprintf("line %d holds a tab", line))
	assert.Contains(t, err.Error(), fmt.Sprintf("(.mat line %d)", line), "the refusal is of that line")
}
