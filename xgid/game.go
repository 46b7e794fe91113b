package xgid

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
)

// Rules returns the rules of short nardy (backgammon) that x describes:
// [nardy.DefaultRules] of short nardy with x's largest cube (a MaxCube of
// 1 is a game without the cube), and in money play x's Jacoby and beaver
// flags (match play has neither, and the Crawford rule).
func (x ID) Rules() nardy.Rules {
	r := nardy.DefaultRules(nardy.Short)
	r.MaxCube, r.Jacoby, r.Beavers = x.MaxCube, x.Jacoby, x.Beaver
	if x.MaxCube <= 1 {
		r.Cube, r.MaxCube, r.Jacoby, r.Beavers, r.Crawford = false, 0, false, false, false
	}
	return r
}

// Game returns the game x describes, under [ID.Rules], for a hint or a
// bot's action at the position ([nardy.NewGameAt]): the player on turn to
// roll or double ("00"), to play the dice given (dice without a move pass
// at once, C5, as [nardy.Game.SetDice] says), or, with a cube action
// pending, the answer awaited (a double to take, drop or beaver, under
// the cube as it was before). A game of a match is the Crawford game when
// x says so; the score is not part of a game (the points each player
// needs are x's MatchLength less its Score). A raccoon has no place in a
// game of package nardy (S6 allows the beaver alone), nor has a cube at 1
// that a player owns, nor a centred cube above 1 (XG's automatic
// doubles): those are errors matching [nardy.ErrInvalidPosition]. A
// finished position matches [nardy.ErrGameOver], and what else
// [nardy.NewGameAt] refuses its sentinels; fields out of the ranges an
// XGID holds (those [Format] refuses) match [nardy.ErrSyntax]. With a largest cube of 1 the game
// has no cube, so x's Crawford flag, like its Jacoby and beaver flags,
// changes nothing and is dropped.
func (x ID) Game() (nardy.Game, error) {
	t, err := x.taken()
	if err != nil {
		return nardy.Game{}, err
	}
	return t.Game()
}

// taken returns what x describes, checked as far as an ID alone can be.
func (x ID) taken() (formats.Taken, error) {
	if err := formats.CheckShort(x.Position, "an XGID"); err != nil {
		return formats.Taken{}, err
	}
	if err := x.validate(); err != nil { // an ID built by hand: no XGID says this
		return formats.Taken{}, fmt.Errorf("%w: an XGID's fields out of range: %v", nardy.ErrSyntax, err)
	}
	if x.Action == Raccooned {
		return formats.Taken{}, &nardy.PositionError{Rule: "S6", Msg: "a raccoon, which no rule set of package nardy allows (beavers only)"}
	}
	if !x.CubeCentred && x.CubeValue == 1 {
		return formats.Taken{}, &nardy.PositionError{Rule: "S6", Msg: fmt.Sprintf("a cube at 1 owned by %s: a cube is owned only after a double", x.CubeOwner)}
	}
	if x.CubeCentred && x.CubeValue > 1 {
		return formats.Taken{}, &nardy.PositionError{Rule: "S6", Msg: fmt.Sprintf("a centred cube at %d: the cube leaves the middle at its first double (no automatic doubles)", x.CubeValue)}
	}
	s := nardy.Setup{Position: x.Position, Cube: nardy.Cube{Value: x.CubeValue, Owned: !x.CubeCentred, Owner: x.CubeOwner},
		Match: x.MatchLength > 0, Crawford: x.Crawford && x.MaxCube > 1}
	return formats.Taken{Rules: x.Rules(), Setup: s, Length: x.MatchLength, Score: x.Score, Crawford: x.Crawford,
		Actions: formats.Continued(x.Position.OnRoll(), x.Dice, x.Action == Doubled || x.Action == Beavered, x.Action == Beavered)}, nil
}

// Match returns the match x describes: the game of [ID.Game] in a match
// to x's MatchLength at x's Score ([nardy.ResumeMatch]; money play for a
// length of 0), so that a bot that sees the match ([bot.MatchSeer]) takes
// its cube decisions at the score, and the games after this one follow.
// A player at match point minus one in a game x does not mark as the
// Crawford game is past it (post-Crawford). Errors are those of ID.Game,
// and a score or Crawford flag no match has (the Crawford game at match point
// minus one for both) matches [nardy.ErrInvalidRules]. A money score is a
// session's tally: the match of money play is one game. The IDs do not say
// who began the game: the match takes White, which only L10's
// AlternateStarts reads (the next game's starter is the other).
//
// [bot.MatchSeer]: https://pkg.go.dev/github.com/nardylab/nardy/bot#MatchSeer
func (x ID) Match() (nardy.Match, error) {
	t, err := x.taken()
	if err != nil {
		return nardy.Match{}, err
	}
	return t.Match()
}

// Recorder returns a recorder of the match of [ID.Match], for a game taken
// up at x, played on and kept: its record ([nardy.ResumeRecorder]) holds
// the game's setup at x's position, and as its first actions what x holds
// beyond the position (the dice rolled; a double, and its beaver), so that
// it replays ([nardy.Replay]) and can be analysed from x on
// ([analysis.Analyze] judges those first actions as the players' own: a
// roll as a decision not to double). [bot.PlayOn] plays it on. It keeps
// no seed: x's dice were not thrown by one. Errors are ID.Match's.
//
// [analysis.Analyze]: https://pkg.go.dev/github.com/nardylab/nardy/analysis#Analyze
// [bot.PlayOn]: https://pkg.go.dev/github.com/nardylab/nardy/bot#PlayOn
func (x ID) Recorder() (*nardy.Recorder, error) {
	t, err := x.taken()
	if err != nil {
		return nil, err
	}
	return t.Recorder()
}
