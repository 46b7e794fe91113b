package nardy_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/render"
	"github.com/nardylab/nardy/xgid"
)

// TestInvalidPositionsAreTyped: every error matching ErrInvalidPosition
// carries the *PositionError its doc promises, with the rule (helper-110:
// Classify's, ResumeMatch's and the zero values' of render, xgid and gnubg
// were plain wrapped errors).
func TestInvalidPositionsAreTyped(t *testing.T) {
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	assert.NoError(t, err)
	_, classify := nardy.Classify(start, nardy.White, nardy.Scoring{})
	_, resume := nardy.ResumeMatch(3, nardy.MatchStart{}, nardy.Game{})
	svg := render.SVG(nil, nardy.Position{}, render.Options{})
	_, xMatch := xgid.FromMatch(nardy.Match{})
	_, xGame := xgid.FromGame(nardy.Game{})
	_, _, gMatch := gnubg.FromMatch(nardy.Match{})
	_, _, gGame := gnubg.FromGame(nardy.Game{})
	for name, c := range map[string]struct {
		err  error
		rule string
	}{
		"Classify of a game not won":   {classify, "C7"},
		"ResumeMatch of the zero Game": {resume, "§4"},
		"render of the zero Position":  {svg, "§4"},
		"xgid of the zero Match":       {xMatch, "§4"},
		"xgid of the zero Game":        {xGame, "§4"},
		"gnubg of the zero Match":      {gMatch, "§4"},
		"gnubg of the zero Game":       {gGame, "§4"},
	} {
		var pe *nardy.PositionError
		if assert.True(t, errors.As(c.err, &pe), "%s: %v", name, c.err) {
			assert.Equal(t, c.rule, pe.Rule, name)
			assert.ErrorIs(t, c.err, nardy.ErrInvalidPosition, name)
		}
	}
}
