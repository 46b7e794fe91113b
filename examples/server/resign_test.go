package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResignOnce: the player not on roll cannot offer to resign, be
// rejected and offer again and again (each offer made the mover's request
// stale): once rejected, a seat offers again only more than before, or once
// the game has moved on. The rule holds for a game read back from the
// store.
func TestResignOnce(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store})
	st, a, b := c.create(`{"preset":"short-tavla","opponent":"human"}`)
	st = a.act("roll", st, "")
	require.Equal(t, "play", st.Phase)
	mover := byColor(st.ToAct, a, b)
	other := byColor(map[string]string{"white": "black", "black": "white"}[mover.color], a, b)

	st = other.act("resign", st, "")
	st = mover.act("reject", st, "")
	require.Equal(t, "play", st.Phase)
	e := other.refused(http.StatusConflict, "resign_again", "POST", "resign", withVersion(st.Version, ""))
	assert.Contains(t, e.Error, "single")
	assert.Equal(t, st.Version, mover.state().Version, "the refused offer changed nothing")
	assert.Contains(t, st.Allowed[other.color], "resign", "a gammon may still be offered")

	st = other.act("resign", st, `{"kind":"mars"}`) // more than before
	st = mover.act("reject", st, "")
	for _, k := range []string{"oin", "mars"} {
		other.refused(http.StatusConflict, "resign_again", "POST", "resign", withVersion(st.Version, fmt.Sprintf(`{"kind":%q}`, k)))
	}
	// Read back from the store, the game keeps the rule.
	fresh := newClient(t, Config{Store: store}) // the first server is not used again
	other.c, mover.c = fresh, fresh
	other.refused(http.StatusConflict, "resign_again", "POST", "resign", withVersion(st.Version, ""))
	assert.Equal(t, st.Allowed, other.state().Allowed)
	assert.NotContains(t, st.Allowed[other.color], "resign", "short-tavla has no backgammons: nothing more to offer")

	for st.Phase == "play" && st.ToAct == mover.color {
		st, _ = mover.move(st, 0)
	}
	require.False(t, st.MatchOver)
	st = other.act("resign", st, "") // the game moved on
	assert.Equal(t, "resign", st.Phase)
}

// TestResignedDuringStepsReloads: a money game that ends by a resignation
// offered while the mover had taken steps of its play (kept while the
// offer waits, README "Storage and restarts") and accepted by the mover is
// stored without those steps: a server reading it from the store serves
// the finished game (kills the steps of a play kept past the end, which a
// stored game then refused to load with: steps without a roll being
// played).
func TestResignedDuringStepsReloads(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store, DevSeeds: true})
	st, mover, other := humansRolled(c)
	st = mover.firstStep(st)
	st = other.act("resign", st, "")
	require.Equal(t, "resign", st.Phase)
	st = mover.act("accept", st, "")
	require.True(t, st.MatchOver)

	fresh := newClient(t, Config{Store: store}) // the first server is not used again
	other.c = fresh
	again := other.state()
	assert.True(t, again.MatchOver)
	assert.Equal(t, st.Version, again.Version)
	assert.Equal(t, st.Result, again.Result)
}

// TestOfferAfterStepwisePlayReloads: a resignation offered in the roll
// after a play made step by step waits for its answer with no steps kept
// (the steps kept while an offer waits are those of the roll it was
// offered during, README "Storage and restarts"): a server reading the
// game from the store serves it, and a rejection returns to the roll
// (kills the steps of the last play kept for an offer made after it,
// which a stored game then refused to load with).
func TestOfferAfterStepwisePlayReloads(t *testing.T) {
	store := newMemStore()
	c := newClient(t, Config{Store: store, DevSeeds: true})
	st, mover, other := humansRolled(c)
	for has(st.Allowed[mover.color], "step") {
		st = mover.firstStep(st)
	}
	require.NotEmpty(t, st.Taken)
	st = mover.act("play", st, "")
	require.Equal(t, "roll", st.Phase)
	require.Equal(t, other.color, st.ToAct)
	st = mover.act("resign", st, "")
	require.Equal(t, "resign", st.Phase)

	fresh := newClient(t, Config{Store: store}) // the first server is not used again
	other.c, mover.c = fresh, fresh
	again := other.state()
	assert.Equal(t, st.Version, again.Version)
	assert.Equal(t, "resign", again.Phase)
	assert.Empty(t, again.Taken)
	again = other.act("reject", again, "")
	assert.Equal(t, "roll", again.Phase)
	assert.Equal(t, other.color, again.ToAct)
}

// humansRolled creates a long-nardy game between two people (dice seed 4),
// throws the opening and rolls for the player on roll; it returns the
// state, the seat on roll and the other seat.
func humansRolled(c *client) (stateJSON, *seat, *seat) {
	st, a, b := c.create(`{"preset":"long-moscow","opponent":"human","seed":4}`)
	st = a.act("roll", st, "")
	mover := byColor(st.ToAct, a, b)
	other := byColor(map[string]string{"white": "black", "black": "white"}[mover.color], a, b)
	return mover.act("roll", st, ""), mover, other
}

// firstStep takes, as seat s, the first step the steps resource offers on
// state st, which must offer one, and returns the new state.
func (s *seat) firstStep(st stateJSON) stateJSON {
	var sj stepsJSON
	s.ok("GET", "steps", "", &sj)
	require.NotEmpty(s.c.t, sj.Next)
	return s.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, sj.Next[0].From, sj.Next[0].Die))
}

// TestResignLoggedInTheGamesWords: the log names the kind offered in the
// game's own words, as the state's "offer" and the result do: a
// backgammon offered in short nardy is logged as a backgammon, not as
// long nardy's koks (it logged "offers to resign (koks)", helper-191),
// and long nardy keeps its own words.
func TestResignLoggedInTheGamesWords(t *testing.T) {
	st, _, other := rolledBetweenPeople(t) // short-standard
	st = other.act("resign", st, `{"kind":"backgammon"}`)
	require.NotNil(t, st.Offer)
	assert.Equal(t, "backgammon", st.Offer.Kind)
	assert.Equal(t, other.color+" offers to resign (backgammon)", st.Log[len(st.Log)-1])

	c := newClient(t, Config{})
	st, a, _ := c.create(`{"preset":"long-moscow","opponent":"human","seed":8}`)
	st = a.act("roll", st, "")
	st = a.act("resign", st, `{"kind":"mars"}`)
	assert.Equal(t, a.color+" offers to resign (mars)", st.Log[len(st.Log)-1])
}
