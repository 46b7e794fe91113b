package gnubg

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatTagBoundEdge: ReadMat reads at most MaxMatTags (64) header tags:
// 64 read, the 65th is refused with ErrMat on its line.
func TestMatTagBoundEdge(t *testing.T) {
	require.Equal(t, 64, MaxMatTags)
	file := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "; [Tag%d \"v\"]\n", i)
		}
		b.WriteString("\n 1 point match\n")
		return b.String()
	}
	_, info, err := ReadMat(strings.NewReader(file(64)), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	assert.Len(t, info.Tags, 64)

	_, _, err = ReadMat(strings.NewReader(file(65)), nardy.DefaultRules(nardy.Short))
	assert.ErrorIs(t, err, ErrMat)
	var me *MatError
	if assert.ErrorAs(t, err, &me) {
		assert.Equal(t, 65, me.Line)
	}
}

// TestMatGameCellsBoundEdge: a game of more than 4096 moves and cube
// actions is refused (ReadMat's bounds) as soon as it is read, on the line
// of its 4097th cell, before its first cell is played; 4096 cells are read
// to the game's end, where its first cell, a double opening roll (C2), is
// the error.
func TestMatGameCellsBoundEdge(t *testing.T) {
	file := func(cells int) string {
		var b strings.Builder
		b.WriteString(" 1 point match\n\n Game 1\n a : 0                  b : 0\n")
		for k := 1; 2*k <= cells+1; k++ {
			if 2*k <= cells {
				fmt.Fprintf(&b, "%3d) 11: 8/7 8/7                 11: 8/7 8/7\n", k)
			} else {
				fmt.Fprintf(&b, "%3d) 11: 8/7 8/7\n", k)
			}
		}
		return b.String()
	}
	r := nardy.DefaultRules(nardy.Short)
	var me *MatError
	_, _, err := ReadMat(strings.NewReader(file(4096)), r)
	require.ErrorAs(t, err, &me)
	assert.Equal(t, 5, me.Line, "the first cell is played, and refused: %v", err)
	assert.NotContains(t, err.Error(), "4096")

	_, _, err = ReadMat(strings.NewReader(file(4097)), r)
	assert.ErrorIs(t, err, ErrMat)
	require.ErrorAs(t, err, &me)
	assert.Equal(t, 4+2049, me.Line, "the line of the 4097th cell: %v", err)
	assert.Contains(t, err.Error(), "more than 4096")
}

// TestMatSecondScoreLine: a game has one score line, before its moves; a
// second one is malformed (nardy.ErrSyntax), and does not replace the
// first one's names or start.
func TestMatSecondScoreLine(t *testing.T) {
	head := " 5 point match\n\n Game 1\n a : 1                  b : 2\n"
	rec, info, err := ReadMat(strings.NewReader(head+"  1) 31: 8/5 6/5\n"), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	assert.Equal(t, [2]string{"a", "b"}, info.Players)
	assert.Equal(t, [2]int{1, 2}, rec.Start.Score)

	bad := head + " c : 3                  d : 0\n  1) 31: 8/5 6/5\n"
	_, _, err = ReadMat(strings.NewReader(bad), nardy.DefaultRules(nardy.Short))
	assert.ErrorIs(t, err, nardy.ErrSyntax)
	var me *MatError
	if assert.ErrorAs(t, err, &me) {
		assert.Equal(t, 5, me.Line)
	}
}

// TestMatBeaverPastTheLimitIsOtherRules: a beaver that takes the cube
// past the rules' limit is a cube action those rules refuse (ErrMatRules,
// "the max cube"), as a double past it is: the file may be of other rules.
func TestMatBeaverPastTheLimitIsOtherRules(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers, r.MaxCube = true, 2
	in := " 0 point match\n\n Game 1\n a : 0                  b : 0\n" +
		"  1) 31: 8/5 6/5                   Doubles => 2\n" +
		"  2)  Beavers => 4\n"
	_, _, err := ReadMat(strings.NewReader(in), r)
	assert.ErrorIs(t, err, ErrMat)
	assert.ErrorIs(t, err, ErrMatRules)

	r.MaxCube = 4 // the same file reads where the limit allows the beaver
	_, _, err = ReadMat(strings.NewReader(in), r)
	assert.NoError(t, err)
}

// TestMatFirstScoreRunsIntoTheName: when the first name and score fill
// their 32 columns gnubg writes the second name right after the score, so
// a second name that starts with a digit runs on from it; a match's first
// game takes the longest run of digits a start can be, below the length
// (matReader.scoreLine): "10" is no start of a 10-point match, so the
// score is 1 and the name "0xyz".
func TestMatFirstScoreRunsIntoTheName(t *testing.T) {
	name := strings.Repeat("n", 27)
	line := " " + name + " : 1" // 32 columns
	require.Len(t, line, 32)
	in := " 10 point match\n\n Game 1\n" + line + "0xyz : 0\n  1) 31: 8/5 6/5\n"
	rec, info, err := ReadMat(strings.NewReader(in), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err, in)
	assert.Equal(t, [2]string{name, "0xyz"}, info.Players)
	assert.Equal(t, [2]int{1, 0}, rec.Start.Score)
}

// TestMatThreeCellsOneLine: a numbered line holds two cells, the left
// player's and the right player's; a third is malformed text
// (nardy.ErrSyntax), not a move to try.
func TestMatThreeCellsOneLine(t *testing.T) {
	head := " 3 point match\n\n Game 1\n a : 0                            b : 0\n"
	two := head + "  1) 31: 8/5 6/5                   64: 24/18 13/9\n"
	_, _, err := ReadMat(strings.NewReader(two), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	three := head + "  1) 31: 8/5 6/5                   64: 24/18 13/9 55: 13/3(2)\n"
	_, _, err = ReadMat(strings.NewReader(three), nardy.DefaultRules(nardy.Short))
	assert.ErrorIs(t, err, nardy.ErrSyntax, three)
}
