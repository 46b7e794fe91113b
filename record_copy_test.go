package nardy

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openedShort returns a recorder of a short-nardy money game after White's
// opening 6-5 played 24/18 18/13 (the lover's leap) and Black's roll of
// 6-5: Black to play.
func openedShort(t *testing.T) *Recorder {
	t.Helper()
	rc, err := NewRecorder(DefaultRules(Short), 0, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(Action{Kind: ActOpening, Dice: [2]int{6, 5}}))
	require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{24, 18, 6, false}, {18, 13, 5, false}}}))
	require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}}))
	return rc
}

// TestRecorderCopyRecordsOnItsOwn: a copy of a Recorder and its original
// each keep the actions given to them. The copy once appended into the
// original's arrays, so that the original's record named the copy's play,
// and no longer replayed to its own match (helper-81).
func TestRecorderCopyRecordsOnItsOwn(t *testing.T) {
	leap := Action{Kind: ActPlay, Player: Black, Steps: []Step{{24, 18, 6, false}, {18, 13, 5, false}}}
	down := Action{Kind: ActPlay, Player: Black, Steps: []Step{{13, 7, 6, false}, {13, 8, 5, false}}}
	for _, originalFirst := range []bool{true, false} {
		rc := openedShort(t)
		fork := *rc
		if originalFirst {
			require.NoError(t, rc.Do(leap))
			require.NoError(t, fork.Do(down))
		} else {
			require.NoError(t, fork.Do(down))
			require.NoError(t, rc.Do(leap))
		}
		for _, c := range []struct {
			rc   *Recorder
			want string
		}{{rc, "black plays 24/18 18/13"}, {&fork, "black plays 13/7 13/8"}} {
			rec := c.rc.Record()
			require.Len(t, rec.Actions, 4)
			assert.Equal(t, c.want, rec.Actions[3].String(), "original first: %v", originalFirst)
			m, err := Replay(rec)
			require.NoError(t, err)
			assert.Equal(t, c.rc.Match(), m, "the record replays to the recorder's own match")
		}
	}
}

// TestRecorderKeepsTheStepsAsTaken: a step given with its point left at 0
// ("wherever the die lands", which Turn.Step accepts) and steps given with
// hits that are not there are recorded as the game took them, with the
// point reached and the hits of the position. They were kept as given: a
// record of "white steps 24/0*" (a bear-off with a hit, for 24/18) that
// gnubg.WriteMat refused and analysis.Analyze skipped (helper-81).
func TestRecorderKeepsTheStepsAsTaken(t *testing.T) {
	rc := openedShort(t)
	// Black steps 24/18 with a made-up hit, then 18/13 with To left at 0;
	// White then plays 6-1 as 13/7 8/7 claiming a hit on 7.
	require.NoError(t, rc.Do(Action{Kind: ActStep, Player: Black, Steps: []Step{{From: 24, Die: 6, Hit: true}}}))
	require.NoError(t, rc.Do(Action{Kind: ActStep, Player: Black, Steps: []Step{{From: 18, Die: 5}}}))
	require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: White, Dice: [2]int{6, 1}}))
	require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{13, 7, 6, true}, {8, 7, 1, true}}}))

	rec := rc.Record()
	want := []Step{{24, 18, 6, false}, {18, 13, 5, false}, {13, 7, 6, false}, {8, 7, 1, false}}
	var got []Step
	for _, a := range rec.Actions[3:] {
		got = append(got, a.Steps...)
	}
	assert.Equal(t, want, got)
	assert.Equal(t, "black steps 24/18", rec.Actions[3].String())

	b, err := json.Marshal(rec)
	require.NoError(t, err)
	var back Record
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, rec, back, "the record reads back from its JSON the same")
}

// TestRecorderStepHitRecorded: a step that hits is recorded with its hit
// whether or not the caller said so.
func TestRecorderStepHitRecorded(t *testing.T) {
	rc := openedShort(t)
	// Black plays 13/7 13/8, leaving blots on its 7 and 8 (White's 18 and
	// 17); White, whose opening left a checker on its 24, rolls 6-1 and
	// steps 24/18, hitting the blot on its 18.
	require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: Black, Steps: []Step{{13, 7, 6, false}, {13, 8, 5, false}}}))
	require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: White, Dice: [2]int{6, 1}}))
	require.NoError(t, rc.Do(Action{Kind: ActStep, Player: White, Steps: []Step{{From: 24, Die: 6}}}))
	rec := rc.Record()
	assert.Equal(t, Step{24, 18, 6, true}, rec.Actions[len(rec.Actions)-1].Steps[0])
}

// TestRecorderSetBackToACopy: a Recorder set back to a copy of itself
// taken earlier (the branching loop of a search: *rc = root, then an
// action) records each branch on its own. The arrays it shared with the
// branches taken before were written over: each branch's record named the
// last branch's play (helper-82).
func TestRecorderSetBackToACopy(t *testing.T) {
	rc := openedShort(t)
	plays, err := rc.Match().Game().Legal()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(plays), 3)
	root := *rc
	var branches []Recorder
	for _, p := range plays[:3] {
		*rc = root
		require.NoError(t, rc.Do(p.Action()))
		branches = append(branches, *rc)
	}
	for i, b := range branches {
		rec := b.Record()
		assert.Equal(t, plays[i].Action().String(), rec.Actions[len(rec.Actions)-1].String(), "branch %d", i)
		m, err := Replay(rec)
		require.NoError(t, err)
		assert.Equal(t, b.Match(), m, "branch %d replays to its own match", i)
	}
}

// TestRecorderTryOnACopyAllocates: trying each action on a copy and
// keeping the copy (tmp := *rc; tmp.Do(a); *rc = tmp) allocates as
// recording directly does; it copied the whole record at each action
// (3,118 allocations for a match of 1,200 actions, against 24: helper-82).
func TestRecorderTryOnACopyAllocates(t *testing.T) {
	rec := seededMatch(t, 5).Record()
	replay := func(try bool) float64 {
		return testing.AllocsPerRun(5, func() {
			rc, err := NewRecorder(rec.Rules, rec.Length, nil)
			require.NoError(t, err)
			for _, a := range rec.Actions {
				if !try {
					require.NoError(t, rc.Do(a))
					continue
				}
				tmp := *rc
				require.NoError(t, tmp.Do(a))
				*rc = tmp
			}
		})
	}
	direct, tried := replay(false), replay(true)
	t.Logf("%d actions: %.0f allocations recorded directly, %.0f tried on copies", len(rec.Actions), direct, tried)
	assert.LessOrEqual(t, tried, direct+2)
}

// TestRecorderCopiesInGoroutines: copies of one Recorder, each then
// recording in its own goroutine, share nothing they write (go test -race):
// the one that appends in place and those that take arrays of their own
// agree through one atomic length.
func TestRecorderCopiesInGoroutines(t *testing.T) {
	rc := openedShort(t)
	plays, err := rc.Match().Game().Legal()
	require.NoError(t, err)
	copies := make([]Recorder, min(len(plays), 6))
	for i := range copies {
		copies[i] = *rc
	}
	var wg sync.WaitGroup
	for i := range copies {
		wg.Go(func() {
			assert.NoError(t, copies[i].Do(plays[i].Action()))
		})
	}
	wg.Wait()
	for i := range copies {
		rec := copies[i].Record()
		assert.Equal(t, plays[i].Action().String(), rec.Actions[len(rec.Actions)-1].String(), "copy %d", i)
		m, err := Replay(rec)
		require.NoError(t, err)
		assert.Equal(t, copies[i].Match(), m, "copy %d", i)
	}
}

// TestReplayErrorOwnsItsAction: the action a RecordError names is a copy:
// changing its steps does not change the record it came from (it shared
// the record's steps; helper-93).
func TestReplayErrorOwnsItsAction(t *testing.T) {
	rec := openedShort(t).Record()
	rec.Actions = append(rec.Actions, rec.Actions[1]) // White's play again, Black to play: refused
	_, err := Replay(rec)
	var re *RecordError
	require.ErrorAs(t, err, &re)
	require.Equal(t, len(rec.Actions)-1, re.Index)
	re.Action.Steps[0].From = 99
	assert.Equal(t, 24, rec.Actions[re.Index].Steps[0].From)
}
