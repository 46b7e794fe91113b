package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/xgid"
)

// The -json documents against figures worked out by hand, not read from
// the text: lastRollTake (eval_test.go), white's checkers on its 3 and 2
// points against black's last checker on its 1 point, where white bears
// both off with 25 of the 36 rolls (cubeless +14/36; a double and a take,
// +28/36, S6); and the same with black on roll. These tests come from a
// mutation round of the documents (helper-201).

// lastRollTakeBlack is lastRollTake with black on roll: black's checkers
// on its 3 and 2 points, white's last on its 1 point.
const lastRollTakeBlack = "short b 0110000000000000000000000d/1000000000000000000000000e"

// evalDocOf is eval -json's document.
type evalDocOf struct {
	Variant, Position, Player string
	Away                      [2]int
	Crawford, Bearoff         bool
	Ply                       int
	Equity                    float64
	Probs                     neural.Probs
	GameCube                  *gameCubeDoc `json:"game_cube"`
	Cube                      *cubeDoc
	CubeAction                string `json:"cube_action"`
	NoCube                    string `json:"no_cube"`
}

// TestEvalJSONLastRoll: eval -json of a given position says that
// position, not the start; its player on roll (white, then black), the
// ply asked, the bear-off database, the chances of the player on roll
// (25/36, equity +14/36), the verdict (double, take: +28/36, S6), the
// away in the order -away gives it (the player on roll's first) and the
// Crawford game (S6: no cube).
func TestEvalJSONLastRoll(t *testing.T) {
	for _, c := range []struct {
		args     []string
		pos      string
		player   string
		ply      int
		away     [2]int
		crawford bool
	}{
		{[]string{"-ply", "0"}, lastRollTake, "white", 0, [2]int{}, false},
		{[]string{"-ply", "1"}, lastRollTake, "white", 1, [2]int{}, false},
		{[]string{"-ply", "0", "-away", "3,5"}, lastRollTakeBlack, "black", 0, [2]int{3, 5}, false},
		{[]string{"-ply", "0", "-away", "1,3", "-crawford"}, lastRollTake, "white", 0, [2]int{1, 3}, true},
	} {
		args := append([]string{"eval", "-position", c.pos}, c.args...)
		text, out := runBoth(t, args...)
		var doc evalDocOf
		decodeStrict(t, out, &doc)
		assert.Equal(t, c.pos, doc.Position, "%v: the position given, not the start", c.args)
		assert.Equal(t, "short", doc.Variant)
		assert.Equal(t, c.player, doc.Player, "%v: on roll", c.args)
		assert.Equal(t, c.ply, doc.Ply, "%v", c.args)
		assert.True(t, doc.Bearoff, "%v: both sides have every checker home", c.args)
		assert.Contains(t, text, "(bear-off database)")
		assert.InDelta(t, 25.0/36, doc.Probs.Win, 1e-6, "%v: 25 of the 36 rolls bear both off", c.args)
		assert.InDelta(t, 14.0/36, doc.Equity, 1e-6, "%v: 25/36 - 11/36, the player on roll's", c.args)
		assert.Equal(t, c.away, doc.Away, "%v: -away's order, the player on roll's first", c.args)
		assert.Equal(t, c.crawford, doc.Crawford, "%v", c.args)
		require.NotNil(t, doc.GameCube, "%v: short nardy has the cube", c.args)
		assert.Equal(t, gameCubeDoc{Value: 1}, *doc.GameCube, "%v", c.args)
		switch {
		case c.crawford:
			assert.Nil(t, doc.Cube, "S6: nobody doubles in the Crawford game")
			assert.Equal(t, "the Crawford game, nobody doubles", doc.NoCube)
		case c.away == [2]int{}:
			require.NotNil(t, doc.Cube, "%v", c.args)
			assert.InDelta(t, 14.0/36, doc.Cube.NoDouble, 1e-6)
			assert.InDelta(t, 28.0/36, doc.Cube.DoubleTake, 1e-6, "the cube doubled: twice +14/36")
			assert.InDelta(t, 1, doc.Cube.DoublePass, 1e-9)
			assert.True(t, doc.Cube.Double && doc.Cube.Take && doc.Cube.Exact, "%+v", doc.Cube)
			assert.Equal(t, "double, take", doc.CubeAction)
		default:
			require.NotNil(t, doc.Cube, "%v", c.args)
		}
	}
}

// TestEvalRollJSONLastRoll: eval -roll -json in lastRollTake: 6-5 bears
// both checkers off (one play, a sure win: +1, win 100%, its steps 3/off
// and 2/off); 2-1 cannot, and black's last checker then comes off with
// any roll: both plays lose (-1, win 0%), the chances of the player who
// plays, not of its opponent. In a match the document says -away's away.
func TestEvalRollJSONLastRoll(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	pos, err := nardy.ParsePosition(lastRollTake)
	require.NoError(t, err)
	for _, c := range []struct {
		roll   string
		count  int
		equity float64
		win    float64
	}{
		{"6-5", 1, 1, 1},
		{"2-1", 2, -1, 0},
	} {
		_, out := runBoth(t, "eval", "-position", lastRollTake, "-ply", "0", "-roll", c.roll)
		var doc struct {
			Variant, Position, Player, Roll string
			Ply, Count                      int
			Plays                           []rankedDoc
		}
		decodeStrict(t, out, &doc)
		assert.Equal(t, lastRollTake, doc.Position)
		assert.Equal(t, "white", doc.Player)
		assert.Equal(t, 0, doc.Ply, "-ply 0")
		assert.Equal(t, c.count, doc.Count, c.roll)
		require.Len(t, doc.Plays, c.count, c.roll)
		roll, err := nardy.ParseRoll(c.roll)
		require.NoError(t, err)
		for _, p := range doc.Plays {
			assert.InDelta(t, c.equity, p.Equity, 1e-9, "%s %s", c.roll, p.Play)
			assert.InDelta(t, c.win, p.Probs.Win, 1e-9, "%s %s: the mover's chances", c.roll, p.Play)
			assert.Zero(t, p.Loss, "%s %s", c.roll, p.Play)
			checkSteps(t, r, pos, roll, doc.Player, p.playDoc)
		}
		if c.roll == "6-5" {
			assert.Equal(t, "3/off 2/off", doc.Plays[0].Play)
		}
	}

	_, out := runBoth(t, "eval", "-position", lastRollTakeBlack, "-ply", "0", "-roll", "6-5", "-away", "3,5")
	var doc evalDocOf
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "black", doc.Player)
	assert.Equal(t, [2]int{3, 5}, doc.Away, "-away's order, the player on roll's first")
}

// TestRolloutJSONLastRoll: rollout -json of a given position rolls that
// position out, not the start. In lastRollTake the 36 trials' first
// rolls are the 36 rolls (rotated dice), so the cubeless equity is
// exactly +14/36, with the standard error of 25 wins and 11 losses
// (sqrt((1-m²)·36/35/36), m = 14/36); with -cubeful white doubles and
// black takes at once, +28/36 (S6), and the document has the cube; with
// -double, "rollouts" and "cube" give double/take per the doubled cube
// and per the cube before the double, as -h says. With -roll 6-5
// -cubeful the one play wins every trial, the cube there too.
func TestRolloutJSONLastRoll(t *testing.T) {
	_, out := runBoth(t, "rollout", "-position", lastRollTake, "-trials", "36", "-cubeful")
	var doc rolloutTopDoc
	decodeStrict(t, out, &doc)
	assert.Equal(t, lastRollTake, doc.Position, "the position given, not the start")
	assert.Equal(t, "white", doc.Player)
	assert.Equal(t, 36, doc.Trials)
	m := 14.0 / 36
	assert.InDelta(t, m, doc.Equity, 1e-9)
	require.NotNil(t, doc.StdErr)
	assert.InDelta(t, math.Sqrt((1-m*m)*36/35/36), *doc.StdErr, 1e-9)
	assert.InDelta(t, 25.0/36, doc.Probs.Win, 1e-9)
	require.NotNil(t, doc.Cubeful, "-cubeful")
	assert.InDelta(t, 28.0/36, *doc.Cubeful, 1e-9, "double, take: twice +14/36")
	assert.NotNil(t, doc.CubefulStdErr)
	require.NotNil(t, doc.GameCube, "-cubeful: the cube at the start")
	assert.Equal(t, gameCubeDoc{Value: 1}, *doc.GameCube)

	// -double: no double is +14/36 (black, on roll after a miss, wins
	// without the cube); double/take wins or loses the doubled cube on the
	// same dice: +14/36 per the doubled cube in "rollouts", +28/36 per the
	// cube before the double in the verdict, as the text prints it.
	text, out := runBoth(t, "rollout", "-position", lastRollTake, "-trials", "36", "-double")
	doc = rolloutTopDoc{}
	decodeStrict(t, out, &doc)
	require.NotNil(t, doc.Rollouts)
	require.NotNil(t, doc.Cube)
	require.NotNil(t, doc.Rollouts.NoDouble.Cubeful)
	require.NotNil(t, doc.Rollouts.DoubleTake.Cubeful)
	assert.InDelta(t, m, *doc.Rollouts.NoDouble.Cubeful, 1e-9)
	assert.InDelta(t, m, *doc.Rollouts.DoubleTake.Cubeful, 1e-9, "per the doubled cube")
	assert.InDelta(t, m, doc.Cube.NoDouble, 1e-9)
	assert.InDelta(t, 2*m, doc.Cube.DoubleTake, 1e-9, "per the cube before the double")
	assert.Contains(t, text, "double/take  +0.778")
	assert.Equal(t, "double, take", doc.CubeAction)

	_, out = runBoth(t, "rollout", "-position", lastRollTake, "-trials", "36", "-roll", "6-5", "-cubeful")
	doc = rolloutTopDoc{}
	decodeStrict(t, out, &doc)
	assert.Equal(t, lastRollTake, doc.Position)
	assert.Equal(t, "6-5", doc.Roll)
	require.Len(t, doc.Plays, 1)
	assert.Equal(t, "3/off 2/off", doc.Plays[0].Play)
	assert.InDelta(t, 1, doc.Plays[0].Equity, 1e-9, "both off: a single win")
	require.NotNil(t, doc.GameCube, "-roll -cubeful: the cube at the start")
	assert.Equal(t, gameCubeDoc{Value: 1}, *doc.GameCube)
}

// TestHintJSONGame: hint -json says the game's Crawford game (a 9-point
// match at 8-5: white 1-away, black 4-away), the game's cube (2, owned
// by white), and a roll that passed (C5: white on the bar against
// black's closed board rolls 5-2), as the text says them.
func TestHintJSONGame(t *testing.T) {
	for _, c := range []struct {
		xgid     string
		crawford bool
		away     [2]int
		cube     gameCubeDoc
		passed   string
	}{
		{"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:8:5:1:9:10", true, [2]int{1, 4}, gameCubeDoc{Value: 1}, ""},
		{"XGID=-b----E-C---eE---c-e----B-:1:1:1:52:0:0:3:0:10", false, [2]int{}, gameCubeDoc{Value: 2, Owned: true, Owner: "white"}, ""},
		{"XGID=------N-----------cbbbbbbA:0:0:1:52:0:0:0:0:10", false, [2]int{}, gameCubeDoc{Value: 1},
			"white rolled 5-2, which has no legal play: it passed (C5)"},
	} {
		text, out := runBoth(t, "hint", "-xgid", c.xgid, "-ply", "0", "-top", "2")
		var doc hintDoc
		decodeStrict(t, out, &doc)
		assert.Equal(t, c.crawford, doc.Crawford, c.xgid)
		assert.Equal(t, c.crawford, strings.Contains(text, "the Crawford game"), c.xgid)
		assert.Equal(t, c.away, doc.Away, c.xgid)
		require.NotNil(t, doc.GameCube, c.xgid)
		assert.Equal(t, c.cube, *doc.GameCube, c.xgid)
		assert.Equal(t, c.passed, doc.Passed, c.xgid)
		if c.passed != "" {
			assert.True(t, strings.HasPrefix(text, c.passed+"\n"), text)
			assert.Equal(t, "black", doc.Player, "after white's pass black acts")
			assert.Equal(t, "roll or double", doc.Act)
		}
	}
}

// TestLegalJSONEmptyPlayHasNoSteps (C5): the empty play of a roll with
// no legal step (white on the bar against black's closed board rolls
// 5-2) has no "steps" at all, as legal's -h says, not an empty list or
// null.
func TestLegalJSONEmptyPlayHasNoSteps(t *testing.T) {
	closed, err := xgid.Parse("------N-----------cbbbbbbA:0:0:1:52:0:0:0:0:10")
	require.NoError(t, err)
	_, out := runBoth(t, "legal", "-position", closed.Position.String(), "-roll", "5-2")
	var doc struct {
		Count int
		Plays []map[string]json.RawMessage
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Plays, 1)
	assert.Equal(t, 1, doc.Count)
	assert.JSONEq(t, `"(no play)"`, string(doc.Plays[0]["play"]))
	assert.NotContains(t, doc.Plays[0], "steps", "C5: no game takes the empty play")
}

// TestPerftJSONSeconds: perft -json's "seconds" is the time the count
// took: long nardy's 35,387 leaves at depth 3 take some.
func TestPerftJSONSeconds(t *testing.T) {
	_, out := runBoth(t, "perft", "-depth", "3", "-workers", "1")
	var doc struct{ Seconds float64 }
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Positive(t, doc.Seconds)
}

// TestHintJSONCubeAction (S6): hint -json names the proper cube action
// as eval -json and rollout -json do, in "cube_action", the text's
// "proper cube action" line: where black doubles (a 9-point match at
// 2-3, white to answer) and where black, on roll after white's pass
// (C5), is too good to double; a hint of a play has none.
func TestHintJSONCubeAction(t *testing.T) {
	for _, x := range []string{
		"XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:2:3:0:9:10",
		"XGID=------N-----------cbbbbbbA:0:0:1:52:0:0:0:0:10",
		"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
	} {
		text, out := runBoth(t, "hint", "-xgid", x, "-ply", "0")
		var doc struct {
			Cube       *cubeDoc
			CubeAction string `json:"cube_action"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &doc))
		_, action, ok := strings.Cut(text, "proper cube action: ")
		assert.Equal(t, ok, doc.Cube != nil, x)
		if ok {
			action, _, _ = strings.Cut(action, "\n")
			action, _, _ = strings.Cut(action, " (exact")
			assert.Equal(t, action, doc.CubeAction, x)
			assert.NotEmpty(t, doc.CubeAction, x)
		} else {
			assert.Empty(t, doc.CubeAction, x)
		}
	}
}
