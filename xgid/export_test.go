package xgid

import (
	"fmt"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exportState is a match as it stood during a random match, and what its
// ID must say, worked out from the match itself (not from FromMatch).
type exportState struct {
	m     nardy.Match
	pos   nardy.Position // the board of the ID: before the steps of a play in progress
	dice  nardy.Roll     // the zero Roll before the dice are rolled
	cube  nardy.Cube     // the cube before a double awaiting its answer
	phase nardy.Phase    // Roll, Play or Cube
	err   error          // what FromMatch must give instead, for the other phases
}

// exportStates replays random matches (testgen.RandomMatchOf: plays whole
// and step by step with steps taken back, doubles, beavers, takes, drops,
// resignations) and returns every state each went through.
func exportStates(t *testing.T, seeds int) []exportState {
	t.Helper()
	money := nardy.DefaultRules(nardy.Short)
	money.Beavers = true
	var out []exportState
	for seed := range uint64(seeds) {
		for _, c := range []struct {
			r      nardy.Rules
			length int
		}{{nardy.DefaultRules(nardy.Short), 3}, {nardy.DefaultRules(nardy.Short), 7}, {money, 0}} {
			rec := testgen.RandomMatchOf(t, c.r, c.length, seed)
			rc, err := nardy.NewRecorder(rec.Rules, rec.Length, nil)
			require.NoError(t, err)
			for _, a := range rec.Actions {
				out = append(out, stateOf(rc.Match()))
				require.NoError(t, rc.Do(a))
			}
			out = append(out, stateOf(rc.Match()))
		}
	}
	return out
}

func stateOf(m nardy.Match) exportState {
	g := m.Game()
	s := exportState{m: m, pos: g.Position(), cube: g.Cube(), phase: g.Phase()}
	switch {
	case m.IsOver():
		s.err = nardy.ErrGameOver
	case g.Phase() == nardy.PhasePlay:
		t, _ := g.Turn()
		s.pos, s.dice = t.Start(), t.Roll()
	case g.Phase() == nardy.PhaseOpening || g.Phase() == nardy.PhaseResign:
		s.err = nardy.ErrWrongPhase
	}
	return s
}

// TestFromMatch: the ID of every state of random matches and money games
// reads back (Parse of Format) to itself, and its match (ID.Match) is the
// state's board, phase, dice, cube, score and Crawford game; a finished
// match, the opening throw and a resignation offered are refused with
// their sentinels.
func TestFromMatch(t *testing.T) {
	seen := map[nardy.Phase]int{}
	steps, crawford := 0, 0
	for _, s := range exportStates(t, 12) {
		x, err := FromMatch(s.m)
		if s.err != nil {
			assert.ErrorIs(t, err, s.err, "%v", s.phase)
			continue
		}
		require.NoError(t, err)
		text, err := Format(x)
		require.NoError(t, err)
		back, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, x, back, text)

		m, err := back.Match()
		require.NoError(t, err, text)
		g := m.Game()
		assert.Equal(t, s.pos, g.Position(), text)
		assert.Equal(t, s.phase, g.Phase(), text)
		dice, _ := g.Dice()
		if s.phase == nardy.PhasePlay {
			assert.Equal(t, s.dice, dice, text)
		}
		c := g.Cube()
		assert.Equal(t, s.cube.Value, max(c.Value, 1), text)
		assert.Equal(t, s.cube.Owned, c.Owned, text)
		if c.Owned {
			assert.Equal(t, s.cube.Owner, c.Owner, text)
		}
		assert.Equal(t, s.m.Game().IsCrawford(), g.IsCrawford(), text)
		assert.Equal(t, s.m.Length(), m.Length(), text)
		w0, b0 := s.m.Score()
		w1, b1 := m.Score()
		assert.Equal(t, [2]int{w0, b0}, [2]int{w1, b1}, text)
		seen[s.phase]++
		if t, _ := s.m.Game().Turn(); s.phase == nardy.PhasePlay && t.Len() > 0 {
			steps++
		}
		if g.IsCrawford() {
			crawford++
		}
	}
	t.Logf("IDs of %v; %d in a play made step by step; %d Crawford games", seen, steps, crawford)
	assert.Greater(t, seen[nardy.PhaseCube], 20)
	assert.Greater(t, steps, 100)
	assert.Greater(t, crawford, 20)
}

// TestFromGameRefuses: what an XGID cannot say is an error with its
// sentinel: a game of match play (its score), long nardy, another scoring
// table, the zero Game.
func TestFromGameRefuses(t *testing.T) {
	m, err := nardy.NewMatch(nardy.DefaultRules(nardy.Short), 5)
	require.NoError(t, err)
	_, err = FromGame(m.Game())
	assert.ErrorIs(t, err, nardy.ErrInvalidRules)

	long, err := nardy.NewGame(nardy.DefaultRules(nardy.Long))
	require.NoError(t, err)
	long, _, err = long.Roll(nardy.NewSeededDice(1))
	require.NoError(t, err)
	_, err = FromGame(long)
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch)

	g, err := nardy.NewGame(variants.ShortTavla()) // S7: mars 2, no koks
	require.NoError(t, err)
	g, _, err = g.Roll(nardy.NewSeededDice(1))
	require.NoError(t, err)
	_, err = FromGame(g)
	assert.ErrorIs(t, err, nardy.ErrInvalidRules)

	// The zero scoring table is the variant's (S5: 1, 2, 3): written.
	r := nardy.Rules{Variant: nardy.Short, Cube: true}
	zs, err := nardy.NewGame(r)
	require.NoError(t, err)
	zs, _, err = zs.Roll(nardy.NewSeededDice(1))
	require.NoError(t, err)
	_, err = FromGame(zs)
	assert.NoError(t, err, "the zero Scoring")

	_, err = FromGame(nardy.Game{})
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition)
	_, err = FromMatch(nardy.Match{})
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition)
}

// TestFromMatchGnubgAgrees: GNU Backgammon reads the IDs FromMatch writes
// as the games they come from: the board (gnubg's Position ID, from the
// player on turn), the cube and its owner, the score, the match length,
// the Crawford game and the dice, each compared with the match the ID was
// made of.
func TestFromMatchGnubgAgrees(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	if testing.Short() {
		t.Skip("runs gnubg")
	}
	var states []exportState
	var texts []string
	for _, s := range exportStates(t, 12) {
		x, err := FromMatch(s.m)
		if s.err != nil {
			continue
		}
		require.NoError(t, err)
		text, err := Format(x)
		require.NoError(t, err)
		states, texts = append(states, s), append(texts, text)
	}
	got := testgen.GnubgLines(t, bin, xgidDriver, texts)
	doubled := 0
	for i, s := range states {
		text := texts[i]
		var pid, mid string
		var gCrawford, gJacoby int
		_, err := fmt.Sscanf(got[i], "%s %s %d %d", &pid, &mid, &gCrawford, &gJacoby)
		require.NoError(t, err, got[i])
		want, err := gnubg.PositionID(s.pos)
		require.NoError(t, err)
		assert.Equal(t, want, pid, "%s: the board", text)
		m, err := gnubg.ParseMatchID(mid)
		require.NoError(t, err, "%s: gnubg holds %s", text, mid)
		onRoll := s.pos.OnRoll() // gnubg's player 1
		assert.Equal(t, s.cube.Value, m.CubeValue, text)
		assert.Equal(t, !s.cube.Owned, m.CubeCentred, text)
		if s.cube.Owned {
			assert.Equal(t, s.cube.Owner == onRoll, m.CubeOwner == nardy.Black, "%s: the cube's owner", text)
		}
		w, b := s.m.Score()
		score := [2]int{w, b}
		assert.Equal(t, [2]int{score[onRoll.Other()], score[onRoll]}, m.Score, text)
		assert.Equal(t, s.m.Length(), m.MatchLength, text)
		assert.Equal(t, s.m.Game().IsCrawford(), m.Crawford, text)
		if s.phase == nardy.PhaseCube {
			doubled++
		}
		if s.phase == nardy.PhasePlay {
			assert.ElementsMatch(t, []int{s.dice.High(), s.dice.Low()}, m.Dice[:], text)
		} else {
			assert.Equal(t, [2]int{}, m.Dice, text)
		}
		if s.m.Length() == 0 {
			assert.Equal(t, s.m.Rules().Jacoby, gJacoby == 1, "%s: Jacoby", text)
		}
	}
	t.Logf("%d IDs read by gnubg, %d with a double awaiting its answer", len(texts), doubled)
	assert.Greater(t, len(texts), 1000)
	assert.Greater(t, doubled, 20)
}
