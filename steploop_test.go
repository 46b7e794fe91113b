package nardy

// The other loops a server or a bot runs allocate nothing either: a match
// played through Match.Roll and Match.Do with the caller's own steps
// array, whole plays and single steps alternating, and a game played step
// by step with Game.Step (helper-114 found these paths measured at 0
// allocations and held by no test).

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// loopMatch plays a 3-point match under r from src, the last legal play
// each time: on even turns a whole ActPlay, on odd ones ActStep a step at a
// time, every action's steps in the array *steps. It returns the number of
// plays made.
func loopMatch(r Rules, src DiceSource, buf []Play, steps *[4]Step) (int, error) {
	m, err := NewMatch(r, 3)
	if err != nil {
		return 0, err
	}
	plays := 0
	for !m.IsOver() {
		g := m.Game()
		if g.Phase() != PhasePlay {
			if m, _, err = m.Roll(src); err != nil {
				return 0, err
			}
			continue
		}
		roll, _ := g.Dice()
		if buf, err = r.AppendLegal(buf[:0], g.Position(), roll); err != nil {
			return 0, err
		}
		me, st := g.Position().OnRoll(), steps[:0]
		for s := range buf[len(buf)-1].Steps() {
			st = append(st, s)
		}
		switch {
		case plays%2 == 0 || len(st) == 0:
			m, err = m.Do(Action{Kind: ActPlay, Player: me, Steps: st})
		default:
			for i := range st {
				if m, err = m.Do(Action{Kind: ActStep, Player: me, Steps: st[i : i+1]}); err != nil {
					break
				}
			}
		}
		if err != nil {
			return 0, err
		}
		plays++
	}
	return plays, nil
}

// stepGame plays one game under r from src by Game.Step alone, the first
// legal play's steps one at a time (the empty play with Game.Play).
func stepGame(r Rules, src DiceSource, buf []Play) (int, error) {
	g, err := NewGame(r)
	if err != nil {
		return 0, err
	}
	for !g.IsOver() {
		if g.Phase() != PhasePlay {
			if g, _, err = g.Roll(src); err != nil {
				return 0, err
			}
			continue
		}
		roll, _ := g.Dice()
		if buf, err = r.AppendLegal(buf[:0], g.Position(), roll); err != nil {
			return 0, err
		}
		if buf[0].Len() == 0 {
			g, err = g.Play(buf[0])
		}
		for s := range buf[0].Steps() {
			if g, err = g.Step(s); err != nil {
				break
			}
		}
		if err != nil {
			return 0, err
		}
	}
	return g.PlayCount(), nil
}

func TestMatchAndStepLoopAllocs(t *testing.T) {
	for name, r := range gmPresets() {
		src, buf := NewSeededDice(5), make([]Play, 0, MaxPlays)
		var steps [4]Step
		plays := 0
		allocs := testing.AllocsPerRun(3, func() {
			n, err := loopMatch(r, src, buf, &steps)
			if err != nil {
				t.Fatal(err)
			}
			plays += n
		})
		assert.Zero(t, allocs, "%s: a match of Match.Roll and Match.Do (ActPlay, ActStep) allocates", name)
		assert.Greater(t, plays, 40, name)
		plays = 0
		allocs = testing.AllocsPerRun(3, func() {
			n, err := stepGame(r, src, buf)
			if err != nil {
				t.Fatal(err)
			}
			plays += n
		})
		assert.Zero(t, allocs, "%s: a game of Game.Step allocates", name)
		assert.Greater(t, plays, 40, name)
	}
}
