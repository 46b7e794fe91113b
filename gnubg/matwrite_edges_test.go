package gnubg

import (
	"bytes"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatWriteRollWithStepsTakenLeftOut: a match in progress is written as
// far as the format goes. A roll not yet played is its dice alone ("31:",
// which ReadMat reads back as the roll pending); once a step of its play
// is taken the roll has no cell (matPendingRoll: "none ... when steps of
// it are taken"; WriteMat: the steps of a play not finished are left
// out), so the file is the one of the match before the roll.
func TestMatWriteRollWithStepsTakenLeftOut(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	opening := nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}} // White starts with 3-1 (C2)
	step := nardy.Action{Kind: nardy.ActStep, Player: nardy.White, Steps: []nardy.Step{{From: 8, To: 5, Die: 3}}}
	write := func(as ...nardy.Action) string {
		var buf bytes.Buffer
		require.NoError(t, WriteMat(&buf, nardy.Record{Rules: r, Length: 3, Actions: as}, MatInfo{}))
		return buf.String()
	}
	before, rolled, stepped := write(), write(opening), write(opening, step)
	assert.NotContains(t, before, "31:")
	assert.Contains(t, rolled, "  1) 31:", "the roll pending, its dice alone")
	assert.Equal(t, before, stepped, "a roll with a step taken has no cell")
	assert.False(t, strings.Contains(stepped, "8/5"), "no step is written")

	back, _, err := ReadMat(strings.NewReader(rolled), r)
	require.NoError(t, err)
	m, err := nardy.Replay(back)
	require.NoError(t, err)
	roll, playing := m.Game().Dice()
	assert.True(t, playing)
	assert.Equal(t, nardy.MustRoll(3, 1), roll)
}
