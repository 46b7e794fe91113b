package gnubg

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestMatReadNarrowLayout: a move line whose second cell starts before
// the right column (a file written by hand or by another program) reads
// as the same moves as gnubg's padded layout: the second of two cells is
// Black's wherever it starts.
func TestMatReadNarrowLayout(t *testing.T) {
	head := " 0 point match\n\n Game 1\n a : 0                          b : 0\n"
	padded := head + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
	narrow := head + "  1) 31: 8/5 6/5 42: 8/4 6/4\n"
	r := nardy.DefaultRules(nardy.Short)
	want, _, err := ReadMat(strings.NewReader(padded), r)
	require.NoError(t, err)
	require.Len(t, want.Actions, 4, "the opening, White's play, Black's roll and play")
	got, _, err := ReadMat(strings.NewReader(narrow), r)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// TestMatBeaverTakeRoundTrip_S6: a beaver taken by the doubler, who then
// rolls, is written as gnubg writes it ("Beavers => 4" in the taker's
// column; the doubler's take, "Takes", beside it) and reads back as the
// same record; the doubler's roll once went into the take's cell.
func TestMatBeaverTakeRoundTrip_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	rec := nardy.Record{Rules: r, Actions: BeaverOpening(
		nardy.Action{Kind: nardy.ActTake, Player: nardy.Black},
		nardy.Action{Kind: nardy.ActRoll, Player: nardy.Black, Dice: [2]int{4, 2}},
		nardy.Action{Kind: nardy.ActPlay, Player: nardy.Black, Steps: []nardy.Step{{From: 8, To: 4, Die: 4}, {From: 6, To: 4, Die: 2}}},
	)}
	_, err := nardy.Replay(rec)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteMat(&b, rec, MatInfo{}))
	assert.Contains(t, b.String(), "Beavers => 4")
	assert.Contains(t, b.String(), "Takes")
	back, _, err := ReadMat(&b, r)
	require.NoError(t, err, b.String())
	assert.Equal(t, rec.Actions, back.Actions, b.String())
}

// TestMatWinsLineAsGnubg: the "Wins" line of a game's winner starts where
// GNU Backgammon 1.07 starts it in its own export (gnubg-5p.mat): column 6
// for the left player, 34 for the right one.
func TestMatWinsLineAsGnubg(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-5p.mat"))
	require.NoError(t, err)
	wins := regexp.MustCompile(`(?m)^ *Wins \d+ points?`)
	theirs := wins.FindAllString(string(data), -1)
	require.NotEmpty(t, theirs)
	rec, info, err := ReadMat(bytes.NewReader(data), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteMat(&b, rec, info))
	ours := wins.FindAllString(b.String(), -1)
	assert.Equal(t, theirs, ours)
}

// TestMatWriteTagsReadBack: whatever WriteMat writes, ReadMat reads, at
// the tag bound too: a record whose start says the Crawford game was
// played gets a tag of its own, which counts against the bound.
func TestMatWriteTagsReadBack(t *testing.T) {
	rec := nardy.Record{Rules: nardy.DefaultRules(nardy.Short), Length: 5, Start: nardy.MatchStart{Score: [2]int{4, 2}, CrawfordDone: true}}
	_, err := nardy.Replay(rec)
	require.NoError(t, err)
	for n := MaxMatTags - 4; n <= MaxMatTags; n++ {
		var info MatInfo
		for i := range n {
			info.Tags = append(info.Tags, MatTag{"Note" + strings.Repeat("x", i), "x"})
		}
		var b bytes.Buffer
		if err := WriteMat(&b, rec, info); err != nil {
			assert.ErrorIs(t, err, ErrMat, "%d tags", n)
			continue
		}
		_, _, err := ReadMat(&b, rec.Rules)
		assert.NoError(t, err, "%d tags written, then read", n)
	}
}

// TestGameIDsCubeStates_S6: a Match ID with a cube at 1 owned by a player
// and doubled (S6: a cube is owned only after a double) is refused; under
// rules without the cube the Crawford flag is dropped, as Game says, and
// the game reads.
func TestGameIDsCubeStates_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	_, err := Game(r, "4HPwATDgc/ABMA", "EBEAAAAAAAAA")
	assert.ErrorIs(t, err, nardy.ErrActionRefused)
	g, err := Game(nardy.Rules{Variant: nardy.Short}, "4HPwATDgc/ABMA", "sAGgAEAAEAAE")
	require.NoError(t, err)
	assert.Equal(t, nardy.PhaseRoll, g.Phase())
}

// BeaverOpening (for tests, here and in package gnubg_test) returns the actions of a money game (with beavers) in
// which white opens 3-1 (8/5 6/5), black doubles at its first turn and
// white beavers, followed by more.
func BeaverOpening(more ...nardy.Action) []nardy.Action {
	return append([]nardy.Action{
		{Kind: nardy.ActOpening, Dice: [2]int{3, 1}},
		{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}},
		{Kind: nardy.ActDouble, Player: nardy.Black},
		{Kind: nardy.ActBeaver, Player: nardy.White},
	}, more...)
}
