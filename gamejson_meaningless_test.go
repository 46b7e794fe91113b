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

// TestCubeJSONWritesOwnerOnlyWhenOwned_S6: a centred cube has no owner (S6:
// either player may double), so its JSON has no "owner", where it read
// "white", the zero Color, which a client took at its word; an owned
// cube's JSON names its owner. A game's JSON and a setup's carry the cube
// so; the old form, "owner":"white" beside "owned":false, reads the same.
func TestCubeJSONWritesOwnerOnlyWhenOwned_S6(t *testing.T) {
	for _, c := range []struct {
		cube Cube
		want string
	}{
		{Cube{Value: 1}, `{"value":1,"owned":false}`},
		{Cube{Value: 1, Owner: Black}, `{"value":1,"owned":false}`}, // (a centred 4 is no cube, refused)
		{Cube{Value: 2, Owned: true}, `{"value":2,"owned":true,"owner":"white"}`},
		{Cube{Value: 8, Owned: true, Owner: Black}, `{"value":8,"owned":true,"owner":"black"}`},
	} {
		b, err := json.Marshal(c.cube)
		require.NoError(t, err)
		assert.JSONEq(t, c.want, string(b), "%+v", c.cube)
		var back Cube
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, c.cube.Owned, back.Owned)
		assert.Equal(t, c.cube.Value, back.Value)
		if c.cube.Owned {
			assert.Equal(t, c.cube.Owner, back.Owner)
		}
	}

	// A new game of short nardy: the cube is centred.
	g, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	b, err := json.Marshal(g)
	require.NoError(t, err)
	var j struct {
		Cube map[string]any `json:"cube"`
	}
	require.NoError(t, json.Unmarshal(b, &j))
	assert.Equal(t, map[string]any{"value": 1.0, "owned": false}, j.Cube)
	old := strings.Replace(string(b), `"owned":false}`, `"owned":false,"owner":"white"}`, 1)
	require.NotEqual(t, string(b), old)
	var back Game
	require.NoError(t, json.Unmarshal([]byte(old), &back))
	assert.Equal(t, g, back)

	// White doubles and Black takes: Black owns the cube at 2.
	start, err := StartPosition(Short, White)
	require.NoError(t, err)
	g, err = NewGameAt(DefaultRules(Short), Setup{Position: start})
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActDouble, Player: White})
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActTake, Player: Black})
	require.NoError(t, err)
	b, err = json.Marshal(g)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &j))
	assert.Equal(t, map[string]any{"value": 2.0, "owned": true, "owner": "black"}, j.Cube, "%s", b)

	// A setup's cube likewise.
	b, err = json.Marshal(Setup{Position: start, Cube: Cube{Value: 1, Owner: Black}})
	require.NoError(t, err)
	assert.Contains(t, string(b), `"cube":{"value":1,"owned":false}`)
}
