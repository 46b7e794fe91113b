package nardy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameJSONLeavesOutColoursNotYetKnown_C2_L11: while the opening throw
// lasts nobody is first on roll yet (C2), so a game's JSON has no
// "starter", and until the first play nobody has made it (L11's first
// player), so no "first": both read "white", the zero Color, which a
// client took at its word. Once known they are written, and every state
// reads back the same; JSON with the old keys still reads.
func TestGameJSONLeavesOutColoursNotYetKnown_C2_L11(t *testing.T) {
	keys := func(g Game) map[string]any {
		b, err := json.Marshal(g)
		require.NoError(t, err)
		var j map[string]any
		require.NoError(t, json.Unmarshal(b, &j))
		var back Game
		require.NoError(t, json.Unmarshal(b, &back), "%s", b)
		assert.Equal(t, g, back)
		return j
	}
	for _, v := range []Variant{Long, Short} {
		g, err := NewGame(DefaultRules(v))
		require.NoError(t, err)
		j := keys(g)
		assert.NotContains(t, j, "starter", "%v: the opening throw is not thrown", v)
		assert.NotContains(t, j, "first", v)
		if _, known := g.Starter(); known {
			t.Fatalf("%v: Starter known before the opening throw", v)
		}

		// Black wins the opening throw: black is the starter, nobody has played.
		g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{2, 5}})
		require.NoError(t, err)
		j = keys(g)
		assert.Equal(t, "black", j["starter"], v)
		assert.NotContains(t, j, "first", v)

		// JSON of the old form, "first":"white" before any play, reads
		// as the same game.
		b, err := json.Marshal(g)
		require.NoError(t, err)
		old := strings.Replace(string(b), `"started":false,`, `"started":false,"first":"white",`, 1)
		require.NotEqual(t, string(b), old)
		var back Game
		require.NoError(t, json.Unmarshal([]byte(old), &back))
		assert.Equal(t, g, back, v)

		if g.Phase() == PhaseRoll { // the rules throw again for the first play
			g, err = g.Do(Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}})
			require.NoError(t, err)
		}
		plays, err := g.Legal()
		require.NoError(t, err)
		g, err = g.Play(plays[0])
		require.NoError(t, err)
		j = keys(g)
		assert.Equal(t, "black", j["first"], v)
		assert.Equal(t, "black", j["starter"], v)
	}
}
