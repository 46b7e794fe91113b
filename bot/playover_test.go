package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestPlayOutOfAFinishedMatch_C7: PlayOut and PlayOn of a match already
// over (a money game White won by bearing off its last checker while
// Black held its home board) return it as it is, record and all, without
// an error; Next and NextInMatch say the game is over.
func TestPlayOutOfAFinishedMatch_C7(t *testing.T) {
	pos, err := nardy.ParsePosition("long w 1000000000000000000000000e/33322200000000000000000000")
	require.NoError(t, err)
	rc, err := nardy.ResumeRecorder(nardy.DefaultRules(nardy.Long), 0, nardy.MatchStart{}, nardy.Setup{Position: pos}, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.White, Dice: [2]int{2, 1}}))
	plays, err := rc.Match().Game().Legal()
	require.NoError(t, err)
	require.NoError(t, rc.Do(plays[0].Action()))
	m, rec := rc.Match(), rc.Record()
	require.True(t, m.IsOver())

	players := [2]Player{NewGreedy(), NewRandom(1)}
	out, err := PlayOut(m, players[0], players[1], nardy.NewSeededDice(1))
	require.NoError(t, err)
	assert.Equal(t, m, out)
	out, outRec, err := PlayOn(rc, players[0], players[1], nardy.NewSeededDice(1))
	require.NoError(t, err)
	assert.Equal(t, m, out)
	assert.Equal(t, rec, outRec)
	_, err = Next(m.Game(), players, nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, nardy.ErrGameOver)
	_, err = NextInMatch(m, players, nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, nardy.ErrGameOver)
}
