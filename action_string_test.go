package nardy

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestActionString: an action prints in a few words, with only the fields
// its kind uses (a take printed its unused resignation kind as
// "invalid(0)" with %v).
func TestActionString(t *testing.T) {
	for _, c := range []struct {
		a    Action
		want string
	}{
		{Action{Kind: ActOpening, Dice: [2]int{3, 1}}, "opening 3-1"},
		{Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}}, "black rolls 6-5"},
		{Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 13, To: 7, Die: 6}, {From: 8, To: 7, Die: 1, Hit: true}}}, "white plays 13/7 8/7*"},
		{Action{Kind: ActPlay, Player: White}, "white plays nothing"},
		{Action{Kind: ActStep, Player: Black, Steps: []Step{{From: 3, To: Off, Die: 4}}}, "black steps 3/0"},
		{Action{Kind: ActTake, Player: White, Dice: [2]int{1, 1}}, "white takes"},
		{Action{Kind: ActResign, Player: Black, Resign: Mars}, "black resigns mars"},
		{Action{Kind: ActUndo, Player: White}, "white undoes a step"},
		{Action{}, "action of kind invalid(0)"},
	} {
		assert.Equal(t, c.want, c.a.String())
		assert.Equal(t, c.want, fmt.Sprintf("%v", c.a))
	}
}
