package nardy

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"
)

// worstTime turns on TestWorstSearch: go test -run WorstSearch -worst 1m
// -timeout 1h -v searches that long for each variant and double.
var (
	worstTime = flag.Duration("worst", 0, "run TestWorstSearch for this long per variant and roll")
	worstDice = flag.String("worst.dice", "123456", "the doubles TestWorstSearch tries")
	worstSeed = flag.Uint64("worst.seed", 0, "the seed of TestWorstSearch")
	worstGame = flag.String("worst.variant", "short,long", "the variants TestWorstSearch tries")
)

// TestWorstSearch is the hill-climb that found the worst cases of
// worstCases: from the start, over valid positions of a game not over, it moves one checker of either
// side at a time, keeping a move when the position stays valid and the
// roll has at least as many plays, and restarts from the best position
// found with a few random moves when it is stuck. It logs the best
// position of each variant and double.
func TestWorstSearch(t *testing.T) {
	if *worstTime == 0 {
		t.Skip("a search: run with -worst DURATION")
	}
	for _, name := range strings.Split(*worstGame, ",") {
		v, err := ParseVariant(name)
		if err != nil {
			t.Fatalf("-worst.variant: %v", err)
		}
		r := DefaultRules(v)
		for _, c := range *worstDice {
			d := int(c - '0')
			roll, err := NewRoll(d, d)
			if err != nil {
				t.Fatalf("-worst.dice %q: %v", *worstDice, err)
			}
			best, n := worstClimb(r, roll, *worstSeed*100+uint64(10*int(v)+d), *worstTime)
			t.Logf("%s %v: %d plays at %q", v, roll, n, best.String())
		}
	}
}

// worstClimb hill-climbs for the position with the most plays of roll
// under r, for duration d.
func worstClimb(r Rules, roll Roll, seed uint64, d time.Duration) (Position, int) {
	rng := rand.New(rand.NewPCG(seed, 9))
	buf := make([]Play, 0, MaxPlays)
	count := func(me, opp Side) int {
		pos, err := NewPosition(r.Variant, White, me, opp)
		if err != nil || r.CheckPosition(pos) != nil || pos.IsOver() {
			return -1
		}
		plays, err := r.AppendLegal(buf[:0], pos, roll)
		if err != nil {
			return -1
		}
		return len(plays)
	}
	start := mustPosition(StartPosition(r.Variant, White))
	me, opp := start.Mover(), start.Opponent()
	cur := count(me, opp)
	bestMe, bestOpp, best := me, opp, cur
	stuck := 0
	for deadline := time.Now().Add(d); time.Now().Before(deadline); {
		nme, nopp := me, opp
		for range 1 + rng.IntN(2) {
			s := &nme
			if rng.IntN(4) == 0 {
				s = &nopp
			}
			worstMove(r.Variant, s, rng)
		}
		if n := count(nme, nopp); n >= cur {
			if n > cur {
				stuck = 0
			}
			me, opp, cur = nme, nopp, n
			if n > best {
				bestMe, bestOpp, best = me, opp, n
			}
		} else if stuck++; stuck > 20000 {
			me, opp, cur, stuck = bestMe, bestOpp, best, 0
			for range 3 + rng.IntN(5) { // a kick: random moves, kept if valid
				nme, nopp := me, opp
				worstMove(r.Variant, &nme, rng)
				worstMove(r.Variant, &nopp, rng)
				if n := count(nme, nopp); n >= 0 {
					me, opp, cur = nme, nopp, n
				}
			}
		}
	}
	return mustPosition(NewPosition(r.Variant, White, bestMe, bestOpp)), best
}

// worstMove moves one checker of s from a random place to another: a
// point, the bar (short nardy) or off.
func worstMove(v Variant, s *Side, rng *rand.Rand) {
	places := Bar + 1 // Off, the points 1..24, Bar
	if v == Long {
		places = Bar // no bar in long nardy
	}
	if from, to := rng.IntN(places), rng.IntN(places); s[from] > 0 {
		s[from]--
		s[to]++
	}
}

// worstCase is a position and double with many plays, and the number of
// plays the MaxPlays doc comment gives for it.
type worstCase struct {
	name  string
	pos   string // Position.String
	roll  Roll
	plays int
}

// worstCases are the positions with the most plays that TestWorstSearch
// found (seeds 0-4), with the published 450- and 536-play short positions
// (gnubg IDs u3MDACRm20YUAA and BwAAwLaBjDQAAA). The plays are the figures
// of the MaxPlays doc comment; TestWorstCases checks them against the
// reference generator and TestGnubgDifferential the short ones against
// GNU Backgammon.
var worstCases = []worstCase{
	{"short-1-1-2226", "short w 00110110110101101101101100/00100000000101001001000172", MustRoll(1, 1), 2226},
	{"short-2-2-2138", "short w 00001111101101101101101100/00000000100100000000100075", MustRoll(2, 2), 2138},
	{"long-1-1-2140", "long w 00011011011011011011011100/0000000000001000000000000e", MustRoll(1, 1), 2140},
	{"long-2-2-2051", "long w 00001111011110110011110100/0000000000400000000000000b", MustRoll(2, 2), 2051},
	{"short-1-1-536", "short w 00222200000102001012000000/3000000000000000000000000c", MustRoll(1, 1), 536},
	{"short-1-1-450", "short w 02022222001001100000000000/23303200000000000000010100", MustRoll(1, 1), 450},
}

// worstPairs returns the worst cases as benchmark pairs, under the default
// rules of their variant.
func worstPairs(tb testing.TB) []pair {
	tb.Helper()
	out := make([]pair, len(worstCases))
	for i, c := range worstCases {
		pos, err := ParsePosition(c.pos)
		if err != nil {
			tb.Fatalf("%s: %v", c.name, err)
		}
		out[i] = pair{DefaultRules(pos.Variant()), pos, c.roll}
	}
	return out
}

// TestWorstCases: each worst case has the number of plays the MaxPlays doc
// comment gives, by the engine and by the reference generator, within
// MaxPlays; the doc comment states each figure (issue 9 item 7: it said
// 536 and "a few hundred").
func TestWorstCases(t *testing.T) {
	src, err := os.ReadFile("movegen.go")
	if err != nil {
		t.Fatal(err)
	}
	end := bytes.Index(src, []byte("\nconst MaxPlays"))
	start := bytes.LastIndex(src[:end], []byte("\n\n"))
	doc := strings.Join(strings.Fields(strings.ReplaceAll(string(src[start:end]), "//", "")), " ")
	for _, c := range worstCases {
		if figure := fmt.Sprintf("%d,%03d", c.plays/1000, c.plays%1000); c.plays >= 1000 && !strings.Contains(doc, figure) {
			t.Errorf("the MaxPlays doc comment does not give %s plays (%s): %q", figure, c.name, doc)
		}
	}
	for i, p := range worstPairs(t) {
		c := worstCases[i]
		t.Run(c.name, func(t *testing.T) {
			plays, err := p.rules.Legal(p.pos, p.roll)
			if err != nil {
				t.Fatal(err)
			}
			ref, _ := refLegalPos(p.rules, p.pos, p.roll)
			if len(plays) != c.plays || len(ref) != c.plays || c.plays > MaxPlays {
				t.Errorf("%s %v: Legal %d plays, the reference %d, the doc %d (MaxPlays %d)",
					p.pos, p.roll, len(plays), len(ref), c.plays, MaxPlays)
			}
		})
	}
}
