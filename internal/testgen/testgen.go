// Package testgen makes the random inputs of the tests of the format
// packages (gnubg, xgid) through the public API of package nardy:
// short-nardy positions for rapid, and matches of random legal actions;
// it reads the command lines the documents give for the programs
// (DocCommands), for the programs' tests; and it puts a match as nardy's
// record says it and as GNU Backgammon's import of a .mat file says it in
// one form (MatGame, MatForms), for the tests of the .mat files of package
// gnubg and of the example server.
// (The tests of package nardy itself have their own generators, which may
// use its internals; they cannot import this package, which imports
// nardy.)
package testgen

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/gnubgpath"
	"pgregory.net/rapid"
)

// ShortPosition draws a valid short-nardy position, either colour on roll:
// each side has some checkers borne off (none to all 15), up to 3 on the
// bar and the rest spread over up to 12 points, the opponent's on points
// the mover left free. The position is built from its key
// ([nardy.ParseKey]), so the generator reads no Side.
func ShortPosition() *rapid.Generator[nardy.Position] {
	return rapid.Custom(func(t *rapid.T) nardy.Position {
		var me, opp [26]int // by point number: 0 borne off, 1..24, 25 the bar
		place(t, "me", &me, func(int) bool { return true })
		place(t, "opp", &opp, func(q int) bool { return me[25-q] == 0 }) // the mover's 25-q
		turn := rapid.SampledFrom([]nardy.Color{nardy.White, nardy.Black}).Draw(t, "turn")
		key := half(me) + "/" + half(opp)
		p, err := nardy.ParseKey(nardy.Short, turn, key)
		if err != nil {
			t.Fatalf("generator made a bad position %s: %v", key, err)
		}
		return p
	})
}

// place draws where one side's 15 checkers are, on the points free allows.
func place(t *rapid.T, who string, c *[26]int, free func(q int) bool) {
	n := nardy.Checkers
	c[nardy.Off] = rapid.IntRange(0, n).Draw(t, who+"-off")
	n -= c[nardy.Off]
	c[nardy.Bar] = rapid.IntRange(0, min(3, n)).Draw(t, who+"-bar")
	n -= c[nardy.Bar]
	var points []int
	for q := 1; q <= 24; q++ {
		if free(q) {
			points = append(points, q)
		}
	}
	if n == 0 || len(points) == 0 {
		c[nardy.Bar] += n
		return
	}
	points = rapid.Permutation(points).Draw(t, who+"-points")
	points = points[:rapid.IntRange(1, min(len(points), 12, n)).Draw(t, who+"-k")]
	for i := range n {
		q := points[i%len(points)] // every chosen point gets one, then at random
		if i >= len(points) {
			q = points[rapid.IntRange(0, len(points)-1).Draw(t, who+"-c")]
		}
		c[q]++
	}
}

// half is one side's half of a position key: 26 hex digits, the counts on
// points 1..24, the bar, borne off.
func half(c [26]int) string {
	const hex = "0123456789abcdef"
	var b strings.Builder
	for q := 1; q <= 25; q++ {
		b.WriteByte(hex[c[q]])
	}
	b.WriteByte(hex[c[nardy.Off]])
	return b.String()
}

// RandomMatch plays a 3-point match of short nardy with seeded dice and
// random legal actions: whole plays and plays step by step with steps
// taken back, doubles, takes and drops, and resignations (oin, mars or
// koks, by either player) accepted or rejected. It returns its record.
func RandomMatch(tb testing.TB, seed uint64) nardy.Record {
	tb.Helper()
	return RandomMatchOf(tb, nardy.DefaultRules(nardy.Short), 3, seed)
}

// RandomMatchOf is [RandomMatch] under rules r, to length (0: one game of
// money play).
func RandomMatchOf(tb testing.TB, r nardy.Rules, length int, seed uint64) nardy.Record {
	tb.Helper()
	rc, err := nardy.NewRecorder(r, length, &seed)
	if err != nil {
		tb.Fatal(err)
	}
	dice, rng := nardy.NewSeededDice(seed), rand.New(rand.NewPCG(seed, 1))
	for i := 0; !rc.Match().IsOver(); i++ {
		if i == 20000 {
			tb.Fatalf("seed %d: the match has not ended after %d actions", seed, i)
		}
		a, ok := randomAction(rc.Match().Game(), rng)
		if !ok {
			err = rc.Roll(dice) // dice only from the seeded source
		} else {
			err = rc.Do(a)
		}
		if err != nil {
			tb.Fatalf("seed %d, action %d %+v: %v", seed, i, a, err)
		}
	}
	return rc.Record()
}

// randomAction picks a random legal action of g, or false for a roll.
func randomAction(g nardy.Game, rng *rand.Rand) (nardy.Action, bool) {
	to, _ := g.ToAct()
	// resign offers a resignation of a random kind, or, where the rules
	// do not score that kind (long-classic has no koks, L9), the next
	// kind they do; false when they score none. The random draws are
	// those of a kind always taken, so the games of seeds that never met
	// a refused kind are the same as before.
	resign := func() (nardy.Action, bool) {
		kinds := []nardy.ResultKind{nardy.Oin, nardy.Mars, nardy.Koks}
		who, k := nardy.Color(rng.IntN(2)), rng.IntN(len(kinds))
		for j := range kinds {
			a := nardy.Action{Kind: nardy.ActResign, Player: who, Resign: kinds[(k+j)%len(kinds)]}
			if _, err := g.Do(a); err == nil {
				return a, true
			}
		}
		return nardy.Action{}, false
	}
	switch g.Phase() {
	case nardy.PhaseRoll:
		if rng.IntN(10) > 0 {
			break // mostly a roll
		}
		if r := rng.IntN(1000); r < 3 {
			if a, ok := resign(); ok {
				return a, true
			}
		} else if r < 60 {
			double := nardy.Action{Kind: nardy.ActDouble, Player: to}
			if _, err := g.Do(double); err == nil {
				return double, true
			}
		}
	case nardy.PhasePlay:
		if rng.IntN(1000) < 2 {
			if a, ok := resign(); ok {
				return a, true
			}
		}
		t, _ := g.Turn()
		if t.Len() > 0 && rng.IntN(8) == 0 {
			return nardy.Action{Kind: nardy.ActUndo, Player: to}, true
		}
		if t.Len() == 0 && rng.IntN(2) == 0 {
			plays, err := g.Legal()
			if err == nil && len(plays) > 0 {
				return plays[rng.IntN(len(plays))].Action(), true
			}
		}
		if next := t.AppendNextSteps(nil); len(next) > 0 {
			i := rng.IntN(len(next))
			return nardy.Action{Kind: nardy.ActStep, Player: to, Steps: next[i : i+1]}, true
		}
	case nardy.PhaseCube:
		kinds := []nardy.ActionKind{nardy.ActTake, nardy.ActTake, nardy.ActTake, nardy.ActDrop}
		if _, err := g.Do(nardy.Action{Kind: nardy.ActBeaver, Player: to}); err == nil {
			kinds = append(kinds, nardy.ActBeaver)
		}
		return nardy.Action{Kind: kinds[rng.IntN(len(kinds))], Player: to}, true
	case nardy.PhaseResign:
		k := nardy.ActReject
		if rng.IntN(3) == 0 {
			k = nardy.ActAccept
		}
		return nardy.Action{Kind: k, Player: to}, true
	}
	return nardy.Action{}, false
}

// GnubgEnv names the environment variable with which a run requires GNU
// Backgammon: .ci/run sets it once gnubg is installed, so that a test that
// cannot find or start it fails instead of skipping, and a green CI means
// every comparison with gnubg ran.
const GnubgEnv = "NARDY_REQUIRE_GNUBG"

// GnubgOrSkip returns the GNU Backgammon binary, or skips tb, loudly, when
// it is not installed; with [GnubgEnv] set it fails tb instead.
func GnubgOrSkip(tb testing.TB) string {
	tb.Helper()
	if bin := Gnubg(); bin != "" {
		return bin
	}
	msg := "GNU Backgammon is not installed (no /usr/games/gnubg, no gnubg in PATH; apt-get install gnubg)"
	if os.Getenv(GnubgEnv) != "" {
		tb.Fatalf("%s, and %s is set: this run requires it", msg, GnubgEnv)
	}
	fmt.Fprintln(os.Stderr, "WARNING: SKIPPED:", msg)
	tb.Skip("SKIPPED: " + msg)
	return ""
}

// Gnubg returns the GNU Backgammon binary, or "" when it is not
// installed, as gnubgpath.Path finds it.
func Gnubg() string { return gnubgpath.Path() }

// SyntaxInputLen returns the length of the input a *nardy.SyntaxError in
// err keeps, and false when err holds none: the kept function of
// testmem.CheckReaders.
func SyntaxInputLen(err error) (int, bool) {
	var se *nardy.SyntaxError
	if errors.As(err, &se) {
		return len(se.Input), true
	}
	return 0, false
}

// Start returns the start position of v with onRoll on roll.
func Start(tb testing.TB, v nardy.Variant, onRoll nardy.Color) nardy.Position {
	tb.Helper()
	p, err := nardy.StartPosition(v, onRoll)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// CheckGame fails t unless a game a format package built from input
// (gnubg.Game, xgid.ID.Game) is one: err is nil and the game reads back
// from its JSON as itself (the state checks of a game read from JSON
// hold), or err matches one of kinds, the sentinels the function's doc
// gives.
func CheckGame(t testing.TB, input string, g nardy.Game, err error, kinds ...error) {
	t.Helper()
	if err != nil {
		for _, k := range kinds {
			if errors.Is(err, k) {
				return
			}
		}
		t.Fatalf("%q: the game's error is of no kind its doc gives (%v): %v", input, kinds, err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatalf("%q: the game does not marshal: %v", input, err)
	}
	var back nardy.Game
	if err := json.Unmarshal(b, &back); err != nil || back != g {
		t.Fatalf("%q: the game's JSON reads back otherwise: %v", input, err)
	}
}

// CheckMatch fails t unless the match a format package built from input
// (gnubg.Match, xgid.ID.Match) agrees with its game (gnubg.Game,
// xgid.ID.Game; g and gerr): the game's error when it has one, else the
// match holds the game and reads back from its JSON as itself, or merr
// matches nardy.ErrInvalidRules (a score or Crawford flag no match has; a
// game of money play has none).
func CheckMatch(t testing.TB, input string, g nardy.Game, gerr error, m nardy.Match, merr error) {
	t.Helper()
	switch {
	case gerr != nil:
		if merr == nil || merr.Error() != gerr.Error() {
			t.Fatalf("%q: the match's error %v, its game's %v", input, merr, gerr)
		}
		return
	case merr != nil:
		if g.IsMoney() || !errors.Is(merr, nardy.ErrInvalidRules) { // money play has no score to refuse
			t.Fatalf("%q: the match's error is not of its score: %v", input, merr)
		}
		return
	case m.Game() != g:
		t.Fatalf("%q: the match's game is not the game", input)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatalf("%q: the match does not marshal: %v", input, err)
	}
	var back nardy.Match
	if err := json.Unmarshal(b, &back); err != nil || back != m {
		t.Fatalf("%q: the match's JSON reads back otherwise: %v\n%s", input, err, b)
	}
}

// CheckRecorder fails t unless the recorder a format package built from
// input (gnubg.Recorder, xgid.ID.Recorder; rc and rerr) agrees with its
// match (m and merr): the match's error when it has one, else a recorder
// whose match is m, and whose record reads back from its JSON and
// replays to m.
func CheckRecorder(t testing.TB, input string, m nardy.Match, merr error, rc *nardy.Recorder, rerr error) {
	t.Helper()
	switch {
	case merr != nil:
		if rerr == nil || rerr.Error() != merr.Error() {
			t.Fatalf("%q: the recorder's error %v, its match's %v", input, rerr, merr)
		}
		return
	case rerr != nil:
		t.Fatalf("%q: a match %v, but no recorder: %v", input, m, rerr)
	case rc.Match() != m:
		t.Fatalf("%q: the recorder's match is not the match", input)
	}
	b, err := json.Marshal(rc.Record())
	if err != nil {
		t.Fatalf("%q: the record does not marshal: %v", input, err)
	}
	var rec nardy.Record
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatalf("%q: the record's JSON is refused: %v\n%s", input, err, b)
	}
	if got, err := nardy.Replay(rec); err != nil || got != m {
		t.Fatalf("%q: the record does not replay to the match: %v\n%s", input, err, b)
	}
}

// ResignedAtOnce returns a 1-point match and a game of money play under r,
// each over before its first play: White wins the opening throw with
// 2-1, Black resigns an oin (a single game) and White accepts.
func ResignedAtOnce(t testing.TB, r nardy.Rules) (nardy.Match, nardy.Game) {
	t.Helper()
	m, err := nardy.NewMatch(r, 1)
	if err != nil {
		t.Fatalf("NewMatch: %v", err)
	}
	g, err := nardy.NewGame(r)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	for _, a := range []nardy.Action{
		{Kind: nardy.ActOpening, Dice: [2]int{2, 1}},
		{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Oin},
		{Kind: nardy.ActAccept, Player: nardy.White},
	} {
		if m, err = m.Do(a); err != nil {
			t.Fatalf("match: %+v: %v", a, err)
		}
		if g, err = g.Do(a); err != nil {
			t.Fatalf("game: %+v: %v", a, err)
		}
	}
	return m, g
}

// OpenedMatch returns a match to length points under r whose first game
// White has begun by winning the opening throw with 2-1.
func OpenedMatch(t testing.TB, r nardy.Rules, length int) nardy.Match {
	t.Helper()
	m, err := nardy.NewMatch(r, length)
	if err != nil {
		t.Fatalf("NewMatch: %v", err)
	}
	if m, err = m.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{2, 1}}); err != nil {
		t.Fatalf("opening: %v", err)
	}
	return m
}
