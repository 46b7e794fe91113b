package nardy

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestC3_RefusedStepSaysWhatIsWrong: a play or step refused under C3 (a
// play uses the rolled dice, each step moving a checker by its die's
// number of points) says which of C3's demands it breaks, after "not a
// play of this roll" (a stranger's review: one message covered a die not
// rolled, a die used up, no point and a wrong distance). Every API that
// checks steps says it the same way: Rules.PlayOf, Turn.Step and Game.Do.
func TestC3_RefusedStepSaysWhatIsWrong(t *testing.T) {
	r := DefaultRules(Short)
	start := mustPosition(StartPosition(Short, White))
	r31, err := NewRoll(3, 1)
	require.NoError(t, err)
	r66, err := NewRoll(6, 6)
	require.NoError(t, err)
	for _, c := range []struct {
		name  string
		roll  Roll
		steps []Step
		step  int
		want  string
	}{
		{"a die not rolled", r31, []Step{{From: 8, To: 3, Die: 5}}, 0, "die 5 is not a die of the roll 3-1"},
		// a board that knows only the two points: the message says how to
		// find the die (a stranger's review: "die 0 is not a die of the
		// roll 3-1" did not say that a Step names its die)
		{"a step without its die", r31, []Step{{From: 13, To: 10}}, 0, "a step without its die (Die 0): a Step names the die it moves by; Turn.NextSteps lists the steps with their dice, Turn.Move finds the die from the two points"},
		{"a second step without its die", r31, []Step{{From: 13, To: 10, Die: 3}, {From: 10, To: 9}}, 1, "a step without its die (Die 0)"},
		{"a die used up", r31, []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 3, Die: 3}}, 1, "the roll 3-1 has no 3 left to play"},
		{"a fifth 6 of 6-6", r66, []Step{{From: 24, To: 18, Die: 6}, {From: 24, To: 18, Die: 6}, {From: 13, To: 7, Die: 6}, {From: 13, To: 7, Die: 6}, {From: 18, To: 12, Die: 6}}, -1, "5 steps, where the roll 6-6 has 4 dice"},
		{"three steps of a mixed roll", r31, []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}, {From: 6, To: 5, Die: 1}}, -1, "3 steps, where the roll 3-1 has 2 dice"},
		{"no point to move from", r31, []Step{{From: 26, To: 23, Die: 3}}, 0, "no point 26 to move from"},
		{"point 0 to move from, landing where a 3 from it would", r31, []Step{{From: 0, To: 0, Die: 3}}, 0, "no point 0 to move from"},
		{"a wrong distance", r31, []Step{{From: 8, To: 4, Die: 3}}, 0, "a 3 from 8 reaches 5, not 4"},
		{"a wrong distance from the bar", r31, []Step{{From: Bar, To: 21, Die: 3}}, 0, "a 3 from bar reaches 22, not 21"},
		{"a bear-off written as a point", r31, []Step{{From: 2, To: 1, Die: 3}}, 0, "a 3 from 2 reaches off, not 1"},
	} {
		_, err := r.PlayOf(start, c.roll, c.steps...)
		requireC3(t, err, c.step, c.want, "PlayOf: "+c.name)

		g := gmAt(t, r, start, White)
		g, err = g.SetDice(c.roll)
		require.NoError(t, err)
		_, err = g.Do(Action{Kind: ActPlay, Player: White, Steps: c.steps})
		requireC3(t, err, c.step, c.want, "Game.Do: "+c.name)

		if c.step < 0 {
			continue // Turn.Step takes one step at a time
		}
		tn, err := r.NewTurn(start, c.roll)
		require.NoError(t, err)
		for _, s := range c.steps[:c.step] {
			tn, err = tn.Step(s)
			require.NoError(t, err, c.name)
		}
		_, err = tn.Step(c.steps[c.step])
		requireC3(t, err, c.step, c.want, "Turn.Step: "+c.name)
	}
}

// requireC3 checks that err is a C3 RuleError of step step whose message
// begins with errWrongDice's followed by want.
func requireC3(t *testing.T, err error, step int, want, what string) {
	t.Helper()
	var re *RuleError
	require.True(t, errors.As(err, &re), "%s: %v", what, err)
	assert.Equal(t, "C3", re.Rule, what)
	assert.Equal(t, step, re.Step, what)
	assert.True(t, strings.HasPrefix(re.Msg, errWrongDice.Error()+": "+want), "%s: %q", what, re.Msg)
}
