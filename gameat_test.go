package nardy

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// genSetup draws rules with or without the cube, a position of a random
// game or a random valid one that is not over, and a cube, starter, match
// and Crawford flag those rules allow.
func genSetup(t *rapid.T) (Rules, Setup) {
	c := genCase().Draw(t, "case")
	r := c.Rules
	if r.Variant == Short {
		r.Cube = rapid.Bool().Draw(t, "cube")
		r.Crawford = r.Cube && rapid.Bool().Draw(t, "crawford rule")
		r.MaxCube = rapid.SampledFrom([]int{0, 2, 8, 64, 1 << 20}).Draw(t, "max cube")
		if !r.Cube {
			r.MaxCube, r.Jacoby, r.Beavers = 0, false, false
		}
	}
	if c.Pos.IsOver() {
		t.Skip("a finished position")
	}
	if r.CheckPosition(c.Pos.Pass()) != nil {
		t.Skip("a block the player not on roll holds (L5): no game reaches it") // genCase checks the mover's side alone
	}
	s := Setup{Position: c.Pos, Starter: Color(rapid.IntRange(0, 1).Draw(t, "starter"))}
	if r.Cube {
		limit := 0
		for v := 1; v <= r.CubeLimit(); v *= 2 {
			limit++
		}
		s.Cube.Value = 1 << rapid.IntRange(0, limit-1).Draw(t, "cube exponent")
		if s.Cube.Value > 1 {
			s.Cube.Owned, s.Cube.Owner = true, Color(rapid.IntRange(0, 1).Draw(t, "owner"))
		}
	}
	s.Match = rapid.Bool().Draw(t, "match")
	s.Crawford = s.Match && r.Crawford && s.Cube.Value <= 1 && rapid.Bool().Draw(t, "crawford game")
	return r, s
}

// TestPropertyNewGameAt: a game set up at any position the rules allow is
// waiting for the player on roll to roll or double, at that board, cube
// and starter; its JSON reads back to the same game (the state invariants
// of a game hold); with dice set it offers the plays Legal lists for the
// position; and a double is allowed exactly as S6 says: rules with the
// cube, not the Crawford game, a cube centred or the mover's, below the
// limit.
func TestPropertyNewGameAt(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, s := genSetup(t)
		g, err := NewGameAt(r, s)
		if err != nil {
			t.Fatalf("NewGameAt(%+v, %+v): %v", r, s, err)
		}
		me := s.Position.OnRoll()
		if who, ok := g.ToAct(); g.Phase() != PhaseRoll || !ok || who != me {
			t.Fatalf("phase %s, %s to act; want %s to roll", g.Phase(), who, me)
		}
		cube := s.Cube
		if cube == (Cube{}) {
			cube.Value = 1
		}
		if st, _ := g.Starter(); g.Position() != s.Position || g.Cube() != cube || st != s.Starter ||
			g.IsMoney() == s.Match || g.IsCrawford() != s.Crawford || g.IsOver() {
			t.Fatalf("game %+v does not hold setup %+v", g, s)
		}
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var back Game
		if err := json.Unmarshal(b, &back); err != nil || back != g {
			t.Fatalf("JSON read back: %v\n%s", err, b)
		}
		mayDouble := r.Cube && !s.Crawford && (!cube.Owned || cube.Owner == me) && 2*cube.Value <= r.CubeLimit()
		if got := g.Can(Action{Kind: ActDouble, Player: me}); got != mayDouble {
			t.Fatalf("Can double %v, want %v (rules cube %v, limit %d, cube %+v, Crawford %v)", got, mayDouble, r.Cube, r.CubeLimit(), cube, s.Crawford)
		}
		roll := genRoll().Draw(t, "roll")
		want, err := r.Legal(s.Position, roll)
		if err != nil {
			t.Fatalf("Legal: %v", err)
		}
		g, err = g.SetDice(roll)
		if err != nil {
			t.Fatalf("SetDice(%s): %v", roll, err)
		}
		if len(want) == 1 && want[0].Len() == 0 { // no move: the roll passes (C5)
			if who, _ := g.ToAct(); who != me.Other() {
				t.Fatalf("a roll without a move left %s to act", who)
			}
			return
		}
		got, err := g.Legal()
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("Legal after SetDice: %d plays, %v; want %d", len(got), err, len(want))
		}
		// It plays on to its end as any game does (a game set up with a
		// block the other player held, L5, stopped at that player's roll).
		for n := 0; !g.IsOver(); n++ {
			if n > 2000 {
				t.Fatalf("no end after %d actions", n)
			}
			switch g.Phase() {
			case PhaseRoll:
				g, err = g.SetDice(genRoll().Draw(t, "roll"))
			case PhasePlay:
				plays, _ := g.Legal()
				g, err = g.Play(plays[rapid.IntRange(0, len(plays)-1).Draw(t, "play")])
			default:
				t.Fatalf("phase %s", g.Phase())
			}
			if err != nil {
				t.Fatalf("action %d in phase %s: %v", n, g.Phase(), err)
			}
		}
	})
}

// TestNewGameAtRefuses: what NewGameAt refuses, each with its sentinel;
// a game read from JSON refuses a block the player not on roll holds as
// NewGameAt does (both accepted it).
func TestNewGameAtRefuses(t *testing.T) {
	short, long := DefaultRules(Short), DefaultRules(Long)
	start := mustPosition(StartPosition(Short, White))
	over := mustPosition(NewPosition(Short, White, Side{Off: 15}, Side{6: 15}))
	held := mustPosition(ParsePosition("long w 11111100000000000000000900/00000000000000000000000f00"))
	heldOff := mustPosition(ParsePosition("long w 00000000000000000000000f00/11111100000000000000000900"))
	halfDraw := long
	halfDraw.LastRollDraw, halfDraw.Scoring.DrawHalf = true, true
	noCube := short
	noCube.Cube, noCube.Crawford, noCube.Jacoby, noCube.Beavers, noCube.MaxCube = false, false, false, false, 0
	for _, c := range []struct {
		name string
		r    Rules
		s    Setup
		want error
	}{
		{"zero rules", Rules{}, Setup{Position: start}, ErrInvalidRules},
		{"zero position", short, Setup{}, ErrInvalidPosition},
		{"long position, short rules", short, Setup{Position: mustPosition(StartPosition(Long, White))}, ErrVariantMismatch},
		{"a held block (L5)", long, Setup{Position: held}, ErrInvalidPosition},
		{"borne off", short, Setup{Position: over}, ErrGameOver},
		{"cube 3", short, Setup{Position: start, Cube: Cube{Value: 3, Owned: true}}, ErrInvalidPosition},
		{"cube 128 past 64", short, Setup{Position: start, Cube: Cube{Value: 128, Owned: true}}, ErrInvalidPosition},
		{"cube -2", short, Setup{Position: start, Cube: Cube{Value: -2, Owned: true}}, ErrInvalidPosition},
		{"cube 2 centred", short, Setup{Position: start, Cube: Cube{Value: 2}}, ErrInvalidPosition},
		{"cube 1 owned", short, Setup{Position: start, Cube: Cube{Value: 1, Owned: true, Owner: Black}}, ErrInvalidPosition},
		{"cube owner 7", short, Setup{Position: start, Cube: Cube{Value: 2, Owned: true, Owner: 7}}, ErrInvalidPosition},
		{"cube 2 without the cube", noCube, Setup{Position: start, Cube: Cube{Value: 2, Owned: true}}, ErrInvalidPosition},
		{"cube in long nardy", long, Setup{Position: mustPosition(StartPosition(Long, White)), Cube: Cube{Value: 2, Owned: true}}, ErrInvalidPosition},
		{"Crawford in money play", short, Setup{Position: start, Crawford: true}, ErrInvalidPosition},
		{"Crawford with the cube at 2", short, Setup{Position: start, Match: true, Crawford: true, Cube: Cube{Value: 2, Owned: true}}, ErrInvalidPosition},
		{"Crawford without the cube", noCube, Setup{Position: start, Match: true, Crawford: true}, ErrInvalidPosition},
		{"starter 9", short, Setup{Position: start, Starter: 9}, ErrInvalidPosition},
		{"both on the bar against closed boards", short, Setup{Position: mustPosition(ParsePosition("short w 22222200000000000000000030/22222200000000000000000030"))}, ErrInvalidPosition},
		{"a block held by the player not on roll (L5)", long, Setup{Position: heldOff}, ErrInvalidPosition},
		{"a match under a ½–½ draw", halfDraw, Setup{Position: mustPosition(StartPosition(Long, White)), Match: true}, ErrInvalidRules},
	} {
		g, err := NewGameAt(c.r, c.s)
		assert.ErrorIs(t, err, c.want, c.name)
		assert.NotErrorIs(t, err, ErrBadRecord, "%s: not a record's error", c.name)
		assert.Equal(t, Game{}, g, c.name)
	}
	// The messages say which condition fails and what is wanted.
	for _, c := range []struct {
		r    Rules
		s    Setup
		want string
	}{
		{short, Setup{Position: start, Crawford: true}, "a Crawford game in money play"},
		{short, Setup{Position: start, Match: true, Crawford: true, Cube: Cube{Value: 2, Owned: true}}, "a Crawford game with the cube at 2"},
		{noCube, Setup{Position: start, Match: true, Crawford: true}, "rules without the cube or the Crawford rule"},
		{short, Setup{Position: start, Cube: Cube{Value: 1, Owner: 7}}, "cube owner 7: want white or black"},
	} {
		_, err := NewGameAt(c.r, c.s)
		assert.ErrorContains(t, err, c.want)
	}
	g, err := NewGameAt(long, Setup{Position: mustPosition(StartPosition(Long, White))})
	require.NoError(t, err)
	b, err := json.Marshal(g)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	m["position"] = heldOff.String()
	b, err = json.Marshal(m)
	require.NoError(t, err)
	err = json.Unmarshal(b, &g)
	assert.ErrorIs(t, err, ErrInvalidPosition, "a game's JSON with a block the player not on roll holds")
	assert.ErrorContains(t, err, "the player not on roll holds a six-block")
}

// TestNewGameAtPlaysOn: a game set up in the middle plays to its end like
// any other, and L11's last roll goes to the player who was not the
// starter: white, 1 checker from home against black's 15 borne off but
// one, bears off first; as the starter, black gets a last roll; as the
// second player, the game is over at once.
func TestNewGameAtPlaysOn(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	pos := mustPosition(NewPosition(Long, White, Side{1: 1, Off: 14}, Side{1: 1, Off: 14}))
	for _, c := range []struct {
		starter  Color
		lastRoll bool
	}{{White, true}, {Black, false}} {
		g, err := NewGameAt(r, Setup{Position: pos, Starter: c.starter})
		require.NoError(t, err)
		g = playFirst(t, g, MustRoll(6, 5))
		assert.Equal(t, c.lastRoll, g.IsLastRoll(), "starter %s", c.starter)
		assert.Equal(t, !c.lastRoll, g.IsOver(), "starter %s", c.starter)
	}
}

// TestLastRollNoResignByWinner_L11: while the other player has its last
// roll, the player who has borne off every checker cannot offer to resign
// (it could, and by an accepted offer lose as a mars a game it had won or
// drawn); the player with the last roll still may. A game read from JSON
// with such an offer is refused.
func TestLastRollNoResignByWinner_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	pos := mustPosition(NewPosition(Long, White, Side{1: 1, Off: 14}, Side{6: 3, Off: 12}))
	g, err := NewGameAt(r, Setup{Position: pos, Starter: White})
	require.NoError(t, err)
	g = playFirst(t, g, MustRoll(6, 5))
	require.True(t, g.IsLastRoll())
	assert.NotContains(t, g.Allowed(White), ActResign, "white has borne off every checker")
	_, err = g.Resign(White, Mars)
	assert.ErrorIs(t, err, ErrActionRefused)
	var ae *ActionError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "L11", ae.Rule)
	assert.Contains(t, g.Allowed(Black), ActResign, "black, with the last roll, may concede")
	offered, err := g.Resign(Black, Oin)
	require.NoError(t, err)

	b, err := json.Marshal(offered)
	require.NoError(t, err)
	var back Game
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, offered, back)
	forged := strings.Replace(string(b), `"offer_by":"black"`, `"offer_by":"white"`, 1)
	require.NotEqual(t, string(b), forged, "the offer's field")
	assert.ErrorIs(t, json.Unmarshal([]byte(forged), &back), ErrBadRecord)
}

// playFirst sets roll as g's dice and plays the first legal play.
func playFirst(t *testing.T, g Game, roll Roll) Game {
	t.Helper()
	g, err := g.SetDice(roll)
	require.NoError(t, err)
	plays, err := g.Legal()
	require.NoError(t, err)
	g, err = g.Play(plays[0])
	require.NoError(t, err)
	return g
}
