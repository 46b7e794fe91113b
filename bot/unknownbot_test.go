package bot

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNewUnknownBotIsTyped: New's refusal of a name it does not know is a
// sentinel (ErrUnknownBot) and a typed error, as every refusal of user
// input in the library is (errors.Is and errors.As): the
// *UnknownBotError names the name given, cut as every typed error cuts
// its input (64 bytes), and its message is the one New always gave.
func TestNewUnknownBotIsTyped(t *testing.T) {
	_, err := New("gnubg", 1)
	var ue *UnknownBotError
	require.ErrorAs(t, err, &ue)
	assert.ErrorIs(t, err, ErrUnknownBot)
	assert.Equal(t, "gnubg", ue.Name)
	assert.Equal(t, `bot: unknown bot "gnubg"; known: [random greedy expectimax neural0 neural1 neural2]`, err.Error())

	_, err = New(strings.Repeat("x", 1<<20), 1)
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, strings.Repeat("x", 64)+"...", ue.Name, "the error keeps at most 64 bytes of the name")
}
