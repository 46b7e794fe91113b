package gnubg

import (
	"bytes"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatReadWinsPointsChecked: the points of a game's "Wins n point(s)"
// must be those the game gives (ReadMat: "a score or result that does not
// agree with the games is an error"): after a drop of a 2-cube offer the
// doubler wins 1 point (S6), and a file saying 2, or 4, is refused with
// ErrMat on the Wins line's game.
func TestMatReadWinsPointsChecked(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	rec := nardy.Record{Rules: r, Length: 3, Actions: []nardy.Action{
		{Kind: nardy.ActOpening, Dice: [2]int{3, 1}},
		{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}},
		{Kind: nardy.ActDouble, Player: nardy.Black},
		{Kind: nardy.ActDrop, Player: nardy.White},
	}}
	var buf bytes.Buffer
	require.NoError(t, WriteMat(&buf, rec, MatInfo{}))
	text := buf.String()
	require.Contains(t, text, "Wins 1 point\n")
	_, _, err := ReadMat(strings.NewReader(text), r)
	require.NoError(t, err, text)

	for _, wrong := range []string{"Wins 2 points", "Wins 4 points"} {
		bad := strings.Replace(text, "Wins 1 point", wrong, 1)
		_, _, err := ReadMat(strings.NewReader(bad), r)
		assert.ErrorIs(t, err, ErrMat, "%s:\n%s", wrong, bad)
		var me *MatError
		assert.ErrorAs(t, err, &me)
	}
}

// TestMatReadBeaverValueChecked: a beaver takes the cube to four times its
// value (S6: the taker turns it at once to twice the double), which gnubg
// writes "Beavers => 4" after "Doubles => 2"; another value is a file of
// other rules or a broken one, refused ([ErrMatRules], with ErrMat).
func TestMatReadBeaverValueChecked(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	rec := nardy.Record{Rules: r, Actions: []nardy.Action{
		{Kind: nardy.ActOpening, Dice: [2]int{3, 1}},
		{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}},
		{Kind: nardy.ActDouble, Player: nardy.Black},
		{Kind: nardy.ActBeaver, Player: nardy.White},
		{Kind: nardy.ActDrop, Player: nardy.Black},
	}}
	var buf bytes.Buffer
	require.NoError(t, WriteMat(&buf, rec, MatInfo{}))
	text := buf.String()
	require.Contains(t, text, "Beavers => 4")
	back, _, err := ReadMat(strings.NewReader(text), r)
	require.NoError(t, err, text)
	assert.Equal(t, rec.Actions, back.Actions)

	for _, v := range []string{"2", "8", "16"} {
		bad := strings.Replace(text, "Beavers => 4", "Beavers => "+v, 1)
		_, _, err := ReadMat(strings.NewReader(bad), r)
		assert.ErrorIs(t, err, ErrMat, bad)
		assert.ErrorIs(t, err, ErrMatRules, bad)
	}
}
