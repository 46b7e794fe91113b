package main

import (
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHintPlayAfterAStep: a hint's plays are whole plays from the start of
// the roll, and a whole play is refused once a step of the roll is taken
// (409 wrong_phase): the README said the plays' steps were "ready for
// play" and that play posts a play whole, and a client that took a step,
// asked a hint and posted its first play was refused without being told
// why (helper-154's Python client, 587 refusals in 24 games). The refusal
// now names the remedy, the README says when a whole play is taken, and
// after the undo the same play is accepted.
func TestHintPlayAfterAStep(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(readme)), " ")
	for _, want := range []string{
		"or play it whole, before any step of the roll is taken (after one: 409 `wrong_phase`; undo the steps first)",
		"ready for `play` once the steps taken are undone",
	} {
		assert.True(t, strings.Contains(text, want), "README.md does not say %q", want)
	}

	c := newClient(t, Config{})
	st, mover, _ := hintOpen(c)
	require.Equal(t, "play", st.Phase)
	var sj stepsJSON
	mover.ok("GET", "steps", "", &sj)
	require.NotEmpty(t, sj.Next)
	first := sj.Next[0]
	st = mover.act("step", st, `{"from":`+itoa(first.From)+`,"to":`+itoa(first.To)+`}`)
	require.Len(t, st.Taken, 1)
	h := mover.hintOK()
	require.NotEmpty(t, h.Plays)
	steps, err := json.Marshal(map[string]any{"steps": h.Plays[0].Steps})
	require.NoError(t, err)
	e := mover.refused(http.StatusConflict, "wrong_phase", "POST", "play", withVersion(st.Version, string(steps)))
	assert.Contains(t, e.Error, "undo", "the refusal names the remedy")
	st = mover.act("undo", st, "")
	require.Empty(t, st.Taken)
	st = mover.act("play", st, string(steps))
	require.NotNil(t, st.LastPlay)
	assert.Equal(t, h.Plays[0].Play, st.LastPlay.Notation, "the hint's play was taken")
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
