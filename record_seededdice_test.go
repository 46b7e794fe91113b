package nardy_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

// TestRecordSeededDiceThrowsOn: a seeded match cut in the middle (a
// server's restart: the record kept as JSON, the dice source lost) and
// played on from Record.Recorder with Record.SeededDice replays with
// every die the seed's, and its dice are the ones one uninterrupted
// source throws; played on from a fresh source of the same seed, it is
// refused. A record without a seed has no seeded dice.
func TestRecordSeededDiceThrowsOn(t *testing.T) {
	for _, r := range []nardy.Rules{variants.ShortStandard(), variants.LongMoscow()} {
		const seed = 44
		s := uint64(seed)
		rc, err := nardy.NewRecorder(r, 3, &s)
		require.NoError(t, err)
		src := nardy.NewSeededDice(seed)
		players := [2]bot.Player{bot.NewGreedy(), bot.NewGreedy()}
		for range 40 { // forty actions, then the restart
			a, err := bot.NextInMatch(rc.Match(), players, src)
			require.NoError(t, err)
			require.NoError(t, rc.Do(a))
		}
		b, err := json.Marshal(rc.Record())
		require.NoError(t, err)
		var saved nardy.Record
		require.NoError(t, json.Unmarshal(b, &saved))

		// The dice one uninterrupted source throws next.
		var want [8]int
		for i := range want {
			want[i] = src.Die()
		}
		d, ok := saved.SeededDice()
		require.True(t, ok)
		var got [8]int
		for i := range got {
			got[i] = d.Die()
		}
		assert.Equal(t, want, got, "%s: the dice after the record's", r.Variant)

		d, _ = saved.SeededDice()
		on, err := saved.Recorder()
		require.NoError(t, err)
		_, rec, err := bot.PlayOn(on, bot.NewGreedy(), bot.NewGreedy(), d)
		require.NoError(t, err)
		require.Greater(t, len(rec.Actions), 40)
		_, err = nardy.Replay(rec)
		assert.NoError(t, err, "%s: played on with the record's seeded dice", r.Variant)

		fresh, err := saved.Recorder()
		require.NoError(t, err)
		_, rec, err = bot.PlayOn(fresh, bot.NewGreedy(), bot.NewGreedy(), nardy.NewSeededDice(seed))
		require.NoError(t, err)
		_, err = nardy.Replay(rec)
		assert.ErrorIs(t, err, nardy.ErrBadRecord, "%s: played on with the seed's first dice again", r.Variant)

		saved.Seed = nil
		d, ok = saved.SeededDice()
		assert.False(t, ok)
		assert.Nil(t, d)
	}
}
