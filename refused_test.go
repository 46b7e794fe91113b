package nardy

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefusedActions: every kind of refusal, with its reason; a refused
// action returns an *ActionError and the game unchanged.
func TestRefusedActions(t *testing.T) {
	short, long := DefaultRules(Short), DefaultRules(Long)
	startW := mustPosition(StartPosition(Short, White))

	opening, err := NewGame(short)
	require.NoError(t, err)
	rollLong := gmOpen(t, long, 6, 2)          // white to roll, no cube
	rollShort := gmAt(t, short, startW, White) // white to roll, cube centred
	playShort := gmOpen(t, short, 3, 1)        // white plays 3-1
	cube := gmDo(t, rollShort, Action{Kind: ActDouble, Player: White})
	taken := gmDo(t, cube, Action{Kind: ActTake, Player: Black})
	takenW := taken
	takenW.pos = startW // white on roll again, black owns the cube
	maxR := short
	maxR.MaxCube = 2
	atMax := gmAt(t, maxR, startW, White)
	atMax.cube = Cube{Value: 2, Owned: true, Owner: White}
	beaverR := short
	beaverR.Beavers, beaverR.MaxCube = true, 2
	beaverMax := gmAt(t, beaverR, startW, White)
	beaverMax = gmDo(t, beaverMax, Action{Kind: ActDouble, Player: White})
	crawford, err := newGame(short, false, true, White, true)
	require.NoError(t, err)
	matchCube, err := newGame(func() Rules { r := short; r.Beavers = true; return r }(), false, false, White, true)
	require.NoError(t, err)
	matchCube = gmDo(t, matchCube, Action{Kind: ActDouble, Player: White})
	resign := gmDo(t, playShort, Action{Kind: ActResign, Player: White, Resign: Oin})
	over := gmDo(t, resign, Action{Kind: ActAccept, Player: Black})
	stepped := gmDo(t, playShort, Action{Kind: ActStep, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}}})

	cases := []struct {
		name   string
		g      Game
		a      Action
		reason error
	}{
		{"zero game", Game{}, Action{Kind: ActRoll, Player: White, Dice: [2]int{1, 2}}, ErrWrongPhase},
		{"roll in the opening", opening, Action{Kind: ActRoll, Player: White, Dice: [2]int{1, 2}}, ErrWrongPhase},
		{"opening die 0", opening, Action{Kind: ActOpening, Dice: [2]int{0, 2}}, ErrInvalidRoll},
		{"opening die 7", opening, Action{Kind: ActOpening, Dice: [2]int{3, 7}}, ErrInvalidRoll},
		{"double in the opening", opening, Action{Kind: ActDouble, Player: White}, ErrWrongPhase},
		{"resign in the opening", opening, Action{Kind: ActResign, Player: White, Resign: Oin}, ErrWrongPhase},
		{"unknown action kind", rollLong, Action{Kind: 0, Player: White}, errInvalidAction},
		{"action kind past the last", rollLong, Action{Kind: ActReject + 1, Player: White}, errInvalidAction},
		{"unknown player", rollLong, Action{Kind: ActRoll, Player: 2, Dice: [2]int{1, 2}}, errInvalidAction},
		{"opening again", rollLong, Action{Kind: ActOpening, Dice: [2]int{1, 2}}, ErrWrongPhase},
		{"roll by the wrong player", rollLong, Action{Kind: ActRoll, Player: Black, Dice: [2]int{1, 2}}, ErrNotYourTurn},
		{"roll with a die 0", rollLong, Action{Kind: ActRoll, Player: White, Dice: [2]int{0, 2}}, ErrInvalidRoll},
		{"roll without dice (a bot's)", rollLong, Action{Kind: ActRoll, Player: White}, errNoDice},
		{"opening without dice", opening, Action{Kind: ActOpening}, errNoDice},
		{"play before rolling", rollLong, Action{Kind: ActPlay, Player: White}, ErrWrongPhase},
		{"step before rolling", rollLong, Action{Kind: ActStep, Player: White, Steps: []Step{{From: 24, To: 18, Die: 6}}}, ErrWrongPhase},
		{"undo before rolling", rollLong, Action{Kind: ActUndo, Player: White}, ErrWrongPhase},
		{"double without the cube (long default)", rollLong, Action{Kind: ActDouble, Player: White}, errCubeOff},
		{"take without a double", rollLong, Action{Kind: ActTake, Player: Black}, ErrWrongPhase},
		{"drop without a double", rollLong, Action{Kind: ActDrop, Player: Black}, ErrWrongPhase},
		{"beaver without a double", rollLong, Action{Kind: ActBeaver, Player: Black}, ErrWrongPhase},
		{"accept without an offer", rollLong, Action{Kind: ActAccept, Player: Black}, ErrWrongPhase},
		{"reject without an offer", rollLong, Action{Kind: ActReject, Player: Black}, ErrWrongPhase},
		{"resign koks under the federation table", rollLong, Action{Kind: ActResign, Player: White, Resign: Koks}, errResignKind},
		{"resign a draw", rollLong, Action{Kind: ActResign, Player: White, Resign: Draw}, errResignNoWin},
		{"resign kind 99", rollLong, Action{Kind: ActResign, Player: White, Resign: 99}, errResignNoWin},
		{"resign kind 0", rollLong, Action{Kind: ActResign, Player: White}, errResignNoKind},
		{"resign home mars in short nardy", rollShort, Action{Kind: ActResign, Player: Black, Resign: HomeMars}, errResignKind},
		{"double by the player not on roll", rollShort, Action{Kind: ActDouble, Player: Black}, ErrNotYourTurn},
		{"double a cube the opponent owns", takenW, Action{Kind: ActDouble, Player: White}, errCubeNotYours},
		{"double past MaxCube", atMax, Action{Kind: ActDouble, Player: White}, errMaxCube},
		{"beaver past MaxCube", beaverMax, Action{Kind: ActBeaver, Player: Black}, errMaxCube},
		{"double in the Crawford game", crawford, Action{Kind: ActDouble, Player: White}, errCubeOff},
		{"take by the doubler", cube, Action{Kind: ActTake, Player: White}, ErrNotYourTurn},
		{"drop by the doubler", cube, Action{Kind: ActDrop, Player: White}, ErrNotYourTurn},
		{"beaver with beavers off", cube, Action{Kind: ActBeaver, Player: Black}, errNoBeaver},
		{"beaver in match play", matchCube, Action{Kind: ActBeaver, Player: Black}, errNoBeaver},
		{"roll while a double waits", cube, Action{Kind: ActRoll, Player: White, Dice: [2]int{1, 2}}, ErrWrongPhase},
		{"resign while a double waits", cube, Action{Kind: ActResign, Player: Black, Resign: Oin}, ErrWrongPhase},
		{"double twice", cube, Action{Kind: ActDouble, Player: White}, ErrWrongPhase},
		{"roll while playing", playShort, Action{Kind: ActRoll, Player: White, Dice: [2]int{1, 2}}, ErrWrongPhase},
		{"double after rolling", playShort, Action{Kind: ActDouble, Player: White}, ErrWrongPhase},
		{"play by the wrong player", playShort, Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}}, ErrNotYourTurn},
		{"illegal play: wrong dice (C3)", playShort, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 8, To: 4, Die: 4}, {From: 6, To: 5, Die: 1}}}, errWrongDice},
		{"illegal play: too few dice (C5)", playShort, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}}}, errMaxDice},
		{"illegal play: no checker", playShort, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 9, To: 6, Die: 3}, {From: 6, To: 5, Die: 1}}}, errNoChecker},
		{"illegal play: five steps", playShort, Action{Kind: ActPlay, Player: White, Steps: make([]Step, 5)}, errWrongDice},
		{"illegal step: closed point (C4)", playShort, Action{Kind: ActStep, Player: White, Steps: []Step{{From: 13, To: 12, Die: 1}}}, errPointClosed},
		{"step with two steps", playShort, Action{Kind: ActStep, Player: White, Steps: make([]Step, 2)}, errInvalidAction},
		{"step with no step", playShort, Action{Kind: ActStep, Player: White}, errInvalidAction},
		{"undo with no step", playShort, Action{Kind: ActUndo, Player: White}, errNothingToUndo},
		{"undo by the wrong player", stepped, Action{Kind: ActUndo, Player: Black}, ErrNotYourTurn},
		{"whole play after a step it cannot follow", stepped, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 24, To: 21, Die: 3}, {From: 6, To: 5, Die: 1}}}, errPlayStarted},
		{"accept by the resigner", resign, Action{Kind: ActAccept, Player: White}, ErrNotYourTurn},
		{"reject by the resigner", resign, Action{Kind: ActReject, Player: White}, ErrNotYourTurn},
		{"play while a resignation waits", resign, Action{Kind: ActPlay, Player: White}, ErrWrongPhase},
		{"resign twice", resign, Action{Kind: ActResign, Player: Black, Resign: Oin}, ErrWrongPhase},
		{"roll after the end", over, Action{Kind: ActRoll, Player: Black, Dice: [2]int{1, 2}}, ErrGameOver},
		{"resign after the end", over, Action{Kind: ActResign, Player: Black, Resign: Oin}, ErrGameOver},
		{"opening after the end", over, Action{Kind: ActOpening, Dice: [2]int{1, 2}}, ErrGameOver},
	}
	for _, c := range cases {
		n, err := c.g.Do(c.a)
		require.Error(t, err, c.name)
		assert.ErrorIs(t, err, ErrActionRefused, c.name)
		var ae *ActionError
		if assert.True(t, errors.As(err, &ae), c.name) {
			assert.Equal(t, c.a.Kind, ae.Kind, c.name)
			assert.Equal(t, c.g.Phase(), ae.Phase, c.name)
		}
		assert.True(t, hasReason(err, c.reason), "%s: want %v, got %v", c.name, c.reason, err)
		assert.Equal(t, c.g, n, "%s: the game changed", c.name)
		assert.NotEmpty(t, err.Error())
	}
	// The zero Play is named as such, not as a play short of dice.
	_, err = playShort.Play(Play{})
	assert.ErrorIs(t, err, ErrIllegalPlay)
	assert.True(t, hasReason(err, errZeroPlay), "%v", err)
	_, err = rollLong.Do(Action{Kind: ActRoll, Player: White})
	assert.ErrorContains(t, err, "Game.Roll", "says how to throw")
	_, err = rollLong.SetDice(Roll{})
	assert.True(t, hasReason(err, errZeroRoll), "%v", err)
	_, err = DefaultRules(Short).Legal(mustPosition(StartPosition(Short, White)), Roll{})
	assert.ErrorIs(t, err, ErrInvalidRoll)
	assert.ErrorContains(t, err, "the zero Roll")
	// An illegal play names its rule.
	_, err = playShort.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}}})
	var re *RuleError
	require.True(t, errors.As(err, &re))
	assert.Equal(t, "C5", re.Rule)
}

func TestMatchRefusals(t *testing.T) {
	_, err := NewMatch(DefaultRules(Short), 0)
	assert.ErrorIs(t, err, ErrInvalidRules)
	_, err = NewMatch(Rules{}, 3)
	assert.ErrorIs(t, err, ErrInvalidRules)
	assert.ErrorContains(t, err, "no variant (the zero Rules; want long or short)", "not \"unknown variant 0\"")
	_, err = NewGame(Rules{Variant: 7})
	assert.ErrorContains(t, err, "unknown variant 7")
	var zero Match
	_, err = zero.Do(Action{Kind: ActOpening, Dice: [2]int{1, 2}})
	assert.ErrorIs(t, err, ErrWrongPhase)
	_, err = NewGame(Rules{Variant: Long, MaxCube: 5})
	assert.ErrorIs(t, err, ErrInvalidRules)
}

// TestResignKindRule_S5_L9: a resignation of a kind the game does not
// have names the variant's rule of the kinds of win, S5 in short nardy
// and L9 in long nardy, however the rules spell their scoring table (the
// zero table, the default's, another): it named L9 for short nardy
// under any table but the default spelled out.
func TestResignKindRule_S5_L9(t *testing.T) {
	for _, c := range []struct {
		v    Variant
		s    Scoring
		rule string
	}{
		{Short, Scoring{}, "S5"},
		{Short, defaultScoring(Short), "S5"},
		{Short, Scoring{Oin: 1, Mars: 2, Koks: 2}, "S5"},
		{Long, Scoring{}, "L9"},
		{Long, defaultScoring(Long), "L9"},
	} {
		r := DefaultRules(c.v)
		r.Scoring = c.s
		g := gmOpen(t, r, 6, 2)
		kind := HomeMars // no home mars in short nardy
		if c.v == Long {
			kind = Draw // a resignation is a loss
		}
		_, err := g.Do(Action{Kind: ActResign, Player: g.pos.turn, Resign: kind})
		var ae *ActionError
		require.ErrorAs(t, err, &ae, "%v %+v", c.v, c.s)
		assert.Equal(t, c.rule, ae.Rule, "%v %+v: %v", c.v, c.s, err)
	}
}

// TestRefusalsSayWhat: refusals of what a newcomer writes say what is
// missing (helper-102): a resignation without its kind, an action read
// from JSON null or {}, the legal plays of the zero Game.
func TestRefusalsSayWhat(t *testing.T) {
	g := gmOpen(t, DefaultRules(Short), 3, 1)
	_, err := g.Do(Action{Kind: ActResign, Player: Black})
	require.ErrorIs(t, err, ErrActionRefused)
	assert.ErrorContains(t, err, "a resignation without its kind")
	var ae *ActionError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "S5", ae.Rule, "the rule of the kinds a resignation may name (helper-106: lost)")
	for _, js := range []string{`null`, `{}`, `{"player":"white"}`} {
		var a Action
		err := json.Unmarshal([]byte(js), &a)
		require.ErrorIs(t, err, ErrSyntax, js)
		assert.ErrorContains(t, err, `no action kind: want "kind", one of`, js)
	}
	_, err = Game{}.Legal()
	require.ErrorIs(t, err, ErrWrongPhase)
	assert.ErrorContains(t, err, "the zero Game")
}

// TestMalformedActionsSayWhatIsWrong: a malformed action or a resignation
// of something other than a kind of win says which field is wrong (a
// stranger's review: "malformed action" alone, and a draw refused as "a
// kind the scoring table does not use", named neither). A resignation
// offers a win of the opponent's (L9, S5).
func TestMalformedActionsSayWhatIsWrong(t *testing.T) {
	long := gmOpen(t, DefaultRules(Long), 6, 2)
	short := gmOpen(t, DefaultRules(Short), 3, 1)
	for _, c := range []struct {
		g    Game
		a    Action
		want string
		rule string
	}{
		{long, Action{Kind: ActResign, Player: 7, Resign: Oin}, "player 7, neither White nor Black", ""},
		{long, Action{Kind: ActReject + 3, Player: White}, "kind 15, no action kind", ""},
		{short, Action{Kind: ActStep, Player: White, Steps: make([]Step, 2)}, "one step, not 2", ""},
		{long, Action{Kind: ActResign, Player: White, Resign: Draw}, "a kind of win", "L9"},
		{long, Action{Kind: ActResign, Player: White, Resign: Draw}, "not a draw", "L9"},
		{short, Action{Kind: ActResign, Player: White, Resign: 99}, "not kind 99", "S5"},
		{long, Action{Kind: ActResign, Player: White, Resign: Koks}, "does not use: koks", "L9"}, // the federation table has no koks
		{short, Action{Kind: ActResign, Player: White, Resign: HomeMars}, "does not use: home_mars", "S5"},
		{long, Action{Kind: ActOpening, Dice: [2]int{3, 1}}, "action refused: opening in phase roll: action not possible now", ""}, // the throw is no player's (C2)
	} {
		_, err := c.g.Do(c.a)
		require.ErrorIs(t, err, ErrActionRefused, "%+v", c.a)
		assert.ErrorContains(t, err, c.want, "%+v", c.a)
		var ae *ActionError
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, c.rule, ae.Rule, "%+v: %v", c.a, err)
	}
}
