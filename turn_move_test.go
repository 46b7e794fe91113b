package nardy_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestTurnMoveOneCheckerBothDice_C3: Move takes one checker over several
// dice, the drag of a board user interface: 8 to 4 with 3-1 is 8/5/4 or
// 8/7/4 (C3: each landing point must be open).
func TestTurnMoveOneCheckerBothDice_C3(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	turn, err := r.NewTurn(start, nardy.MustRoll(3, 1))
	require.NoError(t, err)

	turn, err = turn.Move(8, 4)
	require.NoError(t, err)
	assert.True(t, turn.Done())
	play, err := turn.Play()
	require.NoError(t, err)
	want, err := r.ParsePlay(start, nardy.MustRoll(3, 1), "8/4")
	require.NoError(t, err)
	assert.Equal(t, want.Result(), play.Result())
	assert.Equal(t, 2, play.Len())

	// A double: 13 to 5 with 4-4 is two fours of one checker, then two
	// more dice remain.
	turn, err = r.NewTurn(start, nardy.MustRoll(4, 4))
	require.NoError(t, err)
	turn, err = turn.Move(13, 5)
	require.NoError(t, err)
	assert.Equal(t, 2, turn.Len())
	assert.Equal(t, []int{4, 4}, turn.DiceLeft())
}

// TestTurnMoveAmbiguousPath_C8: when the two paths of one checker give
// different positions (one hits a blot on the way), Move refuses and says
// so, naming both paths; one die at a time still works.
func TestTurnMoveAmbiguousPath_C8(t *testing.T) {
	// White: the short start but one checker of 6 moved to 9... simpler: a
	// checker on 8, the opponent's blot on White's 5 (its own 20).
	me := key(map[int]int{24: 2, 13: 5, 8: 3, 6: 5}, 0, 0)
	opp := key(map[int]int{24: 2, 13: 5, 8: 3, 6: 4, 20: 1}, 0, 0)
	pos := nardy.MustParsePosition("short w " + me + "/" + opp)
	r := nardy.DefaultRules(nardy.Short)
	turn, err := r.NewTurn(pos, nardy.MustRoll(3, 1))
	require.NoError(t, err)

	_, err = turn.Move(8, 4)
	var re *nardy.RuleError
	require.True(t, errors.As(err, &re), "%v", err)
	assert.Equal(t, "C8", re.Rule)
	assert.Contains(t, re.Msg, "8/5*/4")
	assert.Contains(t, re.Msg, "8/7/4")

	turn, err = turn.Move(8, 5)
	require.NoError(t, err)
	turn, err = turn.Move(5, 4)
	require.NoError(t, err)
	assert.True(t, turn.Done())
}

// TestTurnMoveBlockedPath_C4: a move whose every path lands on a closed
// point is refused with the rule of the single step.
func TestTurnMoveBlockedPath_C4(t *testing.T) {
	// The opponent holds White's 5 and 7 (its own 20 and 18).
	me := key(map[int]int{24: 2, 13: 5, 8: 3, 6: 5}, 0, 0)
	opp := key(map[int]int{24: 2, 13: 5, 8: 3, 20: 2, 18: 3}, 0, 0)
	pos := nardy.MustParsePosition("short w " + me + "/" + opp)
	turn, err := nardy.DefaultRules(nardy.Short).NewTurn(pos, nardy.MustRoll(3, 1))
	require.NoError(t, err)
	_, err = turn.Move(8, 4)
	assert.ErrorIs(t, err, nardy.ErrIllegalPlay)
	var re *nardy.RuleError
	require.True(t, errors.As(err, &re), "%v", err)
	assert.Equal(t, "C4", re.Rule)
}

// TestTurnMoveBackward_C3: a drag that does not run forward (to a higher
// point, onto its own point, or from the tray) is refused for that (C3:
// each step moves a checker on by its die), with the words Rules.ParsePlay
// uses for the same move ("24/18" written "18/24"); Move said "not a play
// of this roll", as of a distance the dice cannot make.
func TestTurnMoveBackward_C3(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		r := nardy.DefaultRules(v)
		pos, err := nardy.StartPosition(v, nardy.White)
		require.NoError(t, err)
		turn, err := r.NewTurn(pos, nardy.MustRoll(6, 5))
		require.NoError(t, err)
		for _, mv := range [][2]int{{13, 19}, {1, 24}, {24, 24}, {nardy.Off, 5}} {
			_, err := turn.Move(mv[0], mv[1])
			var re *nardy.RuleError
			if assert.ErrorAs(t, err, &re, "%v %v", v, mv) {
				assert.Equal(t, "C3", re.Rule, "%v %v", v, mv)
				assert.Contains(t, re.Msg, "does not run forward", "%v %v: %v", v, mv, err)
			}
			_, perr := r.ParsePlay(pos, nardy.MustRoll(6, 5), moveText(mv[0], mv[1]))
			assert.ErrorContains(t, perr, "does not run forward", "%v %v: ParsePlay says the same", v, mv)
		}
		// A point off the board is no move at all, as before.
		_, err = turn.Move(100, -100)
		assert.ErrorIs(t, err, nardy.ErrIllegalPlay)
	}
}

// moveText writes a move FROM/TO with off for 0.
func moveText(from, to int) string {
	name := func(p int) string {
		if p == nardy.Off {
			return "off"
		}
		return strconv.Itoa(p)
	}
	return name(from) + "/" + name(to)
}
