package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

// seeingBot is a bot that records the matches it is shown and whether
// each game it acts in is the game of the match it saw last.
type seeingBot struct {
	bot.Player
	last         nardy.Match
	shown, blind int
}

func (s *seeingBot) SeeMatch(m nardy.Match) { s.last = m; s.shown++ }

func (s *seeingBot) Act(g nardy.Game, c nardy.Color) (nardy.Action, error) {
	if !s.last.IsValid() || s.last.Game() != g {
		s.blind++
	}
	return s.Player.Act(g, c)
}

// TestBotSeesMatch: in a match the server shows its bot the match before
// every action (bot.MatchSeer), so the neural bot doubles and plays by the
// score, as bot.PlayMatch does.
func TestBotSeesMatch(t *testing.T) {
	p, err := variants.Lookup("short-standard")
	require.NoError(t, err)
	g, err := newGame(p, 3, nardy.MatchStart{}, nil, [2]string{"bot", "bot"}, "random")
	require.NoError(t, err)
	dice := nardy.NewSeededDice(4)
	for g.game().Phase() == nardy.PhaseOpening {
		require.NoError(t, g.rec.Roll(dice))
	}
	b := &seeingBot{Player: bot.NewRandom(1)}
	g.runBot(b)
	assert.Positive(t, b.shown)
	assert.Zero(t, b.blind, "acted in a game of a match it was not shown")
}

// TestBotRunsPerClient: a client with maxBotRunsPerClient requests whose
// bot is thinking or waiting for a slot gets no more at once: its next
// request waits for one of them to end (BotWait, here short), then its
// bot owes the move, which a later request of the client makes once one
// of its runs has ended; a run that ends while a request waits lets that
// request's bot move (one client with games against the slowest bot took
// every slot, helper-90).
func TestBotRunsPerClient(t *testing.T) {
	c := newClient(t, Config{BotWait: 300 * time.Millisecond})
	st, me, _ := c.create(`{"preset":"short-standard","bot":"greedy"}`)
	for range maxBotRunsPerClient {
		require.True(t, c.srv.botRuns.start("127.0.0.1"))
	}
	require.False(t, c.srv.botRuns.start("127.0.0.1"), "the limit")
	for i := 0; st.ToAct != "black" && i < 100; i++ {
		var ok bool
		st, ok = me.move(st, 0)
		require.True(t, ok, "%+v", st)
	}
	require.Equal(t, "black", st.ToAct, "the bot owes its move: %+v", st)
	assert.True(t, st.BotOwes, "the state says so, for the page to ask again")
	begun := time.Now()
	status, _ := me.do("GET", "", "")
	assert.Equal(t, http.StatusServiceUnavailable, status, "the bot cannot move for this client yet")
	assert.GreaterOrEqual(t, time.Since(begun), 300*time.Millisecond, "the request waited for a run to end")
	// A run that ends while the request waits lets the bot move in it.
	go func() {
		time.Sleep(100 * time.Millisecond)
		c.srv.botRuns.done("127.0.0.1")
	}()
	after := me.state()
	assert.Greater(t, after.Version, st.Version, "the bot moved in the request that waited")
	assert.False(t, after.BotOwes)
	assert.Equal(t, 1, c.srv.botRuns.running("127.0.0.1"), "the request's run ended")
}

// TestClientCountWakesWaiters: requests waiting in acquire for a client's
// runs take the runs that end, one each, and a waiter whose context ends
// gives up with its error while the count stays right.
func TestClientCountWakesWaiters(t *testing.T) {
	h := clientCount{limit: 1}
	require.True(t, h.start("a"))
	const waiters = 5
	got := make(chan error, waiters)
	for range waiters {
		go func() { got <- h.acquire(context.Background(), "a") }()
	}
	for i := range waiters {
		h.done("a") // ends the run held: one waiter takes it
		select {
		case err := <-got:
			require.NoError(t, err)
		case <-time.After(10 * time.Second):
			t.Fatalf("waiter %d was not woken by the run that ended", i)
		}
		assert.Equal(t, 1, h.running("a"), "the waiter's run counted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { got <- h.acquire(ctx, "a") }()
	cancel()
	assert.ErrorIs(t, <-got, context.Canceled)
	assert.Equal(t, 1, h.running("a"), "a waiter that gave up counts nothing")
	assert.True(t, h.start("b"), "another client is not held back")
}

// TestBotWork: the server's neural bots get Config.BotWork as their
// budget (bot.Neural.Budget, neural.Searcher.MaxEvals: a decision past
// it is searched a ply shallower; TestSearcherMaxEvals in package neural
// holds that), by default defaultBotWork, none when negative; the
// other bots search nothing or have a budget of their own. A game against
// neural2 with a budget of one position plays on (its decisions at
// 0-ply): neural2 took about 3 s a move at a set-up position, helper-90.
func TestBotWork(t *testing.T) {
	budget := func(c *client, name string) int {
		pool := c.srv.bots.pools[name]
		b := pool.Get().(player)
		defer pool.Put(b)
		n, ok := b.(*bot.Neural)
		require.True(t, ok, "%s: %T", name, b)
		return n.Budget
	}
	for _, tc := range []struct{ work, want int }{{0, defaultBotWork}, {5, 5}, {-1, 0}} {
		c := newClient(t, Config{BotWork: tc.work})
		for _, name := range []string{"neural0", "neural1", "neural2"} {
			assert.Equal(t, tc.want, budget(c, name), "BotWork %d: %s", tc.work, name)
		}
	}
	c := newClient(t, Config{BotWork: 1})
	st, me, _ := c.create(`{"preset":"short-standard","bot":"neural2"}`)
	v0 := st.Version
	for range 8 {
		var ok bool
		st, ok = me.move(st, 0)
		require.True(t, ok, "%+v", st)
	}
	assert.False(t, st.BotOwes, "%+v", st)
	assert.Greater(t, st.Version, v0+8, "the bot acted too")
}
