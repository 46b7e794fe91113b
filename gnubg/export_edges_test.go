package gnubg

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openedMoney returns a money game of rules r after White's opening 3-1
// played 8/5 6/5, Black on roll.
func openedMoney(t *testing.T, r nardy.Rules) nardy.Game {
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	for _, a := range []nardy.Action{{Kind: nardy.ActOpening, Dice: [2]int{3, 1}},
		{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}}} {
		g, err = g.Do(a)
		require.NoError(t, err)
	}
	return g
}

// TestFromGameWhoActs: the Match ID's ToAct (gnubg's "turn", bit 12) is
// the player who must act now (FromMatch): the doubled player after a
// double, the doubler again after a beaver ("a beaver awaiting the
// doubler's answer as gnubg writes it (the cube the beaver took, the
// doubler to act)"), and the other player than the resigning one after a
// resignation ("Resigned, the other player to act"). Game reads each back
// in the same phase.
func TestFromGameWhoActs(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	opened := openedMoney(t, r)
	for _, tc := range []struct {
		name     string
		actions  []nardy.Action
		toAct    nardy.Color
		doubled  bool
		resigned nardy.ResultKind
	}{
		{"double", []nardy.Action{{Kind: nardy.ActDouble, Player: nardy.Black}}, nardy.White, true, 0},
		{"beaver", []nardy.Action{{Kind: nardy.ActDouble, Player: nardy.Black}, {Kind: nardy.ActBeaver, Player: nardy.White}}, nardy.Black, true, 0},
		{"resignation by Black", []nardy.Action{{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Oin}}, nardy.White, false, nardy.Oin},
		{"gammon resigned by Black", []nardy.Action{{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Mars}}, nardy.White, false, nardy.Mars},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := opened
			var err error
			for _, a := range tc.actions {
				g, err = g.Do(a)
				require.NoError(t, err)
			}
			pid, id, err := FromGame(g)
			require.NoError(t, err)
			assert.Equal(t, nardy.Black, id.OnRoll)
			assert.Equal(t, tc.toAct, id.ToAct)
			assert.Equal(t, tc.doubled, id.Doubled)
			assert.Equal(t, tc.resigned, id.Resigned)
			back, err := Game(r, pid, id.String())
			require.NoError(t, err)
			assert.Equal(t, g.Phase(), back.Phase())
			assert.Equal(t, g.Beavered(), back.Beavered())
		})
	}
}

// TestFromGameRolledTurn: with the dice rolled, the IDs hold the board
// before the turn's first step and the dice, larger first (FromMatch: "in
// the middle of a play made step by step the board before the first step
// with the dice rolled"), and so after a resignation offered with the
// dice rolled ("a play begun, or interrupted by a resignation").
func TestFromGameRolledTurn(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	rolled, err := openedMoney(t, r).Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.Black, Dice: [2]int{4, 6}})
	require.NoError(t, err)
	before, err := PositionID(rolled.Position())
	require.NoError(t, err)
	stepped, err := rolled.Do(nardy.Action{Kind: nardy.ActStep, Player: nardy.Black, Steps: []nardy.Step{{From: 24, To: 18, Die: 6}}})
	require.NoError(t, err)
	resigned, err := rolled.Do(nardy.Action{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Oin})
	require.NoError(t, err)
	require.Equal(t, nardy.PhaseResign, resigned.Phase())

	for name, g := range map[string]nardy.Game{"rolled": rolled, "a step taken": stepped, "resigned after rolling": resigned} {
		pid, id, err := FromGame(g)
		require.NoError(t, err, name)
		assert.Equal(t, before, pid, name)
		assert.Equal(t, [2]int{6, 4}, id.Dice, name)
		back, err := Game(r, pid, id.String())
		require.NoError(t, err, name)
		assert.Equal(t, g.Phase(), back.Phase(), name)
		tn, _ := back.Turn()
		assert.Equal(t, nardy.MustRoll(6, 4), tn.Roll(), name)
	}
}

// TestGameJacobyFromBit67MoneyOnly: bit 67 says the Jacoby rule is off in
// money play only (Game: "in money play, bit 67 says the Jacoby rule is
// off ... the rest is r's"); gnubg sets it in every match, where the
// caller's rules stand.
func TestGameJacobyFromBit67MoneyOnly(t *testing.T) {
	const start = "4HPwATDgc/ABMA"
	r := nardy.DefaultRules(nardy.Short)
	for _, jacoby := range []bool{true, false} {
		r.Jacoby = jacoby
		match := NewMatchID()
		match.MatchLength, match.Bit67 = 5, true
		g, err := Game(r, start, match.String())
		require.NoError(t, err)
		assert.Equal(t, jacoby, g.Rules().Jacoby, "a match: the caller's rule")

		money := NewMatchID()
		for _, bit := range []bool{true, false} {
			money.Bit67 = bit
			g, err := Game(r, start, money.String())
			require.NoError(t, err)
			assert.Equal(t, !bit, g.Rules().Jacoby, "money play: bit 67 %v", bit)
		}
	}
}
