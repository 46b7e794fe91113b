package bot

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayMatchAt: a match taken up at 4-2 in a match to 5 plays from
// that score (its first game the Crawford game, S6), its record keeps the
// start and replays to the same match; a start no match can be at is
// refused before any play.
func TestPlayMatchAt(t *testing.T) {
	for _, p := range variants.All() {
		if !p.Rules.Cube {
			continue
		}
		seed := uint64(3)
		start := nardy.MatchStart{Score: [2]int{4, 2}}
		m, rec, err := PlayMatchAt(p.Rules, 5, start, NewGreedy(), NewRandom(1), nardy.NewSeededDice(seed))
		require.NoError(t, err, p.Name)
		require.True(t, m.IsOver(), p.Name)
		assert.Equal(t, start, rec.Start, p.Name)
		assert.Equal(t, start, m.Start(), p.Name)
		w, b := m.Score()
		assert.True(t, w >= 4 && b >= 2 && max(w, b) >= 5, "%s: %d-%d", p.Name, w, b)
		replay, err := nardy.NewMatchAt(p.Rules, 5, start)
		require.NoError(t, err)
		assert.True(t, replay.IsCrawford(), p.Name)
		for i, a := range rec.Actions {
			assert.False(t, replay.IsCrawford() && a.Kind == nardy.ActDouble, "%s: action %d doubles in the Crawford game", p.Name, i)
			replay, err = replay.Do(a)
			require.NoError(t, err)
		}
		rec.Seed = &seed
		checkReplay(t, rec, m)
	}
	_, _, err := PlayMatchAt(variants.ShortStandard(), 5, nardy.MatchStart{Score: [2]int{5, 0}}, NewGreedy(), NewGreedy(), nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, nardy.ErrInvalidRules)
}

// seer is a player that remembers the matches it was shown.
type seer struct {
	*Greedy
	seen int
}

func (s *seer) SeeMatch(m nardy.Match) { s.seen++; s.Greedy.SeeMatch(m) }

// TestPlayOut: PlayOut plays a match to its end from where it stands: from
// a fresh match at a score, the same match PlayMatchAt plays with the same
// players and dice; from a match resumed at a position, to an end at or
// past the start, its players shown the match before each action; the
// zero Match and a nil player are errors.
func TestPlayOut(t *testing.T) {
	r := variants.ShortStandard()
	start := nardy.MatchStart{Score: [2]int{4, 2}}
	want, _, err := PlayMatchAt(r, 5, start, NewGreedy(), NewGreedy(), nardy.NewSeededDice(9))
	require.NoError(t, err)
	m, err := nardy.NewMatchAt(r, 5, start)
	require.NoError(t, err)
	got, err := PlayOut(m, NewGreedy(), NewGreedy(), nardy.NewSeededDice(9))
	require.NoError(t, err)
	assert.Equal(t, want, got)

	pos, err := nardy.StartPosition(nardy.Short, nardy.Black)
	require.NoError(t, err)
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Match: true})
	require.NoError(t, err)
	resumed, err := nardy.ResumeMatch(7, nardy.MatchStart{Score: [2]int{3, 5}}, g)
	require.NoError(t, err)
	s := &seer{Greedy: NewGreedy()}
	end, err := PlayOut(resumed, s, NewRandom(2), nardy.NewSeededDice(4))
	require.NoError(t, err)
	assert.True(t, end.IsOver())
	w, b := end.Score()
	assert.True(t, w >= 3 && b >= 5 && max(w, b) >= 7, "%d-%d", w, b)
	assert.Positive(t, s.seen)

	_, err = PlayOut(nardy.Match{}, NewGreedy(), NewGreedy(), nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, nardy.ErrWrongPhase)
	_, err = PlayOut(m, nil, NewGreedy(), nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, ErrUninitialized)
}

// TestPlayOn: PlayOn plays a recorder's match to its end as PlayOut plays
// the match, its players shown the match (at the resumed score, not as
// money play), and keeps the record, which replays to the match it
// returns; a recorder whose record is nearly full stops with ErrTooLong
// when it is full; a nil recorder is an error.
func TestPlayOn(t *testing.T) {
	r := variants.ShortStandard()
	pos, err := nardy.StartPosition(nardy.Short, nardy.Black)
	require.NoError(t, err)
	setup := nardy.Setup{Position: pos, Match: true}
	start := nardy.MatchStart{Score: [2]int{3, 5}}
	g, err := nardy.NewGameAt(r, setup)
	require.NoError(t, err)
	resumed, err := nardy.ResumeMatch(7, start, g)
	require.NoError(t, err)
	want, err := PlayOut(resumed, NewGreedy(), NewRandom(2), nardy.NewSeededDice(4))
	require.NoError(t, err)

	rc, err := nardy.ResumeRecorder(r, 7, start, setup, nil)
	require.NoError(t, err)
	s := &seer{Greedy: NewGreedy()}
	got, rec, err := PlayOn(rc, s, NewRandom(2), nardy.NewSeededDice(4))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Positive(t, s.seen)
	assert.Equal(t, &setup, rec.Setup)
	again, err := nardy.Replay(rec)
	require.NoError(t, err)
	assert.Equal(t, got, again)

	// A recorder three actions short of full (the opening, then steps
	// taken and undone): white's play fills it but for the two actions kept
	// for a game's end (a resignation and its acceptance), and the game
	// goes on past it.
	rc, err = nardy.NewRecorder(r, 0, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}}))
	for range (nardy.MaxRecordActions - 4) / 2 {
		require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActStep, Player: nardy.White, Steps: []nardy.Step{{From: 8, To: 5, Die: 3}}}))
		require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActUndo, Player: nardy.White}))
	}
	require.Len(t, rc.Record().Actions, nardy.MaxRecordActions-3)
	_, rec, err = PlayOn(rc, NewGreedy(), NewGreedy(), nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, ErrTooLong)
	assert.Len(t, rec.Actions, nardy.MaxRecordActions-2)

	_, _, err = PlayOn(nil, NewGreedy(), NewGreedy(), nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, nardy.ErrWrongPhase)
	_, _, err = PlayOn(&nardy.Recorder{}, NewGreedy(), NewGreedy(), nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, nardy.ErrWrongPhase, "the zero Recorder")
	assert.ErrorContains(t, err, "the zero Recorder")
}

// TestNextInMatch: NextInMatch shows the match to the players before
// asking, where Next alone leaves them judging money play (helper-109):
// in a post-Crawford game of a 5-point match at 4–1, the trailer doubles
// at once (S6: the leader's free drop is worth nothing to it), and asked
// through Next by a player never shown the match it rolls instead.
func TestNextInMatch(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	m, err := nardy.NewMatchAt(r, 5, nardy.MatchStart{Score: [2]int{4, 1}, CrawfordDone: true})
	require.NoError(t, err)
	m, err = m.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{6, 1}}) // white starts with 6-1
	require.NoError(t, err)
	plays, err := m.Game().Legal()
	require.NoError(t, err)
	m, err = m.Do(plays[0].Action())
	require.NoError(t, err)
	require.Equal(t, nardy.PhaseRoll, m.Game().Phase())
	require.Equal(t, nardy.Black, m.Game().Position().OnRoll())

	dice := nardy.NewSeededDice(1)
	a, err := NextInMatch(m, [2]Player{NewGreedy(), NewGreedy()}, dice)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActDouble, a.Kind, "the trailer post-Crawford doubles at once")
	a, err = Next(m.Game(), [2]Player{NewGreedy(), NewGreedy()}, dice)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActRoll, a.Kind, "shown no match: money play")

	over, err := nardy.NewMatchAt(r, 1, nardy.MatchStart{})
	require.NoError(t, err)
	over, err = over.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{6, 1}})
	require.NoError(t, err)
	over, err = over.Do(nardy.Action{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Oin})
	require.NoError(t, err)
	over, err = over.Do(nardy.Action{Kind: nardy.ActAccept, Player: nardy.White})
	require.NoError(t, err)
	require.True(t, over.IsOver())
	_, err = NextInMatch(over, [2]Player{NewGreedy(), NewGreedy()}, dice)
	assert.ErrorIs(t, err, nardy.ErrGameOver)
}
