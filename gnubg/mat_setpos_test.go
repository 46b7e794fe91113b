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
	text := string(testMatFile(t, "club-3p.mat"))
	inGame, line := beforeGameOnesFirstRow(t, text, xgSetPos)
	_, _, err := gnubg.ReadMat(strings.NewReader(inGame), variants.ShortStandard())
	require.Error(t, err)
	assert.ErrorIs(t, err, gnubg.ErrMat)
	assert.Contains(t, err.Error(), "a game from a set position")
	assert.Contains(t, err.Error(), xgSetPos)
	var me *gnubg.MatError
	if assert.ErrorAs(t, err, &me) { // the line named is the remark's (helper-189: a mutant naming the next passed)
		assert.Equal(t, line, me.Line)
	}

	before := xgSetPos + "\n" + text
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
	text := string(testMatFile(t, "club-3p.mat"))
	want, _, err := gnubg.ReadMat(strings.NewReader(text), variants.ShortStandard())
	require.NoError(t, err)
	i := strings.Index(text, " Game 1\n")
	require.Positive(t, i)
	require.Contains(t, text[:i], "point match", "the remark goes after the match length")
	edited := text[:i] + xgSetPos + "\n\n" + text[i:]
	rec, _, err := gnubg.ReadMat(strings.NewReader(edited), variants.ShortStandard())
	require.NoError(t, err, "a remark after the match length, before game 1")
	assert.Equal(t, matForms().GamesOfRecord(t, want), matForms().GamesOfRecord(t, rec))
}

// TestReadMatSetPositionIndented: the remark indented ("  ; Set Pos=..."
// after game 1's score line) is refused too. gnubg 1.07 warns of it
// ('Unrecognised move "; Set Pos=..." in .mat file') and reads the game
// from the opening (helper-189, gnubg.match() of the edited file), and
// ReadMat refuses what gnubg imports warning of a word it does not know,
// as its doc says. A mutant matching the remark untrimmed, which skipped
// the indented one as a comment, passed every test (helper-189).
func TestReadMatSetPositionIndented(t *testing.T) {
	indented, _ := beforeGameOnesFirstRow(t, string(testMatFile(t, "club-3p.mat")), "  "+xgSetPos)
	_, _, err := gnubg.ReadMat(strings.NewReader(indented), variants.ShortStandard())
	assert.ErrorIs(t, err, gnubg.ErrMat)
	assert.ErrorContains(t, err, "a game from a set position")
}

// xgSetPos is eXtreme Gammon's remark that a game starts from a set
// position, as one of its files holds it.
const xgSetPos = "; Set Pos=----cBD-D-B--A--Abcdc---A-/0"

// beforeGameOnesFirstRow returns text, a .mat file, with line put before
// the first move row of game 1, and the number that line has in it.
func beforeGameOnesFirstRow(t *testing.T, text, line string) (string, int) {
	t.Helper()
	i := strings.Index(text, " Game 1\n")
	require.Positive(t, i)
	j := strings.Index(text[i:], "\n  1)")
	require.Positive(t, j, "the first move row of game 1")
	j += i + 1
	return text[:j] + line + "\n" + text[j:], strings.Count(text[:j], "\n") + 1
}
