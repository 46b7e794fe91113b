package bot

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// moneyRecorderAt returns a recorder of a money game (length 0) under r,
// played by greedy players with dice from seed up to the first roll phase
// where the player on roll may double (S6: centred cube).
func moneyRecorderAt(t *testing.T, r nardy.Rules, seed uint64) *nardy.Recorder {
	t.Helper()
	rc, err := nardy.NewRecorder(r, 0, nil)
	require.NoError(t, err)
	dice := nardy.NewSeededDice(seed)
	for {
		g := rc.Match().Game()
		if g.Phase() == nardy.PhaseRoll {
			me, _ := g.ToAct()
			if g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}) {
				return rc
			}
		}
		require.NotEqual(t, nardy.PhaseOver, g.Phase())
		a, err := Next(g, [2]Player{&Greedy{}, &Greedy{}}, dice)
		require.NoError(t, err)
		require.NoError(t, rc.Do(a))
	}
}

// TestZeroCubePolicyIsTheDefault: the doc says the zero CubePolicy stands
// for DefaultCubePolicy (double at 70%). A zero Greedy (zero Cube) in a
// money game's first roll phase where it may double, at a chance of
// winning below 70%, rolls; taken literally, zero thresholds would double
// at any chance (>= 0). Kills cubepolicy.go:50 (c = CubePolicy{}).
func TestZeroCubePolicyIsTheDefault(t *testing.T) {
	g := moneyRecorderAt(t, preset(t, "short-standard"), 1).Match().Game()
	me, _ := g.ToAct()
	require.Less(t, WinChance(g.Position(), me), DefaultCubePolicy().DoubleAt, "precondition: an early position, not a double")
	a, err := (&Greedy{}).Act(g, me)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActRoll, a.Kind)

	x := &Expectimax{}
	a, err = x.Act(g, me)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActRoll, a.Kind, "zero Expectimax")
}

// TestMoneyMatchShownStillDoubles_S6: a money game is one game of a match
// of length 0; shown that match (as a driver may: the recorder's match),
// a Greedy with a policy that doubles at any chance still judges the game
// as money play (no score, no dead cube) and doubles. Kills
// cubepolicy.go:126 (g.IsMoney() || ... -> &&: the length-0 match's Away
// of 0–0 made the cube look dead, and the bot never doubled).
func TestMoneyMatchShownStillDoubles_S6(t *testing.T) {
	rc := moneyRecorderAt(t, preset(t, "short-standard"), 1)
	m := rc.Match()
	require.True(t, m.Game().IsMoney())
	me, _ := m.Game().ToAct()
	for name, p := range map[string]interface {
		Player
		MatchSeer
	}{
		"greedy":     &Greedy{Cube: eagerCube},
		"expectimax": &Expectimax{Budget: 50, Cube: eagerCube},
	} {
		p.SeeMatch(m)
		a, err := p.Act(m.Game(), me)
		require.NoError(t, err)
		assert.Equal(t, nardy.ActDouble, a.Kind, name)
	}
}

// TestGreedyCubeThresholdsInclusive: DoubleAt and TakeAt are "at least
// this chance", AcceptBelow is "below this" (CubePolicy's doc). Greedy's
// chance is WinChance of the position; with the threshold set to exactly
// that chance Greedy doubles, takes, and rejects a single resignation.
// Kills cubepolicy.go:72 (>= DoubleAt -> >), :88 (>= takeAt -> >) and :95
// (< AcceptBelow -> <=).
func TestGreedyCubeThresholdsInclusive(t *testing.T) {
	rc := moneyRecorderAt(t, preset(t, "short-standard"), 3)
	g := rc.Match().Game()
	me, _ := g.ToAct()
	p := WinChance(g.Position(), me)

	a, err := (&Greedy{Cube: CubePolicy{DoubleAt: p, TakeAt: 0.25, AcceptBelow: 0.95}}).Act(g, me)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActDouble, a.Kind, "chance == DoubleAt: double")

	cube, err := g.Do(nardy.Action{Kind: nardy.ActDouble, Player: me})
	require.NoError(t, err)
	taker := me.Other()
	q := WinChance(cube.Position(), taker)
	a, err = (&Greedy{Cube: CubePolicy{DoubleAt: 0.7, TakeAt: q, AcceptBelow: 0.95}}).Act(cube, taker)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActTake, a.Kind, "chance == TakeAt: take")

	res, err := g.Do(nardy.Action{Kind: nardy.ActResign, Player: me, Resign: nardy.Oin})
	require.NoError(t, err)
	q = WinChance(res.Position(), taker)
	a, err = (&Greedy{Cube: CubePolicy{DoubleAt: 0.7, TakeAt: 0.25, AcceptBelow: q}}).Act(res, taker)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActReject, a.Kind, "chance == AcceptBelow: not below, reject")
}

// lookAheadChance is Expectimax's cube chance as its doc gives it,
// computed here with the public API: the average over the 21 rolls of the
// player on roll (weights 1/36 and 2/36) of WinChance for me after the play
// that Evaluate scores best for the player on roll. It reports false when
// some roll has no legal play (the doc does not say what counts then).
func lookAheadChance(r nardy.Rules, pos nardy.Position, me nardy.Color) (float64, bool) {
	sum := 0.0
	for _, wr := range nardy.AllRolls() {
		plays, err := r.AppendLegal(nil, pos, wr.Roll)
		if err != nil || len(plays) == 0 {
			return 0, false
		}
		best, bestV := 0, 0.0
		for i, p := range plays {
			if v := Evaluate(p.Result(), pos.OnRoll()); i == 0 || v > bestV {
				best, bestV = i, v
			}
		}
		sum += float64(wr.Weight) * WinChance(plays[best].Result(), me)
	}
	return sum / 36, true
}

// TestExpectimaxCubeChanceLooksOneRollAhead: Expectimax's cube decisions
// use the chance one roll ahead (lookAheadChance). Offered a double, the
// taker's chance is over the doubler's rolls and the doubler's best plays
// (best for the doubler, the player on roll); with TakeAt just below that
// chance Expectimax takes, with TakeAt just above it, it drops; with
// DoubleAt just below its own chance it doubles, just above it it rolls.
// (The margins, 1e-9, leave the summation order free; the thresholds'
// inclusive ends are pinned by TestGreedyCubeThresholdsInclusive.) Kills
// expectimax.go:192 (bestPlay for me: the doubler would play the taker's
// best play, a higher chance) and :189 (err != nil -> ==: the static
// WinChance).
func TestExpectimaxCubeChanceLooksOneRollAhead(t *testing.T) {
	r := preset(t, "short-standard")
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g := moneyRecorderAt(t, r, seed).Match().Game()
		me, _ := g.ToAct()
		p, ok := lookAheadChance(r, g.Position(), me)
		if !ok {
			continue
		}
		a, err := (&Expectimax{Budget: 50, Cube: CubePolicy{DoubleAt: p - 1e-9, TakeAt: 0.25, AcceptBelow: 0.95}}).Act(g, me)
		require.NoError(t, err)
		assert.Equal(t, nardy.ActDouble, a.Kind, "seed %d: chance just above DoubleAt", seed)
		a, err = (&Expectimax{Budget: 50, Cube: CubePolicy{DoubleAt: p + 1e-9, TakeAt: 0.25, AcceptBelow: 0.95}}).Act(g, me)
		require.NoError(t, err)
		assert.Equal(t, nardy.ActRoll, a.Kind, "seed %d: chance just below DoubleAt", seed)

		cube, err := g.Do(nardy.Action{Kind: nardy.ActDouble, Player: me})
		require.NoError(t, err)
		taker := me.Other()
		q, ok := lookAheadChance(r, cube.Position(), taker)
		require.True(t, ok)
		require.Greater(t, math.Abs(q-WinChance(cube.Position(), taker)), 1e-6, "precondition: the look-ahead differs from the static chance")
		a, err = (&Expectimax{Budget: 50, Cube: CubePolicy{DoubleAt: 0.7, TakeAt: q - 1e-9, AcceptBelow: 0.95}}).Act(cube, taker)
		require.NoError(t, err)
		assert.Equal(t, nardy.ActTake, a.Kind, "seed %d: chance just above TakeAt", seed)
		a, err = (&Expectimax{Budget: 50, Cube: CubePolicy{DoubleAt: 0.7, TakeAt: q + 1e-9, AcceptBelow: 0.95}}).Act(cube, taker)
		require.NoError(t, err)
		assert.Equal(t, nardy.ActDrop, a.Kind, "seed %d: chance just below TakeAt", seed)
		checked++
	}
	require.Positive(t, checked)
}

// TestDeadCubeUnderTheDefaultTable_S6: rules whose Scoring is the zero
// table stand for the variant's default table (Scoring's doc), whose
// single game scores 1. In a 1-point match under such rules every win is
// the match, so the cube is dead (S6): Greedy and Expectimax shown the
// match never double, even with a policy that doubles at any chance.
// Kills cubepolicy.go:106 (max(Oin, 1) -> max(Oin, 0): a single game
// worth 0 under the zero table, and the cube never dead).
func TestDeadCubeUnderTheDefaultTable_S6(t *testing.T) {
	r := preset(t, "short-standard")
	r.Scoring = nardy.Scoring{}
	require.NoError(t, r.Validate())
	players := map[string]func() Player{
		"greedy":     func() Player { return &Greedy{Cube: eagerCube} },
		"expectimax": func() Player { return &Expectimax{Budget: 50, Cube: eagerCube} },
	}
	for name, p := range players {
		for seed := range uint64(3) {
			m, rec, err := PlayMatch(r, 1, p(), p(), nardy.NewSeededDice(seed))
			require.NoError(t, err)
			assert.Equal(t, 1, m.GameNumber(), "%s seed %d", name, seed)
			for _, a := range rec.Actions {
				assert.NotEqual(t, nardy.ActDouble, a.Kind, "%s seed %d", name, seed)
			}
		}
	}
}
