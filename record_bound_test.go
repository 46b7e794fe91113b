package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fillerRecord is a short money game's record of n actions (n odd, n ≥ 1):
// the opening throw 3-1, then White's step 8/5 and its undo, again and
// again, so that White is still to play after it.
func fillerRecord(t *testing.T, n int) Record {
	t.Helper()
	rc, err := NewRecorder(DefaultRules(Short), 0, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}}))
	step := Action{Kind: ActStep, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}}}
	undo := Action{Kind: ActUndo, Player: White}
	rec := rc.Record()
	for len(rec.Actions) < n {
		rec.Actions = append(rec.Actions, step, undo)
	}
	require.Len(t, rec.Actions, n)
	return rec
}

// TestRecorderResignNeedsRoomForItsAnswer: Recorder.Do takes a resignation
// past MaxRecordActions−2 actions only while its answer fits: a record of
// MaxRecordActions−1 actions refuses a resignation with ErrRecordFull,
// since its acceptance could not be recorded and the game could not end
// (kills mutation r17: the resignation taken whatever the length).
func TestRecorderResignNeedsRoomForItsAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("replays a record of 65,535 actions")
	}
	rc, err := fillerRecord(t, MaxRecordActions-1).Recorder()
	require.NoError(t, err)
	err = rc.Do(Action{Kind: ActResign, Player: White, Resign: Oin})
	require.ErrorIs(t, err, ErrRecordFull)
	assert.Len(t, rc.Record().Actions, MaxRecordActions-1, "the refused resignation is not recorded")
}

// TestRecordOfMaxActionsIsFull: a record of exactly MaxRecordActions
// actions (the filler and a resignation in its last place) is taken by
// Record.Recorder, which refuses only more than MaxRecordActions; its
// Recorder is full: the acceptance is refused with ErrRecordFull, and the
// record stays at MaxRecordActions actions, which read back (kills
// mutations r10: a record of MaxRecordActions refused by Record.Recorder,
// and r20: Do taking an action into a record of MaxRecordActions).
func TestRecordOfMaxActionsIsFull(t *testing.T) {
	if testing.Short() {
		t.Skip("replays a record of 65,536 actions")
	}
	rec := fillerRecord(t, MaxRecordActions-1)
	rec.Actions = append(rec.Actions, Action{Kind: ActResign, Player: White, Resign: Oin})
	rc, err := rec.Recorder()
	require.NoError(t, err, "a record of MaxRecordActions actions is taken")
	require.Len(t, rc.Record().Actions, MaxRecordActions)
	assert.Equal(t, PhaseResign, rc.Match().Game().Phase())

	err = rc.Do(Action{Kind: ActAccept, Player: Black})
	require.ErrorIs(t, err, ErrRecordFull)
	var ae *ActionError
	assert.ErrorAs(t, err, &ae, "a refusal of Do is an *ActionError")
	assert.Len(t, rc.Record().Actions, MaxRecordActions)
	assert.False(t, rc.Match().IsOver())
}
