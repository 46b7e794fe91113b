package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// actKinds is the contract of Player.Act: the kinds of action it may
// return in each phase.
var actKinds = map[nardy.Phase][]nardy.ActionKind{
	nardy.PhaseRoll:   {nardy.ActRoll, nardy.ActDouble},
	nardy.PhasePlay:   {nardy.ActPlay}, // after a step too: a play the turn can still become
	nardy.PhaseCube:   {nardy.ActTake, nardy.ActDrop, nardy.ActBeaver},
	nardy.PhaseResign: {nardy.ActAccept, nardy.ActReject},
}

// contractCase is a state Act is checked in: a phase, and in PhasePlay
// whether steps were already taken.
type contractCase struct {
	phase   nardy.Phase
	stepped bool
}

// checkAct checks the contract of Player.Act in g for both colours: the
// player g does not wait for gets ErrNotToAct; the one it waits for gets
// an action of the phase's kinds that g.Do accepts, or a roll without dice
// that g.Do refuses as it is and g.Roll performs. It returns the action
// (zero when nobody is to act) and counts the state in seen.
func checkAct(t *testing.T, p Player, g nardy.Game, seen map[contractCase]int) nardy.Action {
	t.Helper()
	me, toAct := g.ToAct()
	for _, c := range [2]nardy.Color{nardy.White, nardy.Black} {
		if toAct && c == me {
			continue
		}
		_, err := p.Act(g, c)
		require.ErrorIs(t, err, ErrNotToAct, "%s as %s in phase %s", p.Name(), c, g.Phase())
	}
	if !toAct {
		seen[contractCase{phase: g.Phase()}]++
		return nardy.Action{}
	}
	a, err := p.Act(g, me)
	require.NoError(t, err, "%s in phase %s", p.Name(), g.Phase())
	require.Contains(t, actKinds[g.Phase()], a.Kind, "%s in phase %s", p.Name(), g.Phase())
	require.Equal(t, me, a.Player)
	if a.Kind == nardy.ActRoll {
		require.Zero(t, a.Dice, "a player never chooses its dice")
		_, err := g.Do(a)
		require.ErrorIs(t, err, nardy.ErrInvalidRoll, "a roll without dice is not for g.Do")
		n, thrown, err := g.Roll(nardy.NewSeededDice(uint64(g.PlayCount())))
		require.NoError(t, err, "g.Roll performs the roll")
		require.Equal(t, a.Player, thrown.Player)
		require.NotEqual(t, g, n)
	} else {
		_, err := g.Do(a)
		require.NoError(t, err, "%s: %s in phase %s refused", p.Name(), a.Kind, g.Phase())
	}
	tn, _ := g.Turn()
	seen[contractCase{phase: g.Phase(), stepped: tn.Len() > 0}]++
	return a
}

// sideStates returns states one action away from g that the main line of
// a game between bots seldom reaches: a double (PhaseCube), each
// resignation offer of the player not to act (PhaseResign), a step taken
// by hand (PhasePlay with a step taken).
func sideStates(g nardy.Game, rng *rand.Rand) []nardy.Game {
	me, ok := g.ToAct()
	if !ok {
		return nil
	}
	var out []nardy.Game
	if n, err := g.Do(nardy.Action{Kind: nardy.ActDouble, Player: me}); err == nil {
		out = append(out, n)
	}
	if g.Phase() == nardy.PhaseRoll || g.Phase() == nardy.PhasePlay {
		for _, k := range []nardy.ResultKind{nardy.Oin, nardy.Mars, nardy.Koks} {
			if n, err := g.Resign(me.Other(), k); err == nil {
				out = append(out, n)
			}
		}
	}
	if t, ok := g.Turn(); ok {
		if next := slices.Collect(t.NextSteps()); len(next) > 0 {
			if n, err := g.Step(next[rng.IntN(len(next))]); err == nil && n.Phase() == nardy.PhasePlay {
				out = append(out, n)
			}
		}
	}
	return out
}

// TestActContract checks the documented contract of Player.Act for every
// player of New, in every phase (the opening and the end included, and a
// play with steps already taken), over whole games of long and short nardy
// with the cube, and the states one double, one resignation offer or one
// step away from each (for the slow neural1 and neural2, along the first
// 60 and 16 states of each game and at its end).
func TestActContract(t *testing.T) {
	longCube := variants.LongMoscow()
	longCube.Cube = true
	rules := map[string]nardy.Rules{"short-standard": variants.ShortStandard(), "long with the cube": longCube}
	for _, name := range Names() {
		if testing.Short() && name != "random" && name != "greedy" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			seen := map[contractCase]int{}
			for rname, r := range rules {
				p, err := New(name, 3)
				require.NoError(t, err)
				g, err := nardy.NewGame(r)
				require.NoError(t, err)
				dice := nardy.NewSeededDice(uint64(len(rname)))
				rng := rand.New(rand.NewPCG(5, 6))
				for i := 0; ; i++ {
					require.Less(t, i, 2000, "%s: the game does not end", rname)
					// The neural players that search are slow: after their
					// first plays, greedy drives the game to its end.
					mover := p
					if slow := map[string]int{"neural1": 60, "neural2": 16}[name]; slow > 0 && i >= slow && g.Phase() != nardy.PhaseOver {
						mover = NewGreedy()
					} else {
						for _, side := range sideStates(g, rng) {
							checkAct(t, p, side, seen)
						}
					}
					a := checkAct(t, mover, g, seen)
					if g.Phase() == nardy.PhaseOver {
						break
					}
					if a.Kind == 0 || a.Kind == nardy.ActRoll { // the opening, a roll
						g, _, err = g.Roll(dice)
					} else {
						g, err = g.Do(a)
					}
					require.NoError(t, err)
				}
			}
			for _, c := range []contractCase{{phase: nardy.PhaseOpening}, {phase: nardy.PhaseRoll},
				{phase: nardy.PhasePlay}, {phase: nardy.PhasePlay, stepped: true}, {phase: nardy.PhaseCube},
				{phase: nardy.PhaseResign}, {phase: nardy.PhaseOver}} {
				assert.Positive(t, seen[c], "%s: no state %+v", name, c)
			}
			t.Log(fmt.Sprint(seen))
		})
	}
}
