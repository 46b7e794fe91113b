package gnubg

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
)

// Game returns the game that a GNU Backgammon Position ID and Match ID
// describe (as gnubg prints them: "gnubg ID: 4HPwATDgc/ABMA:cAkAAAAAAAAA",
// which [SplitID] splits),
// under r, the rules of short nardy the caller plays, for a hint or a
// bot's action at the position ([nardy.NewGameAt]). The IDs carry one rule
// option: in money play, bit 67 says the Jacoby rule is off, as gnubg
// reads it ([MatchID.Bit67]), and Game sets r.Jacoby from it where r has
// the cube; the rest is r's. Under rules without the cube the Crawford
// flag changes nothing and is dropped.
//
// The position is read from the Match ID's player on roll; the game is a
// game of a match when the Match ID has a length, and is left where the
// IDs leave it: the player on roll to roll or double, to play the dice
// rolled (dice without a move pass at once, C5, as [nardy.Game.SetDice]
// says), a double awaiting its answer, a resignation awaiting its answer.
// After a beaver gnubg waits for the doubler to take or drop it, and so
// does the game ([nardy.Game.Beavered], S6). The score is not part
// of a game (the points each player needs are the length less its score).
//
// A Match ID of no game in progress (its [GameState] not playing), or of
// a match already won, is an error matching [nardy.ErrGameOver]; IDs that
// do not parse, those of [ParsePositionID] and [ParseMatchID]; what
// [nardy.NewGameAt] refuses, its sentinels; a state nardy's games do not
// have — a resignation offered while a double awaits its answer, a
// raccoon — or that r does not allow (a double without the cube, a beaver
// without beavers), an error matching [nardy.ErrActionRefused].
func Game(r nardy.Rules, positionID, matchID string) (nardy.Game, error) {
	t, err := taken(r, positionID, matchID)
	if err != nil {
		return nardy.Game{}, err
	}
	return t.Game()
}

// taken returns what the IDs describe under r, checked as far as the IDs
// alone can be.
func taken(r nardy.Rules, positionID, matchID string) (formats.Taken, error) {
	m, err := ParseMatchID(matchID)
	if err != nil {
		return formats.Taken{}, err
	}
	switch {
	case m.State != StatePlaying:
		return formats.Taken{}, fmt.Errorf("%w: the Match ID says %s, not playing", nardy.ErrGameOver, m.State)
	case m.MatchLength > 0 && max(m.Score[0], m.Score[1]) >= m.MatchLength:
		return formats.Taken{}, fmt.Errorf("%w: the match is won: %d-%d in a %d-point match", nardy.ErrGameOver, m.Score[0], m.Score[1], m.MatchLength)
	case m.Doubled && m.Resigned != 0:
		return formats.Taken{}, fmt.Errorf("%w: a resignation offered while a double awaits its answer, which nardy's games refuse (the double is answered first)", nardy.ErrActionRefused)
	}
	pos, err := ParsePositionID(positionID, m.OnRoll)
	if err != nil {
		return formats.Taken{}, err
	}
	me := m.OnRoll
	cube := nardy.Cube{Value: m.CubeValue, Owned: !m.CubeCentred, Owner: m.CubeOwner} // NewGameAt clears the owner of a centred cube
	beavered := m.Doubled && m.ToAct == me
	if m.Doubled && !beavered && cube.Owned && cube.Owner != me {
		return formats.Taken{}, fmt.Errorf("%w: a double by %s, who does not hold the cube (%d %s): no state of nardy's games (a raccoon?)", nardy.ErrActionRefused, me, m.CubeValue, ownerText(m))
	}
	if beavered {
		// gnubg holds the cube the double gave, owned by the beaverer:
		// the cube before the double was half of it, centred at 1 or the
		// doubler's.
		if !cube.Owned || cube.Owner == me || cube.Value < 2 {
			return formats.Taken{}, fmt.Errorf("%w: a double with the doubler to act and cube %d %s: no state of nardy's games (a raccoon?)", nardy.ErrActionRefused, m.CubeValue, ownerText(m))
		}
		cube = nardy.Cube{Value: cube.Value / 2, Owned: cube.Value > 2, Owner: me}
	}
	if m.MatchLength == 0 && r.Cube {
		r.Jacoby = !m.Bit67
	}
	s := nardy.Setup{Position: pos, Cube: cube, Match: m.MatchLength > 0, Crawford: m.Crawford && r.Cube}
	as := formats.Continued(me, m.Dice, m.Doubled, beavered)
	if m.Resigned != 0 {
		as = append(as, nardy.Action{Kind: nardy.ActResign, Player: m.ToAct.Other(), Resign: m.Resigned})
	}
	return formats.Taken{Rules: r, Setup: s, Actions: as, Length: m.MatchLength, Score: m.Score, Crawford: m.Crawford}, nil
}

// ownerText says who holds the cube of m.
func ownerText(m MatchID) string {
	if m.CubeCentred {
		return "centred"
	}
	return "owned by " + m.CubeOwner.String()
}

// Match returns the match positionID and matchID describe under r: the
// game of [Game] in a match to the Match ID's length at its score
// ([nardy.ResumeMatch]; money play for a length of 0), so that a bot that
// sees the match ([bot.MatchSeer]) takes its cube decisions at the score.
// A player at match point minus one in a game the Match ID does not mark
// as the Crawford game is past it (post-Crawford). Errors are those of
// Game, and a score or Crawford flag no match has (the Crawford game at match point
// minus one for both) matches [nardy.ErrInvalidRules]. A money score is a
// session's tally: the match of money play is one game. The IDs do not say
// who began the game: the match takes White, which only L10's
// AlternateStarts reads (the next game's starter is the other).
//
// [bot.MatchSeer]: https://pkg.go.dev/github.com/nardylab/nardy/bot#MatchSeer
func Match(r nardy.Rules, positionID, matchID string) (nardy.Match, error) {
	t, err := taken(r, positionID, matchID)
	if err != nil {
		return nardy.Match{}, err
	}
	return t.Match()
}

// Recorder returns a recorder of the match of [Match], for a game taken up
// at the IDs' position, played on and kept: its record
// ([nardy.ResumeRecorder]) holds the game's setup at the position, and as
// its first actions what the IDs hold beyond it (the dice rolled; a
// double, and its beaver; a resignation offered), so that it replays
// ([nardy.Replay]) and can be analysed from there (analysis.Analyze
// judges those first actions as the players' own: a roll as a decision not
// to double); bot.PlayOn plays it on. It keeps no seed: the IDs' dice
// were not thrown by one. Such a record cannot be written as a
// .mat file ([WriteMat]: its games start at the opening). Errors are
// Match's.
func Recorder(r nardy.Rules, positionID, matchID string) (*nardy.Recorder, error) {
	t, err := taken(r, positionID, matchID)
	if err != nil {
		return nil, err
	}
	return t.Recorder()
}
