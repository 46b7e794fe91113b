package nardy

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReplaySwappedOpeningDice: with a seed, the opening throw (C2) must be
// the seed's two dice in their order, White's die then Black's: a record
// whose opening dice are swapped names the other starter, and Replay
// refuses it at its first action (index 0) as dice that differ from the
// seed's throws (kills mutation r43: sameThrow taking the opening's dice
// in either order, as a roll's).
func TestReplaySwappedOpeningDice(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		rec := seededMatch(t, seed).Record()
		d := rec.Actions[0].Dice
		require.Equal(t, ActOpening, rec.Actions[0].Kind)
		if d[0] == d[1] {
			continue // thrown again (C2): swapping changes nothing
		}
		rec.Actions[0].Dice = [2]int{d[1], d[0]}
		_, err := Replay(rec)
		var re *RecordError
		require.ErrorAs(t, err, &re, "seed %d", seed)
		assert.Equal(t, 0, re.Index, "seed %d: the opening throw itself is refused", seed)
		assert.ErrorIs(t, err, errDiceMismatch, "seed %d", seed)
		assert.Contains(t, err.Error(), "dice differ from the seed's throws", "seed %d", seed)
		return
	}
	t.Fatal("no seed of 1..30 opens with two different dice")
}

// TestReplayNegativeLengthRefusedFirst: a record whose Length is negative
// (-1 too) is refused before its first action: Replay's error is a
// RecordError of Index -1, matching ErrBadRecord, for a record of no
// action, under the defaults of either game and with L11's LastRollDraw
// (kills mutation r8: only a length below -1 refused by begin).
func TestReplayNegativeLengthRefusedFirst(t *testing.T) {
	long := DefaultRules(Long)
	long.LastRollDraw = true
	for _, r := range []Rules{DefaultRules(Short), DefaultRules(Long), long} {
		for _, length := range []int{-1, -2} {
			_, err := Replay(Record{Rules: r, Length: length})
			var re *RecordError
			require.ErrorAs(t, err, &re, "%v length %d", r.Variant, length)
			assert.Equal(t, -1, re.Index, "%v length %d", r.Variant, length)
			assert.ErrorIs(t, err, ErrBadRecord)
			assert.ErrorIs(t, err, ErrInvalidRules, "the length is the rules' (a RuleError)")
			_, err = Record{Rules: r, Length: length}.Recorder()
			assert.ErrorAs(t, err, &re, "%v length %d: Record.Recorder", r.Variant, length)
		}
	}
}

// TestRecordErrorNamesActionZero: a RecordError at the record's first
// action (Index 0) names it, "action 0" and its kind, as any index of 0 or
// more is named; only Index -1 names no action (kills mutation r1: the
// action named only for an Index above 0).
func TestRecordErrorNamesActionZero(t *testing.T) {
	_, err := Replay(Record{Rules: DefaultRules(Short), Length: 3, Actions: []Action{{Kind: ActDouble, Player: White}}})
	var re *RecordError
	require.ErrorAs(t, err, &re)
	require.Equal(t, 0, re.Index)
	assert.Contains(t, err.Error(), "action 0 (double)")

	e := &RecordError{Index: 0, Action: Action{Kind: ActRoll}, Err: errors.New("why")}
	assert.Equal(t, "nardy: bad record: action 0 (roll): why", e.Error())
	e = &RecordError{Index: -1, Err: errors.New("why")}
	assert.Equal(t, "nardy: bad record: why", e.Error())
}
