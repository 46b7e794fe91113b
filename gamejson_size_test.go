package nardy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameJSONSizeBound: Game.UnmarshalJSON refuses more than 16 KiB
// unread: a real game's JSON padded with spaces to 16 KiB exactly reads
// back, and the same padded to 16 KiB and one byte is refused with
// ErrBadRecord, the error saying its size and the bound (kills mutation
// gj2: the bound taken one byte too far).
func TestGameJSONSizeBound(t *testing.T) {
	g, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	b, err := json.Marshal(g)
	require.NoError(t, err)
	const bound = 16 << 10
	pad := func(n int) []byte { return []byte(string(b) + strings.Repeat(" ", n-len(b))) }

	var back Game
	require.NoError(t, back.UnmarshalJSON(pad(bound)), "16 KiB exactly is read")
	assert.Equal(t, g, back)

	var over Game
	err = over.UnmarshalJSON(pad(bound + 1))
	require.ErrorIs(t, err, ErrBadRecord)
	assert.Contains(t, err.Error(), "16385 bytes, more than 16384")
	assert.Equal(t, Game{}, over, "the game is left as it was")
}
