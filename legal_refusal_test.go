package nardy

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameLegalRefusalNamesThePlayAskedFor_C7: Legal outside PhasePlay
// refuses the play it was asked for, a play (ActPlay) by the player on
// roll, in the game's phase and for its timing (no rule): of a game
// waiting for the roll, and of a finished game, where the player left on
// roll is the loser, not the winner who made the last play (C7).
func TestGameLegalRefusalNamesThePlayAskedFor_C7(t *testing.T) {
	pos := mustPosition(ParsePosition("long w 1000000000000000000000000e/0000000000000000000000a005"))
	live, err := NewGameAt(DefaultRules(Long), Setup{Position: pos})
	require.NoError(t, err)
	require.Equal(t, PhaseRoll, live.Phase())
	over := finishedGame(t)
	require.Equal(t, Black, over.Position().OnRoll(), "White bore off its last checker: Black is left on roll")
	for _, g := range []Game{live, over} {
		_, err := g.Legal()
		var ae *ActionError
		require.True(t, errors.As(err, &ae), "%v", err)
		assert.Equal(t, ActPlay, ae.Kind, "%s", g.Phase())
		assert.Equal(t, g.Position().OnRoll(), ae.Player, "%s", g.Phase())
		assert.Equal(t, g.Phase(), ae.Phase)
		assert.Empty(t, ae.Rule, "%s: refused for its timing", g.Phase())
	}
}
