package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestApplyRefusesAStalePlay_C8: Rules.Apply refuses a play of another
// position whose steps are legal here and move the mover's checkers
// alike, but leave another position (another player on roll, a hit):
// C8, a play is its resulting position. The tests of this file kill
// mutations helper-113 found no test caught.
func TestApplyRefusesAStalePlay_C8(t *testing.T) {
	r := DefaultRules(Short)
	roll := MustRoll(6, 5)
	// White's play from the start position, for Black on roll there.
	w, err := StartPosition(Short, White)
	require.NoError(t, err)
	b, err := StartPosition(Short, Black)
	require.NoError(t, err)
	p, err := r.ParsePlay(w, roll, "24/13")
	require.NoError(t, err)
	_, err = r.Apply(b, p)
	require.ErrorIs(t, err, ErrIllegalPlay)
	var re *RuleError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "C8", re.Rule)
	// The same steps where 24/18 hits a black blot on White's 18 point.
	blot, err := NewPosition(Short, White, sd(24, 2, 13, 5, 8, 3, 6, 5), sd(24, 2, 13, 4, 8, 3, 7, 1, 6, 5))
	require.NoError(t, err)
	_, err = r.Apply(blot, p)
	require.ErrorIs(t, err, ErrIllegalPlay)
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "C8", re.Rule)
}

// TestParsePlayEmptyOnlyWhenNoStep_C5: the empty play is legal only when
// no step is possible; a forced single play does not make "" or "no play"
// that play.
func TestParsePlayEmptyOnlyWhenNoStep_C5(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := NewPosition(Short, White, sd(1, 1, Off, 14), sd(13, 15))
	require.NoError(t, err)
	roll := MustRoll(2, 1)
	legal, err := r.Legal(pos, roll)
	require.NoError(t, err)
	require.Len(t, legal, 1)
	require.False(t, legal[0].IsEmpty())
	for _, text := range []string{"", "no play", NoPlay} {
		_, err := r.ParsePlay(pos, roll, text)
		assert.ErrorIs(t, err, ErrIllegalPlay, "%q", text)
	}
}

// TestNewGameAtCrawfordNeedsTheRule_S6: Setup.Crawford needs rules with
// the cube and the Crawford rule (S6), refused as NewGameAt's doc says.
func TestNewGameAtCrawfordNeedsTheRule_S6(t *testing.T) {
	r := DefaultRules(Short)
	r.Crawford = false
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	_, err = NewGameAt(r, Setup{Position: pos, Match: true, Crawford: true})
	assert.ErrorIs(t, err, ErrInvalidPosition)
}

// TestTurnStepWrongTo_C3: in Turn.Step a To that is not zero must be
// where the die lands (C3).
func TestTurnStepWrongTo_C3(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	tn, err := r.NewTurn(pos, MustRoll(6, 5))
	require.NoError(t, err)
	_, err = tn.Step(Step{From: 24, To: 20, Die: 6})
	var re *RuleError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "C3", re.Rule)
	_, err = tn.Step(Step{From: 24, To: 18, Die: 6})
	require.NoError(t, err)
}

// TestNewGameAtOneOnTheBarPasses_C5: only both players on the bar against
// closed boards is a deadlock; one player on the bar against a closed
// board just passes (C5, S3), and NewGameAt takes the position.
func TestNewGameAtOneOnTheBarPasses_C5(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := NewPosition(Short, White,
		sd(Bar, 1, 1, 2, 2, 2, 3, 2, 4, 2, 5, 2, 6, 2, 13, 2),
		sd(1, 2, 2, 2, 3, 2, 4, 2, 5, 2, 6, 2, 13, 3))
	require.NoError(t, err)
	_, err = NewGameAt(r, Setup{Position: pos})
	assert.NoError(t, err)
}

// TestParsePlayMovesRunTogether: moves must be separated by spaces,
// commas or semicolons, as ParsePlay's doc says.
func TestParsePlayMovesRunTogether(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	_, err = r.ParsePlay(pos, MustRoll(3, 1), "8/5 6/5")
	require.NoError(t, err)
	for _, text := range []string{"8/5(1)6/5", "8/5*6/5"} {
		_, err = r.ParsePlay(pos, MustRoll(3, 1), text)
		assert.ErrorIs(t, err, ErrSyntax, text)
	}
}

// TestAllowedMidPlay: in the middle of a play made step by step, Allowed
// lists steps, undo and a whole play (Do takes one the turn can still
// become, C8).
func TestAllowedMidPlay(t *testing.T) {
	pos, err := StartPosition(Short, White)
	require.NoError(t, err)
	g, err := NewGameAt(DefaultRules(Short), Setup{Position: pos})
	require.NoError(t, err)
	g, err = g.SetDice(MustRoll(6, 5))
	require.NoError(t, err)
	g, err = g.Step(Step{From: 24, To: 18, Die: 6})
	require.NoError(t, err)
	ks := g.Allowed(White)
	assert.Contains(t, ks, ActPlay)
	assert.Contains(t, ks, ActStep)
	assert.Contains(t, ks, ActUndo)
}

// TestGamePlayRefusesAnotherRollsPlay_C3: Game.Play refuses a play made
// for another roll even where it would leave the same position: a lone
// checker on 6 borne off with 6-4, given the plays of 6-5 and 6-1 (one
// step, the 6: not a play of this roll, C3) and of 6-6 (C5: this roll can
// use both dice). helper-113 doubted the roll was checked.
func TestGamePlayRefusesAnotherRollsPlay_C3(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := NewPosition(Short, White, sd(6, 1, Off, 14), sd(13, 15))
	require.NoError(t, err)
	g, err := NewGameAt(r, Setup{Position: pos})
	require.NoError(t, err)
	g, err = g.SetDice(MustRoll(6, 4))
	require.NoError(t, err)
	for roll, rule := range map[Roll]string{MustRoll(6, 5): "C3", MustRoll(6, 1): "C3", MustRoll(6, 6): "C5"} {
		legal, err := r.Legal(pos, roll)
		require.NoError(t, err)
		require.Len(t, legal, 1, "%v", roll)
		_, err = g.Play(legal[0])
		var re *RuleError
		if assert.ErrorAs(t, err, &re, "%v", roll) {
			assert.Equal(t, rule, re.Rule, "%v", roll)
		}
	}
	own, err := g.Legal()
	require.NoError(t, err)
	require.Len(t, own, 1)
	_, err = g.Play(own[0])
	assert.NoError(t, err, "this roll's own play")
}
