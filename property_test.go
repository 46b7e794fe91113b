package nardy

// Properties of the move generator, Apply, PlayOf and the step API over
// random valid positions and positions met in random games, of both games
// and under random rule options (issue 2 item 9). The reference generator
// of reference_test.go supplies what must be computed independently.

import (
	"fmt"
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
