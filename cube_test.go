package nardy

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCubeFlow_S6: double, take (the cube doubles and passes to the
// taker), redouble by the owner only, drop (the doubler wins the value
// before the double).
func TestCubeFlow_S6(t *testing.T) {
	r := DefaultRules(Short)
	startW := mustPosition(StartPosition(Short, White))
	g := gmAt(t, r, startW, White)
	assert.True(t, g.Cube().Centred())
	assert.ElementsMatch(t, []ActionKind{ActRoll, ActDouble, ActResign}, g.Allowed(White))
	assert.ElementsMatch(t, []ActionKind{ActResign}, g.Allowed(Black))
	g = gmDo(t, g, Action{Kind: ActDouble, Player: White})
	assert.Equal(t, PhaseCube, g.Phase())
	to, _ := g.ToAct()
	assert.Equal(t, Black, to)
	assert.ElementsMatch(t, []ActionKind{ActTake, ActDrop}, g.Allowed(Black))
	g = gmDo(t, g, Action{Kind: ActTake, Player: Black})
	assert.Equal(t, Cube{Value: 2, Owned: true, Owner: Black}, g.Cube())
	assert.Equal(t, PhaseRoll, g.Phase())
	assert.Equal(t, White, g.Position().OnRoll(), "the doubler rolls")
	// White rolls and plays; Black, owning the cube, redoubles to 4.
	g, err := g.SetDice(MustRoll(3, 1))
	require.NoError(t, err)
	g = gmDo(t, g, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}})
	g = gmDo(t, g, Action{Kind: ActDouble, Player: Black})
	g = gmDo(t, g, Action{Kind: ActDrop, Player: White})
	res, ok := g.Result()
	require.True(t, ok)
	assert.Equal(t, Result{Variant: Short, Winner: Black, Kind: Oin, End: Dropped, Cube: 2, Points: 2}, res)
}

// TestBeaver_S6: a beaver takes the double and redoubles at once, keeping
// the cube (money play with Beavers on); the doubler then takes, and rolls
// with the cube at four times its value before the double, still the
// beaver's, or drops, and loses twice that value. No raccoon: the beaver
// cannot be beavered back. Every state in between reads back from JSON.
func TestBeaver_S6(t *testing.T) {
	r := DefaultRules(Short)
	r.Beavers = true
	opened := gmOpen(t, r, 3, 1)
	plays, err := opened.Legal()
	require.NoError(t, err)
	opened = gmDo(t, opened, plays[0].Action()) // Black on roll
	doubled := gmDo(t, opened, Action{Kind: ActDouble, Player: Black})
	assert.Contains(t, doubled.Allowed(White), ActBeaver)
	g := gmDo(t, doubled, Action{Kind: ActBeaver, Player: White})
	assert.Equal(t, PhaseCube, g.Phase())
	assert.True(t, g.Beavered())
	assert.False(t, doubled.Beavered())
	assert.Equal(t, Cube{Value: 2, Owned: true, Owner: White}, g.Cube(), "the beaver took the double")
	to, ok := g.ToAct()
	assert.True(t, ok)
	assert.Equal(t, Black, to, "the doubler answers the beaver")
	assert.Equal(t, []ActionKind{ActTake, ActDrop}, g.Allowed(Black))
	assert.Empty(t, g.Allowed(White))
	_, err = g.Do(Action{Kind: ActBeaver, Player: Black})
	assert.True(t, hasReason(err, errNoRaccoon), "want %v, got %v", errNoRaccoon, err)
	_, err = g.Do(Action{Kind: ActTake, Player: White})
	assert.True(t, hasReason(err, ErrNotYourTurn), "got %v", err)
	_, err = g.Do(Action{Kind: ActRoll, Player: Black, Dice: [2]int{3, 1}})
	assert.True(t, hasReason(err, ErrWrongPhase), "a roll does not take the beaver: %v", err)

	var back Game
	b, err := json.Marshal(g)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, g, back)

	taken := gmDo(t, g, Action{Kind: ActTake, Player: Black})
	assert.Equal(t, Cube{Value: 4, Owned: true, Owner: White}, taken.Cube())
	assert.Equal(t, PhaseRoll, taken.Phase())
	assert.False(t, taken.Beavered())
	assert.Equal(t, Black, taken.Position().OnRoll())
	_, err = taken.Do(Action{Kind: ActDouble, Player: Black})
	assert.True(t, hasReason(err, errCubeNotYours), "want %v, got %v", errCubeNotYours, err)

	dropped := gmDo(t, g, Action{Kind: ActDrop, Player: Black})
	res, over := dropped.Result()
	require.True(t, over)
	assert.Equal(t, Result{Variant: Short, Winner: White, Kind: Oin, End: Dropped, Cube: 2, Points: 2}, res)

	// A beaver past the cube's limit is refused; so is one in a state read
	// from JSON whose cube cannot be a beaver's.
	r.MaxCube = 2
	_, err = gmDo(t, gmAt(t, r, mustPosition(StartPosition(Short, White)), White), Action{Kind: ActDouble, Player: White}).
		Do(Action{Kind: ActBeaver, Player: Black})
	assert.True(t, hasReason(err, errMaxCube), "got %v", err)
	for name, edit := range map[string][2]string{
		"the doubler's cube": {`"owner":"white"`, `"owner":"black"`},
		"a centred cube":     {`"value":2,"owned":true,"owner":"white"`, `"value":1,"owned":false,"owner":"white"`},
		"a roll phase":       {`"phase":"cube"`, `"phase":"roll"`},
		"no beavers":         {`"beavers":true`, `"beavers":false`},
	} {
		require.Contains(t, string(b), edit[0], name)
		var x Game
		err := json.Unmarshal([]byte(strings.Replace(string(b), edit[0], edit[1], 1)), &x)
		assert.ErrorIs(t, err, ErrBadRecord, name)
	}
}

// TestResignation_S6: offer, reject (the game goes on where it was, step by
// step state included), offer again, accept.
func TestResignation_S6(t *testing.T) {
	g := gmOpen(t, DefaultRules(Short), 3, 1) // white plays 3-1
	g = gmDo(t, g, Action{Kind: ActStep, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}}})
	before := g
	g = gmDo(t, g, Action{Kind: ActResign, Player: Black, Resign: Mars})
	k, by, ok := g.Offer()
	assert.Equal(t, []any{Mars, Black, true}, []any{k, by, ok})
	to, _ := g.ToAct()
	assert.Equal(t, White, to)
	g = gmDo(t, g, Action{Kind: ActReject, Player: White})
	assert.Equal(t, before, g, "a rejected offer leaves the game as it was")
	g = gmDo(t, g, Action{Kind: ActResign, Player: Black, Resign: Koks})
	g = gmDo(t, g, Action{Kind: ActAccept, Player: White})
	res, ok := g.Result()
	require.True(t, ok)
	// Money play, Jacoby, centred cube: a backgammon counts single.
	assert.Equal(t, Result{Variant: Short, Winner: White, Kind: Koks, End: Resigned, Cube: 1, Points: 1}, res)
	assert.Empty(t, g.Allowed(White))
}

// lastRollPos: long nardy, White has one checker left on its 1 point,
// Black has the given side; White on roll.
func lastRollPos(t *testing.T, black Side) Position {
	t.Helper()
	pos, err := NewPosition(Long, White, loserSide(14, 0, 1, 1), black)
	require.NoError(t, err)
	return pos
}

func TestLastRollDraw_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	bearOff := Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 1, To: Off, Die: 6}}}

	// The first player finishes; the other bears off its last two: draw.
	g := gmAt(t, r, lastRollPos(t, loserSide(13, 0, 5, 1, 6, 1)), White)
	g = gmDo(t, gmDo(t, g, Action{Kind: ActRoll, Player: White, Dice: [2]int{6, 5}}), bearOff)
	assert.True(t, g.IsLastRoll())
	assert.Equal(t, PhaseRoll, g.Phase())
	assert.Equal(t, Black, g.Position().OnRoll())
	_, err := g.Do(Action{Kind: ActDouble, Player: Black})
	assert.True(t, hasReason(err, errCubeOff), "want %v, got %v", errCubeOff, err)

	// With the cube in use, the refusal (S6, as every refused double) says
	// it is the last roll (it said only "the cube is not in use").
	rc := r
	rc.Cube = true
	gc := gmAt(t, rc, lastRollPos(t, loserSide(13, 0, 5, 1, 6, 1)), White)
	gc = gmDo(t, gmDo(t, gc, Action{Kind: ActRoll, Player: White, Dice: [2]int{6, 5}}), bearOff)
	require.True(t, gc.IsLastRoll())
	_, err = gc.Do(Action{Kind: ActDouble, Player: Black})
	var ae *ActionError
	if assert.ErrorAs(t, err, &ae) {
		assert.Equal(t, "S6", ae.Rule)
		assert.Contains(t, err.Error(), "on the last roll (L11)")
	}
	d, err := g.SetDice(MustRoll(6, 5))
	require.NoError(t, err)
	d = gmDo(t, d, Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 6, To: Off, Die: 6}, {From: 5, To: Off, Die: 5}}})
	res, ok := d.Result()
	require.True(t, ok)
	assert.Equal(t, Result{Variant: Long, Kind: Draw, End: BoreOff, Cube: 1, Points: 1}, res, "1-1, the default table")

	// The last roll falls short: the first player wins, judged when it
	// finished (oin: Black had borne off).
	s, err := g.SetDice(MustRoll(2, 1))
	require.NoError(t, err)
	s = gmDo(t, s, Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 6, To: 4, Die: 2}, {From: 4, To: 3, Die: 1}}})
	res, ok = s.Result()
	require.True(t, ok, "phase %s", s.Phase())
	assert.Equal(t, Result{Variant: Long, Winner: White, Kind: Oin, End: BoreOff, Cube: 1, Points: 1}, res)
}

// TestLastRollBoundaries_L11: the last roll is given with four checkers
// left, the most a roll bears off (a 1-1 bearing off all four draws),
// and a last roll that leaves one checker loses the game as an oin.
func TestLastRollBoundaries_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	bearOff := Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 1, To: Off, Die: 6}}}
	roll := Action{Kind: ActRoll, Player: White, Dice: [2]int{6, 5}}

	four := gmDo(t, gmDo(t, gmAt(t, r, lastRollPos(t, loserSide(11, 0, 1, 4)), White), roll), bearOff)
	require.True(t, four.IsLastRoll(), "four checkers left: the last roll is given")
	d, err := four.SetDice(MustRoll(1, 1))
	require.NoError(t, err)
	off := Step{From: 1, To: Off, Die: 1}
	d = gmDo(t, d, Action{Kind: ActPlay, Player: Black, Steps: []Step{off, off, off, off}})
	res, ok := d.Result()
	require.True(t, ok)
	assert.Equal(t, Draw, res.Kind)

	two := gmDo(t, gmDo(t, gmAt(t, r, lastRollPos(t, loserSide(13, 0, 5, 1, 6, 1)), White), roll), bearOff)
	require.True(t, two.IsLastRoll())
	s, err := two.SetDice(MustRoll(6, 1))
	require.NoError(t, err)
	s = gmDo(t, s, Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 6, To: Off, Die: 6}, {From: 5, To: 4, Die: 1}}})
	res, ok = s.Result()
	require.True(t, ok)
	assert.Equal(t, Result{Variant: Long, Winner: White, Kind: Oin, End: BoreOff, Cube: 1, Points: 1}, res, "14 off, one left: no draw")
}

func TestLastRollNotGiven_L11(t *testing.T) {
	bearOff := Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 1, To: Off, Die: 6}}}
	roll := Action{Kind: ActRoll, Player: White, Dice: [2]int{6, 5}}
	draw := DefaultRules(Long)
	draw.LastRollDraw = true
	cases := []struct {
		name  string
		r     Rules
		black Side
		first Color
		want  Result
	}{
		{"option off: the game ends at once", DefaultRules(Long), loserSide(13, 0, 5, 1, 6, 1), White,
			Result{Variant: Long, Winner: White, Kind: Oin, End: BoreOff, Cube: 1, Points: 1}},
		{"the second player finishes first: no last roll", draw, loserSide(13, 0, 5, 1, 6, 1), Black,
			Result{Variant: Long, Winner: White, Kind: Oin, End: BoreOff, Cube: 1, Points: 1}},
		{"five checkers left cannot all be borne off: the game ends at once", draw, loserSide(10, 0, 5, 5), White,
			Result{Variant: Long, Winner: White, Kind: Oin, End: BoreOff, Cube: 1, Points: 1}},
		{"mars, no checker off", draw, loserSide(0, 0, 6, 15), White,
			Result{Variant: Long, Winner: White, Kind: Mars, End: BoreOff, Cube: 1, Points: 2}},
	}
	for _, c := range cases {
		g := gmAt(t, c.r, lastRollPos(t, c.black), c.first)
		g = gmDo(t, gmDo(t, g, roll), bearOff)
		res, ok := g.Result()
		require.True(t, ok, c.name)
		assert.Equal(t, c.want, res, c.name)
	}
}

// TestDropScoresTheCube_S6: a dropped double loses the cube's value
// before the double (S6), whatever the table gives a single game: under a
// table whose oin scores 2 a drop at cube 1 is 1 point, at cube 2 two; it
// scored the oin's 2 points times the cube (helper-84).
func TestDropScoresTheCube_S6(t *testing.T) {
	r := DefaultRules(Long)
	r.Cube = true
	r.Scoring = Scoring{Oin: 2, Mars: 4}
	g, err := NewGame(r)
	require.NoError(t, err)
	g = gmDo(t, g, Action{Kind: ActOpening, Dice: [2]int{5, 3}})
	me := g.Position().OnRoll()
	dropped := gmDo(t, gmDo(t, g, Action{Kind: ActDouble, Player: me}), Action{Kind: ActDrop, Player: me.Other()})
	res, ok := dropped.Result()
	require.True(t, ok)
	assert.Equal(t, Result{Variant: Long, Winner: me, Kind: Oin, End: Dropped, Cube: 1, Points: 1}, res)

	// Its JSON reads back; the old score (2) is refused now.
	b, err := json.Marshal(dropped)
	require.NoError(t, err)
	var back Game
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, dropped, back)
	old := bytes.Replace(b, []byte(`"points":1`), []byte(`"points":2`), 1)
	require.NotEqual(t, b, old)
	assert.ErrorIs(t, json.Unmarshal(old, &back), ErrBadRecord)

	// Standard backgammon: a drop of a 2 cube is 2 points, as before.
	s := gmDo(t, gmOpen(t, DefaultRules(Short), 3, 1), Action{Kind: ActPlay, Player: White, Steps: []Step{{8, 5, 3, false}, {6, 5, 1, false}}})
	s = gmDo(t, gmDo(t, s, Action{Kind: ActDouble, Player: Black}), Action{Kind: ActTake, Player: White})
	s = gmDo(t, s, Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}})
	plays, err := s.Legal()
	require.NoError(t, err)
	s = gmDo(t, s, plays[0].Action())
	s = gmDo(t, gmDo(t, s, Action{Kind: ActDouble, Player: White}), Action{Kind: ActDrop, Player: Black})
	res, ok = s.Result()
	require.True(t, ok)
	assert.Equal(t, Result{Variant: Short, Winner: White, Kind: Oin, End: Dropped, Cube: 2, Points: 2}, res)
}
