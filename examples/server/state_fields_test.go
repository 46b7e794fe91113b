package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// The state's "sides", "pips" and "dice" and the legal steps' "hit",
// checked against the position's text form: "VARIANT TURN KEY", the key the mover's half, '/',
// the opponent's half, each 26 hex digits: the counts on own points
// 1..24, the bar, off (nardy.Position.Key, the conformance README).

// keySides reads the sides of a position's text by colour, each the 26
// counts of its half: [0..23] own points 1..24, [24] the bar, [25] off.
func keySides(t *testing.T, text string) map[string][26]int {
	f := strings.Fields(text)
	require.Len(t, f, 3, text)
	halves := strings.Split(f[2], "/")
	require.Len(t, halves, 2, text)
	var read [2][26]int
	for i, h := range halves {
		require.Len(t, h, 26, text)
		for j := range 26 {
			n, err := strconv.ParseUint(h[j:j+1], 16, 8)
			require.NoError(t, err, text)
			read[i][j] = int(n)
		}
	}
	if f[1] == "w" {
		return map[string][26]int{"white": read[0], "black": read[1]}
	}
	require.Equal(t, "b", f[1], text)
	return map[string][26]int{"white": read[1], "black": read[0]}
}

// checkSides checks that st's sides are its position's.
func checkSides(t *testing.T, st stateJSON) {
	for c, want := range keySides(t, st.Position) {
		got := st.Sides[c]
		assert.Equal(t, want[:24], got.Points[:], "%s's points of %s", c, st.Position)
		assert.Equal(t, want[24], got.Bar, "%s's bar of %s", c, st.Position)
		assert.Equal(t, want[25], got.Off, "%s off of %s", c, st.Position)
	}
}

// TestStateSidesFollowPosition: the state's "sides" give each colour's
// checkers on its own points 1..24 ("points"[i]: own point i+1), on the
// bar and off, as the position says: at long nardy's start all 15 on own
// point 24 (L1), and in a set-up short position with a checker on the
// bar and checkers off (kills the points read one slot off, and the bar
// and off swapped).
func TestStateSidesFollowPosition(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.create(`{"preset":"long-moscow","seed":4}`)
	var head [24]int
	head[23] = 15
	assert.Equal(t, sideJSON{Points: head}, st.Sides["white"], "L1: 15 on the head")
	assert.Equal(t, sideJSON{Points: head}, st.Sides["black"], "L1: 15 on the head")
	checkSides(t, st)
	st = me.act("roll", st, "")
	checkSides(t, st)

	// White: 2 on 4, 5 on 5, 5 on 6, 1 on the bar, 2 off; black: 3 on 4,
	// 5 on 5, 5 on 6, 2 off (each in its own numbering).
	const pos = "short w 00025500000000000000000012/00035500000000000000000002"
	st, _, _ = c.create(`{"preset":"short-standard","setup":{"position":"` + pos + `"}}`)
	require.Equal(t, pos, st.Position)
	w := sideJSON{Bar: 1, Off: 2}
	w.Points[3], w.Points[4], w.Points[5] = 2, 5, 5
	b := sideJSON{Off: 2}
	b.Points[3], b.Points[4], b.Points[5] = 3, 5, 5
	assert.Equal(t, w, st.Sides["white"])
	assert.Equal(t, b, st.Sides["black"])
}

// TestStepsSayHits: GET .../steps marks a legal next step "hit" exactly
// when it lands on an opponent's blot (S2): white's 15 checkers on its
// point 13 face black blots on every point 1 to 6 away (black's own 13 to
// 18, white's 12 to 7), so every first step hits; the state after it
// shows the black checker on the bar (kills hit always false).
func TestStepsSayHits(t *testing.T) {
	c := newClient(t, Config{})
	const pos = "short w 000000000000f0000000000000/00000900000011111100000000"
	for seed := range 3 {
		st, me, _ := c.create(fmt.Sprintf(`{"preset":"short-standard","seed":%d,"setup":{"position":"%s"}}`, seed, pos))
		require.Equal(t, pos, st.Position)
		st = me.act("roll", st, "")
		require.Equal(t, "play", st.Phase)
		var sj stepsJSON
		me.ok("GET", "steps", "", &sj)
		require.NotEmpty(t, sj.Next)
		black := keySides(t, st.Position)["black"]
		for _, s := range sj.Next {
			blot := s.To >= 1 && s.To <= 24 && black[25-s.To-1] == 1 // white's point To is black's 25-To
			assert.Equal(t, blot, s.Hit, "step %+v of %s", s, st.Position)
			assert.True(t, s.Hit, "every step from 13 lands on a blot: %+v", s)
		}
		s := sj.Next[0]
		st = me.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, s.From, s.Die))
		assert.Equal(t, 1, st.Sides["black"].Bar, "the blot hit is on the bar")
		checkSides(t, st)
	}
}

// TestStatePipsAndDice: the state's "pips" are each colour's pip count,
// the distance its checkers still travel to bear off, a checker on own
// point i i pips, one on the bar 25 (nardy.Position.Pips), computed here
// from the position's key; and its "dice" are the roll being played as
// its notation writes it, the larger die first ("6-5", nardy.Roll.String,
// also the steps' "roll"). Both are checked through whole short and long
// games, after each action (kills the pips given to the wrong colours,
// and the dice smaller first).
func TestStatePipsAndDice(t *testing.T) {
	c := newClient(t, Config{})
	for i, preset := range []string{"short-standard", "long-moscow"} {
		st, me, _ := c.create(fmt.Sprintf(`{"preset":%q,"seed":%d}`, preset, 20+i))
		differ, rolls := 0, 0
		for n := 0; !st.MatchOver && n < 400; n++ {
			for col, side := range keySides(t, st.Position) {
				want := 25 * side[24]
				for p := 1; p <= 24; p++ {
					want += p * side[p-1]
				}
				assert.Equal(t, want, st.Pips[col], "%s's pips of %s", col, st.Position)
			}
			if st.Pips["white"] != st.Pips["black"] {
				differ++
			}
			if st.Phase == "play" && st.ToAct == me.color {
				rolls++
				require.Len(t, st.Dice, 2)
				assert.GreaterOrEqual(t, st.Dice[0], st.Dice[1], "the larger die first")
				var sj stepsJSON
				me.ok("GET", "steps", "", &sj)
				assert.Equal(t, fmt.Sprintf("%d-%d", st.Dice[0], st.Dice[1]), sj.Roll)
			}
			var ok bool
			if st, ok = me.move(st, n); !ok && st.Players[st.ToAct] == "bot" {
				st, ok = me.awaitBot(st) // the bot owes a move (no slot in time): as playOut
			}
			if !ok {
				break
			}
		}
		assert.Positive(t, differ, "%s: some state with pips that differ", preset)
		assert.Positive(t, rolls, "%s: some roll of the person's", preset)
	}
}

// TestStateOpening: the state shows no opening throw before it is thrown,
// and after it the throw that decided it, white's die and black's, with
// the number of equal throws before it, as the record has them (kills the
// opening shown only before it is thrown).
func TestStateOpening(t *testing.T) {
	c := newClient(t, Config{})
	for seed := range 12 {
		st, me, _ := c.create(fmt.Sprintf(`{"preset":"long-moscow","seed":%d}`, seed))
		assert.Nil(t, st.Opening, "before the opening throw")
		st = me.act("roll", st, "")
		var rec nardy.Record
		me.ok("GET", "record", "", &rec)
		var throws [][2]int
		for _, a := range rec.Actions {
			if a.Kind == nardy.ActOpening {
				throws = append(throws, a.Dice)
			}
		}
		require.NotEmpty(t, throws)
		last := throws[len(throws)-1]
		require.NotNil(t, st.Opening, "seed %d", seed)
		assert.Equal(t, openingJSON{White: last[0], Black: last[1], Rerolls: len(throws) - 1}, *st.Opening, "seed %d", seed)
	}
}

// TestStepsListsAreArrays: GET .../steps gives its lists, the dice left,
// the steps taken, the legal next steps and the dice forfeited, as JSON
// arrays, empty ones included ("taken": [] before the first step), never
// null (kills the steps taken given as null when there are none).
func TestStepsListsAreArrays(t *testing.T) {
	c := newClient(t, Config{})
	_, me := c.toMyPlay(`{"preset":"short-standard","seed":2}`)
	status, b := me.do("GET", "steps", "")
	require.Equal(t, http.StatusOK, status, "%s", b)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	for _, k := range []string{"dice_left", "taken", "next", "forfeited"} {
		_, isArray := raw[k].([]any)
		assert.True(t, isArray, "%s: %s", k, b)
	}
	assert.Empty(t, raw["taken"], "no step taken yet")
}

// TestCreatedStateIsTheCreators: the state in the answer of POST
// /api/games is the creator's (README: the state says whose token asked,
// "you"): its seat, black here, against the bot and against a person
// (kills the state shown as the other seat sees it).
func TestCreatedStateIsTheCreators(t *testing.T) {
	c := newClient(t, Config{})
	for _, opp := range []string{"bot", "human"} {
		status, b := c.do("POST", "/api/games", `{"color":"black","opponent":"`+opp+`"}`)
		require.Equal(t, http.StatusCreated, status, "%s", b)
		var out createdJSON
		require.NoError(t, json.Unmarshal(b, &out))
		assert.Equal(t, "black", out.Seat, opp)
		assert.Equal(t, "black", out.Game.You, opp)
	}
}

// TestLogKeepsTheLastEvents: the state's log keeps the last maxLog events
// (40) of a game and no more: through a whole game against the bot it
// never holds more, and holds exactly that many once more happened
// (kills one event more kept).
func TestLogKeepsTheLastEvents(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.create(`{"preset":"long-moscow","seed":9}`)
	longest := 0
	for n := 0; !st.MatchOver && n < 2000; n++ {
		assert.LessOrEqual(t, len(st.Log), maxLog)
		longest = max(longest, len(st.Log))
		var ok bool
		if st, ok = me.move(st, n); !ok && st.Players[st.ToAct] == "bot" {
			st, ok = me.awaitBot(st) // the bot owes a move (no slot in time): as playOut
		}
		if !ok {
			break
		}
	}
	require.True(t, st.MatchOver)
	assert.Equal(t, maxLog, longest, "a whole game has more than 40 events")
	assert.Len(t, st.Log, maxLog)
}

// TestCreateDefaultBotIsGreedy: a game against the bot created without
// "bot" is played by greedy (README: "greedy (the API's default)").
func TestCreateDefaultBotIsGreedy(t *testing.T) {
	c := newClient(t, Config{})
	st, _, _ := c.create(`{}`)
	assert.Equal(t, "greedy", st.Bot)
}

// TestMatchLogsEachGame: in a match the log tells the end of each game,
// also of a game after which the match goes on, with its winner (kills
// the result logged only at the end of the match).
func TestMatchLogsEachGame(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"long-moscow","opponent":"human","length":5,"seed":3}`)
	st = a.act("roll", st, "")
	mover := byColor(st.ToAct, a, b)
	other := byColor(map[string]string{"white": "black", "black": "white"}[mover.color], a, b)
	st = other.act("resign", st, "")
	st = mover.act("accept", st, "")
	require.False(t, st.MatchOver)
	require.Equal(t, 2, st.GameNumber)
	found := false
	for _, l := range st.Log {
		if strings.HasPrefix(l, "game 1") && strings.Contains(l, mover.color) {
			found = true
		}
	}
	assert.True(t, found, "the end of game 1, won by %s: %q", mover.color, st.Log)
}

// TestDevSeedSaysDev: a game whose dice a request fixed with "seed" (only
// with -dev-seeds) says so in its state, "dev" (README), and a game with
// the server's own seed does not (kills the flag left unset).
func TestDevSeedSaysDev(t *testing.T) {
	c := newClient(t, Config{}) // -dev-seeds
	st, _, _ := c.create(`{"seed":1}`)
	assert.True(t, st.Dev)
	st, _, _ = c.create(`{}`)
	assert.False(t, st.Dev)
}
