package nardy

// PlayOf and Game.Legal take shorter paths than their definitions: PlayOf
// searches C5's required dice only for steps fewer than the roll's dice,
// Game.Legal runs the generator on the turn the game prepared when the
// dice were set. These properties hold them to the longer paths' answers.

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// playOfSearched is PlayOf with C5's required dice always searched (the
// path before the shortcut): the turn prepared, required's answer, then
// the same checks of the steps.
func playOfSearched(r Rules, pos Position, roll Roll, steps ...Step) (Play, error) {
	var c turnCtx
	var root node
	if err := prepareTurn(&r, &pos, roll, &c, &root); err != nil {
		return Play{}, err
	}
	need, die := c.required(&root)
	return c.playOf(&root, roll, steps, need, die)
}

// genStepSeqs draws step sequences for PlayOf of c's position and roll:
// the steps of the legal plays of c's roll in their order, in other
// orders, cut short (C5) and with a step changed (C3 and the rule the
// step breaks), the steps of the plays of another roll, and arbitrary
// steps of c's roll.
func genStepSeqs(t *rapid.T, c testCase) [][]Step {
	var seqs [][]Step
	legal := legalOf(t, c)
	for _, p := range legal[:min(len(legal), 12)] {
		s := slices.Collect(p.Steps())
		seqs = append(seqs, s)
		if len(s) > 1 {
			seqs = append(seqs, slices.Concat(s[1:], s[:1]), s[:len(s)-1])
			k := rapid.IntRange(0, len(s)-1).Draw(t, "k")
			changed := slices.Clone(s)
			from := rapid.IntRange(1, 25).Draw(t, "from")
			changed[k] = st(from, max(from-int(changed[k].Die), 0), int(changed[k].Die))
			seqs = append(seqs, changed)
		}
	}
	if ps, err := c.Rules.Legal(c.Pos, genRoll().Draw(t, "roll2")); err == nil {
		for _, p := range ps[:min(len(ps), 12)] {
			seqs = append(seqs, slices.Collect(p.Steps()))
		}
	}
	for range 4 {
		seqs = append(seqs, genSteps(c.Roll).Draw(t, "steps"))
	}
	return seqs
}

// TestPropertyPlayOfSkipsTheSearchWithSameAnswers: PlayOf answers what
// PlayOf with C5's required dice always searched answers (the same Play,
// or an error with the same text and *RuleError) for the step sequences of
// genStepSeqs, under the case's rules and another case's (the variant and
// rule options, C8), of both variants; an accepted play's result is one
// of Legal's, and the legal plays' own steps are accepted.
func TestPropertyPlayOfSkipsTheSearchWithSameAnswers(t *testing.T) {
	var tally answerTally
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		o := genCase().Draw(t, "other")
		legal := legalOf(t, c)
		results := map[Position]bool{}
		for _, p := range legal {
			results[p.Result()] = true
		}
		for _, p := range legal[:min(len(legal), 12)] {
			if got, err := c.Rules.PlayOf(c.Pos, c.Roll, slices.Collect(p.Steps())...); err != nil || got.Result() != p.Result() {
				t.Fatalf("%v: PlayOf of legal play %v: %v, %v", c, slices.Collect(p.Steps()), got.Result(), err)
			}
		}
		for _, s := range genStepSeqs(t, c) {
			for _, r := range []Rules{c.Rules, o.Rules} {
				got, err := r.PlayOf(c.Pos, c.Roll, s...)
				want, werr := playOfSearched(r, c.Pos, c.Roll, s...)
				if got != want || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
					t.Fatalf("%v under %+v: PlayOf(%v) = %v, %v; with the search: %v, %v", c, r, s, got, err, want, werr)
				}
				var re, wre *RuleError
				if errors.As(err, &re) != errors.As(werr, &wre) || re != nil && *re != *wre {
					t.Fatalf("%v: PlayOf(%v) error %#v, with the search %#v", c, s, err, werr)
				}
				if r != c.Rules {
					continue
				}
				if err == nil && !results[got.Result()] {
					t.Fatalf("%v: PlayOf(%v) accepted, result %v not one of Legal's", c, s, got.Result())
				}
				tally.add(err)
			}
		}
	})
	tally.check(t, "under the case's rules: ")
}

// TestPropertyGameLegalIsRulesLegal: Game.Legal in PhasePlay lists what
// Rules.Legal lists for the game's position and dice under its rules (the
// same plays in the same order), once the dice are set, after each of a
// walk of the turn's legal next steps (Legal is the whole plays from the
// turn's start) and for the game read back from its JSON mid-turn, over
// random positions of both variants under random rule options.
func TestPropertyGameLegalIsRulesLegal(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		g, err := NewGameAt(c.Rules, Setup{Position: c.Pos, Starter: c.Pos.OnRoll()})
		if err != nil {
			t.Skip("no game at this position:", err)
		}
		if g, err = g.SetDice(c.Roll); err != nil {
			t.Fatalf("%v: SetDice: %v", c, err)
		}
		same := func(g Game, when string) {
			roll, ok := g.Dice()
			if !ok {
				return
			}
			got, err := g.Legal()
			want, werr := g.Rules().Legal(g.Position(), roll)
			if err != nil || werr != nil || !slices.Equal(got, want) {
				t.Fatalf("%v %s: Game.Legal = %d plays, %v; Rules.Legal %d plays, %v", c, when, len(got), err, len(want), werr)
			}
			checked++
		}
		same(g, "with the dice set")
		for g.Phase() == PhasePlay {
			tn, _ := g.Turn()
			next := tn.AppendNextSteps(nil)
			if len(next) == 0 {
				t.Fatalf("%v: a turn in play with no next step", c)
			}
			s := rapid.SampledFrom(next).Draw(t, "step")
			if g, err = g.Step(s); err != nil {
				t.Fatalf("%v: Step(%v) offered and refused: %v", c, s, err)
			}
			same(g, "after a step")
			if g.Phase() == PhasePlay {
				b, err := g.MarshalJSON()
				if err != nil {
					t.Fatalf("%v: MarshalJSON: %v", c, err)
				}
				var back Game
				if err := back.UnmarshalJSON(b); err != nil {
					t.Fatalf("%v: UnmarshalJSON(%s): %v", c, b, err)
				}
				same(back, "read back from JSON")
			}
		}
	})
	t.Logf("%d games in play compared", checked)
	if checked == 0 {
		t.Error("no game in play was met")
	}
}
