package nardy

// Properties of the move generator, Apply, PlayOf and the step API over
// random valid positions and positions met in random games, of both games
// and under random rule options (issue 2 item 9). The reference generator
// of reference_test.go supplies what must be computed independently.

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// legalOf returns the legal plays of c, failing the test on an error.
func legalOf(t *rapid.T, c testCase) []Play {
	plays, err := c.Rules.Legal(c.Pos, c.Roll)
	if err != nil {
		t.Fatalf("testLegal(%v): %v", c, err)
	}
	if len(plays) == 0 {
		t.Fatalf("testLegal(%v): no play (the empty play must be listed)", c)
	}
	return plays
}

// TestPropertyConservation: every Result has 15 checkers a side, the same
// variant, the other player on roll, and the opponent's checkers move only
// by being hit (short) or not at all (long).
func TestPropertyConservation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		for _, p := range legalOf(t, c) {
			res := p.Result()
			if !res.IsValid() || res.Variant() != c.Pos.Variant() || res.OnRoll() != c.Pos.OnRoll().Other() {
				t.Fatalf("%v: play %v gives %v", c, slices.Collect(p.Steps()), res)
			}
			if res.Mover().Total() != Checkers || res.Opponent().Total() != Checkers {
				t.Fatalf("%v: play %v gives %v", c, slices.Collect(p.Steps()), res)
			}
			opp := res.Mover() // the side that did not move, now on roll
			was := c.Pos.Opponent()
			if c.Pos.Variant() == Long && opp != was {
				t.Fatalf("%v: play %v moved the opponent", c, slices.Collect(p.Steps()))
			}
			if opp[Bar]-was[Bar] != p.Hits() || opp[Off] != was[Off] {
				t.Fatalf("%v: play %v hits %d but the bar went %d -> %d", c, slices.Collect(p.Steps()), p.Hits(), was[Bar], opp[Bar])
			}
			if p.Roll() != c.Roll {
				t.Fatalf("%v: play has roll %v", c, p.Roll())
			}
		}
	})
}

// TestPropertyDistinctResults: no two plays give the same position (C8).
func TestPropertyDistinctResults(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		seen := map[Position]int{}
		for i, p := range legalOf(t, c) {
			if j, ok := seen[p.Result()]; ok {
				t.Fatalf("%v: plays %d %v and %d %v give the same position", c, j, slices.Collect(p.Steps()), i, slices.Collect(p.Steps()))
			}
			seen[p.Result()] = i
			if p.afterKey() != p.Result().Pass().Key() {
				t.Fatalf("%v: Key %s is not the mover's view %s", c, p.afterKey(), p.Result().Pass().Key())
			}
		}
	})
}

// TestPropertyForcedPlay: every play uses the same, maximal, number of dice,
// with steps that follow the roll, and the larger die when only one die of
// a mixed roll can be used and the larger one can (C3, C5).
func TestPropertyForcedPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		plays := legalOf(t, c)
		ref := refSolve(c.Rules, c.Pos.Mover(), c.Pos.Opponent(), c.Roll)
		largerPossible := false
		for s := range ref.first {
			largerPossible = largerPossible || int(s.Die) == c.Roll.High()
		}
		for _, p := range plays {
			if p.Len() != ref.most {
				t.Fatalf("%v: play %v uses %d dice, the most is %d", c, slices.Collect(p.Steps()), p.Len(), ref.most)
			}
			dice := map[int]int{}
			for i := range p.Len() {
				s := p.Step(i)
				dice[int(s.Die)]++
				want := int(s.From) - int(s.Die)
				if want < 0 {
					want = 0
				}
				if int(s.To) != want {
					t.Fatalf("%v: step %v does not move by its die", c, s)
				}
			}
			if c.Roll.IsDouble() {
				if dice[c.Roll.High()] != p.Len() {
					t.Fatalf("%v: play %v uses other dice", c, slices.Collect(p.Steps()))
				}
			} else if dice[c.Roll.High()] > 1 || dice[c.Roll.Low()] > 1 || dice[c.Roll.High()]+dice[c.Roll.Low()] != p.Len() {
				t.Fatalf("%v: play %v uses other dice", c, slices.Collect(p.Steps()))
			}
			if p.Len() == 1 && !c.Roll.IsDouble() && largerPossible && int(p.Step(0).Die) != c.Roll.High() {
				t.Fatalf("%v: play %v uses the smaller die", c, slices.Collect(p.Steps()))
			}
		}
	})
}

// TestPropertyHeadRule: at most one checker leaves the head, two in the L4
// cases (counted both from the steps and from the head counts).
func TestPropertyHeadRule(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(Long).Draw(t, "rules")
		pos := genGamePosition(r).Draw(t, "pos")
		if rapid.Bool().Draw(t, "spread") {
			pos = genPosition(r).Draw(t, "spread-pos")
		}
		c := testCase{Rules: r, Pos: pos, Roll: genRoll().Draw(t, "roll")}
		b := refBoard{me: pos.Mover(), opp: pos.Opponent()}
		b.me[Off], b.me[Bar], b.opp[Off], b.opp[Bar] = 0, 0, 0, 0
		limit := refHeadLimit(r, b, c.Roll)
		for _, p := range legalOf(t, c) {
			steps := 0
			for i := range p.Len() {
				if p.Step(i).From == Head {
					steps++
				}
			}
			left := pos.Mover()[Head] - p.Result().Opponent()[Head]
			if steps > limit || left != steps {
				t.Fatalf("%v: play %v takes %d (steps %d) from the head, limit %d", c, slices.Collect(p.Steps()), left, steps, limit)
			}
		}
	})
}

// TestPropertyNoBlock: no result holds a six-block that L5 forbids; with
// TransientBlock false no position on the way does either.
func TestPropertyNoBlock(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(Long).Draw(t, "rules")
		pos := genPosition(r).Draw(t, "pos")
		c := testCase{Rules: r, Pos: pos, Roll: genRoll().Draw(t, "roll")}
		for _, p := range legalOf(t, c) {
			b := refBoard{me: pos.Mover(), opp: pos.Opponent()}
			b.me[Bar], b.opp[Bar] = 0, 0
			for i := range p.Len() {
				s := p.Step(i)
				var ok bool
				b, _, ok = refStep(Long, b, int(s.From), int(s.Die))
				if !ok {
					t.Fatalf("%v: step %v of %v is illegal", c, s, slices.Collect(p.Steps()))
				}
				if !r.TransientBlock && refIllegalBlock(b, r.BlockAhead) {
					t.Fatalf("%v: play %v makes a six-block at step %d", c, slices.Collect(p.Steps()), i+1)
				}
			}
			if refIllegalBlock(b, r.BlockAhead) {
				t.Fatalf("%v: play %v ends in a six-block", c, slices.Collect(p.Steps()))
			}
			if refKey(b) != p.afterKey() {
				t.Fatalf("%v: steps %v replay to %s, play says %s", c, slices.Collect(p.Steps()), refKey(b), p.afterKey())
			}
		}
	})
}

// TestPropertyApply: Apply accepts every legal play and returns its Result;
// PlayOf with the canonical steps gives the same play; the input is unchanged.
func TestPropertyApply(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		before := c.Pos
		for _, p := range legalOf(t, c) {
			got, err := c.Rules.Apply(c.Pos, p)
			if err != nil || got != p.Result() {
				t.Fatalf("%v: testApply(%v) = %v, %v; want %v", c, slices.Collect(p.Steps()), got, err, p.Result())
			}
			q, err := c.Rules.PlayOf(c.Pos, c.Roll, slices.Collect(p.Steps())...)
			if err != nil || q.Result() != p.Result() || q.afterKey() != p.afterKey() || q.Len() != p.Len() {
				t.Fatalf("%v: PlayOf(%v) = %v, %v", c, slices.Collect(p.Steps()), slices.Collect(q.Steps()), err)
			}
		}
		if c.Pos != before {
			t.Fatalf("position changed")
		}
	})
}

// TestPropertySameResult: the word-wise comparisons Apply and Game.Play
// make for C8 agree with == on the Results they stand for, for the plays
// of two random cases (mostly different positions and rolls) and of one
// case against itself, and a Result against the two positions before and
// after the turn passes.
func TestPropertySameResult(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genCase().Draw(t, "a"), genCase().Draw(t, "b")
		pa, pb := legalOf(t, a), legalOf(t, b)
		for _, p := range pa {
			turnedPlay, otherGamePlay := p, p // the same sides, another colour or game
			turnedPlay.meta ^= 1 << metaTurnShift
			otherGamePlay.meta ^= 3 << metaVariantShift // long 1 <-> short 2
			for _, q := range slices.Concat(pa, pb, []Play{turnedPlay, otherGamePlay}) {
				if p.sameResult(q) != (p.Result() == q.Result()) {
					t.Fatalf("sameResult(%v, %v) = %t", p.Result(), q.Result(), p.sameResult(q))
				}
			}
			turned, otherGame := p.Result(), p.Result() // the same sides, another colour or game
			turned.turn = turned.turn.Other()
			otherGame.variant = Long + Short - otherGame.variant
			for _, pos := range []Position{p.Result(), p.Result().Pass(), a.Pos, b.Pos, pb[0].Result(), turned, otherGame} {
				if p.leadsTo(pos) != (pos == p.Result()) {
					t.Fatalf("leadsTo(%v) of a play to %v = %t", pos, p.Result(), p.leadsTo(pos))
				}
			}
		}
	})
}

// TestPropertyAppendLegal: AppendLegal equals Legal and appends after the
// existing content of dst without touching it.
func TestPropertyAppendLegal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		other := genCase().Draw(t, "other")
		plays := legalOf(t, c)
		prefix, err := other.Rules.Legal(other.Pos, other.Roll)
		if err != nil {
			t.Fatalf("%v: %v", other, err)
		}
		keep := slices.Clone(prefix)
		for _, capacity := range []int{len(prefix), len(prefix) + MaxPlays} {
			dst := append(make([]Play, 0, capacity), prefix...)
			got, err := c.Rules.AppendLegal(dst, c.Pos, c.Roll)
			if err != nil {
				t.Fatalf("%v: %v", c, err)
			}
			if !slices.Equal(got[:len(keep)], keep) || !slices.Equal(got[len(keep):], plays) {
				t.Fatalf("%v: AppendLegal differs from Legal (cap %d)", c, capacity)
			}
			if capacity-len(prefix) >= MaxPlays && &got[:1][0] != &dst[:1][0] {
				t.Fatalf("%v: AppendLegal grew a buffer with MaxPlays free", c)
			}
		}
		// The package-level forms use the default rules.
		if c.Rules == DefaultRules(c.Pos.Variant()) {
			got, err := testLegal(c.Pos, c.Roll)
			if err != nil || !slices.Equal(got, plays) {
				t.Fatalf("%v: Legal differs from Rules.Legal", c)
			}
		}
	})
}

// TestPropertyCallOrder: the answers do not depend on what was asked before
// (no hidden state): a batch asked forwards and backwards agrees.
func TestPropertyCallOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cases := rapid.SliceOfN(genCase(), 2, 8).Draw(t, "cases")
		fwd := make([][]Play, len(cases))
		for i, c := range cases {
			fwd[i] = legalOf(t, c)
		}
		for i := len(cases) - 1; i >= 0; i-- {
			if got := legalOf(t, cases[i]); !slices.Equal(got, fwd[i]) {
				t.Fatalf("%v: answer depends on call order", cases[i])
			}
		}
	})
}

// TestConcurrentLegal runs Legal, Apply and the step API from 8 goroutines
// at once over the same inputs and compares with a sequential run; run it
// under -race.
func TestConcurrentLegal(t *testing.T) {
	var cases []testCase
	for seed := range uint64(12) {
		for _, v := range []Variant{Long, Short} {
			r := DefaultRules(v)
			if seed%3 == 1 && v == Long {
				r.TransientBlock, r.HeadException = false, Literal
			}
			pos, err := randomGame(r, seed, int(seed*7))
			require.NoError(t, err)
			for _, w := range AllRolls() {
				cases = append(cases, testCase{Rules: r, Pos: pos, Roll: w.Roll})
			}
		}
	}
	want := make([][]Play, len(cases))
	for i, c := range cases {
		var err error
		want[i], err = c.Rules.Legal(c.Pos, c.Roll)
		require.NoError(t, err)
	}
	shared, err := DefaultRules(Short).NewTurn(shortStart, MustRoll(3, 1))
	require.NoError(t, err)
	sharedNext := shared.AppendNextSteps(nil)
	require.NotEmpty(t, sharedNext)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]Play, 0, MaxPlays)
			for k := range cases {
				i := (k + g*len(cases)/8) % len(cases) // each goroutine its own order
				c := cases[i]
				got, err := c.Rules.AppendLegal(buf[:0], c.Pos, c.Roll)
				if err != nil || !slices.Equal(got, want[i]) {
					errs <- fmt.Errorf("goroutine %d: %v: %v", g, c, err)
					return
				}
				if _, err := c.Rules.Apply(c.Pos, got[len(got)-1]); err != nil {
					errs <- fmt.Errorf("goroutine %d: %v: Apply: %v", g, c, err)
					return
				}
				if tn, err := c.Rules.NewTurn(c.Pos, c.Roll); err != nil || (tn.Required() > 0) != (got[0].Len() > 0) {
					errs <- fmt.Errorf("goroutine %d: %v: NewTurn: %v", g, c, err)
					return
				}
				// One Turn value shared by all goroutines.
				if next := shared.AppendNextSteps(nil); len(next) != len(sharedNext) {
					errs <- fmt.Errorf("goroutine %d: shared Turn offers %v, want %v", g, next, sharedNext)
					return
				}
				if u, err := shared.Step(sharedNext[g%len(sharedNext)]); err != nil || u.Len() != 1 {
					errs <- fmt.Errorf("goroutine %d: shared Turn step: %v", g, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

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

// TestPropertyCanonicalOrder checks the order AppendLegal documents: a
// mixed roll lists the plays that start with the larger die first, then
// the others, each group from the highest point down (first step, then
// second); a double (blocks judged at the end) lists steps from points no
// higher than the step before, plays from the highest points down; the
// empty play is alone.
func TestPropertyCanonicalOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		plays := legalOf(t, c)
		if plays[0].IsEmpty() && len(plays) != 1 {
			t.Fatalf("%v: the empty play is not alone", c)
		}
		froms := func(p Play) []int {
			out := make([]int, p.Len())
			for i := range out {
				out[i] = int(p.Step(i).From)
			}
			return out
		}
		passJudged := c.Rules.Variant == Long && !c.Rules.TransientBlock
		for i, p := range plays {
			if c.Roll.IsDouble() && !passJudged && !slices.IsSortedFunc(froms(p), func(a, b int) int { return b - a }) {
				t.Fatalf("%v: double's steps %v are not from the highest point down", c, slices.Collect(p.Steps()))
			}
			if i == 0 {
				continue
			}
			q := plays[i-1]
			if !c.Roll.IsDouble() && q.Len() > 0 && p.Step(0).Die > q.Step(0).Die {
				t.Fatalf("%v: play %v (larger die first) listed after %v", c, slices.Collect(p.Steps()), slices.Collect(q.Steps()))
			}
			sameGroup := c.Roll.IsDouble() || p.Step(0).Die == q.Step(0).Die
			if sameGroup && !passJudged && slices.Compare(froms(q), froms(p)) <= 0 {
				t.Fatalf("%v: play %v listed after %v, not from the highest point down", c, slices.Collect(p.Steps()), slices.Collect(q.Steps()))
			}
		}
		// A smaller-die-first play has no larger-die-first order.
		for _, p := range plays {
			if !c.Roll.IsDouble() && p.Len() == 2 && int(p.Step(0).Die) == c.Roll.Low() {
				r, err := c.Rules.PlayOf(c.Pos, c.Roll, p.Step(1), p.Step(0))
				if err == nil && r.Result() == p.Result() {
					t.Fatalf("%v: play %v could start with the larger die", c, slices.Collect(p.Steps()))
				}
			}
		}
	})
}

// TestPropertyGameOptionsIgnored: the game-level options (cube, scoring,
// next game, last roll) do not change the legal plays.
func TestPropertyGameOptionsIgnored(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		plays := legalOf(t, c)
		r := c.Rules
		r.Cube = !r.Cube
		r.Jacoby, r.Beavers, r.Crawford, r.MaxCube = false, false, false, 0
		if r.Cube { // the cube's options need the cube (S6)
			r.Jacoby, r.Beavers, r.Crawford, r.MaxCube = !c.Rules.Jacoby, !c.Rules.Beavers, !c.Rules.Crawford, 8
		}
		r.NextGameStarter = AlternateStarts
		r.LastRollDraw = r.Variant == Long
		if err := r.Validate(); err != nil {
			t.Fatalf("%+v: %v", r, err)
		}
		got, err := r.Legal(c.Pos, c.Roll)
		if err != nil || !slices.Equal(got, plays) {
			t.Fatalf("%v: game options change Legal: %v", c, err)
		}
	})
}
