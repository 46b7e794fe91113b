package gnubg

import (
	"fmt"

	"github.com/nardylab/nardy"
)

// Game returns the game that a GNU Backgammon Position ID and Match ID
// describe (as gnubg prints them: "gnubg ID: 4HPwATDgc/ABMA:cAkAAAAAAAAA"),
// under r, the rules of short nardy the caller plays (the IDs carry no rule
// options: bit 67's hint of the Jacoby rule is not read), for a hint or a
// bot's action at the position ([nardy.NewGameAt]). The position is read
// from the Match ID's player on roll; the game is a game of a match when
// the Match ID has a length (the Crawford game when it says so), and is
// left where the IDs leave it: the player on roll to roll or double, to
// play the dice rolled (dice without a move pass at once, C5, as
// [nardy.Game.SetDice] says), a double awaiting its answer (after a
// beaver, the doubler to roll), a resignation awaiting its answer. The
// score is not part of a game (the points each player needs are the
// length less its score).
//
// A Match ID of no game in progress (its [GameState] not playing) is an
// error matching [nardy.ErrGameOver]; IDs that do not parse, those of
// [ParsePositionID] and [ParseMatchID]; what [nardy.NewGameAt] refuses,
// its sentinels; a state the rules do not allow (a beaver without
// beavers, a cube past r's largest), an error matching
// [nardy.ErrActionRefused] or [nardy.ErrInvalidPosition].
func Game(r nardy.Rules, positionID, matchID string) (nardy.Game, error) {
	m, err := ParseMatchID(matchID)
	if err != nil {
		return nardy.Game{}, err
	}
	if m.State != StatePlaying {
		return nardy.Game{}, fmt.Errorf("%w: the Match ID says %s, not playing", nardy.ErrGameOver, m.State)
	}
	pos, err := ParsePositionID(positionID, m.OnRoll)
	if err != nil {
		return nardy.Game{}, err
	}
	s := nardy.Setup{Position: pos, Cube: nardy.Cube{Value: m.CubeValue, Owned: !m.CubeCentred, Owner: m.CubeOwner},
		Match: m.MatchLength > 0, Crawford: m.Crawford}
	if m.CubeCentred {
		s.Cube.Owner = 0
	}
	g, err := nardy.NewGameAt(r, s)
	if err != nil {
		return nardy.Game{}, err
	}
	me := m.OnRoll
	switch {
	case m.Dice != [2]int{}:
		var roll nardy.Roll
		if roll, err = nardy.NewRoll(m.Dice[0], m.Dice[1]); err == nil {
			g, err = g.SetDice(roll)
		}
	case m.Doubled && m.ToAct != me: // the double awaits the answer
		g, err = g.Do(nardy.Action{Kind: nardy.ActDouble, Player: me})
	case m.Doubled: // gnubg's state after a beaver: the doubler to roll
		if g, err = g.Do(nardy.Action{Kind: nardy.ActDouble, Player: me}); err == nil {
			g, err = g.Do(nardy.Action{Kind: nardy.ActBeaver, Player: me.Other()})
		}
	}
	if err == nil && m.Resigned != 0 {
		g, err = g.Resign(m.ToAct.Other(), m.Resigned)
	}
	if err != nil {
		return nardy.Game{}, err
	}
	return g, nil
}
