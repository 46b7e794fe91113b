package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocumentedErrors: each constructor and generator returns the error
// its doc comment names (helper-117 found thirteen docs naming none).
func TestDocumentedErrors(t *testing.T) {
	var (
		pe *PositionError
		se *SyntaxError
		re *InvalidRulesError
		ae *ActionError
	)
	_, err := ParsePosition("long w 12")
	assert.ErrorAs(t, err, &se, "ParsePosition: malformed text")
	assert.ErrorIs(t, err, ErrSyntax)
	_, err = ParsePosition("long w 00000000000000000000000e00/00000000000000000000000f00")
	assert.ErrorAs(t, err, &pe, "ParsePosition: 14 checkers (§4)")

	// The turn written in words (ParsePosition's doc).
	for text, c := range map[string]Color{"white": White, "black": Black} {
		pos, err := ParsePosition("long " + text + " 00000000000000000000000f00/00000000000000000000000f00")
		require.NoError(t, err, text)
		assert.Equal(t, c, pos.OnRoll(), text)
	}

	_, err = NewRoll(0, 7)
	assert.ErrorIs(t, err, ErrInvalidRoll, "NewRoll")

	_, err = StartPosition(Variant(9), White)
	assert.ErrorAs(t, err, &pe, "StartPosition: unknown variant")
	_, err = StartPosition(Long, Color(7))
	assert.ErrorAs(t, err, &pe, "StartPosition: unknown colour")

	_, err = ParseVariant("medium")
	assert.ErrorAs(t, err, &se, "ParseVariant")

	bad := DefaultRules(Short)
	bad.MaxCube = 3
	_, err = NewGame(bad)
	assert.ErrorAs(t, err, &re, "NewGame: rules Validate refuses")

	g, err := NewGame(DefaultRules(Long))
	require.NoError(t, err)
	_, err = g.Legal() // the opening throw
	assert.ErrorAs(t, err, &ae, "Game.Legal in another phase")
	assert.ErrorIs(t, err, ErrWrongPhase)
	_, err = Game{}.Legal()
	assert.ErrorIs(t, err, ErrWrongPhase, "Game.Legal of the zero Game")
	_, err = g.SetDice(MustRoll(3, 1)) // the opening throw is no roll
	assert.ErrorAs(t, err, &ae, "Game.SetDice in another phase")
	assert.ErrorIs(t, err, ErrWrongPhase)

	pos, err := StartPosition(Long, White)
	require.NoError(t, err)
	short, err := StartPosition(Short, White)
	require.NoError(t, err)
	r := DefaultRules(Long)
	for _, f := range []struct {
		name string
		call func(Rules, Position, Roll) error
	}{
		{"Legal", func(r Rules, p Position, d Roll) error { _, err := r.Legal(p, d); return err }},
		{"AppendLegal", func(r Rules, p Position, d Roll) error { _, err := r.AppendLegal(nil, p, d); return err }},
		{"NewTurn", func(r Rules, p Position, d Roll) error { _, err := r.NewTurn(p, d); return err }},
	} {
		assert.ErrorAs(t, f.call(r, Position{}, MustRoll(3, 1)), &pe, "%s: the zero Position", f.name)
		assert.ErrorIs(t, f.call(r, pos, Roll{}), ErrInvalidRoll, "%s: the zero Roll", f.name)
		assert.ErrorIs(t, f.call(r, short, MustRoll(3, 1)), ErrVariantMismatch, "%s: a short position", f.name)
		badMoves := r
		badMoves.HeadException = HeadException(9)
		assert.ErrorAs(t, f.call(badMoves, pos, MustRoll(3, 1)), &re, "%s: a move rule out of range", f.name)
	}

	_, err = NewRecorder(bad, 0, nil)
	assert.ErrorAs(t, err, &re, "NewRecorder: rules Validate refuses")
	_, err = NewRecorder(DefaultRules(Short), -1, nil)
	assert.ErrorAs(t, err, &re, "NewRecorder: a negative length")
	_, err = NewRecorder(DefaultRules(Short), MaxMatchLength+1, nil)
	assert.ErrorAs(t, err, &re, "NewRecorder: a length past MaxMatchLength")
}
