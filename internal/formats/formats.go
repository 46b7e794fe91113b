// Package formats holds what the exchange-format packages (gnubg, xgid)
// share: the one place where they read or build a [nardy.Side], the check
// that a position is one of short nardy, their syntax errors, and the
// game and match an ID describes (Continue, Resume).
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

// Continue plays onto g, a game set up at an ID's position with its
// player on roll to roll or double, what the ID holds beyond that: the
// dice rolled (both 0: none; dice without a move pass at once, C5), or a
// double offered and, with beavered, beavered (S6). On an error it
// returns the zero Game.
func Continue(g nardy.Game, dice [2]int, doubled, beavered bool) (nardy.Game, error) {
	me := g.Position().OnRoll()
	var err error
	switch {
	case dice != [2]int{}:
		var roll nardy.Roll
		if roll, err = nardy.NewRoll(dice[0], dice[1]); err == nil {
			g, err = g.SetDice(roll)
		}
	case doubled:
		if g, err = g.Do(nardy.Action{Kind: nardy.ActDouble, Player: me}); err == nil && beavered {
			g, err = g.Do(nardy.Action{Kind: nardy.ActBeaver, Player: me.Other()})
		}
	}
	if err != nil {
		return nardy.Game{}, err
	}
	return g, nil
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
