package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The state's "allowed": the actions a person may post now, each of which
// the server then takes.

// TestAllowedUndoOnlyAfterStep: in the play of a roll the mover may post
// step and not undo before its first step (an undo then is refused),
// undo once a step is taken, and not again once it is undone (kills undo
// listed with no step taken).
func TestAllowedUndoOnlyAfterStep(t *testing.T) {
	c := newClient(t, Config{})
	st, me := c.toMyPlay(`{"preset":"long-moscow","seed":6}`)
	assert.Contains(t, st.Allowed[me.color], "step")
	assert.NotContains(t, st.Allowed[me.color], "undo", "no step taken")
	me.refused(http.StatusUnprocessableEntity, "illegal", "POST", "undo", withVersion(st.Version, ""))
	var sj stepsJSON
	me.ok("GET", "steps", "", &sj)
	require.NotEmpty(t, sj.Next)
	st = me.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, sj.Next[0].From, sj.Next[0].Die))
	assert.Contains(t, st.Allowed[me.color], "undo", "a step taken")
	st = me.act("undo", st, "")
	assert.NotContains(t, st.Allowed[me.color], "undo", "the step undone")
}

// TestAllowedResignUpToKoks: once its offer is rejected, a seat may offer
// again a higher kind that the game's scoring table counts (README): in
// short-standard, whose table counts backgammons (koks) but not home
// mars, a seat whose gammon was rejected may still offer a backgammon, so
// "resign" stays allowed and the backgammon is taken; once that is
// rejected nothing higher is left (kills the kinds tried stopping below
// koks).
func TestAllowedResignUpToKoks(t *testing.T) {
	st, mover, other := rolledBetweenPeople(t)

	st = other.act("resign", st, `{"kind":"mars"}`)
	st = mover.act("reject", st, "")
	other.refused(http.StatusUnprocessableEntity, "resign_kind", "POST", "resign", withVersion(st.Version, `{"kind":"home_mars"}`))
	assert.Contains(t, st.Allowed[other.color], "resign", "a backgammon may still be offered")
	st = other.act("resign", st, `{"kind":"koks"}`)
	assert.Equal(t, &offerJSON{Kind: "backgammon", By: other.color}, st.Offer)
	st = mover.act("reject", st, "")
	assert.NotContains(t, st.Allowed[other.color], "resign", "nothing higher than a backgammon")
}

// TestUndoIsAChange: an undo is a change of the game like a step: the
// version grows by one (README, "Exactly once": each change adds one), so
// a second undo sent on the old version is 409 stale, and it is saved:
// a server reading the game from the store shows the step taken back
// (kills the undo that leaves the version as it was).
func TestUndoIsAChange(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store, DevSeeds: true})
	st, me := c.toMyPlay(`{"preset":"long-moscow","seed":6}`)
	var sj stepsJSON
	me.ok("GET", "steps", "", &sj)
	require.NotEmpty(t, sj.Next)
	stepped := me.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, sj.Next[0].From, sj.Next[0].Die))
	require.Equal(t, st.Version+1, stepped.Version)
	undone := me.act("undo", stepped, "")
	assert.Equal(t, stepped.Version+1, undone.Version, "the undo is a change")
	assert.Empty(t, undone.Taken)
	me.refused(http.StatusConflict, "stale", "POST", "undo", withVersion(stepped.Version, ""))
	me.c = newClient(t, Config{Store: store}) // the first server is not used again
	again := me.state()
	assert.Equal(t, undone.Version, again.Version)
	assert.Empty(t, again.Taken, "the undo was saved")
	assert.Equal(t, st.Position, again.Position)
}

// TestUndoOnlyByTheMover: between two people, only the player on roll
// takes back a step of its play: the other seat's undo is 409
// not_your_turn and changes nothing (README: a token acts only for its own
// seat; kills the undo made for whoever is on roll).
func TestUndoOnlyByTheMover(t *testing.T) {
	c := newClient(t, Config{})
	st, mover, other := humansRolled(c)
	st = mover.firstStep(st)
	require.Len(t, st.Taken, 1)
	assert.NotContains(t, st.Allowed[other.color], "undo")
	other.refused(http.StatusConflict, "not_your_turn", "POST", "undo", withVersion(st.Version, ""))
	now := mover.state()
	assert.Equal(t, st.Version, now.Version, "the refused undo changed nothing")
	assert.Equal(t, st.Taken, now.Taken)
}

// toMyPlay creates a game against the server's bot from body, rolls and
// plays the first play offered until the creator has a roll to play, and
// returns that state and the creator's seat.
func (c *client) toMyPlay(body string) (stateJSON, *seat) {
	st, me, _ := c.create(body)
	st = me.act("roll", st, "")
	for st.Phase != "play" || st.ToAct != me.color {
		var ok bool
		st, ok = me.move(st, 0)
		require.True(c.t, ok)
	}
	return st, me
}

// TestResignKindInTheGamesWords: a short game's resignation may be posted
// in the words the state writes it in ("gammon", "backgammon"), as in long
// nardy's (README: the kind in either game's words); the offer is written
// in the game's words whichever was posted.
func TestResignKindInTheGamesWords(t *testing.T) {
	st, mover, other := rolledBetweenPeople(t)
	st = other.act("resign", st, `{"kind":"gammon"}`)
	assert.Equal(t, &offerJSON{Kind: "gammon", By: other.color}, st.Offer)
	st = mover.act("reject", st, "")
	st = other.act("resign", st, `{"kind":"backgammon"}`)
	assert.Equal(t, &offerJSON{Kind: "backgammon", By: other.color}, st.Offer)
}

// rolledBetweenPeople creates a short-nardy game between two people (seed
// 8) and rolls its first dice; it returns the state, the seat to play and
// the other seat.
func rolledBetweenPeople(t *testing.T) (stateJSON, *seat, *seat) {
	t.Helper()
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"short-standard","opponent":"human","seed":8}`)
	st = a.act("roll", st, "")
	require.Equal(t, "play", st.Phase)
	mover := byColor(st.ToAct, a, b)
	other := byColor(map[string]string{"white": "black", "black": "white"}[mover.color], a, b)
	return st, mover, other
}

// TestAllowedNothingForTheInvitedSeat: before the join the invited seat
// may post nothing (its invitation is refused join_first on every route
// but join, the seed's included), so the state lists no action for it;
// the seed is listed once the seat is taken. It listed "seed" for the
// seat nobody held yet (helper-191, a client reading "allowed" of the
// other seat).
func TestAllowedNothingForTheInvitedSeat(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.createInvite(`{"preset":"long-moscow","opponent":"human","seed":1}`)
	require.Equal(t, b.color, st.Invited)
	b.refused(http.StatusUnauthorized, "join_first", "POST", "seed", withVersion(st.Version, `{"client_seed":"x"}`))
	assert.Empty(t, st.Allowed[b.color], "the invited seat can post nothing before the join")
	assert.Empty(t, a.state().Allowed[b.color], "read again")
	assert.Equal(t, []string{"seed"}, a.state().Allowed[a.color], "the creator may send its seed")
	joined := b.join()
	assert.Equal(t, []string{"seed"}, joined.Allowed[b.color], "once seated, its seed")
}

// TestFinishingAnIncompletePlaySaysWhatToDo: "play" without steps
// finishes the play the steps taken made; before it is complete (C5) it
// is refused 422 illegal, and the refusal says what to post instead: a
// step, or the whole play's steps (it said only "the play is not
// complete", helper-191).
func TestFinishingAnIncompletePlaySaysWhatToDo(t *testing.T) {
	c := newClient(t, Config{})
	st, me := c.toMyPlay(`{"preset":"long-moscow","seed":6}`)
	require.NotContains(t, st.Allowed[me.color], "play", "nothing taken yet")
	e := me.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play", withVersion(st.Version, ""))
	assert.Equal(t, "C5", e.Rule)
	assert.Contains(t, e.Error, "the play is not complete")
	assert.Contains(t, e.Error, `post step`, "says how to go on")
	assert.Contains(t, e.Error, `"steps"`, "or how to play it whole")
	assert.Contains(t, e.Error, `"notation"`, "or the whole play as text (README: play takes \"steps\" or \"notation\")")
	assert.Contains(t, e.Error, "dice left", "says the dice left to play")
	assert.Equal(t, st.Version, me.state().Version, "nothing changed")
}

// TestAllowedNothingWhileInvitedOfAStoredThrownGame: while the invitation
// is unused the creator posts nothing but its seed (README: every action
// but seed is 409 not_joined until the invited player joins), and
// "allowed" lists only what the seat may post now. A game stored before
// the first die waited for both seeds, its opening thrown with the
// invitation unused, waits for no seed any more: the creator's "allowed"
// is still empty, as its roll is refused. (In a new game the missing seed
// of the invited seat hides the difference.)
func TestAllowedNothingWhileInvitedOfAStoredThrownGame(t *testing.T) {
	c, id := storedThrownGame(t, func(g *game) { g.invites[nardy.Black] = tokenHash("black-invitation") })
	a := &seat{c: c, id: id, color: "white", token: "white-token"}
	st := a.state()
	require.Equal(t, "black", st.Invited)
	require.Empty(t, st.AwaitingSeeds)
	for _, what := range []string{"roll", "double", "resign"} {
		a.refused(http.StatusConflict, "not_joined", "POST", what, withVersion(st.Version, ""))
	}
	assert.Empty(t, st.Allowed["white"], "the creator can post nothing before the join")
	assert.Empty(t, st.Allowed["black"], "nor the invited seat")
}
