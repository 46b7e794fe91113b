package analysis

import (
	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// Luck is the luck of one roll: how much more the roll left its player
// than the average roll would have, by the network at 0-ply whatever
// Options.Ply, as GNU Backgammon measures it: the equity after the best
// play of the roll less the mean of that over the 21 rolls, each at its
// chance. A first roll made of the opening throw's two dice (C2, short
// nardy's default), which also decided who starts, is measured against
// the equity before that throw: the mean over the 30 throws without a
// double, of either player starting (0 in money play). Its unit is a
// decision's: points at cube value 1 in money play, normalised match
// equity in a match (see
// [github.com/nardylab/nardy/neural.Searcher.RollEquities]). The
// equities are cubeless, where gnubg's luck is cubeful: the two differ
// most in matches (docs/bots.md has the comparison). L11's last roll,
// thrown after the other player has borne off every checker, is left out.
type Luck struct {
	Action int         `json:"action"`        // index in the record's Actions of the roll (or of the opening throw that gave it)
	Game   int         `json:"game"`          // game number in the match, from 1
	Away   [2]int      `json:"away,omitzero"` // match play: the points the player and its opponent still need
	Player nardy.Color `json:"player"`        // who rolled
	// Position is the board the roll was thrown at, its player on roll
	// (named as Decision.Position is, in Go and in JSON).
	Position nardy.Position `json:"position"`
	Roll     string         `json:"roll"`
	Luck     float64        `json:"luck"` // > 0: better than the average roll
}

// luck records the luck of roll, thrown by the player on roll of pos in
// game g (action i); opening says the roll is the opening throw's.
func (j *judge) luck(i int, g nardy.Game, pos nardy.Position, roll nardy.Roll, opening bool) error {
	me := pos.OnRoll()
	eq, mean, err := j.rollEquities(g, pos, opening)
	if err != nil {
		return err
	}
	if opening {
		// Before the throw, either player starts with each of its 15 rolls.
		_, theirs, err := j.rollEquities(g, pos.Pass(), true)
		if err != nil {
			return err
		}
		mean = (mean - theirs) / 2
	}
	var thrown float64
	for k, wr := range nardy.AllRolls() {
		if wr.Roll == roll {
			thrown = eq[k]
		}
	}
	l := Luck{Action: i, Game: j.gameNumber(), Away: j.away(me), Player: me, Position: pos,
		Roll: roll.String(), Luck: thrown - mean}
	j.rep.Rolls = append(j.rep.Rolls, l)
	ps := &j.rep.Players[me]
	ps.Rolls++
	ps.Luck += l.Luck
	return nil
}

// rollEquities returns the equity of each roll for the player on roll of
// pos, in game g at the match's score, and their mean: over the 21 rolls
// at their chances, or over the 15 without a double alike if opening.
func (j *judge) rollEquities(g nardy.Game, pos nardy.Position, opening bool) ([21]float64, float64, error) {
	me := pos.OnRoll()
	j.s.Match = neural.ScoreFor(me, j.away(me), g.Cube().Value)
	eq, err := j.s.RollEquities(pos)
	if err != nil {
		return eq, 0, err
	}
	var sum, weight float64
	for k, wr := range nardy.AllRolls() {
		if !opening || !wr.Roll.IsDouble() {
			sum += float64(eq[k] * float64(wr.Weight))
			weight += float64(wr.Weight)
		}
	}
	return eq, sum / weight, nil
}
