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

// TestStepAfterTheLastCheckerIsOffSaysTheDiceLeft_C5: a play complete
// with dice left, which no step can use (the mover's last checker borne
// off with one or two dice of the roll), is refused a step as the one of
// all the dice is, 409 wrong_phase, and the refusal says the dice left
// cannot be played (C5), not "no dice left". The play is then posted and
// wins the game.
func TestStepAfterTheLastCheckerIsOffSaysTheDiceLeft_C5(t *testing.T) {
	const lastChecker = "short w 0100000000000000000000000e/00000000000000000000000f00" // white: one on 2, fourteen off
	preset, err := variants.Lookup("short-standard")
	require.NoError(t, err)
	c := newClient(t, Config{})
	st, white, _ := c.create(fmt.Sprintf(`{"preset":"short-standard","opponent":"human","seed":1,"setup":{"position":%q}}`, lastChecker))
	require.Equal(t, "white", st.ToAct)
	st = white.act("roll", st, "")
	require.Equal(t, "play", st.Phase)
	legal, err := preset.Rules.Legal(nardy.MustParsePosition(st.Position), nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	for s := range legal[0].Steps() {
		st = white.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, s.From, s.Die))
	}
	require.NotEmpty(t, st.DiceLeft, "a die of %v is left", st.Dice)
	e := white.refused(http.StatusConflict, "wrong_phase", "POST", "step", withVersion(st.Version, `{"from":1,"die":1}`))
	assert.Contains(t, e.Error, "cannot be played (C5)")
	assert.Contains(t, e.Error, fmt.Sprint(st.DiceLeft))
	assert.NotContains(t, e.Error, "no dice left")
	st = white.act("play", st, "")
	assert.NotEqual(t, "play", st.Phase)
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
