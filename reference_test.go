package nardy

// A deliberately simple reference move generator written from docs/rules.md, not
// from movegen.go: plain arrays of counts, every step sequence in every
// order of the dice, each step judged directly against the rules, then C5
// and C8 over the whole set. It is slow and meant to be obviously right;
// the property test below compares the fast generator with it (issue 5
// item 3), and it is itself checked against every conformance case.

import (
	"bufio"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// refBoard is a board seen from the mover: index 0 is off, 1..24 the own
// points, 25 the bar; each side in its own numbering.
type refBoard struct {
	me, opp [26]int
}

// refOpp returns the opponent's own number of the mover's point q (§0).
func refOpp(v Variant, q int) int {
	if v == Short {
		return 25 - q
	}
	if q > 12 {
		return q - 12
	}
	return q + 12
}

// refKey writes the conformance key: mover's points 1..24, bar, off, '/',
// the same for the opponent, one hex digit each.
func refKey(b refBoard) string {
	var sb strings.Builder
	for i, side := range [2][26]int{b.me, b.opp} {
		if i == 1 {
			sb.WriteByte('/')
		}
		for q := 1; q <= 25; q++ {
			sb.WriteByte("0123456789abcdef"[side[q]])
		}
		sb.WriteByte("0123456789abcdef"[side[0]])
	}
	return sb.String()
}

// refIllegalBlock is L5 for the mover of b: six consecutive points of the
// opponent's route held by the mover with no opponent checker ahead (on the
// route: on an opponent point numbered lower than the block; OpponentHome:
// any opponent checker in its home 1..6).
func refIllegalBlock(b refBoard, ahead BlockAhead) bool {
	var held [25]bool // in the opponent's numbering
	for q := 1; q <= 24; q++ {
		if b.me[q] > 0 {
			held[refOpp(Long, q)] = true
		}
	}
	for s := 1; s <= 19; s++ {
		run := true
		for o := s; o <= s+5; o++ {
			if !held[o] {
				run = false
			}
		}
		if !run {
			continue
		}
		ok := false
		if ahead == OpponentHome {
			for o := 1; o <= 6; o++ {
				ok = ok || b.opp[o] > 0
			}
		} else {
			for o := 1; o < s; o++ {
				ok = ok || b.opp[o] > 0
			}
		}
		if !ok {
			return true
		}
	}
	return false
}

// refHeadLimit is L3/L4: how many checkers may leave the head this turn.
func refHeadLimit(r Rules, b refBoard, roll Roll) int {
	if b.me[24] != 15 {
		return 1 // not a first turn
	}
	blocked := func(q int) bool { return q < 1 || b.opp[refOpp(Long, q)] > 0 }
	d := roll.High()
	switch r.HeadException {
	case Doubles:
		if roll.IsDouble() && (d == 6 || d == 4 || d == 3) {
			return 2
		}
	case Classic:
		// A lone checker from the head, stepping by the double, is first
		// stopped on the opponent's head (the mover's point 12).
		if roll.IsDouble() {
			for k := 1; k <= 4; k++ {
				q := 24 - k*d
				if q >= 1 && blocked(q) {
					if q == 12 {
						return 2
					}
					break
				}
			}
		}
	case Literal:
		// Can one checker from the head land legally on every step in
		// some order of the dice?
		dice := []int{roll.High(), roll.Low()}
		if roll.IsDouble() {
			dice = []int{d, d, d, d}
		}
		whole := false
		for _, order := range [][]int{dice, {dice[1], dice[0]}} {
			if len(dice) == 4 {
				order = dice
			}
			q, ok := 24, true
			for _, x := range order {
				q -= x
				ok = ok && !blocked(q)
			}
			whole = whole || ok
		}
		if !whole {
			return 2
		}
	}
	return 1
}

// refStep tries one step of die d from point from (25 = bar). It returns the
// new board, the step and whether the step is legal by C3, C4, C6, S2, S3,
// L2 (L3 and L5 are judged by the caller).
func refStep(v Variant, b refBoard, from, d int) (refBoard, Step, bool) {
	if from < 1 || from > 25 || b.me[from] == 0 {
		return b, Step{}, false
	}
	if from != 25 && b.me[25] > 0 {
		return b, Step{}, false // S3: the bar first
	}
	to := from - d
	hit := false
	if to >= 1 {
		o := b.opp[refOpp(v, to)]
		if v == Long && o > 0 {
			return b, Step{}, false // L2
		}
		if v == Short && o >= 2 {
			return b, Step{}, false // C4
		}
		hit = v == Short && o == 1 // S2
	} else {
		for q := 7; q <= 25; q++ {
			if b.me[q] > 0 {
				return b, Step{}, false // C6: not all home
			}
		}
		if to < 0 {
			for q := from + 1; q <= 6; q++ {
				if b.me[q] > 0 {
					return b, Step{}, false // C6: a higher checker
				}
			}
		}
		to = 0
	}
	b.me[from]--
	b.me[to]++
	if hit {
		b.opp[refOpp(v, to)]--
		b.opp[25]++
	}
	return b, Step{From: from, To: to, Die: d, Hit: hit}, true
}

// refSeq is one legal step sequence found by the enumeration.
type refSeq struct {
	n     int
	first Step
	key   string
}

// refLegal returns the keys of all legal plays of the position (me, opp)
// for roll under r and the set of legal first steps of those plays.
func refLegal(r Rules, me, opp Side, roll Roll) (keys map[string]bool, first map[Step]bool) {
	res := refSolve(r, me, opp, roll)
	return res.keys, res.first
}

// refResult is what the reference knows about a turn.
type refResult struct {
	keys  map[string]bool // result keys of the legal plays (C8)
	first map[Step]bool   // first steps of the legal plays
	most  int             // dice every legal play uses (C5)
	limit int             // long: checkers that may leave the head (L3, L4)
}

// refSolve enumerates every step sequence; see refLegal.
func refSolve(r Rules, me, opp Side, roll Roll) refResult {
	v := r.Variant
	var b refBoard
	for i := range 24 {
		b.me[i+1], b.opp[i+1] = me[i+1], opp[i+1]
	}
	b.me[25], b.opp[25], b.me[0], b.opp[0] = me[Bar], opp[Bar], me[Off], opp[Off]
	limit := 99
	if v == Long {
		limit = refHeadLimit(r, b, roll)
	}
	endOK := func(b refBoard) bool { return v != Long || !refIllegalBlock(b, r.BlockAhead) }
	dice := []int{roll.High(), roll.Low()}
	if roll.IsDouble() {
		dice = []int{roll.High(), roll.High(), roll.High(), roll.High()}
	}
	var all []refSeq
	var rec func(b refBoard, left []int, n, fromHead int, firstStep Step)
	rec = func(b refBoard, left []int, n, fromHead int, firstStep Step) {
		if endOK(b) {
			all = append(all, refSeq{n: n, first: firstStep, key: refKey(b)})
		}
		for i, d := range left {
			if i > 0 && d == left[i-1] {
				continue // same number as the die before: same sequences
			}
			rest := slices.Delete(slices.Clone(left), i, i+1)
			for from := 1; from <= 25; from++ {
				nb, s, ok := refStep(v, b, from, d)
				if !ok {
					continue
				}
				h := fromHead
				if v == Long && from == 24 {
					h++
					if h > limit {
						continue // L3, L4
					}
				}
				if v == Long && !r.TransientBlock && refIllegalBlock(nb, r.BlockAhead) {
					continue // L5 judged on the pass
				}
				fs := firstStep
				if n == 0 {
					fs = s
				}
				rec(nb, rest, n+1, h, fs)
			}
		}
	}
	rec(b, dice, 0, 0, Step{})
	most := 0
	for _, s := range all {
		most = max(most, s.n)
	}
	larger := false // C5: one die only, and the larger one can be used
	if most == 1 && !roll.IsDouble() {
		for _, s := range all {
			larger = larger || (s.n == 1 && int(s.first.Die) == roll.High())
		}
	}
	keys, first := map[string]bool{}, map[Step]bool{}
	for _, s := range all {
		if s.n != most || (larger && int(s.first.Die) != roll.High()) {
			continue
		}
		keys[s.key] = true
		if most > 0 {
			first[s.first] = true
		}
	}
	return refResult{keys: keys, first: first, most: most, limit: limit}
}

// refLegalPos is refLegal for a Position.
func refLegalPos(r Rules, pos Position, roll Roll) (map[string]bool, map[Step]bool) {
	return refLegal(r, pos.Mover(), pos.Opponent(), roll)
}

// confCase is the part of a conformance case the reference reads; it parses
// the files itself so as not to share code with the engine.
type confCase struct {
	ID      string         `json:"id"`
	Variant string         `json:"variant"`
	Rules   map[string]any `json:"rules"`
	Me      []int          `json:"me"`
	Opp     []int          `json:"opp"`
	MeBar   int            `json:"me_bar"`
	OppBar  int            `json:"opp_bar"`
	MeOff   int            `json:"me_off"`
	OppOff  int            `json:"opp_off"`
	Dice    []int          `json:"dice"`
	Plays   []string       `json:"plays"`
	Error   *string        `json:"error"`
	File    string         `json:"-"` // the file name without .jsonl
}

// readConformance returns the valid cases of every testdata/conformance file.
func readConformance(t testing.TB) []confCase {
	t.Helper()
	files, err := filepath.Glob("testdata/conformance/*.jsonl")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out []confCase
	for _, f := range files {
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var c confCase
			if json.Unmarshal(sc.Bytes(), &c) != nil || c.Error != nil || c.Plays == nil {
				continue
			}
			c.File = strings.TrimSuffix(filepath.Base(f), ".jsonl")
			out = append(out, c)
		}
		require.NoError(t, sc.Err())
		require.NoError(t, fh.Close())
	}
	return out
}

// rules returns the case's rule set.
func (c confCase) rules(t testing.TB) Rules {
	v := Long
	if c.Variant == "short" {
		v = Short
	}
	r := DefaultRules(v)
	for k, x := range c.Rules {
		switch k {
		case "head_exception":
			r.HeadException = map[string]HeadException{"classic": Classic, "doubles": Doubles, "literal": Literal}[x.(string)]
		case "transient_block":
			r.TransientBlock = x.(bool)
		case "block_ahead":
			r.BlockAhead = map[string]BlockAhead{"on_route": OnRoute, "opponent_home": OpponentHome}[x.(string)]
		default:
			t.Fatalf("%s: unknown rule %q", c.ID, k)
		}
	}
	return r
}

func (c confCase) sides() (me, opp Side) {
	copy(me[1:25], c.Me)
	copy(opp[1:25], c.Opp)
	me[Bar], opp[Bar], me[Off], opp[Off] = c.MeBar, c.OppBar, c.MeOff, c.OppOff
	return me, opp
}

// TestReferenceConformance runs the reference generator over every valid
// conformance case: it must give exactly the expected plays.
func TestReferenceConformance(t *testing.T) {
	cases := readConformance(t)
	require.Greater(t, len(cases), 7000)
	if testing.Short() {
		cases = cases[:len(cases)/10]
	}
	for _, c := range cases {
		me, opp := c.sides()
		keys, _ := refLegal(c.rules(t), me, opp, MustRoll(c.Dice[0], c.Dice[1]))
		got := slices.Sorted(maps.Keys(keys))
		want := slices.Clone(c.Plays)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: reference gives %d plays, want %d\n got %v\nwant %v", c.ID, len(got), len(want), got, want)
		}
	}
}

// TestPropertyLegalMatchesReference compares Legal, as a set of result keys, with
// the reference on random positions of both games under random options.
func TestPropertyLegalMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		plays, err := c.Rules.Legal(c.Pos, c.Roll)
		if err != nil {
			t.Fatalf("testLegal(%v): %v", c, err)
		}
		got := map[string]bool{}
		for _, p := range plays {
			got[p.afterKey()] = true
		}
		want, _ := refLegalPos(c.Rules, c.Pos, c.Roll)
		if !maps.Equal(got, want) {
			t.Fatalf("%v: Legal gives %d plays, reference %d\n got %v\nwant %v",
				c, len(got), len(want), slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}
	})
}

// TestLegalMatchesReferenceWhenEveryLastStepIsRefused: long nardy with
// runs of held points, where for some doubles every fourth step breaks L5
// (on the pass or at the end), so the longest plays have three steps. The
// search for doubles once skipped a three-step node whose fourth steps
// were all refused; the random positions had not met such a case.
func TestLegalMatchesReferenceWhenEveryLastStepIsRefused(t *testing.T) {
	me := Side{1: 2, 2: 1, 3: 2, 4: 3, 5: 2, 14: 1, 15: 1, 16: 1, 17: 1, 18: 1}
	opp := Side{19: 1, 20: 1, 21: 1, 22: 1, Off: 11}
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	checked := 0
	for _, transient := range []bool{false, true} {
		for _, ahead := range []BlockAhead{OnRoute, OpponentHome} {
			r := DefaultRules(Long)
			r.TransientBlock, r.BlockAhead = transient, ahead
			if r.CheckPosition(pos) != nil {
				continue
			}
			for _, w := range AllRolls() {
				plays, err := r.Legal(pos, w.Roll)
				require.NoError(t, err)
				got := map[string]bool{}
				for _, p := range plays {
					got[p.afterKey()] = true
				}
				want, _ := refLegalPos(r, pos, w.Roll)
				require.Equal(t, slices.Sorted(maps.Keys(want)), slices.Sorted(maps.Keys(got)),
					"transient %v, ahead %v, roll %v", transient, ahead, w.Roll)
				checked++
			}
		}
	}
	require.Equal(t, 4*21, checked)
}

// TestLegalListsEveryThreeStepPlayWhenEveryFourthStepMakesABlock: the
// four steps of 6-6 (24-18, 21-15 and 19-13 twice) would hold 13..18, a
// six-block no opponent checker is ahead of (L5, judged at the end), so
// the longest plays have three steps (C5). Two of the three-step plays
// keep the block open (without 24-18, or without 21-15), one does not:
// both must be listed, the second found after the first set the length.
func TestLegalListsEveryThreeStepPlayWhenEveryFourthStepMakesABlock(t *testing.T) {
	me := Side{14: 2, 16: 1, 17: 1, 19: 2, 21: 1, 24: 8}
	opp := Side{19: 1, 20: 1, 21: 1, 22: 1, 23: 1, 24: 1, Off: 9}
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Long)
	require.True(t, r.TransientBlock)
	roll := MustRoll(6, 6)
	plays, err := r.Legal(pos, roll)
	require.NoError(t, err)
	got := map[string]bool{}
	for _, p := range plays {
		require.Equal(t, 3, p.Len(), "%v", p)
		got[p.afterKey()] = true
	}
	want, _ := refLegalPos(r, pos, roll)
	require.Len(t, want, 2)
	require.Equal(t, slices.Sorted(maps.Keys(want)), slices.Sorted(maps.Keys(got)))
}
