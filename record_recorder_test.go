package nardy

import (
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/fair"
)

// playSome records up to n actions of rc's match (fewer when it ends), with
// dice from src and random legal actions from rng, as playRecorded.
func playSome(t *testing.T, rc *Recorder, src DiceSource, rng *rand.Rand, n int) {
	t.Helper()
	for range n {
		g := rc.Match().Game()
		if rc.Match().IsOver() {
			return
		}
		if g.Phase() == PhaseOpening || (g.Phase() == PhaseRoll && rng.IntN(10) > 0) {
			require.NoError(t, rc.Roll(src))
			continue
		}
		a := gmChoose(g, randPicker(rng))
		if a.Kind == ActRoll {
			require.NoError(t, rc.Roll(src))
			continue
		}
		require.NoError(t, rc.Do(a))
	}
}

// diceIn counts the dice a record's actions hold: two a roll or opening
// throw.
func diceIn(rec Record) int {
	n := 0
	for _, a := range rec.Actions {
		if a.Kind == ActRoll || a.Kind == ActOpening {
			n += 2
		}
	}
	return n
}

// TestRecordRecorderAfterRestart: a record saved as JSON mid-match gives,
// through Record.Recorder, a recorder at the same match that records the
// rest as the original does (the same actions with the same dice give the
// same record, which replays with its seed checked); the record's setup,
// seed and steps are not shared with the caller's.
func TestRecordRecorderAfterRestart(t *testing.T) {
	for _, cut := range []int{0, 1, 7, 60, 200} {
		seed := uint64(11 + cut)
		rc, err := NewRecorder(DefaultRules(Short), 5, &seed)
		require.NoError(t, err)
		src := NewSeededDice(seed)
		playSome(t, rc, src, rand.New(rand.NewPCG(seed, 2)), cut)

		b, err := json.Marshal(rc.Record())
		require.NoError(t, err)
		var saved Record
		require.NoError(t, json.Unmarshal(b, &saved))
		restored, err := saved.Recorder()
		require.NoError(t, err, "cut %d", cut)
		assert.Equal(t, rc.Match(), restored.Match(), "cut %d: the match where the record leaves it", cut)

		// The restarted server's dice: the seed's, past the record's.
		src2 := NewSeededDice(seed)
		for range diceIn(saved) {
			src2.Die()
		}
		playSome(t, rc, src, rand.New(rand.NewPCG(3, 3)), 1<<20)
		playSome(t, restored, src2, rand.New(rand.NewPCG(3, 3)), 1<<20)
		require.True(t, restored.Match().IsOver())
		assert.Equal(t, rc.Match(), restored.Match(), "cut %d", cut)
		want, err := json.Marshal(rc.Record())
		require.NoError(t, err)
		got, err := json.Marshal(restored.Record())
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(got), "cut %d", cut)
		again, err := Replay(restored.Record())
		require.NoError(t, err, "the seed checks every die")
		assert.Equal(t, restored.Match(), again)

		// The saved record is the caller's: changing it changes nothing
		// of the recorder's.
		if len(saved.Actions) > 0 {
			*saved.Seed = 99
			saved.Actions[0].Kind = ActUndo
			assert.Equal(t, got, mustJSON(t, restored.Record()))
		}
	}
}

// TestRecordRecorderFair: a record of no action with a fair-dice proof
// (its commitment published, the seed not yet revealed) starts a recorder
// of fair dice, whose record carries the proof; with the seed revealed at
// the end, the record replays with every die checked. A record Replay
// refuses gives Replay's error.
func TestRecordRecorderFair(t *testing.T) {
	seed := fairSeed()
	proof := fair.Proof{Commitment: fair.Commitment(seed), Salt: "w|b"}
	rc, err := Record{Rules: DefaultRules(Short), Length: 3, Fair: &proof}.Recorder()
	require.NoError(t, err)
	dice, err := fair.New(seed, proof.Salt)
	require.NoError(t, err)
	playRecorded(t, rc, dice, rand.New(rand.NewPCG(7, 7)))
	rec := rc.Record()
	require.NotNil(t, rec.Fair)
	assert.Equal(t, proof, *rec.Fair)
	rec.Fair.Seed = hex.EncodeToString(seed[:])
	assert.Empty(t, rc.Record().Fair.Seed, "the returned record's proof is a copy")
	m, err := Replay(rec)
	require.NoError(t, err)
	assert.Equal(t, rc.Match(), m)
	assert.Equal(t, fairMatch(t, seed, "w|b").Actions, rec.Actions, "the same dice and actions as a fair match recorded otherwise")

	bad := rec
	bad.Actions = append([]Action{}, rec.Actions...)
	bad.Actions[3] = Action{Kind: ActDouble, Player: White}
	_, err = bad.Recorder()
	var re *RecordError
	require.ErrorAs(t, err, &re)
	_, want := Replay(bad)
	assert.Equal(t, want.Error(), err.Error())
}

// mustJSON is the JSON of v.
func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestRecordRecorderSetup: a record of a match resumed at a position
// gives a recorder at the same match, and the caller's setup is left as
// it was (a centred cube written with an owner keeps its owner there).
func TestRecordRecorderSetup(t *testing.T) {
	r := DefaultRules(Short)
	pos, err := ParsePosition("short b 0200000000000000000000000d/0200000000000000000000000d")
	require.NoError(t, err)
	s := Setup{Position: pos, Cube: Cube{Value: 1, Owner: Black}, Starter: White, Match: true}
	rc, err := ResumeRecorder(r, 5, MatchStart{Score: [2]int{1, 2}}, s, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}}))
	rec := rc.Record()
	rec.Setup = &s
	got, err := rec.Recorder()
	require.NoError(t, err)
	assert.Equal(t, rc.Match(), got.Match())
	assert.Equal(t, Cube{Value: 1, Owner: Black}, s.Cube, "the caller's setup is unchanged")
	require.NoError(t, got.Do(Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 2, To: 0, Die: 6}, {From: 2, To: 0, Die: 5}}}))
	assert.Equal(t, 2, got.Match().GameNumber())
}

// TestRecordRecorderBound: a record of more than MaxRecordActions actions,
// which no JSON reads back, is refused with ErrRecordFull (helper-106: it
// was taken, and its Recorder's record did not read back); one kept by an
// earlier version past the room Do keeps for a game's end is taken.
func TestRecordRecorderBound(t *testing.T) {
	if testing.Short() {
		t.Skip("replays records of 65,536 actions")
	}
	step := Action{Kind: ActStep, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}}}
	undo := Action{Kind: ActUndo, Player: White}
	rec := fillerRecord(t, MaxRecordActions-1) // past Do's room
	got, err := rec.Recorder()
	require.NoError(t, err, "a record an earlier Recorder could keep")
	assert.Len(t, got.Record().Actions, MaxRecordActions-1)
	require.ErrorIs(t, got.Do(undo), ErrRecordFull)

	rec.Actions = append(rec.Actions, undo, step)
	_, err = rec.Recorder()
	require.ErrorIs(t, err, ErrRecordFull)
	var re *RecordError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, MaxRecordActions, re.Index)
}

// TestRecordResults: a record's results are one per finished game, in
// order: their points, added to the start, give the match's final score
// game by game (each winner's points), the last is the match's
// LastResult, and a money game has its one result (helper-107 replayed
// a match action by action to list its games by kind).
func TestRecordResults(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		length := []int{0, 1, 3, 5, 7, 9}[seed-1]
		rc, err := NewRecorderAt(DefaultRules(Short), length, MatchStart{}, &seed)
		require.NoError(t, err)
		playRecorded(t, rc, NewSeededDice(seed), rand.New(rand.NewPCG(seed, 4)))
		rec := rc.Record()
		res, err := rec.Results()
		require.NoError(t, err)
		require.NotEmpty(t, res)
		m := rc.Match()
		last, ok := m.LastResult()
		require.True(t, ok)
		assert.Equal(t, last, res[len(res)-1])
		if length == 0 {
			assert.Len(t, res, 1, "a money game")
			continue
		}
		assert.Equal(t, m.GameNumber(), len(res), "seed %d: every game of the match finished", seed)
		var score [2]int
		for _, r := range res {
			score[r.Winner] += r.Points
		}
		w, b := m.Score()
		assert.Equal(t, [2]int{w, b}, score, "seed %d", seed)
	}
	bad := Record{Rules: DefaultRules(Short), Length: 3, Actions: []Action{{Kind: ActDouble, Player: White}}}
	_, err := bad.Results()
	var re *RecordError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 0, re.Index)
}

// TestRecorderTakesDiceNotItsSeeds: NewRecorder's doc says the Recorder
// itself takes any dice, and Replay, Record.Recorder and Record.Results
// refuse a record whose dice are not its seed's throws: a server that
// restarts a recorder and throws from a fresh source of the seed (not
// advanced past the record's dice) keeps playing, and finds out only when
// the record is replayed.
func TestRecorderTakesDiceNotItsSeeds(t *testing.T) {
	seed := uint64(7)
	rc, err := NewRecorder(DefaultRules(Short), 0, &seed)
	require.NoError(t, err)
	src := NewSeededDice(seed + 1) // not the seed's dice
	playSome(t, rc, src, rand.New(rand.NewPCG(1, 2)), 20)
	require.NotEmpty(t, rc.Record().Actions, "the dice were taken")
	_, err = Replay(rc.Record())
	assert.ErrorIs(t, err, ErrBadRecord)
	assert.ErrorContains(t, err, "dice differ from the seed's throws")
	_, err = rc.Record().Recorder()
	assert.ErrorIs(t, err, ErrBadRecord)
	_, err = rc.Record().Results()
	assert.ErrorIs(t, err, ErrBadRecord)
}
