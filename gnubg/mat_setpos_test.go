package gnubg_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadMatSetPositionSaysSo: a game that eXtreme Gammon starts from a
// set position ("; Set Pos=..." after the game's score line, which gnubg
// 1.07 reads as the board the game starts from) is refused, as ReadMat's
// doc says, with a message naming the line, where the first move was
// refused as "no checker on 16" (helper-186, from an eXtreme Gammon
// file). The same remark before the first game is a comment like any.
func TestReadMatSetPositionSaysSo(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "club-3p.mat"))
	require.NoError(t, err)
	text := string(data)
	i := strings.Index(text, " Game 1\n")
	require.Positive(t, i)
	j := i + strings.Index(text[i:], "\n 1)")
	if j < i {
		j = i + strings.Index(text[i:], "\n  1)")
	}
	require.Greater(t, j, i, "the first move row of game 1")
	const setPos = "; Set Pos=----cBD-D-B--A--Abcdc---A-/0"
	inGame := text[:j+1] + setPos + "\n" + text[j+1:]
	_, _, err = gnubg.ReadMat(strings.NewReader(inGame), variants.ShortStandard())
	require.Error(t, err)
	assert.ErrorIs(t, err, gnubg.ErrMat)
	assert.Contains(t, err.Error(), "a game from a set position")
	assert.Contains(t, err.Error(), setPos)

	before := setPos + "\n" + text
	_, _, err = gnubg.ReadMat(strings.NewReader(before), variants.ShortStandard())
	assert.NoError(t, err, "a remark before the games")
}
