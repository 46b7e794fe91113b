package gnubg_test

// The bots' matches that TestMatGnubgRoundTrip writes with WriteMat and
// gives gnubg to read, with resignations offered now and then.

import (
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/stretchr/testify/require"
)

// resigner makes a player whose chance is low sometimes offer to resign
// before the bots act, as oin, mars or koks, at most once a turn: on roll
// or not, before or after the roll. The other bot accepts or rejects.
type resigner struct {
	rng     *rand.Rand
	offered map[[2]int]bool // (plays, phase) of the game when offered
}

func (r *resigner) offer(g nardy.Game) (nardy.Action, bool) {
	if g.Phase() != nardy.PhaseRoll && g.Phase() != nardy.PhasePlay {
		return nardy.Action{}, false
	}
	key := [2]int{g.PlayCount(), int(g.Phase())}
	for _, p := range []nardy.Color{nardy.White, nardy.Black} {
		if r.offered[key] || bot.WinChance(g.Position(), p) > 0.2 || r.rng.IntN(3) > 0 {
			continue
		}
		r.offered[key] = true
		kinds := []nardy.ResultKind{nardy.Oin, nardy.Oin, nardy.Mars, nardy.Koks}
		return nardy.Action{Kind: nardy.ActResign, Player: p, Resign: kinds[r.rng.IntN(len(kinds))]}, true
	}
	return nardy.Action{}, false
}

// botMatch plays a seeded match of length points (0: one money game)
// between two bots that double, take and drop by different thresholds
// (or Random, which takes every double), with resignations, and returns
// its record.
func botMatch(t *testing.T, seed uint64, length int) nardy.Record {
	t.Helper()
	return botMatchOf(t, nardy.DefaultRules(nardy.Short), seed, length)
}

// botMatchOf is botMatch under rules r.
func botMatchOf(t *testing.T, r nardy.Rules, seed uint64, length int) nardy.Record {
	t.Helper()
	rec := nardy.Record{Rules: r, Length: length}
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	bold := &bot.Greedy{Cube: bot.CubePolicy{DoubleAt: 0.6, TakeAt: 0.35, AcceptBelow: 0.9}}
	shy := &bot.Greedy{Cube: bot.CubePolicy{DoubleAt: 0.75, TakeAt: 0.2, AcceptBelow: 0.97}}
	players := [][2]bot.Player{{bold, shy}, {shy, bold}, {bot.NewRandom(seed), bot.NewGreedy()}}[seed%3]
	dice := nardy.NewSeededDice(seed)
	res := &resigner{rng: rand.New(rand.NewPCG(seed, 9)), offered: map[[2]int]bool{}}
	for num := 1; !m.IsOver(); {
		if m.GameNumber() != num {
			num, res.offered = m.GameNumber(), map[[2]int]bool{}
		}
		a, ok := res.offer(m.Game())
		if !ok {
			a, err = bot.Next(m.Game(), players, dice)
			require.NoError(t, err)
		}
		m, err = m.Do(a)
		require.NoError(t, err)
		rec.Actions = append(rec.Actions, a)
		require.Less(t, len(rec.Actions), 100000)
	}
	return rec
}
