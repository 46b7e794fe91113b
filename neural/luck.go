package neural

import (
	"fmt"

	"github.com/nardylab/nardy"
)

// RollEquities returns what each of the 21 rolls is worth to the player on
// roll of pos, in the order of [nardy.AllRolls]: the 0-ply equity, for
// that player, of the position after the play the Searcher makes at 0-ply
// with that roll (after the pass, for a roll with no legal step). Their
// mean weighted by the rolls' chances is pos's 1-ply equity ([Searcher.Eval]
// at ply 1); a roll's equity less that mean is its luck, as GNU
// Backgammon's analysis measures it, but cubeless (package analysis
// reports it roll by roll). Equities are in the Searcher's units: points at cube value 1 in
// money play, normalised match equity at its Match otherwise.
//
// A position the rules refuse ([nardy.Rules.AppendLegal]'s error), or
// whose game is over, is an error; a Searcher that gives no evaluation
// (see [NewSearcher]) returns 21 zeros.
func (s *Searcher) RollEquities(pos nardy.Position) ([21]float64, error) {
	var out [21]float64
	if pos.IsOver() {
		return out, fmt.Errorf("neural: roll equities of a finished game: %w", nardy.ErrGameOver)
	}
	if !s.evaluates(pos.Variant()) {
		if s != nil {
			_, err := s.Rules.AppendLegal(s.buf(0), pos, nardy.MustRoll(1, 1))
			return out, err
		}
		return out, nil
	}
	s.prepare()
	me := pos.OnRoll()
	for i, wr := range nardy.AllRolls() {
		plays, err := s.Rules.AppendLegal(s.buf(1), pos, wr.Roll)
		if err != nil {
			return [21]float64{}, err
		}
		_, p := s.best0(plays, 1)
		out[i] = s.equity(p, me)
	}
	return out, nil
}
