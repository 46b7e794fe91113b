package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStepAfterTheLastDieIsWrongPhase: a step posted once every die of
// the roll is used is 409 wrong_phase, "no dice left": the play waits to
// be posted, and a client is told so, not 422 "illegal play (C3) … not a
// play of this roll", the answer of a step the rules forbid. The play
// is then posted as usual.
func TestStepAfterTheLastDieIsWrongPhase(t *testing.T) {
	preset, err := variants.Lookup("short-standard")
	require.NoError(t, err)
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"short-standard","opponent":"human","seed":1}`)
	st = a.act("roll", st, "")
	require.Equal(t, "play", st.Phase)
	mover := byColor(st.ToAct, a, b)
	legal, err := preset.Rules.Legal(nardy.MustParsePosition(st.Position), nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	var first nardy.Step
	for s := range legal[0].Steps() {
		if first == (nardy.Step{}) {
			first = s
		}
		st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, s.From, s.Die))
	}
	require.Empty(t, st.DiceLeft, "every die used")
	for _, body := range []string{`{"from":24,"to":0}`, fmt.Sprintf(`{"from":%d,"die":%d}`, first.To, first.Die)} {
		e := mover.refused(http.StatusConflict, "wrong_phase", "POST", "step", withVersion(st.Version, body))
		assert.Contains(t, e.Error, "no dice left", body)
		assert.Empty(t, e.Rule, body)
	}
	st = mover.act("play", st, "")
	assert.Equal(t, legal[0].Result(), nardy.MustParsePosition(st.Position))
}

// TestStepsReadInTheWrongPhaseSaysTheRead: GET .../steps outside the play
// of a roll is 409 wrong_phase saying the steps were asked, not "step by
// white in phase roll" (the words of a step taken).
func TestStepsReadInTheWrongPhaseSaysTheRead(t *testing.T) {
	c := newClient(t, Config{})
	st, a, _ := c.create(`{"preset":"short-standard","opponent":"human","seed":1}`)
	require.Equal(t, "opening", st.Phase)
	e := a.refused(http.StatusConflict, "wrong_phase", "GET", "steps", "")
	assert.Equal(t, "steps asked in phase opening: no roll is being played", e.Error)
	assert.NotContains(t, e.Error, "step by")
}
