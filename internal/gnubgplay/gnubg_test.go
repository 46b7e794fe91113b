package gnubgplay

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
)

// TestMoves: gnubg's answers are legal plays of positions from random
// games (the driver and the notation agree), in money play and, every
// other position, at a random score of a 5-point match with a random cube;
// skips without gnubg.
func TestMoves(t *testing.T) {
	e := startOrSkip(t)
	r := nardy.DefaultRules(nardy.Short)
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	pos := mustPosition(nardy.StartPosition(nardy.Short, nardy.White))
	for i := range 200 {
		if pos.IsOver() {
			pos = mustPosition(nardy.StartPosition(nardy.Short, nardy.White))
		}
		roll := nardy.MustRoll(1+rng.IntN(6), 1+rng.IntN(6))
		var p nardy.Play
		var err error
		if i%2 == 1 { // with a match score and a cube
			away := [2]int{1 + rng.IntN(5), 1 + rng.IntN(5)}
			cube := nardy.Cube{Value: 1 << rng.IntN(3)}
			cube.Owned, cube.Owner = cube.Value > 1, nardy.Color(rng.IntN(2))
			p, err = e.MatchMove(r, CubeQuery{Pos: pos, Cube: cube, MatchTo: 5, Away: away}, roll)
		} else {
			p, err = e.Move(r, pos, roll)
		}
		require.NoError(t, err, "%v %v", pos, roll)
		legal, err := r.AppendLegal(buf[:0], pos, roll)
		require.NoError(t, err)
		found := false
		for _, l := range legal {
			found = found || l.Result() == p.Result()
		}
		assert.True(t, found)
		pos = legal[rng.IntN(len(legal))].Result()
	}
}

// mustPosition returns p or panics on err, for positions a test knows to be
// valid.
func mustPosition(p nardy.Position, err error) nardy.Position {
	if err != nil {
		panic(err)
	}
	return p
}

// startOrSkip starts gnubg at 0-ply for a test, stopped when the test
// ends, or skips the test when gnubg is not installed.
func startOrSkip(t *testing.T) *Engine {
	t.Helper()
	testgen.GnubgOrSkip(t)
	e, err := Start(0)
	require.NoError(t, err)
	t.Cleanup(func() { e.Close() })
	return e
}

// TestQueryScore: in a game of the match shown, the player's questions
// carry the match length, the points each side still needs from the side
// of the player on roll, and the cube; in a game it was not shown, none.
// Over a few seeds both White and Black are on roll in the second game.
func TestQueryScore(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	seen := map[nardy.Color]bool{}
	for seed := range uint64(10) {
		rc, err := nardy.NewRecorder(r, 5, nil)
		require.NoError(t, err)
		dice := nardy.NewSeededDice(seed)
		opening(t, rc, dice)
		// The player on roll resigns a single game: its opponent leads 1-0.
		loser := rc.Match().Game().Position().OnRoll()
		require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActResign, Player: loser, Resign: nardy.Oin}))
		require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActAccept, Player: loser.Other()}))
		opening(t, rc, dice) // the second game's
		m := rc.Match()
		g := m.Game()
		p := &Player{}
		assert.Zero(t, p.query(g).MatchTo, "a match not shown is money play")
		p.SeeMatch(m)
		q := p.query(g)
		onRoll := g.Position().OnRoll()
		seen[onRoll] = true
		want := [2]int{5, 4} // the loser of the first game still needs 5
		if onRoll != loser {
			want = [2]int{4, 5}
		}
		assert.Equal(t, 5, q.MatchTo)
		assert.Equal(t, want, q.Away, "seed %d, %s on roll", seed, onRoll)
		assert.False(t, q.Crawford)
		assert.False(t, q.Jacoby, "no Jacoby in match play")
		assert.Equal(t, g.Position(), q.Pos)
	}
	assert.Len(t, seen, 2)
}

// opening throws the opening dice of rc's game until a player is on roll
// (a tie throws again).
func opening(t *testing.T, rc *nardy.Recorder, dice nardy.DiceSource) {
	t.Helper()
	for rc.Match().Game().Phase() == nardy.PhaseOpening {
		require.NoError(t, rc.Roll(dice))
	}
}

// TestStartRefusesPlies: gnubg reads -1 plies as 15 and 9 as 7, a search
// that never ends; Start refuses them before gnubg runs (no gnubg needed).
func TestStartRefusesPlies(t *testing.T) {
	for _, plies := range []int{-1, MaxPlies + 1, 9} {
		e, err := Start(plies)
		assert.Nil(t, e, "%d plies", plies)
		assert.ErrorContains(t, err, "want 0..4", "%d plies", plies)
	}
}

// TestNoFolderLeft: once New returns, the engine's temporary folder (its
// pipes and script) is gone, so a program killed before Close leaves
// nothing behind (it left one a gnubg process: helper-78); the engine
// still answers.
func TestNoFolderLeft(t *testing.T) {
	e := startOrSkip(t)
	_, err := os.Stat(e.dir)
	assert.True(t, os.IsNotExist(err), "%s: %v", e.dir, err)
	pos := mustPosition(nardy.StartPosition(nardy.Short, nardy.White))
	_, err = e.Move(nardy.DefaultRules(nardy.Short), pos, nardy.MustRoll(3, 1))
	require.NoError(t, err)
}

// TestQueryCrawford: in a 2-point match whose first game was won by a
// single, the second is the Crawford game (the leader 1-away), and the
// questions say so; a game that is not the current game of the match
// shown (here that match's first game) is asked as money play.
func TestQueryCrawford(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	rc, err := nardy.NewRecorder(r, 2, nil)
	require.NoError(t, err)
	dice := nardy.NewSeededDice(1)
	opening(t, rc, dice)
	first := rc.Match().Game()
	loser := first.Position().OnRoll()
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActResign, Player: loser, Resign: nardy.Oin}))
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActAccept, Player: loser.Other()}))
	opening(t, rc, dice)
	m := rc.Match()
	p := &Player{}
	p.SeeMatch(m)
	q := p.query(m.Game())
	assert.True(t, q.Crawford)
	want := [2]int{1, 2}
	if m.Game().Position().OnRoll() == loser {
		want = [2]int{2, 1}
	}
	assert.Equal(t, want, q.Away)
	assert.Equal(t, CubeQuery{Pos: first.Position(), Cube: first.Cube()}, p.query(first), "not the match's game")
}

// TestPlayerCube: with Cube the player doubles where gnubg does (two
// checkers left on its 1-point against fourteen on the opponent's
// 6-point: double, pass) and passes that double; at the start, where
// gnubg does not double, it takes a double. Without Cube it rolls and
// takes whatever gnubg thinks. Skips without gnubg.
func TestPlayerCube(t *testing.T) {
	e := startOrSkip(t)
	r := nardy.DefaultRules(nardy.Short)
	var me, opp nardy.Side
	me[1], me[nardy.Off] = 2, 13
	opp[6], opp[nardy.Off] = 14, 1
	won, err := nardy.NewGameAt(r, nardy.Setup{Position: mustPosition(nardy.NewPosition(nardy.Short, nardy.White, me, opp))})
	require.NoError(t, err)
	start, err := nardy.NewGameAt(r, nardy.Setup{Position: mustPosition(nardy.StartPosition(nardy.Short, nardy.White))})
	require.NoError(t, err)
	doubled := func(g nardy.Game) nardy.Game {
		g, err := g.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
		require.NoError(t, err)
		return g
	}
	for _, c := range []struct {
		cube   bool
		g      nardy.Game
		player nardy.Color
		want   nardy.ActionKind
	}{
		{true, won, nardy.White, nardy.ActDouble},
		{true, doubled(won), nardy.Black, nardy.ActDrop},
		{true, doubled(start), nardy.Black, nardy.ActTake},
		{false, won, nardy.White, nardy.ActRoll},
		{false, doubled(won), nardy.Black, nardy.ActTake},
	} {
		a, err := (&Player{E: e, Cube: c.cube}).Act(c.g, c.player)
		require.NoError(t, err)
		assert.Equal(t, c.want, a.Kind, "Cube %v, %s in phase %s", c.cube, c.player, c.g.Phase())
	}
}
