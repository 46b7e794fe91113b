package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecordActionsStepsCapped: the steps of each action of a Recorder's
// Record are the caller's to change: appending to one action's Steps
// leaves the next action's steps as they were, in that record and in the
// Recorder's (kills mutation r35: Record's per-action steps slices not
// capped, so that an append wrote over the next action's steps).
func TestRecordActionsStepsCapped(t *testing.T) {
	rc := seededMatch(t, 4)
	want := rc.Record()
	rec := rc.Record()
	first, next := -1, -1
	for i, a := range rec.Actions {
		if len(a.Steps) == 0 {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		next = i
		break
	}
	require.True(t, first >= 0 && next > first, "two actions with steps")
	rec.Actions[first].Steps = append(rec.Actions[first].Steps, Step{From: 99, To: 98, Die: 1})
	assert.Equal(t, want.Actions[next].Steps, rec.Actions[next].Steps, "the next action's steps are unchanged")
	assert.Equal(t, want, rc.Record(), "the Recorder's record is unchanged")
}

// TestRecorderSetupIsItsOwn: a Recorder of a record with a Setup keeps a
// setup of its own: changing the caller's Setup afterwards changes
// nothing of its record; and a centred cube (Owned false, whatever its
// Owner says) is kept as the zero Cube, so that the JSON leaves it out
// (ResumeRecorder's doc; S6) (kills mutations r44: newRecorder keeping the
// caller's Setup pointer, and r12: the centred cube kept with its Owner).
func TestRecorderSetupIsItsOwn(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := ParsePosition("short b 0200000000000000000000000d/0200000000000000000000000d")
	require.NoError(t, err)
	other, err := StartPosition(Short, White)
	require.NoError(t, err)
	s := Setup{Position: pos, Cube: Cube{Value: 1, Owner: Black}, Starter: White, Match: true}

	rec := Record{Rules: r, Length: 5, Start: MatchStart{Score: [2]int{1, 2}}, Setup: &s}
	rc, err := rec.Recorder()
	require.NoError(t, err)
	got := rc.Record().Setup
	require.NotNil(t, got)
	assert.Equal(t, Cube{}, got.Cube, "a centred cube is the zero Cube")
	assert.Equal(t, Cube{Value: 1, Owner: Black}, s.Cube, "the caller's setup is unchanged")
	assert.NotContains(t, string(mustJSON(t, rc.Record().Setup)), `"cube"`, "the setup's JSON leaves the centred cube out")

	rec.Setup.Position = other
	rec.Setup.Starter = Black
	got = rc.Record().Setup
	assert.Equal(t, pos, got.Position, "the caller's change is not the Recorder's")
	assert.Equal(t, White, got.Starter)

	s2 := Setup{Position: pos, Cube: Cube{Value: 1, Owner: Black}, Starter: White, Match: true}
	rc, err = ResumeRecorder(r, 5, MatchStart{Score: [2]int{1, 2}}, s2, nil)
	require.NoError(t, err)
	assert.Equal(t, Cube{}, rc.Record().Setup.Cube, "ResumeRecorder: a centred cube as the zero Cube")
}

// TestRecorderForkThenAppendsInPlace: after a fork (a copy of a Recorder,
// each then recording an action of its own), the copy that took arrays of
// its own appends in place from then on: each further action allocates
// about as much as on a Recorder never copied, not a copy of the whole
// record (kills mutation r41: the new arrays' length stored one short, so
// that every later action copied the record again).
func TestRecorderForkThenAppendsInPlace(t *testing.T) {
	step := Action{Kind: ActStep, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}}}
	undo := Action{Kind: ActUndo, Player: White}
	fresh := func() *Recorder {
		rc, err := NewRecorder(DefaultRules(Short), 0, nil)
		require.NoError(t, err)
		require.NoError(t, rc.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}}))
		for range 200 {
			require.NoError(t, rc.Do(step))
			require.NoError(t, rc.Do(undo))
		}
		return rc
	}
	pair := func(rc *Recorder) func() {
		return func() {
			if rc.Do(step) != nil || rc.Do(undo) != nil {
				t.Fatal("step and undo refused")
			}
		}
	}
	plain := fresh()
	base := testing.AllocsPerRun(200, pair(plain))

	for _, which := range []string{"original", "copy"} {
		rc := fresh()
		fork := *rc
		require.NoError(t, rc.Do(step)) // the original appends in place
		require.NoError(t, fork.Do(step))
		require.NoError(t, rc.Do(undo))
		require.NoError(t, fork.Do(undo))
		b := &fork
		if which == "original" {
			b = rc
		}
		allocs := testing.AllocsPerRun(200, pair(b))
		t.Logf("%s: %.2f allocations a step and undo, %.2f never copied", which, allocs, base)
		assert.LessOrEqual(t, allocs, base+0.5, which)
	}
}
