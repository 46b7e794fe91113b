package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHintPlayAfterAStep: a hint's plays are whole plays from the start of
// the roll, and once a step of the roll is taken, play takes one of them
// when the steps taken can still become it (C8: a play is its resulting
// position), as if it had been posted before the step; one they cannot
// become is refused (409 wrong_phase) with the steps taken named. A
// client that took a step, asked a hint and posted its play was refused
// whatever the play (helper-154's Python client, 587 refusals in 24
// games), and the README said to undo the steps first.
func TestHintPlayAfterAStep(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(readme)), " ")
	for _, old := range []string{"undo the steps first", "once the steps taken are undone"} {
		assert.False(t, strings.Contains(text, old), "README.md still says %q", old)
	}
	for _, want := range []string{
		"or play it whole: from the roll's start even after steps, taken when the steps taken can still become it (else 409 `wrong_phase`, naming them)",
		"after a step, `play` takes those the steps taken can still become",
	} {
		assert.True(t, strings.Contains(text, want), "README.md does not say %q", want)
	}

	c := newClient(t, Config{})
	st, mover, _ := hintOpen(c)
	require.Equal(t, "play", st.Phase)
	h := mover.hintOK()
	require.NotEmpty(t, h.Plays)
	preset, err := variants.Lookup(st.Preset)
	require.NoError(t, err)
	start := nardy.MustParsePosition(st.Position)
	turn, err := preset.Rules.NewTurn(start, nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)

	// A first step after which some of the hint's plays can still be
	// made and some cannot: the turn's own walk says which.
	var step nardy.Step
	var can, cannot []hintPlayJSON
	for s := range turn.NextSteps() {
		u, err := turn.Step(s)
		require.NoError(t, err)
		ends := endsOf(u)
		can, cannot = nil, nil
		for _, p := range h.Plays {
			pl, err := preset.Rules.ParsePlay(start, turn.Roll(), p.Play)
			require.NoError(t, err)
			if ends[pl.Result()] {
				can = append(can, p)
			} else {
				cannot = append(cannot, p)
			}
		}
		if len(can) > 0 && len(cannot) > 0 {
			step = s
			break
		}
	}
	require.NotZero(t, step, "a step some hint plays follow and some do not")
	st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, step.From, step.Die))
	require.Len(t, st.Taken, 1)
	after := mover.hintOK()
	require.NotEmpty(t, after.Plays)

	body := func(p hintPlayJSON) string {
		b, err := json.Marshal(map[string]any{"steps": p.Steps})
		require.NoError(t, err)
		return string(b)
	}
	e := mover.refused(http.StatusConflict, "wrong_phase", "POST", "play", withVersion(st.Version, body(cannot[0])))
	taken := fmt.Sprintf("%d/%d", step.From, step.To)
	assert.Contains(t, e.Error, taken, "the refusal of %s names the step taken", cannot[0].Play)
	assert.Contains(t, e.Error, cannot[0].Play, "and the play")
	require.Equal(t, st.Taken, mover.state().Taken, "the step is kept")

	st = mover.act("play", st, body(can[0]))
	require.NotNil(t, st.LastPlay)
	assert.Equal(t, can[0].Play, st.LastPlay.Notation, "the hint's play was taken, whole")
	assert.Empty(t, st.Taken)
	pl, err := preset.Rules.ParsePlay(start, turn.Roll(), can[0].Play)
	require.NoError(t, err)
	assert.Equal(t, pl.Result(), nardy.MustParsePosition(st.Position), "the board of the play made whole")
}

// endsOf returns the boards each way of finishing t leaves, the next
// player on roll.
func endsOf(t nardy.Turn) map[nardy.Position]bool {
	ends := map[nardy.Position]bool{}
	if t.Done() {
		if p, err := t.Play(); err == nil {
			ends[p.Result()] = true
		}
		return ends
	}
	for s := range t.NextSteps() {
		if u, err := t.Step(s); err == nil {
			for k := range endsOf(u) {
				ends[k] = true
			}
		}
	}
	return ends
}
