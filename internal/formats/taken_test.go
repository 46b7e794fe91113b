package formats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestTakenRefusedAction: an ID whose actions the game refuses (a roll by
// the player not on roll) gives the game's error, from Game, Match and
// Recorder alike (Recorder: "its errors first, as Game and Match give
// them"), and, as the docs say, the zero Game, the zero Match and no
// recorder.
func TestTakenRefusedAction(t *testing.T) {
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	good := Taken{Rules: nardy.DefaultRules(nardy.Short), Setup: nardy.Setup{Position: pos},
		Actions: Continued(nardy.White, [2]int{6, 5}, false, false)}
	g, err := good.Game()
	require.NoError(t, err)
	assert.NotEqual(t, nardy.Game{}, g)
	bad := good
	bad.Actions = Continued(nardy.Black, [2]int{6, 5}, false, false)
	g, gameErr := bad.Game()
	require.ErrorIs(t, gameErr, nardy.ErrActionRefused)
	assert.Equal(t, nardy.Game{}, g, "the zero Game on an error")
	m, err := bad.Match()
	assert.Equal(t, gameErr, err, "Match gives Game's error")
	assert.Equal(t, nardy.Match{}, m)
	rc, err := bad.Recorder()
	assert.Equal(t, gameErr, err, "Recorder gives Game's error first")
	assert.Nil(t, rc)
}
