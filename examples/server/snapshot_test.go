package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

// TestAppendActions: the snapshot's hand-written action JSON is the one
// json.Marshal writes, for whole bot matches of every preset and for one
// action of each kind, and reads back to the same actions.
func TestAppendActions(t *testing.T) {
	var all []nardy.Action
	for i, p := range variants.All() {
		rc, err := nardy.NewRecorder(p.Rules, 3, nil)
		require.NoError(t, err)
		players := [2]bot.Player{bot.NewRandom(uint64(i)), bot.NewGreedy()}
		dice := nardy.NewSeededDice(uint64(i))
		for !rc.Match().IsOver() {
			a, err := bot.Next(rc.Match().Game(), players, dice)
			require.NoError(t, err)
			require.NoError(t, rc.Do(a))
		}
		all = append(all, rc.Record().Actions...)
	}
	for k := nardy.ActOpening; k <= nardy.ActReject; k++ {
		a := nardy.Action{Kind: k, Player: nardy.Black, Dice: [2]int{4, 4}, Steps: []nardy.Step{makeStep(25, 21, 4)}, Resign: nardy.Mars}
		all = append(all, a)
	}
	for _, k := range []nardy.ResultKind{nardy.Oin, nardy.Mars, nardy.HomeMars, nardy.Koks} {
		all = append(all, nardy.Action{Kind: nardy.ActResign, Player: nardy.White, Resign: k})
	}
	want, err := json.Marshal(all)
	require.NoError(t, err)
	got := appendActions(nil, all)
	assert.Equal(t, string(want), string(got))
	var back []nardy.Action
	require.NoError(t, json.Unmarshal(got, &back))
	require.Len(t, back, len(all))
	assert.Equal(t, string(got), string(appendActions(nil, back)), "read back (hits are not written)")
	assert.Equal(t, "[]", string(appendActions(nil, nil)))
}

// TestSnapshotOldPresetName: a game stored by an earlier version, whose
// snapshot and record name the preset long-001, reads back under the
// preset's name of today, found from its rules.
func TestSnapshotOldPresetName(t *testing.T) {
	p, err := variants.Lookup("long-azerbaijani")
	require.NoError(t, err)
	old := editedSnapshot(t, p, func(m, rec map[string]json.RawMessage) {
		m["preset"] = json.RawMessage(`"long-001"`)
		rec["preset"] = json.RawMessage(`"long-001"`)
	})
	back, err := decodeGame("g1", old)
	require.NoError(t, err)
	assert.Equal(t, "long-azerbaijani", back.preset)
	assert.Equal(t, p.Rules, back.match().Rules())
}

// TestPendingKeptOverResign: the steps of a play survive a resignation
// offered in the middle of it and rejected, also when the game leaves the
// cache meanwhile (CacheSize 1) and is read back from the store.
func TestPendingKeptOverResign(t *testing.T) {
	for _, evict := range []bool{false, true} {
		cfg := Config{}
		if evict {
			cfg.CacheSize = 1
		}
		c := newClient(t, cfg)
		st, a, b := c.create(`{"preset":"short-tavla","opponent":"human","seed":4}`)
		st = a.act("roll", st, "")
		require.Equal(t, "play", st.Phase)
		mover := byColor(st.ToAct, a, b)
		other := byColor(map[string]string{"white": "black", "black": "white"}[mover.color], a, b)
		var sj stepsJSON
		mover.ok("GET", "steps", "", &sj)
		s := sj.Next[0]
		st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"to":%d}`, s.From, s.To))
		taken, pos := st.Taken, st.Position
		require.NotEmpty(t, taken)
		st = other.act("resign", st, "")
		require.Equal(t, "resign", st.Phase)
		if evict {
			_, me, _ := c.create(`{"seed":1}`)
			me.state() // the game between the people leaves the cache
		}
		st = mover.act("reject", st, "")
		assert.Equal(t, "play", st.Phase, "evicted %v", evict)
		assert.Equal(t, taken, st.Taken, "evicted %v", evict)
		assert.Equal(t, pos, st.Position, "evicted %v", evict)
		st = mover.act("undo", st, "")
		assert.Empty(t, st.Taken, "evicted %v", evict)
	}
}

// TestSnapshotKeepsSetup: a stored record whose first game was set up at
// a position (nardy.Record.Setup; the server makes none today) reads back
// set up there, not as a game from its opening throw.
func TestSnapshotKeepsSetup(t *testing.T) {
	p, err := variants.Lookup("short-standard")
	require.NoError(t, err)
	stored := editedSnapshot(t, p, func(_, rec map[string]json.RawMessage) {
		rec["setup"] = json.RawMessage(`{"position":"short w 0200000000000000000000000d/0200000000000000000000000d","starter":"white"}`)
	})
	back, err := decodeGame("g1", stored)
	require.NoError(t, err)
	assert.Equal(t, nardy.PhaseRoll, back.match().Game().Phase())
	assert.Equal(t, "short w 0200000000000000000000000d/0200000000000000000000000d", back.match().Game().Position().String())
}

// editedSnapshot returns the stored form of a new game between two people
// under p, with edit's changes to its fields (m) and its record's (rec).
func editedSnapshot(t *testing.T, p variants.Preset, edit func(m, rec map[string]json.RawMessage)) []byte {
	t.Helper()
	g, err := newGame(p, 0, nardy.MatchStart{}, nil, [2]string{"human", "human"}, "")
	require.NoError(t, err)
	b, err := g.encode()
	require.NoError(t, err)
	var m, rec map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &m))
	require.NoError(t, json.Unmarshal(m["record"], &rec))
	edit(m, rec)
	m["record"], err = json.Marshal(rec)
	require.NoError(t, err)
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return out
}

// TestUnreadableStoredGameIsAStoreFailure: a stored game the server cannot
// read (not a JSON object, or an object without its record) is a failure
// of the store, 503 store, whatever the token: mayHold, which looks at the
// tokens alone, leaves a form it cannot read that way to decodeGame rather
// than answer 401 bad_token, which would tell the player that its token,
// not the stored game, is wrong.
func TestUnreadableStoredGameIsAStoreFailure(t *testing.T) {
	st := newMemStore()
	c := newClient(t, Config{Store: st, DevSeeds: true})
	for _, data := range []string{`[1,2]`, `"game"`, `{}`, `{"format":1}`} {
		id := newID()
		require.NoError(t, st.Create(t.Context(), Row{ID: id, Version: 1, Client: "c", Updated: time.Now(), Data: []byte(data)}))
		s := &seat{c: c, id: id, color: "white", token: newID()}
		s.refused(http.StatusServiceUnavailable, "store", "GET", "", "")
	}
}
