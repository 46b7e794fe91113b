package main

// A whole play posted as text ("notation"), read with the library's
// tolerant reader.

import (
	"errors"
	"slices"

	"github.com/nardylab/nardy"
)

// notationForm says how a play is written, for a text that is not
// notation at all.
const notationForm = `write a play as moves FROM/TO in the mover's own point numbers, ` +
	`separated by blanks or commas, "bar" for the bar and "off" for off: ` +
	`"24/18 13/11", "bar/22 6/off", "8/5(2)"; "" for no play`

// readPlay reads text, a whole play of turn t (the roll player p plays)
// written in move notation, at the roll's start with Rules.ParsePlay, and
// returns its steps. Text that is not notation is a bad request saying how
// a play is written; a play the rules refuse, none or several (C8), is
// refused as a play posted as steps is, with the rule.
func (g *game) readPlay(p nardy.Color, t nardy.Turn, text string) ([]nardy.Step, error) {
	gm := g.game()
	pl, err := gm.Rules().ParsePlay(t.Start(), t.Roll(), text)
	if errors.Is(err, nardy.ErrSyntax) {
		return nil, badRequest("notation: %v; %s", err, notationForm)
	}
	if err != nil {
		ae := &nardy.ActionError{Kind: nardy.ActPlay, Player: p, Phase: gm.Phase(), Reason: err}
		var re *nardy.RuleError
		if errors.As(err, &re) {
			ae.Rule = re.Rule
		}
		return nil, ae
	}
	return slices.Collect(pl.Steps()), nil
}
