package gnubg_test

import (
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
	data := testMatFile(t, "club-3p.mat")
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
	_, _, err := gnubg.ReadMat(strings.NewReader(inGame), variants.ShortStandard())
	require.Error(t, err)
	assert.ErrorIs(t, err, gnubg.ErrMat)
	assert.Contains(t, err.Error(), "a game from a set position")
	assert.Contains(t, err.Error(), setPos)
	var me *gnubg.MatError
	if assert.ErrorAs(t, err, &me) { // the line named is the remark's (helper-189: a mutant naming the next passed)
		assert.Equal(t, strings.Count(text[:j+1], "\n")+1, me.Line)
	}

	before := setPos + "\n" + text
	_, _, err = gnubg.ReadMat(strings.NewReader(before), variants.ShortStandard())
	assert.NoError(t, err, "a remark before the games")
}

// TestReadMatSetPositionBeforeFirstGame: eXtreme Gammon's "; Set Pos="
// remark between the match length line and the first game's header is a
// comment like any, as ReadMat's doc says (it refuses the remark after a
// game's score line): gnubg 1.07 imports club-3p.mat with the remark there
// as club-3p.mat itself (helper-189, gnubg.match() of the edited file),
// and so does ReadMat. TestReadMatSetPositionSaysSo's remark before the
// match length is read with the header, not as a game's remark; a mutant
// refusing the remark outside a game too passed every test.
func TestReadMatSetPositionBeforeFirstGame(t *testing.T) {
	data := testMatFile(t, "club-3p.mat")
	text := string(data)
	want, _, err := gnubg.ReadMat(strings.NewReader(text), variants.ShortStandard())
	require.NoError(t, err)
	i := strings.Index(text, " Game 1\n")
	require.Positive(t, i)
	require.Contains(t, text[:i], "point match", "the remark goes after the match length")
	const setPos = "; Set Pos=----cBD-D-B--A--Abcdc---A-/0"
	edited := text[:i] + setPos + "\n\n" + text[i:]
	rec, _, err := gnubg.ReadMat(strings.NewReader(edited), variants.ShortStandard())
	require.NoError(t, err, "a remark after the match length, before game 1")
	assert.Equal(t, gamesOfRecord(t, want), gamesOfRecord(t, rec))
}

// TestReadMatSetPositionIndented: the remark indented ("  ; Set Pos=..."
// after game 1's score line) is refused too. gnubg 1.07 warns of it
// ('Unrecognised move "; Set Pos=..." in .mat file') and reads the game
// from the opening (helper-189, gnubg.match() of the edited file), and
// ReadMat refuses what gnubg imports warning of a word it does not know,
// as its doc says. A mutant matching the remark untrimmed, which skipped
// the indented one as a comment, passed every test (helper-189).
func TestReadMatSetPositionIndented(t *testing.T) {
	data := testMatFile(t, "club-3p.mat")
	text := string(data)
	i := strings.Index(text, " Game 1\n")
	require.Positive(t, i)
	j := i + strings.Index(text[i:], "\n  1)")
	require.Greater(t, j, i, "the first move row of game 1")
	const setPos = "  ; Set Pos=----cBD-D-B--A--Abcdc---A-/0"
	_, _, err := gnubg.ReadMat(strings.NewReader(text[:j+1]+setPos+"\n"+text[j+1:]), variants.ShortStandard())
	assert.ErrorIs(t, err, gnubg.ErrMat)
	assert.ErrorContains(t, err, "a game from a set position")
}
