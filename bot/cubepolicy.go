package bot

import "github.com/nardylab/nardy"

// CubePolicy holds the thresholds of the cube and resignation decisions of
// [Greedy] and [Expectimax], on the chance of winning that [WinChance]
// estimates. The zero CubePolicy stands for [DefaultCubePolicy].
//
// In match play, when the player has been shown the match ([MatchSeer]),
// the score overrides the thresholds where it decides alone (S6): the
// player does not double when a single win at the present cube already
// gives it the match (the cube is dead: a double gains nothing and hands
// the cube over), doubles at its first chance when it trails after the
// Crawford game and its opponent needs one point, or no more than a
// single win under a table scoring a single game more (the cube is of no
// use to the opponent; a position whose gammon would win the match
// undoubled may be too good to double, which the win-chance thresholds do
// not see), takes every double that a drop would lose the match with,
// drops as the leader a single win from the match a double whose drop
// leaves the other a single win away too unless its chance is better than
// even (the free drop: the next game is an even chance of the match), and
// accepts every resignation that gives it the match.
type CubePolicy struct {
	// DoubleAt: double (when the rules and the cube allow it) before
	// rolling with at least this chance.
	DoubleAt float64
	// TakeAt: take a double with at least this chance, else drop.
	TakeAt float64
	// AcceptBelow: accept a resignation as oin (single) when the chance of
	// winning is below this; a resignation of a higher kind is always
	// accepted.
	AcceptBelow float64
}

// DefaultCubePolicy returns the thresholds of [NewGreedy] and [NewExpectimax]:
// double at 70%, take at 25%, accept a single resignation below 95%.
func DefaultCubePolicy() CubePolicy {
	return CubePolicy{DoubleAt: 0.70, TakeAt: 0.25, AcceptBelow: 0.95}
}

// act decides every action but a play: roll or double (PhaseRoll), take or
// drop (PhaseCube), accept or reject (PhaseResign), by chance, an estimate
// of me's chance of winning pos, and by the score of m when g is m's game
// (a match shown by SeeMatch). done is false in PhasePlay.
func (c CubePolicy) act(g nardy.Game, me nardy.Color, m nardy.Match, chance func(pos nardy.Position, me nardy.Color) float64) (a nardy.Action, done bool, err error) {
	if err := checkTurn(g, me); err != nil {
		return nardy.Action{}, true, err
	}
	if c == (CubePolicy{}) {
		c = DefaultCubePolicy()
	}
	away, inMatch := matchAway(m, g, me)
	a = nardy.Action{Player: me}
	switch g.Phase() {
	case nardy.PhaseRoll:
		a.Kind = nardy.ActRoll
		dbl := nardy.Action{Kind: nardy.ActDouble, Player: me}
		if !g.Can(dbl) { // no error built: this is asked every turn
			break
		}
		// The cube is dead for me when a single win at its value (the
		// table's single game times the cube) already gives me the match.
		single := g.Cube().Value * singleGame(g)
		dead := inMatch && away[0] <= single
		// After the Crawford game, a trailer whose opponent needs one point
		// (a single win: more under a table scoring a single game more)
		// doubles at its first chance in the game: the cube is of no use to
		// a player who wins the match with any win. (A trailer whose gammon
		// would win the match undoubled can be too good to double; the
		// win-chance thresholds do not see gammons.)
		trailing := inMatch && away[1] <= single
		if !dead && (trailing || chance(g.Position(), me) >= c.DoubleAt) {
			a.Kind = nardy.ActDouble
		}
	case nardy.PhaseCube:
		a.Kind = nardy.ActDrop
		dropped := pointsAfter(g, nardy.Action{Kind: nardy.ActDrop, Player: me})
		losesMatch := inMatch && away[1] <= dropped
		// The leader's free drop: needing one point (a single win of the
		// next game), against a double that a drop would leave a single
		// win from the match too, the leader drops into a game where
		// either wins the match (an even chance) unless this one is better
		// than even.
		takeAt := c.TakeAt
		if one := singleGame(g); inMatch && away[0] <= one && away[1]-dropped <= one {
			takeAt = 0.5
		}
		if losesMatch || chance(g.Position(), me) >= takeAt {
			a.Kind = nardy.ActTake
		}
	case nardy.PhaseResign:
		a.Kind = nardy.ActReject
		k, _, _ := g.Offer()
		winsMatch := inMatch && away[0] <= pointsAfter(g, nardy.Action{Kind: nardy.ActAccept, Player: me})
		if winsMatch || k != nardy.Oin || chance(g.Position(), me) < c.AcceptBelow {
			a.Kind = nardy.ActAccept
		}
	default:
		return a, false, nil
	}
	return a, true, nil
}

// singleGame returns the points of a single game under g's rules (its
// table's, 1 by default), before the cube.
func singleGame(g nardy.Game) int { return max(g.Rules().Scoring.Oin, 1) }

// pointsAfter returns the points the game's winner scores when a, which
// ends g, is done: a drop or an accepted resignation; 0 when g refuses a.
func pointsAfter(g nardy.Game, a nardy.Action) int {
	end, err := g.Do(a)
	if err != nil {
		return 0
	}
	res, over := end.Result()
	if !over {
		return 0
	}
	return res.Points
}

// matchAway returns the points me and its opponent still need in m, and
// false when g is not m's present game: money play, no match shown, or a
// match shown for another game.
func matchAway(m nardy.Match, g nardy.Game, me nardy.Color) ([2]int, bool) {
	if g.IsMoney() || !m.IsValid() || m.Game() != g {
		return [2]int{}, false
	}
	return m.Away(me), true
}
