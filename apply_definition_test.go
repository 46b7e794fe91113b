package nardy

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// applyByDefinition is Apply as its documentation defines it: PlayOf of
// the play's steps, in their order, with the play's roll, then C8 (the
// play's Result must be the position the steps give).
func applyByDefinition(r Rules, pos Position, p Play) (Position, error) {
	q, err := r.PlayOf(pos, p.Roll(), slices.Collect(p.Steps())...)
	if err != nil {
		return Position{}, err
	}
	if q.Result() != p.Result() {
		return Position{}, ruleError("C8", errOtherPosition, -1)
	}
	return q.Result(), nil
}

// prefixPlays returns the plays made of the first k steps of p, for every
// k < p.Len(), each with the position its steps give: plays that use fewer
// dice than p, which C5 refuses wherever p's dice can all be played.
func prefixPlays(r Rules, pos Position, p Play) []Play {
	var out []Play
	tn, err := r.NewTurn(pos, p.Roll())
	if err != nil {
		return nil
	}
	var steps []Step
	for s := range p.Steps() {
		if q, ok := mkPlay(tn.Position(), p.Roll(), steps...); ok {
			out = append(out, q)
		}
		if tn, err = tn.Step(s); err != nil {
			return out
		}
		steps = append(steps, s)
	}
	return out
}

// TestPropertyApplyIsPlayOfThenC8: Apply answers what applyByDefinition
// answers (the same position, or an error with the same text and rule)
// for the legal plays of the position and roll, for their shorter
// prefixes (C5), for the plays of another roll (the dice, C3) and of
// another position and rules (C8, the variant, every rule the steps may
// break), under the case's rules and under the other case's. Apply
// accepts a play on a shorter path than PlayOf's; this holds the two
// paths to the same answers.
func TestPropertyApplyIsPlayOfThenC8(t *testing.T) {
	var tally answerTally
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		o := genCase().Draw(t, "other")
		legal := legalOf(t, c)
		plays := slices.Clone(legal)
		for _, p := range legal[:min(len(legal), 8)] {
			plays = append(plays, prefixPlays(c.Rules, c.Pos, p)...)
		}
		if ps, err := c.Rules.Legal(c.Pos, genRoll().Draw(t, "roll2")); err == nil {
			plays = append(plays, ps...)
		}
		plays = append(plays, legalOf(t, o)...)
		for _, r := range []Rules{c.Rules, o.Rules} {
			for _, p := range plays {
				got, err := r.Apply(c.Pos, p)
				want, werr := applyByDefinition(r, c.Pos, p)
				if (err == nil) != (werr == nil) || got != want || err != nil && err.Error() != werr.Error() {
					t.Fatalf("%v under %+v: Apply(%v of %v) = %v, %v; PlayOf then C8: %v, %v",
						c.Pos, r, slices.Collect(p.Steps()), p.Roll(), got, err, want, werr)
				}
				var re, wre *RuleError
				if errors.As(err, &re) != errors.As(werr, &wre) || re != nil && *re != *wre {
					t.Fatalf("%v: Apply(%v) error %#v, PlayOf then C8 %#v", c.Pos, slices.Collect(p.Steps()), err, werr)
				}
				tally.add(err)
			}
		}
	})
	tally.check(t, "")
}

// TestApplyRefusesAPlayWithBitsAboveItsVariant: a Play whose word has a
// bit set above the variant's (no Play the package makes has one) is not
// the play PlayOf makes of its steps: refused by C8, as by PlayOf then
// the comparison of the two plays' words.
func TestApplyRefusesAPlayWithBitsAboveItsVariant(t *testing.T) {
	r := DefaultRules(Short)
	roll := MustRoll(3, 1)
	legal, err := r.Legal(shortStart, roll)
	if err != nil {
		t.Fatal(err)
	}
	p := legal[0]
	p.meta |= 1 << (metaVariantShift + 2)
	_, err = r.Apply(shortStart, p)
	var re *RuleError
	if !errors.As(err, &re) || re.Rule != "C8" {
		t.Fatalf("Apply of %v with a bit above the variant: %v, want a C8 refusal", slices.Collect(p.Steps()), err)
	}
}
