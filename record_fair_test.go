package nardy

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/fair"
)

// fairSeed is a fixed seed of fair dice: the bytes 0, 1, ..., 31.
func fairSeed() [fair.SeedSize]byte {
	var s [fair.SeedSize]byte
	for i := range s {
		s[i] = byte(i)
	}
	return s
}

// fairMatch plays a short match to 3 with fair dice and returns its record
// with the seed revealed.
func fairMatch(t *testing.T, seed [fair.SeedSize]byte, salt string) Record {
	rc, err := NewRecorder(DefaultRules(Short), 3, nil)
	require.NoError(t, err)
	dice, err := fair.New(seed, salt)
	require.NoError(t, err)
	playRecorded(t, rc, dice, rand.New(rand.NewPCG(7, 7)))
	rec := rc.Record()
	rec.Fair = &fair.Proof{Commitment: fair.Commitment(seed), Seed: hex.EncodeToString(seed[:]), Salt: salt}
	return rec
}

// TestReplayFair: Replay checks a fair record's commitment and every die;
// an unrevealed seed replays without the dice check.
func TestReplayFair(t *testing.T) {
	seed := fairSeed()
	rec := fairMatch(t, seed, "w|b")
	m, err := Replay(rec)
	require.NoError(t, err)
	assert.True(t, m.IsOver())

	// Through JSON, as a player would download it.
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"fair":{"commitment":"630dcd29`)
	var back Record
	require.NoError(t, json.Unmarshal(b, &back))
	_, err = Replay(back)
	require.NoError(t, err)

	firstRoll := -1
	for i, a := range rec.Actions {
		if a.Kind == ActRoll {
			firstRoll = i
			break
		}
	}
	require.GreaterOrEqual(t, firstRoll, 0)
	edit := func(f func(r *Record)) Record {
		r := rec
		p := *rec.Fair
		r.Fair = &p
		r.Actions = append([]Action(nil), rec.Actions...)
		f(&r)
		return r
	}
	other := seed
	other[0] ^= 1
	for _, c := range []struct {
		name  string
		r     Record
		index int
		why   error
	}{
		{"a die changed", edit(func(r *Record) {
			d := r.Actions[firstRoll].Dice
			r.Actions[firstRoll].Dice = [2]int{d[0]%6 + 1, d[0]}
		}), firstRoll, errDiceMismatch},
		{"another seed revealed", edit(func(r *Record) { r.Fair.Seed = hex.EncodeToString(other[:]) }), -1, fair.ErrBadCommitment},
		{"another salt", edit(func(r *Record) { r.Fair.Salt = "w|B" }), 0, errDiceMismatch},
		{"a short seed", edit(func(r *Record) { r.Fair.Seed = r.Fair.Seed[:62] }), -1, fair.ErrBadCommitment},
		{"a seed not hex", edit(func(r *Record) { r.Fair.Seed = strings.Repeat("zz", 32) }), -1, fair.ErrBadCommitment},
		{"a commitment not hex", edit(func(r *Record) { r.Fair.Commitment = "sha256:" + r.Fair.Commitment }), -1, fair.ErrBadCommitment},
		{"a long salt", edit(func(r *Record) { r.Fair.Salt = strings.Repeat("s", fair.MaxSalt+1) }), -1, fair.ErrBadCommitment},
		{"a seed too", edit(func(r *Record) { s := uint64(1); r.Seed = &s }), -1, fair.ErrBadCommitment},
	} {
		_, err := Replay(c.r)
		require.Error(t, err, c.name)
		assert.ErrorIs(t, err, ErrBadRecord, c.name)
		assert.ErrorIs(t, err, c.why, c.name)
		var re *RecordError
		require.True(t, errors.As(err, &re), c.name)
		if c.index != 0 {
			assert.Equal(t, c.index, re.Index, c.name)
		}
	}

	// Before the reveal the commitment is checked for form only.
	hidden := edit(func(r *Record) {
		r.Fair.Seed = ""
		d := r.Actions[firstRoll].Dice
		r.Actions[firstRoll].Dice = [2]int{d[1], d[0]} // the same roll, dice swapped
	})
	_, err = Replay(hidden)
	assert.NoError(t, err)
}
