package flowcheck

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/nardylab/nardy"
)

// endSides builds a board near the end: the winner-to-be w with 1..3 checkers
// home and the rest off (none with done: w has finished); the other side's
// checkers placed by a mode that reaches every result kind: on the bar
// (short), on its 19..24, at home, with checkers off (11..14 of them for
// L11's last roll, mostly so when w has finished), or anywhere.
func endSides(rng *rand.Rand, v nardy.Variant, done bool) (w, l nardy.Side) {
	k := 1 + rng.IntN(3)
	if done {
		k = 0
	}
	for i := 0; i < k; i++ {
		w[1+rng.IntN(6)]++
	}
	w[nardy.Off] = nardy.Checkers - k
	// Points of w in l's numbering are closed to l here (no shared points).
	closed := map[int]bool{}
	for q := 1; q <= 24; q++ {
		if w[q] > 0 {
			closed[nardy.OpponentPoint(v, q)] = true
		}
	}
	off := 0
	switch rng.IntN(4) {
	case 1:
		off = 1 + rng.IntN(14)
	case 2:
		off = 11 + rng.IntN(4)
	}
	if done && rng.IntN(4) > 0 {
		off = 11 + rng.IntN(4)
	}
	l[nardy.Off] = off
	mode := rng.IntN(6)
	for i := 0; i < nardy.Checkers-off; i++ {
		for {
			var q int
			switch mode {
			case 0:
				q = 19 + rng.IntN(6)
			case 1:
				q = 1 + rng.IntN(6)
			case 2:
				if v == nardy.Short && rng.IntN(3) == 0 {
					q = nardy.Bar
				} else {
					q = 1 + rng.IntN(24)
				}
			case 3:
				q = 1 + rng.IntN(9) // mostly home, a few just outside
			case 4:
				q = 1 + rng.IntN(24)
			default: // short: the bar, else short of the winner's home
				if v == nardy.Short && i < 2 {
					q = nardy.Bar
				} else {
					q = 1 + rng.IntN(12)
				}
			}
			if !closed[q] {
				l[q]++
				break
			}
		}
	}
	return w, l
}

// runEnds sets up games at hand-built end positions (NewGameAt) and plays
// them out: the loser on the bar, on 19..24, home, with checkers off, and
// L11's last roll, to come or set up at it. A board where the winner has
// borne off every checker is a finished game (C7), which NewGameAt refuses
// (ErrGameOver), but for L11's last roll: under LastRollDraw, the winner
// the player who moved first and the other on roll with four or fewer left
// (no roll bears off five), the game a played game is at then.
func runEnds(seed uint64, n int, pl plants) *stats {
	s := newStats()
	rng := rand.New(rand.NewPCG(seed, 3))
	skipped := 0
	for i := 0; i < n; i++ {
		if pl.stopEarly && len(s.diffs) > 0 {
			break
		}
		r := randomRules(rng, rng.IntN(3) == 0)
		pol := randomPolicy(rng)
		pol.resign /= 2
		winner := nardy.Color(rng.IntN(2))
		done := rng.IntN(4) == 0 // the winner has finished: over, or L11's last roll
		if done && r.Variant == nardy.Long && rng.IntN(2) == 0 {
			r.LastRollDraw = true
		}
		ws, ls := endSides(rng, r.Variant, done)
		mover := winner
		if rng.IntN(3) == 0 {
			mover = winner.Other()
		}
		if done && rng.IntN(4) > 0 {
			mover = winner.Other()
		}
		me, opp := ws, ls
		if mover != winner {
			me, opp = ls, ws
		}
		pos, err := nardy.NewPosition(r.Variant, mover, me, opp)
		if err != nil {
			skipped++ // a six-block (L5) or a closed board: the move rules' business
			continue
		}
		setup := nardy.Setup{Position: pos, Starter: nardy.Color(rng.IntN(2))}
		if done && rng.IntN(4) > 0 {
			setup.Starter = winner
		}
		setup.Match = rng.IntN(3) == 0 && !r.Scoring.DrawHalf
		if r.Cube && rng.IntN(2) == 0 {
			lim := r.CubeLimit()
			v := 2 << rng.IntN(3)
			if v <= lim {
				setup.Cube = nardy.Cube{Value: v, Owned: true, Owner: nardy.Color(rng.IntN(2))}
			}
		}
		var m *mref
		var length int
		var start nardy.MatchStart
		if setup.Match { // a game of a match at a score (ResumeMatch)
			length = 1 + rng.IntN(7)
			start.Score = [2]int{rng.IntN(length), rng.IntN(length)}
			near := start.Score[0] == length-1 || start.Score[1] == length-1
			start.CrawfordDone = near && crawfordRule(r, length) && rng.IntN(2) == 0
			m = newMref(r, length, start, pl)
			setup.Crawford = m.g.craw
			if setup.Crawford {
				setup.Cube = nardy.Cube{}
			}
		}
		ctx := fmt.Sprintf("end seed %d #%d rules %+v setup %+v length %d start %+v", seed, i, r, setup, length, start)
		// L11: the other player's last roll, once the player who moved
		// first has borne off every checker, when four or fewer are left.
		last := done && r.LastRollDraw && !pl.l11NoLastRoll && setup.Starter == winner && mover == winner.Other() &&
			nardy.Checkers-ls[nardy.Off] <= 4
		lib, err := nardy.NewGameAt(r, setup)
		if errors.Is(err, nardy.ErrInvalidPosition) {
			skipped++
			continue
		}
		if done && !last {
			s.probes++
			s.byKind["finished setups refused"]++
			if !errors.Is(err, nardy.ErrGameOver) {
				s.diff(ctx, "NewGameAt at a finished board, no last roll (C7, L11): error %v, want ErrGameOver", err)
			}
			continue
		}
		if err != nil {
			s.diff(ctx, "NewGameAt refused: %v", err)
			continue
		}
		if last {
			s.byKind["setups at the last roll"]++
		}
		g := newRef(r, !setup.Match, setup.Crawford, pl)
		g.pos, g.starter, g.started, g.ph = pos, setup.Starter, true, phRoll
		g.setup = &setup
		// NewGameAt makes the history up (its documentation): each player has
		// played once when the starter is on roll again, else the starter once.
		g.played = 1
		if pos.OnRoll() == setup.Starter {
			g.played = 2
		}
		if setup.Cube.Value > 1 {
			g.cube, g.owned, g.owner = setup.Cube.Value, true, setup.Cube.Owner
		}
		if last { // the kind of the winner's win is the board's now
			g.last, g.hadLast, g.lastK = true, true, classifyKind(pos, winner, g.table, pl)
		}
		if m != nil {
			// The game must agree with the score about the Crawford game (S6):
			// the other flag, where a game can carry it, is refused.
			if r.Cube && r.Crawford && setup.Cube.Value <= 1 {
				wrong := setup
				wrong.Crawford = !setup.Crawford
				if wg, err := nardy.NewGameAt(r, wrong); err == nil {
					s.probes++
					if _, err := nardy.ResumeMatch(length, start, wg); err == nil {
						s.diff(ctx, "ResumeMatch took a game with crawford %v at this score", wrong.Crawford)
					}
				}
			}
			lm, err := nardy.ResumeMatch(length, start, lib)
			if err != nil {
				s.diff(ctx, "ResumeMatch refused: %v", err)
				continue
			}
			m.g, m.setup = g, &setup
			playMatch(s, ctx, rng, lm, m, pol)
			continue
		}
		playGame(s, ctx, rng, lib, g, pol)
	}
	s.byKind["skipped setups"] += skipped
	return s
}
