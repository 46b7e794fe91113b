// Package formats holds what the exchange-format packages (gnubg, xgid)
// share: the one place where they read or build a [nardy.Side], the check
// that a position is one of short nardy, their syntax errors, and the
// game, match and record an ID describes (Taken, Resume).
package formats

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
)

// Counts returns the checkers of s by point number, in its owner's
// numbering: [nardy.Off] (0) borne off, 1..24 the points, [nardy.Bar] (25)
// the bar. With Side, it is the only code of the format packages that
// reads or builds a nardy.Side.
func Counts(s nardy.Side) [26]int {
	return [26]int(s)
}

// Side is the Side of the counts c (see Counts).
func Side(c [26]int) nardy.Side {
	return nardy.Side(c)
}

// CheckShort refuses the zero Position, with the error package nardy gives
// for it, and a position of long nardy, which the format what (such as "a
// Position ID") cannot hold.
func CheckShort(p nardy.Position, what string) error {
	if !p.IsValid() {
		return nardy.DefaultRules(nardy.Short).CheckPosition(p)
	}
	if v := p.Variant(); v != nardy.Short {
		return fmt.Errorf("%w: %s describes short nardy only, not %v", nardy.ErrVariantMismatch, what, v)
	}
	return nil
}

// CheckGame checks that the ID of format pkg (the package's name, "xgid")
// and noun ("an XGID") can hold game g: a game (nardy.ErrInvalidPosition
// for the zero Game) of short nardy (nardy.ErrVariantMismatch) scored by
// backgammon's table, S5 (nardy.ErrInvalidRules).
func CheckGame(g nardy.Game, pkg, noun string) error {
	r := g.Rules()
	switch {
	case !g.IsValid():
		return &nardy.PositionError{Rule: "§4", Msg: pkg + ": the zero Game"}
	case r.Variant != nardy.Short:
		return fmt.Errorf("%w: %s: %s holds a short-nardy (backgammon) game, not one of %s nardy", nardy.ErrVariantMismatch, pkg, noun, r.Variant)
	case r.Scoring != (nardy.Scoring{}) && r.Scoring != nardy.DefaultRules(nardy.Short).Scoring:
		return fmt.Errorf("%w: %s: %s's game scores backgammon's table (S5), not %+v", nardy.ErrInvalidRules, pkg, noun, r.Scoring)
	}
	return nil
}

// SyntaxError returns a *nardy.SyntaxError about input, which it keeps cut
// to errtext.MaxInput bytes.
func SyntaxError[T string | []byte](what string, input T, off int, format string, args ...any) error {
	return &nardy.SyntaxError{What: what, Input: errtext.Cut(input), Len: len(input), Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// FieldsError returns the error of a value whose fields cannot be written
// as what (a Match ID, an XGID): it matches nardy.ErrSyntax, as the
// formats' errors do, and says that writing failed, and why (err), not
// that a text did not parse.
func FieldsError(what string, err error) error {
	return fmt.Errorf("%w: cannot write %s: %v", nardy.ErrSyntax, what, err)
}

// Taken is what an ID describes, as package nardy sets it up: a game
// set up at the ID's position, its player on roll to roll or double
// ([nardy.NewGameAt] of Rules and Setup), the actions that bring it to the
// ID's state (Actions: the dice rolled, a double and its beaver, a
// resignation offered), and the match around it (Length 0: money play).
// Game, Match and Recorder build the ID's game, match and record from it,
// so that the three agree.
type Taken struct {
	Rules    nardy.Rules
	Setup    nardy.Setup
	Actions  []nardy.Action
	Length   int
	Score    [2]int // the match's, or a money session's tally (not kept)
	Crawford bool   // the ID marks the game as the Crawford game
}

// Continued returns the actions an ID holds beyond its position, for its
// player on roll me: the dice rolled (both 0: none; dice without a move
// pass at once, C5, as [nardy.Game.SetDice] says), or a double offered
// and, with beavered, beavered (S6).
func Continued(me nardy.Color, dice [2]int, doubled, beavered bool) []nardy.Action {
	switch {
	case dice != [2]int{}:
		return []nardy.Action{{Kind: nardy.ActRoll, Player: me, Dice: dice}}
	case doubled && beavered:
		return []nardy.Action{{Kind: nardy.ActDouble, Player: me}, {Kind: nardy.ActBeaver, Player: me.Other()}}
	case doubled:
		return []nardy.Action{{Kind: nardy.ActDouble, Player: me}}
	}
	return nil
}

// Game returns the game t describes. On an error it returns the zero
// Game.
func (t Taken) Game() (nardy.Game, error) {
	g, err := nardy.NewGameAt(t.Rules, t.Setup)
	for _, a := range t.Actions {
		if err != nil {
			break
		}
		g, err = g.Do(a)
	}
	if err != nil {
		return nardy.Game{}, err
	}
	return g, nil
}

// Match returns the match t describes (see Resume).
func (t Taken) Match() (nardy.Match, error) {
	g, err := t.Game()
	if err != nil {
		return nardy.Match{}, err
	}
	return Resume(g, t.Length, t.Score, t.Crawford)
}

// Recorder returns a recorder of the match t describes
// ([nardy.ResumeRecorder] at t's setup and the match's start), its record
// holding t's actions.
func (t Taken) Recorder() (*nardy.Recorder, error) {
	m, err := t.Match() // its errors first, as Game and Match give them
	if err != nil {
		return nil, err
	}
	rc, err := nardy.ResumeRecorder(t.Rules, t.Length, m.Start(), t.Setup, nil)
	for _, a := range t.Actions {
		if err != nil {
			break
		}
		err = rc.Do(a)
	}
	if err != nil {
		return nil, err
	}
	return rc, nil
}

// Resume returns the match to length points at score whose game in
// progress is g (nardy.ResumeMatch), as a format that marks the Crawford
// game with a flag says it: a player at length-1 in a game not so marked
// is past the Crawford game, when g's rules have the Crawford rule. In
// money play (length 0) the score is a session's tally, which a match of
// money play (one game) does not keep.
func Resume(g nardy.Game, length int, score [2]int, crawford bool) (nardy.Match, error) {
	if length == 0 {
		return nardy.ResumeMatch(0, nardy.MatchStart{}, g)
	}
	r := g.Rules()
	start := nardy.MatchStart{Score: score}
	start.CrawfordDone = r.Cube && r.Crawford && length > 1 && !crawford && // a 1-point match has no Crawford game
		(score[nardy.White] == length-1 || score[nardy.Black] == length-1)
	return nardy.ResumeMatch(length, start, g)
}
