package nardy

import "fmt"

// ResumeMatch returns the match to length points (0: money play, one
// game) at the score of start whose game in progress is g: a game set up
// at a position ([NewGameAt]) as another program left it, such as an XGID
// or a GNU Backgammon Match ID of a match at a score (xgid.ID.Match and
// gnubg.Match build one), so that a bot sees the score ([bot.MatchSeer])
// and the games after g follow as in any match. The start is checked as
// [NewMatchAt] checks it, and g must agree with it: a game of match play
// exactly when length is not 0, and the Crawford game exactly when the
// first game from start is (S6). A finished game is refused
// ([ErrGameOver]), as is the zero Game.
//
// Its JSON ([Match.MarshalJSON]) says it was resumed, and reads back. To
// keep a [Record] of it, start a [ResumeRecorder] with g's [Setup] instead:
// the record holds the setup, since g had no opening throw (C2).
//
// [bot.MatchSeer]: https://pkg.go.dev/github.com/nardylab/nardy/bot#MatchSeer
func ResumeMatch(length int, start MatchStart, g Game) (Match, error) {
	if !g.IsValid() {
		return Match{}, &PositionError{Rule: "§4", Msg: "the zero Game"}
	}
	r := g.rules
	switch {
	case length < 0:
		return Match{}, rulesError("length", "match length %d, want 0 (money play) or more", length)
	case g.phase == PhaseOver:
		return Match{}, fmt.Errorf("%w: the game is over", ErrGameOver)
	case g.money && length > 0:
		return Match{}, rulesError("length", "a game of money play (Setup.Match false) in a match to %d", length)
	case !g.money && length == 0:
		return Match{}, rulesError("length", "a game of match play (Setup.Match) in money play (length 0)")
	}
	m, err := newMatch(r, length, start)
	if err != nil {
		return Match{}, err
	}
	if g.crawford != m.game.crawford {
		w, b := start.Score[White], start.Score[Black]
		if g.crawford && length == 1 {
			return Match{}, rulesError("start", "the game is the Crawford game of a 1-point match, which has none (S6)")
		}
		if g.crawford && start.CrawfordDone {
			return Match{}, rulesError("start", "the game is the Crawford game, which the start says was played (CrawfordDone)")
		}
		if g.crawford {
			return Match{}, rulesError("start", "the game is the Crawford game, which the first game from %d-%d is not (S6: "+
				"only the first game after one player reaches %d is; with both there, or CrawfordDone, it was played)", w, b, length-1)
		}
		return Match{}, rulesError("start", "the game is not the Crawford game, which the first game from %d-%d is "+
			"(S6: the first game after a player reaches %d; set CrawfordDone if it was played)", w, b, length-1)
	}
	m.game, m.resumed = g, true
	return m, nil
}

// ResumeRecorder is [NewRecorderAt] for a match whose first game is set up
// at a position, as [ResumeMatch] resumes one: its match is
// ResumeMatch(length, start, g) for the game g = NewGameAt(r, s), whose
// errors it returns, and its record keeps s (Record.Setup; a centred cube
// as the zero Cube, so that its JSON leaves it out), so that a
// game taken up from an XGID or a GNU Backgammon ID, played on and
// recorded, replays ([Replay]) and can be analysed. The record's first
// action is the first player's roll or double: the game has no opening
// throw (C2). A seed's throws are the dice from that roll on.
// xgid.ID.Recorder and gnubg.Recorder start one at an ID's position;
// [bot.PlayOn] plays its match on with bots that see the score.
//
// [bot.PlayOn]: https://pkg.go.dev/github.com/nardylab/nardy/bot#PlayOn
func ResumeRecorder(r Rules, length int, start MatchStart, s Setup, seed *uint64) (*Recorder, error) {
	return newRecorder(Record{Rules: r, Length: length, Start: start, Setup: &s}, seed)
}
