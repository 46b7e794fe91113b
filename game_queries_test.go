package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPhaseStringOutOfRange: a Phase past PhaseOver (one an ActionError
// may carry from a caller's value) prints as "invalid(n)", not a panic,
// and the valid phases print their names.
func TestPhaseStringOutOfRange(t *testing.T) {
	for p, want := range map[Phase]string{
		0: "none", PhaseOpening: "opening", PhaseRoll: "roll", PhasePlay: "play",
		PhaseCube: "cube", PhaseResign: "resign", PhaseOver: "over",
		PhaseOver + 1: "invalid(7)", 255: "invalid(255)",
	} {
		assert.NotPanics(t, func() { assert.Equal(t, want, p.String()) }, "phase %d", uint8(p))
	}
}

// TestStarterUnknownInTheOpening_C2: Starter is known once the opening
// throw (C2) has chosen it: not in the opening, nor after equal dice
// thrown again; then the player with the higher die.
func TestStarterUnknownInTheOpening_C2(t *testing.T) {
	g, err := NewGame(DefaultRules(Long))
	require.NoError(t, err)
	_, ok := g.Starter()
	assert.False(t, ok, "no opening throw yet")
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{4, 4}})
	require.NoError(t, err)
	_, ok = g.Starter()
	assert.False(t, ok, "equal dice are thrown again (C2)")
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{2, 5}})
	require.NoError(t, err)
	st, ok := g.Starter()
	assert.True(t, ok)
	assert.Equal(t, Black, st, "black's 5 beats white's 2")
	_, ok = Game{}.Starter()
	assert.False(t, ok, "the zero Game")
}

// TestAllowedOpeningToEither_C2: before the opening throw each player is
// given the throw and nothing else (no resignation before a game starts),
// and a throw in either player's name, or in none, is taken (C2: the
// throw is no one's move); equal dice leave it to be thrown again.
func TestAllowedOpeningToEither_C2(t *testing.T) {
	for _, v := range []Variant{Long, Short} {
		g, err := NewGame(DefaultRules(v))
		require.NoError(t, err)
		for _, p := range []Color{White, Black} {
			assert.Equal(t, []ActionKind{ActOpening}, g.Allowed(p), "%v %v", v, p)
			_, err := g.Do(Action{Kind: ActOpening, Player: p, Dice: [2]int{5, 2}})
			assert.NoError(t, err, "%v: the throw in %v's name", v, p)
		}
		g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{3, 3}})
		require.NoError(t, err)
		assert.Equal(t, []ActionKind{ActOpening}, g.Allowed(Black), "%v: thrown again after equal dice", v)
	}
}

// TestAllowedFollowsThePlay_C3: while a roll is being played, the player
// on roll may play it whole or step by step and resign; undo is allowed
// only once a step is taken, and a whole play after it too, one the turn
// can still become (C8; the rest of the play alone is no whole play, C5).
// The other player may only offer to resign.
func TestAllowedFollowsThePlay_C3(t *testing.T) {
	g, err := NewGame(DefaultRules(Short)) // the opening dice are the first roll (C2)
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	require.Equal(t, PhasePlay, g.Phase())
	assert.ElementsMatch(t, []ActionKind{ActPlay, ActStep, ActResign}, g.Allowed(White))
	assert.ElementsMatch(t, []ActionKind{ActResign}, g.Allowed(Black))
	g, err = g.Step(Step{From: 8, To: 5, Die: 3})
	require.NoError(t, err)
	assert.ElementsMatch(t, []ActionKind{ActPlay, ActStep, ActUndo, ActResign}, g.Allowed(White))
	_, err = g.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 6, To: 5, Die: 1}}})
	assert.ErrorIs(t, err, ErrIllegalPlay, "the rest of the play alone, while one is made step by step")
}

// TestAllowedAnswersToAResignation_S6: once a player offers to resign,
// the other may accept or reject it, and nothing else; the player who
// offered waits.
func TestAllowedAnswersToAResignation_S6(t *testing.T) {
	g, err := NewGame(DefaultRules(Long))
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	g, err = g.Resign(Black, Oin)
	require.NoError(t, err)
	require.Equal(t, PhaseResign, g.Phase())
	assert.ElementsMatch(t, []ActionKind{ActAccept, ActReject}, g.Allowed(White))
	assert.Empty(t, g.Allowed(Black))
}

// TestActIsThePlayerToAct_S6: Act acts as the player ToAct names, not
// the player on roll: after Black's double White takes (the cube at 2,
// White's), and after Black's offer to resign White accepts.
func TestActIsThePlayerToAct_S6(t *testing.T) {
	g := blackDoublesAfterOpening(t)
	taken, err := g.Act(ActTake)
	require.NoError(t, err)
	assert.Equal(t, Cube{Value: 2, Owned: true, Owner: White}, taken.Cube())

	g, err = taken.Resign(Black, Oin)
	require.NoError(t, err)
	over, err := g.Act(ActAccept)
	require.NoError(t, err)
	res, ok := over.Result()
	require.True(t, ok)
	assert.Equal(t, White, res.Winner)
	assert.Equal(t, Resigned, res.End)
}

// blackDoublesAfterOpening returns a short game where White opened with
// 3-1 (8/5 6/5) and Black, on roll, doubled: White is to answer.
func blackDoublesAfterOpening(t *testing.T) Game {
	t.Helper()
	g, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	g, err = g.Play(mustPlay(t, g, Step{From: 8, To: 5, Die: 3}, Step{From: 6, To: 5, Die: 1}))
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActDouble, Player: Black})
	require.NoError(t, err)
	return g
}

// mustPlay returns the play of g's roll with steps.
func mustPlay(t *testing.T, g Game, steps ...Step) Play {
	t.Helper()
	d, ok := g.Dice()
	require.True(t, ok)
	p, err := g.Rules().PlayOf(g.Position(), d, steps...)
	require.NoError(t, err)
	return p
}

// TestDoubleOfTheOwnedCubeNamesS6: a player may double only with the cube
// centred or its own (S6): after Black's double, taken by White, Black's
// second double is refused with an ActionError naming S6.
func TestDoubleOfTheOwnedCubeNamesS6(t *testing.T) {
	g, err := blackDoublesAfterOpening(t).Act(ActTake)
	require.NoError(t, err)
	_, err = g.Do(Action{Kind: ActDouble, Player: Black})
	var ae *ActionError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "S6", ae.Rule)
	assert.Equal(t, ActDouble, ae.Kind)
}
