package nardy

// Properties of the step-by-step API (Turn, PlayOf) over random positions of
// both games under random rule options: the steps offered at each point of a
// turn, walks of offered steps to the end, and PlayOf accepting exactly the
// step sequences that make a legal play.

import (
	"errors"
	"maps"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// stepSet returns the steps as a set.
func stepSet(steps []Step) map[Step]bool {
	m := map[Step]bool{}
	for _, s := range steps {
		m[s] = true
	}
	return m
}

// TestPropertyTurnFirstSteps: at the start of a turn NextSteps offers
// exactly the first steps of the legal plays (from the reference), each
// once.
func TestPropertyTurnFirstSteps(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		tn, err := c.Rules.NewTurn(c.Pos, c.Roll)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		next := tn.AppendNextSteps(nil)
		got := stepSet(next)
		if len(got) != len(next) {
			t.Fatalf("%v: NextSteps repeats a step: %v", c, next)
		}
		ref := refSolve(c.Rules, c.Pos.Mover(), c.Pos.Opponent(), c.Roll)
		if !maps.Equal(got, ref.first) {
			t.Fatalf("%v: NextSteps %v, want %v", c, next, slices.Collect(maps.Keys(ref.first)))
		}
		if tn.Required() != ref.most {
			t.Fatalf("%v: Required %d, want %d", c, tn.Required(), ref.most)
		}
	})
}

// TestPropertyTurnWalk walks random NextSteps to the end: every walk ends
// Done with a play whose Result is in Legal; Undo returns to the state
// before each step; Forfeited is the dice the play does not use.
func TestPropertyTurnWalk(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		results := map[Position]bool{}
		for _, p := range legalOf(t, c) {
			results[p.Result()] = true
		}
		tn, err := c.Rules.NewTurn(c.Pos, c.Roll)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		if tn.Position() != c.Pos || tn.Start() != c.Pos || tn.Roll() != c.Roll {
			t.Fatalf("%v: new turn at %v", c, tn.Position())
		}
		for !tn.Done() {
			next := tn.AppendNextSteps(nil)
			if len(next) == 0 {
				t.Fatalf("%v: not done after %v but no next step", c, slices.Collect(tn.Steps()))
			}
			s := rapid.SampledFrom(next).Draw(t, "step")
			u, err := tn.Step(s)
			if err != nil {
				t.Fatalf("%v: offered step %v refused: %v", c, s, err)
			}
			if u.Len() != tn.Len()+1 || slices.Collect(u.Steps())[tn.Len()] != s {
				t.Fatalf("%v: step %v recorded as %v", c, s, slices.Collect(u.Steps()))
			}
			back, err := u.Undo()
			if err != nil || back != tn {
				t.Fatalf("%v: Undo after %v does not return to the previous turn: %v", c, s, err)
			}
			tn = u
		}
		if len(tn.AppendNextSteps(nil)) != 0 {
			t.Fatalf("%v: done but offers %v", c, tn.AppendNextSteps(nil))
		}
		if _, err := tn.Step(Step{From: Head, Die: c.Roll.High()}); err == nil {
			t.Fatalf("%v: a step after Done was accepted", c)
		}
		p, err := tn.Play()
		if err != nil || !results[p.Result()] {
			t.Fatalf("%v: walk %v ends in %v (%v), not a legal result", c, slices.Collect(tn.Steps()), p.Result(), err)
		}
		// Forfeited: the roll's dice minus the dice used.
		all := []int{c.Roll.High(), c.Roll.Low()}
		if c.Roll.IsDouble() {
			all = append(all, all...)
		}
		for i := range p.Len() {
			all = slices.Delete(all, slices.Index(all, int(p.Step(i).Die)), slices.Index(all, int(p.Step(i).Die))+1)
		}
		slices.Reverse(all) // larger first
		slices.Sort(all)
		slices.Reverse(all)
		if got := tn.Forfeited(); !slices.Equal(got, all) {
			t.Fatalf("%v: Forfeited %v, want %v after %v", c, got, all, slices.Collect(p.Steps()))
		}
		if got := tn.DiceLeft(); !slices.Equal(got, all) {
			t.Fatalf("%v: DiceLeft %v, want %v", c, got, all)
		}
	})
}

// genSteps draws up to five arbitrary steps with dice of the roll (and now
// and then another die): from any point or the bar, To where the die leads.
func genSteps(roll Roll) *rapid.Generator[[]Step] {
	return rapid.Custom(func(t *rapid.T) []Step {
		n := rapid.IntRange(0, 5).Draw(t, "n")
		out := make([]Step, n)
		for i := range out {
			from := rapid.IntRange(1, 25).Draw(t, "from")
			d := rapid.SampledFrom([]int{roll.High(), roll.Low(), roll.High(), roll.Low(), 1 + (roll.High()+roll.Low())%6}).Draw(t, "die")
			out[i] = st(from, max(from-d, 0), d)
		}
		return out
	})
}

// TestPropertyPlayOfSound: PlayOf (and Apply) accept a step sequence only
// when its result is one of the legal plays' (reference keys), and then
// give that result.
func TestPropertyPlayOfSound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		want, _ := refLegalPos(c.Rules, c.Pos, c.Roll)
		// Arbitrary sequences, and each legal play's steps in every order.
		seqs := [][]Step{genSteps(c.Roll).Draw(t, "steps")}
		for _, p := range legalOf(t, c) {
			s := slices.Collect(p.Steps())
			seqs = append(seqs, s)
			if len(s) == 2 {
				seqs = append(seqs, []Step{s[1], s[0]})
			}
			if len(s) > 2 {
				seqs = append(seqs, slices.Concat(s[1:], s[:1]), slices.Concat(s[2:], s[:2]))
			}
		}
		for _, s := range seqs {
			p, err := c.Rules.PlayOf(c.Pos, c.Roll, s...)
			if err != nil {
				if !errors.Is(err, ErrIllegalPlay) {
					t.Fatalf("%v: PlayOf(%v): %v is not ErrIllegalPlay", c, s, err)
				}
				continue
			}
			if !want[p.afterKey()] {
				t.Fatalf("%v: PlayOf accepts %v giving %s, not a legal result", c, s, p.afterKey())
			}
			other, ok := mkPlay(p.after(), c.Roll, s...)
			if !ok {
				t.Fatalf("%v: PlayOf accepts %v, which no Play can carry", c, s)
			}
			got, err := c.Rules.Apply(c.Pos, other)
			if err != nil || got != p.Result() {
				t.Fatalf("%v: testApply(%v) = %v, %v; PlayOf gave %v", c, s, got, err, p.Result())
			}
			// C8: the same steps in a Play of another result are refused.
			stale, _ := mkPlay(Position{}, c.Roll, s...)
			if _, err := c.Rules.Apply(c.Pos, stale); !errors.Is(err, ErrIllegalPlay) {
				t.Fatalf("%v: Apply of %v in a play of another result: %v, want ErrIllegalPlay (C8)", c, s, err)
			}
		}
	})
}

// TestPropertyTurnStepIffOffered: Turn.Step accepts a step exactly when
// NextSteps offers it (the hit flag and a zero To aside), at every stage
// of a random walk.
func TestPropertyTurnStepIffOffered(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		tn, err := c.Rules.NewTurn(c.Pos, c.Roll)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		for {
			offered := map[Step]bool{}
			next := tn.AppendNextSteps(nil)
			for _, s := range next {
				s.Hit = false
				offered[s] = true
			}
			for from := 1; from <= 25; from++ {
				for _, d := range []int{c.Roll.High(), c.Roll.Low()} {
					s := st(from, max(from-d, 0), d)
					_, err := tn.Step(s)
					if (err == nil) != offered[s] {
						t.Fatalf("%v after %v: Step(%v) err %v, offered %v", c, slices.Collect(tn.Steps()), s, err, next)
					}
					if err != nil && !errors.Is(err, ErrIllegalPlay) {
						t.Fatalf("%v: Step(%v): %v is not ErrIllegalPlay", c, s, err)
					}
				}
			}
			if tn.Done() {
				return
			}
			if tn, err = tn.Step(rapid.SampledFrom(next).Draw(t, "step")); err != nil {
				t.Fatalf("%v: %v", c, err)
			}
		}
	})
}
