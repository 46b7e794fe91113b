package nardy_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// TestWrongPhaseBeforeNotYourTurn: as ErrWrongPhase and ErrNotYourTurn
// say, the phase is judged first: an action of a kind the phase never
// takes is refused with ErrWrongPhase whoever sends it, and one of a kind
// it takes (from the player to act, Game.ToAct) is refused to the other
// with ErrNotYourTurn. A server that answers "not your turn" checks ToAct
// itself. Short nardy with the cube (S6), in each phase a player acts in:
// the roll (roll, double), the play (play, step, undo), the cube (take,
// drop, beaver) and a resignation offered (accept, reject).
func TestWrongPhaseBeforeNotYourTurn(t *testing.T) {
	g, err := nardy.NewGame(variants.ShortStandard())
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	inPlay := g
	plays, err := g.Legal()
	require.NoError(t, err)
	inRoll, err := g.Play(plays[0])
	require.NoError(t, err)
	inCube, err := inRoll.Act(nardy.ActDouble)
	require.NoError(t, err)
	doubler, _ := inRoll.ToAct()
	inResign, err := inRoll.Resign(doubler, nardy.Oin)
	require.NoError(t, err)
	kinds := []nardy.ActionKind{nardy.ActRoll, nardy.ActPlay, nardy.ActStep, nardy.ActUndo, nardy.ActDouble,
		nardy.ActTake, nardy.ActDrop, nardy.ActBeaver, nardy.ActAccept, nardy.ActReject}
	takes := map[nardy.Phase][]nardy.ActionKind{
		nardy.PhaseRoll:   {nardy.ActRoll, nardy.ActDouble},
		nardy.PhasePlay:   {nardy.ActPlay, nardy.ActStep, nardy.ActUndo},
		nardy.PhaseCube:   {nardy.ActTake, nardy.ActDrop, nardy.ActBeaver},
		nardy.PhaseResign: {nardy.ActAccept, nardy.ActReject},
	}
	for _, g := range []nardy.Game{inRoll, inPlay, inCube, inResign} {
		require.Contains(t, takes, g.Phase())
		me, ok := g.ToAct()
		require.True(t, ok)
		other := me.Other()
		for _, k := range kinds {
			a := nardy.Action{Kind: k, Player: other, Dice: [2]int{3, 1}, Steps: []nardy.Step{{From: 13, To: 10, Die: 3}}}
			if k == nardy.ActRoll || k == nardy.ActPlay || k == nardy.ActStep {
				a.Dice = [2]int{}
				if k == nardy.ActRoll {
					a.Dice = [2]int{3, 1}
				} else {
					a.Steps = a.Steps[:1]
				}
			}
			_, err := g.Do(a)
			require.Error(t, err, "%s %s in phase %s", other, k, g.Phase())
			if slices.Contains(takes[g.Phase()], k) {
				assert.ErrorIs(t, err, nardy.ErrNotYourTurn, "%s %s in phase %s", other, k, g.Phase())
				assert.NotErrorIs(t, err, nardy.ErrWrongPhase, "%s %s in phase %s", other, k, g.Phase())
			} else {
				assert.ErrorIs(t, err, nardy.ErrWrongPhase, "%s %s in phase %s", other, k, g.Phase())
				assert.NotErrorIs(t, err, nardy.ErrNotYourTurn, "%s %s in phase %s", other, k, g.Phase())
			}
			var ae *nardy.ActionError
			require.True(t, errors.As(err, &ae))
			assert.Equal(t, g.Phase(), ae.Phase)
		}
	}
}

// TestActionKindNames: ActionKind.UnmarshalText reads every name String
// writes, and refuses another text, a capital letter or a blank included,
// with a *SyntaxError matching ErrSyntax that lists the names (a server
// reading its clients' actions by name says which exist).
func TestActionKindNames(t *testing.T) {
	for k := nardy.ActOpening; k <= nardy.ActReject; k++ {
		var got nardy.ActionKind
		require.NoError(t, got.UnmarshalText([]byte(k.String())))
		assert.Equal(t, k, got)
	}
	for _, text := range []string{"Double", " take", "", "dbl"} {
		var got nardy.ActionKind
		err := got.UnmarshalText([]byte(text))
		var se *nardy.SyntaxError
		require.ErrorAs(t, err, &se, "%q", text)
		assert.ErrorIs(t, err, nardy.ErrSyntax)
		assert.Contains(t, err.Error(), `"double"`, "%q: the names are listed", text)
	}
	for p := nardy.PhaseOpening; p <= nardy.PhaseOver; p++ {
		var got nardy.Phase
		require.NoError(t, got.UnmarshalText([]byte(p.String())))
		assert.Equal(t, p, got)
	}
	var ph nardy.Phase
	var se *nardy.SyntaxError
	assert.ErrorAs(t, ph.UnmarshalText([]byte("Play")), &se)
}

// TestRefusalForTimingSaysWhatTheGameWaitsFor: an action refused for its
// timing (ErrWrongPhase, ErrNotYourTurn) says who must act and what that
// player may do (Game.Allowed), so that a server can show it to a player
// as it stands: "action not possible now" alone did not say what to do (a
// stranger's review). Through Game.Do, Game.Act, Game.Legal, Match.Do
// and a Recorder alike; the sentinels still match.
func TestRefusalForTimingSaysWhatTheGameWaitsFor(t *testing.T) {
	g, err := nardy.NewGame(variants.ShortStandard())
	require.NoError(t, err)
	_, err = g.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.ErrorContains(t, err, "(the game waits for the opening throw)")
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}}) // White plays the 3-1 (C2)
	require.NoError(t, err)

	_, err = g.Do(nardy.Action{Kind: nardy.ActTake, Player: nardy.White})
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.ErrorContains(t, err, "action not possible now (white to act: play, step, resign)")
	_, err = g.Do(nardy.Action{Kind: nardy.ActPlay, Player: nardy.Black, Steps: []nardy.Step{{From: 13, To: 10, Die: 3}}})
	require.ErrorIs(t, err, nardy.ErrNotYourTurn)
	assert.ErrorContains(t, err, "not this player's turn to act (white to act: play, step, resign)")
	_, err = g.Act(nardy.ActDouble)
	assert.ErrorContains(t, err, "(white to act: play, step, resign)")

	plays, err := g.Legal()
	require.NoError(t, err)
	g, err = g.Play(plays[0])
	require.NoError(t, err)
	_, err = g.Legal()
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.ErrorContains(t, err, "(black to act: roll, double, resign)")
	_, err = g.Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.White, Dice: [2]int{6, 5}})
	require.ErrorIs(t, err, nardy.ErrNotYourTurn)
	assert.ErrorContains(t, err, "(black to act: roll, double, resign)")
	doubled, err := g.Act(nardy.ActDouble)
	require.NoError(t, err)
	_, err = doubled.Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.Black, Dice: [2]int{6, 5}})
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.ErrorContains(t, err, "(white to act: take, drop)") // no beavers in short-standard

	m, err := nardy.NewMatch(variants.ShortStandard(), 3)
	require.NoError(t, err)
	_, err = m.Do(nardy.Action{Kind: nardy.ActTake, Player: nardy.Black})
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.ErrorContains(t, err, "(the game waits for the opening throw)")
	rc, err := nardy.NewRecorder(variants.ShortStandard(), 3, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}}))
	err = rc.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
	require.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.ErrorContains(t, err, "(white to act: play, step, resign)")
	assert.Equal(t, 1, strings.Count(err.Error(), "nardy:"), err.Error())
}
