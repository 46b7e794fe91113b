package nardy

// rapid generators shared by the property, reference and fuzz tests:
// rule sets, rolls, random valid positions of both games (spread, first
// turn, bear-off, dense blocking) and positions met in random games.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// genRoll draws one of the 36 throws (so mixed rolls come twice as often as
// doubles, as at the table).
func genRoll() *rapid.Generator[Roll] {
	return rapid.Custom(func(t *rapid.T) Roll {
		return MustRoll(rapid.IntRange(1, 6).Draw(t, "die1"), rapid.IntRange(1, 6).Draw(t, "die2"))
	})
}

// genRules draws a valid rule set of variant v: any combination of the
// long-nardy options (HeadException × TransientBlock × BlockAhead) and of
// OpeningRoll.
func genRules(v Variant) *rapid.Generator[Rules] {
	return rapid.Custom(func(t *rapid.T) Rules {
		r := DefaultRules(v)
		r.OpeningRoll = OpeningRoll(rapid.IntRange(0, 1).Draw(t, "opening"))
		if v == Long {
			r.HeadException = HeadException(rapid.IntRange(0, 2).Draw(t, "head"))
			r.TransientBlock = rapid.Bool().Draw(t, "transient")
			r.BlockAhead = BlockAhead(rapid.IntRange(0, 1).Draw(t, "ahead"))
		}
		return r
	})
}

// genAnyRules draws a valid rule set of either game.
func genAnyRules() *rapid.Generator[Rules] {
	return rapid.Custom(func(t *rapid.T) Rules {
		v := rapid.SampledFrom([]Variant{Long, Short}).Draw(t, "variant")
		return genRules(v).Draw(t, "rules")
	})
}

// physical maps a player's own point q to a board place 0..23 that both
// players share: the mover's numbering, shifted to 0-based. For the
// opponent the place is the mover's number of the same point (docs/rules.md §0),
// written here from the geometry, not with OpponentPoint.
func physical(v Variant, mover bool, q int) int {
	if mover {
		return q - 1
	}
	if v == Short {
		return 25 - q - 1
	}
	if q > 12 { // long: the opponent's q is the mover's q-12 or q+12
		return q - 12 - 1
	}
	return q + 12 - 1
}

// spread distributes n checkers over the given own points, at least one on
// each (len(points) <= n), the rest at random.
func spread(t *rapid.T, label string, s *Side, points []int, n int) {
	if n == 0 || len(points) == 0 {
		s[Off] += n
		return
	}
	if len(points) > n {
		points = points[:n]
	}
	for _, q := range points {
		s[q]++
	}
	for i := len(points); i < n; i++ {
		q := points[rapid.IntRange(0, len(points)-1).Draw(t, label)]
		s[q]++
	}
}

// posShape names the kinds of random positions genPosition draws.
var posShapes = []string{"spread", "first-turn", "bear-off", "dense", "race", "runs"}

// genSides draws the two sides of a raw position of variant v (counts valid
// for NewPosition, the L5 condition not yet checked).
func genSides(t *rapid.T, v Variant) (me, opp Side) {
	shape := rapid.SampledFrom(posShapes).Draw(t, "shape")
	used := [24]bool{} // board places taken by the mover
	// The mover first.
	switch shape {
	case "first-turn":
		if v == Long {
			me[Head] = Checkers
		} else {
			me[24], me[13], me[8], me[6] = 2, 5, 3, 5
		}
	case "bear-off", "race":
		off := 0
		if shape == "bear-off" {
			off = rapid.IntRange(0, 14).Draw(t, "me-off")
		}
		me[Off] = off
		hi := 6
		if shape == "race" {
			hi = rapid.IntRange(6, 12).Draw(t, "me-hi")
		}
		pts := rapid.Permutation(seq(1, hi)).Draw(t, "me-home")
		k := rapid.IntRange(1, hi).Draw(t, "me-k")
		spread(t, "me-c", &me, pts[:k], Checkers-off)
	case "dense":
		start := rapid.IntRange(1, 24).Draw(t, "me-run-start")
		length := rapid.IntRange(5, 9).Draw(t, "me-run-len")
		var pts []int
		for i := 0; i < length; i++ {
			pts = append(pts, (start+i-1)%24+1)
		}
		spread(t, "me-c", &me, pts, Checkers)
	case "runs":
		// Two runs of four to six held points, one checker on each point of
		// the second: the end rules of L5 (a step may close a block, or
		// every last step may) are met in many ways.
		var pts []int
		for _, r := range [2]string{"a", "b"} {
			start := rapid.IntRange(1, 24).Draw(t, "me-run-"+r)
			length := rapid.IntRange(4, 6).Draw(t, "me-len-"+r)
			for i := 0; i < length; i++ {
				pts = append(pts, (start+i-1)%24+1)
			}
		}
		slices.Sort(pts)
		pts = slices.Compact(pts)
		spread(t, "me-c", &me, pts, Checkers)
	default:
		pts := rapid.Permutation(seq(1, 24)).Draw(t, "me-pts")
		k := rapid.IntRange(1, 12).Draw(t, "me-k")
		off := rapid.IntRange(0, 3).Draw(t, "me-off")
		me[Off] = off
		spread(t, "me-c", &me, pts[:k], Checkers-off)
	}
	if v == Short && shape != "bear-off" && shape != "first-turn" {
		// A few checkers on the bar, taken from the mover's points.
		bar := rapid.IntRange(0, 2).Draw(t, "me-bar")
		for q := 24; q >= 1 && bar > 0; q-- {
			for me[q] > 0 && bar > 0 {
				me[q]--
				me[Bar]++
				bar--
			}
		}
	}
	for q := 1; q <= 24; q++ {
		if me[q] > 0 {
			used[physical(v, true, q)] = true
		}
	}
	// The opponent on the places the mover left free.
	var free []int
	for q := 1; q <= 24; q++ {
		if !used[physical(v, false, q)] {
			free = append(free, q)
		}
	}
	oshape := rapid.SampledFrom([]string{"start", "spread", "home"}).Draw(t, "opp-shape")
	var pts []int
	switch oshape {
	case "start":
		for _, q := range []int{24, 13, 8, 6} {
			if v == Long && q != 24 {
				continue
			}
			if !used[physical(v, false, q)] {
				pts = append(pts, q)
			}
		}
	case "home":
		for _, q := range free {
			if q <= 6 {
				pts = append(pts, q)
			}
		}
		opp[Off] = rapid.IntRange(0, 10).Draw(t, "opp-off")
	}
	if len(pts) == 0 {
		pts = rapid.Permutation(free).Draw(t, "opp-pts")
		if len(pts) > 0 {
			pts = pts[:rapid.IntRange(1, min(len(pts), 12)).Draw(t, "opp-k")]
		}
	}
	n := Checkers - opp[Off]
	if v == Short && oshape != "home" {
		opp[Bar] = rapid.IntRange(0, 2).Draw(t, "opp-bar")
		n -= opp[Bar]
	}
	spread(t, "opp-c", &opp, pts, n)
	return me, opp
}

func seq(lo, hi int) []int {
	out := make([]int, 0, hi-lo+1)
	for i := lo; i <= hi; i++ {
		out = append(out, i)
	}
	return out
}

// repairBlock moves checkers off the points of a six-block that r forbids
// until the position passes CheckPosition: the checkers of the lowest point
// of the mover's first run go to the mover's highest other point (or off).
// Each repair empties one point, so it ends.
func repairBlock(t *rapid.T, r Rules, v Variant, turn Color, me, opp Side) Position {
	for {
		pos, err := NewPosition(v, turn, me, opp)
		if err != nil {
			t.Fatalf("generator made a bad position: %v", err)
		}
		if r.CheckPosition(pos) == nil {
			return pos
		}
		// Find a point of a run of six along the opponent's route and
		// empty it.
		q := blockPoint(me)
		if q == 0 {
			t.Fatalf("CheckPosition refuses %v but no run found", pos)
		}
		c := me[q]
		me[q] = 0
		dst := 0
		for p := 24; p >= 1; p-- {
			if me[p] > 0 {
				dst = p
				break
			}
		}
		if dst == 0 {
			me[Off] += c
		} else {
			me[dst] += c
		}
	}
}

// blockPoint returns a mover point inside a run of six consecutive points
// of the opponent's route (long nardy), or 0.
func blockPoint(me Side) int {
	held := func(o int) bool { // opponent's numbering o -> mover's point
		q := o + 12
		if o > 12 {
			q = o - 12
		}
		return me[q] > 0
	}
	for s := 1; s+5 <= 24; s++ {
		all := true
		for o := s; o < s+6; o++ {
			all = all && held(o)
		}
		if all {
			q := s + 2 + 12
			if s+2 > 12 {
				q = s + 2 - 12
			}
			return q
		}
	}
	return 0
}

// genPosition draws a random valid position of r's variant under r.
func genPosition(r Rules) *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		v := r.Variant
		me, opp := genSides(t, v)
		turn := rapid.SampledFrom([]Color{White, Black}).Draw(t, "turn")
		if v == Short {
			pos, err := NewPosition(v, turn, me, opp)
			if err != nil {
				t.Fatalf("generator made a bad position: %v", err)
			}
			return pos
		}
		return repairBlock(t, r, v, turn, me, opp)
	})
}

// genGamePosition draws a position met in a random game under r: from the
// start, n random legal plays with a seeded source (rolls and choices), so
// the position is reachable. It stops before a game is over.
func genGamePosition(r Rules) *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		seed := rapid.Uint64().Draw(t, "seed")
		// Whole stretches of the game: opening, middle game, bear-off.
		n := 40*rapid.IntRange(0, 4).Draw(t, "stage") + rapid.IntRange(0, 39).Draw(t, "plays")
		pos, err := randomGame(r, seed, n)
		if err != nil {
			t.Fatalf("random game: %v", err)
		}
		return pos
	})
}

// randomGame plays up to n random plays from the start under r.
func randomGame(r Rules, seed uint64, n int) (Position, error) {
	rng := rand.New(rand.NewPCG(seed, 7))
	dice := NewSeededDice(seed)
	pos, err := StartPosition(r.Variant, Color(rng.IntN(2)))
	if err != nil {
		return pos, err
	}
	buf := make([]Play, 0, MaxPlays)
	for i := 0; i < n; i++ {
		roll, err := Throw(dice)
		if err != nil {
			return pos, err
		}
		plays, err := r.AppendLegal(buf[:0], pos, roll)
		if err != nil {
			return pos, fmt.Errorf("play %d at %v: %w", i, pos, err)
		}
		next := plays[rng.IntN(len(plays))].Result()
		if next.IsOver() {
			break
		}
		pos = next
	}
	return pos, nil
}

// testCase is one (rules, position, roll) triple.
type testCase struct {
	Rules Rules
	Pos   Position
	Roll  Roll
}

func (c testCase) String() string {
	return fmt.Sprintf("%+v %v %v", c.Rules, c.Pos, c.Roll)
}

// genCase draws rules of either game, a random valid position (half the
// time from a random game) and a roll.
func genCase() *rapid.Generator[testCase] {
	return rapid.Custom(func(t *rapid.T) testCase {
		r := genAnyRules().Draw(t, "rules")
		var pos Position
		if rapid.Bool().Draw(t, "from-game") {
			pos = genGamePosition(r).Draw(t, "pos")
		} else {
			pos = genPosition(r).Draw(t, "pos")
		}
		return testCase{Rules: r, Pos: pos, Roll: genRoll().Draw(t, "roll")}
	})
}

// TestGenerators checks the generators themselves: every drawn position is
// valid under its rules and has 15 checkers a side.
func TestGenerators(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		if err := c.Rules.Validate(); err != nil {
			t.Fatalf("rules %+v: %v", c.Rules, err)
		}
		if err := c.Rules.CheckPosition(c.Pos); err != nil {
			t.Fatalf("position %v: %v", c.Pos, err)
		}
		if c.Pos.Mover().Total() != Checkers || c.Pos.Opponent().Total() != Checkers {
			t.Fatalf("checker count in %v", c.Pos)
		}
		if !c.Roll.IsValid() {
			t.Fatalf("roll %v", c.Roll)
		}
	})
}

// TestGatherNibblesEveryMask checks the multiply gather against the plain
// loop for every pattern of non-empty nibbles (the first line of
// gatherNibbles reduces any word to one of them) and counts 1..15.
func TestGatherNibblesEveryMask(t *testing.T) {
	for m := uint64(0); m < 1<<16; m++ {
		c := m%15 + 1
		var x uint64
		for i := range 16 {
			if m>>i&1 != 0 {
				x |= c << (4 * i)
			}
		}
		if got := gatherNibbles(x); got != m {
			t.Fatalf("gatherNibbles(%#x) = %#x, want %#x", x, got, m)
		}
	}
}
