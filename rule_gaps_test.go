package nardy

// Tests written for mutants of the root package that the suite let live
// (helper-125's round, session 41): each pins behaviour a rule of docs/rules.md or the
// documentation states, with expected values taken from the rule, not from
// the code under test.

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestS6_ResumeMatchMoneyGameInOnePointMatch: ResumeMatch wants a game of
// match play exactly when the length is not 0; a money game (no
// Setup.Match) cannot be the game of a 1-point match, the shortest match.
func TestS6_ResumeMatchMoneyGameInOnePointMatch(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	money, err := NewGameAt(r, Setup{Position: pos})
	require.NoError(t, err)
	m, err := ResumeMatch(1, MatchStart{}, money)
	require.ErrorIs(t, err, ErrInvalidRules)
	assert.Equal(t, Match{}, m)
	var re *InvalidRulesError
	if assert.ErrorAs(t, err, &re) {
		assert.Equal(t, "length", re.Option)
	}
	// The same game as a game of match play is the 1-point match's game.
	match, err := NewGameAt(r, Setup{Position: pos, Match: true})
	require.NoError(t, err)
	_, err = ResumeMatch(1, MatchStart{}, match)
	require.NoError(t, err)
}

// TestS3_NewGameAtBothOnBarOneBoardOpenOnSix: with both players on the bar
// and White's home board closed, Black's open only on its 6 point, the game
// is no deadlock: White enters with a 6 on its 19 point (S3: die d enters on
// 25−d, a point not closed), so NewGameAt sets it up.
func TestS3_NewGameAtBothOnBarOneBoardOpenOnSix(t *testing.T) {
	var me, opp Side
	me[Bar] = 1
	for p := 1; p <= 6; p++ {
		me[p] = 2
	}
	me[7] = 2
	opp[Bar] = 1
	for p := 1; p <= 5; p++ {
		opp[p] = 2
	}
	opp[13] = 4
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Short)
	g, err := NewGameAt(r, Setup{Position: pos})
	require.NoError(t, err, "White enters with a 6 (S3): no deadlock")
	six, err := NewRoll(6, 1)
	require.NoError(t, err)
	legal, err := r.Legal(pos, six)
	require.NoError(t, err)
	require.NotEmpty(t, legal)
	assert.False(t, legal[0].IsEmpty(), "6-1 enters on 19 (S3)")
	assert.Equal(t, PhaseRoll, g.Phase())
}

// TestC6_NotationHitThenBearOffIsNotMergedWithHit: with 4-4 in short nardy,
// one checker 8/4* hits and goes on to bear off (C6: once every checker is
// home), the other stops on 4. The documented notation joins each
// checker's steps into one move, shows an intermediate point only where
// the play hits ("24/18*/13"), and counts only equal moves ("8/5(2)"):
// "8/4*/off" and "8/4" are different moves, listed from the highest
// starting point down.
func TestC6_NotationHitThenBearOffIsNotMergedWithHit(t *testing.T) {
	var me, opp Side
	me[8], me[6], me[3], me[2], me[1] = 2, 4, 4, 3, 2
	opp[21] = 1 // White's 4 point
	opp[6], opp[5], opp[4] = 5, 5, 4
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	roll, err := NewRoll(4, 4)
	require.NoError(t, err)
	r := DefaultRules(Short)
	p, err := r.ParsePlay(pos, roll, "8/4*/off 8/4 6/2")
	require.NoError(t, err)
	assert.Equal(t, "8/4*/off 8/4 6/2", p.String())
	after, err := r.Apply(pos, p)
	require.NoError(t, err)
	assert.Equal(t, 1, after.Side(White)[Off], "one checker borne off")
	assert.Equal(t, 1, after.Side(Black)[Bar], "the blot on 4 hit (S2)")
}

// TestC2_CanonicalOpeningHasNoPlayer: Canonical keeps only the fields an
// action's kind uses, "no player for the opening": the opening throw is
// the dice's (C2), whoever the caller named.
func TestC2_CanonicalOpeningHasNoPlayer(t *testing.T) {
	a := Action{Kind: ActOpening, Player: Black, Dice: [2]int{3, 1}}
	assert.Equal(t, Action{Kind: ActOpening, Dice: [2]int{3, 1}}, a.Canonical())
	// A roll keeps its player and dice.
	r := Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}}
	assert.Equal(t, r, r.Canonical())
}

// TestC1_ActionJSONDiceAreTwo: a roll is two dice (C1); the JSON form of an
// action with one die or three is refused with an error (never a panic),
// and two read back.
func TestC1_ActionJSONDiceAreTwo(t *testing.T) {
	for _, dice := range []string{"[3]", "[3,1,2]"} {
		var a Action
		var err error
		require.NotPanics(t, func() {
			err = json.Unmarshal([]byte(`{"kind":"roll","player":"white","dice":`+dice+`}`), &a)
		}, dice)
		assert.Error(t, err, dice)
	}
	var a Action
	require.NoError(t, json.Unmarshal([]byte(`{"kind":"roll","player":"white","dice":[3,1]}`), &a))
	assert.Equal(t, Action{Kind: ActRoll, Player: White, Dice: [2]int{3, 1}}, a)
}

// TestS3_NewGameAtOnlyOpponentOnBarIsNoDeadlock: both home boards closed
// and only the player not on roll on the bar: the player on roll has no
// checker to enter (S3) and moves its others, so NewGameAt sets the game
// up; only both players on the bar against closed boards is a deadlock.
func TestS3_NewGameAtOnlyOpponentOnBarIsNoDeadlock(t *testing.T) {
	var me, opp Side
	for p := 1; p <= 6; p++ {
		me[p], opp[p] = 2, 2
	}
	me[13] = 3
	opp[Bar], opp[13] = 1, 2
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	_, err = NewGameAt(DefaultRules(Short), Setup{Position: pos})
	require.NoError(t, err)
}

// TestL11_ClassifyBothBorneOffHasNoWinner: a position where both players
// have borne off all 15 (the draw of L11's last roll) has no winner (C7:
// the loser of a won game has checkers left), so Classify refuses it for
// either colour.
func TestL11_ClassifyBothBorneOffHasNoWinner(t *testing.T) {
	var me, opp Side
	me[Off], opp[Off] = Checkers, Checkers
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	for _, c := range []Color{White, Black} {
		_, err := Classify(pos, c, Scoring{})
		assert.Error(t, err, c.String())
	}
}

// TestS2_NewGameAtBothOnBarBlotInBoardIsNoDeadlock: both players on the
// bar, White's board closed and Black's held with a blot on its 6 point:
// White enters with a 6 by hitting the blot (S2, S3), so there is no
// deadlock and NewGameAt sets the game up.
func TestS2_NewGameAtBothOnBarBlotInBoardIsNoDeadlock(t *testing.T) {
	var me, opp Side
	me[Bar], me[7] = 1, 2
	for p := 1; p <= 6; p++ {
		me[p] = 2
	}
	opp[Bar], opp[6], opp[13] = 1, 1, 3
	for p := 1; p <= 5; p++ {
		opp[p] = 2
	}
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	_, err = NewGameAt(DefaultRules(Short), Setup{Position: pos})
	require.NoError(t, err, "White enters on Black's blot with a 6")
}
