package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeldBlockOffRollNamesL5: a long-nardy setup where the player not on
// roll holds a six-block with no opponent checker ahead (L5: its last play
// would have been refused) is an invalid position whose *PositionError
// names L5, as the mover's own forbidden block does.
func TestHeldBlockOffRollNamesL5(t *testing.T) {
	// White holds its points 13..18, which are Black's points 1..6: no
	// Black checker can stand ahead of them. Black, all on its head, is
	// on roll.
	pos, err := ParsePosition("long b 00000000000000000000000f00/00000000000022222200000300")
	require.NoError(t, err)
	_, err = NewGameAt(DefaultRules(Long), Setup{Position: pos, Starter: White})
	assert.ErrorIs(t, err, ErrInvalidPosition)
	var pe *PositionError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "L5", pe.Rule)
}
