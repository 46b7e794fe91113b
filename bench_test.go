package nardy

// Benchmarks of the move generator, Apply and the step API (issue 2 item
// 11, issue 3 item 8, issue 5 item 1). Every generator benchmark appends
// into a reused MaxPlays buffer, so it measures the generator alone. The
// corpus benchmarks make one op one (position, roll) pair, so ns/op is the
// average per pair over the corpus × 21 rolls.
//
//	go test -run '^$' -bench . -benchmem
//	go test -run '^$' -bench 'Legal|Short|Long|Worst' -benchmem -count 10 | benchstat -

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// pair is one (position, roll) of a benchmark corpus.
type pair struct {
	rules Rules
	pos   Position
	roll  Roll
}

// benchLegal runs AppendLegal over the pairs round-robin, one pair per op.
func benchLegal(b *testing.B, pairs []pair) {
	b.Helper()
	if len(pairs) == 0 {
		b.Fatal("no positions")
	}
	buf := make([]Play, 0, MaxPlays)
	b.ReportAllocs()
	i, plays := 0, 0
	for b.Loop() {
		p := &pairs[i]
		out, err := p.rules.AppendLegal(buf[:0], p.pos, p.roll)
		if err != nil {
			b.Fatal(err)
		}
		plays += len(out)
		if i++; i == len(pairs) {
			i = 0
		}
	}
	b.ReportMetric(float64(plays)/float64(b.N), "plays/op")
}

// withRolls pairs every position with each of the 21 rolls.
func withRolls(r Rules, positions []Position) []pair {
	out := make([]pair, 0, 21*len(positions))
	for _, pos := range positions {
		for _, w := range AllRolls() {
			out = append(out, pair{r, pos, w.Roll})
		}
	}
	return out
}

// conformancePositions returns the distinct positions of one conformance
// file that are valid under the default rules, in file order.
func conformancePositions(tb testing.TB, file string) []Position {
	tb.Helper()
	var out []Position
	seen := map[Position]bool{}
	for _, c := range readConformance(tb) {
		if c.File != file || c.Rules != nil {
			continue
		}
		v := Long
		if c.Variant == "short" {
			v = Short
		}
		me, opp := c.sides()
		pos, err := NewPosition(v, White, me, opp)
		if err != nil || DefaultRules(v).CheckPosition(pos) != nil {
			tb.Fatalf("%s: %v", c.ID, err)
		}
		if !seen[pos] {
			seen[pos] = true
			out = append(out, pos)
		}
	}
	if len(out) == 0 {
		tb.Fatalf("no positions in %s", file)
	}
	return out
}

// corpusPositions reads a file of GNU Backgammon Position IDs, one a line.
func corpusPositions(tb testing.TB, file string) []Position {
	tb.Helper()
	f, err := os.Open(file)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		pos, err := positionFromID(line)
		if err != nil {
			tb.Fatalf("%s: %q: %v", file, line, err)
		}
		out = append(out, pos)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func BenchmarkLegalLongStart(b *testing.B) {
	r := DefaultRules(Long)
	for _, w := range AllRolls() {
		b.Run(w.Roll.String(), func(b *testing.B) {
			benchLegal(b, []pair{{r, longStart, w.Roll}})
		})
	}
}

func BenchmarkLegalShortStart(b *testing.B) {
	r := DefaultRules(Short)
	for _, w := range AllRolls() {
		b.Run(w.Roll.String(), func(b *testing.B) {
			benchLegal(b, []pair{{r, shortStart, w.Roll}})
		})
	}
}

// BenchmarkLongRandom: the positions of long-random.jsonl × 21 rolls, one
// op per pair (issue 2 item 11, issue 5 target ≤ 300 ns).
func BenchmarkLongRandom(b *testing.B) {
	benchLegal(b, withRolls(DefaultRules(Long), conformancePositions(b, "long-random")))
}

// BenchmarkLongClassic: the same positions under TransientBlock false, the
// slower path that judges doubles in every order.
func BenchmarkLongClassic(b *testing.B) {
	r := DefaultRules(Long)
	r.TransientBlock = false
	var positions []Position
	for _, pos := range conformancePositions(b, "long-random") {
		if r.CheckPosition(pos) == nil {
			positions = append(positions, pos)
		}
	}
	benchLegal(b, withRolls(r, positions))
}

// BenchmarkShortContact and BenchmarkShortRace: the published corpora ×
// 21 rolls, one op per pair (issue 3 item 8, issue 5 targets ≤ 350 and
// ≤ 250 ns).
func BenchmarkShortContact(b *testing.B) {
	benchLegal(b, withRolls(DefaultRules(Short), corpusPositions(b, "testdata/corpus/contact.csv")))
}

func BenchmarkShortRace(b *testing.B) {
	benchLegal(b, withRolls(DefaultRules(Short), corpusPositions(b, "testdata/corpus/race.csv")))
}

// BenchmarkShortRandom: the positions of short-random.jsonl × 21 rolls.
func BenchmarkShortRandom(b *testing.B) {
	benchLegal(b, withRolls(DefaultRules(Short), conformancePositions(b, "short-random")))
}

// BenchmarkWorst: the positions with the most plays (worstCases): the
// hill-climbed short 1-1 (2,226 plays) and 2-2 (2,138), long 1-1 (2,140)
// and 2-2 (2,051), and the published short 1-1 positions of 536 and 450
// plays (short-edge-048 and -047).
func BenchmarkWorst(b *testing.B) {
	for i, p := range worstPairs(b) {
		b.Run(worstCases[i].name, func(b *testing.B) {
			benchLegal(b, []pair{p})
		})
	}
}

// applyPairs returns (position, legal play) pairs: the last legal play of
// each pair of the corpus.
func applyPairs(tb testing.TB, pairs []pair) ([]pair, []Play) {
	var ps []pair
	var plays []Play
	for _, p := range pairs {
		legal, err := p.rules.Legal(p.pos, p.roll)
		if err != nil {
			tb.Fatal(err)
		}
		ps = append(ps, p)
		plays = append(plays, legal[len(legal)/2])
	}
	return ps, plays
}

// namedPairs is a benchmark's (position, roll) pairs and its name.
type namedPairs struct {
	name  string
	pairs []pair
}

// applyCorpora returns the (position, roll) pairs of BenchmarkApply and
// BenchmarkPlayOf: 200 long-nardy positions of the conformance cases and
// 200 short-nardy contact positions, each with its rolls.
func applyCorpora(b *testing.B) []namedPairs {
	return []namedPairs{
		{"long", withRolls(DefaultRules(Long), conformancePositions(b, "long-random")[:200])},
		{"short", withRolls(DefaultRules(Short), corpusPositions(b, "testdata/corpus/contact.csv")[:200])},
	}
}

// BenchmarkApply: Apply of a legal play (full check of the play, C5
// included) over corpus positions, one op per play.
func BenchmarkApply(b *testing.B) {
	for _, c := range applyCorpora(b) {
		ps, plays := applyPairs(b, c.pairs)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := ps[i].rules.Apply(ps[i].pos, plays[i]); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(ps) {
					i = 0
				}
			}
		})
	}
}

// BenchmarkPlayOf: PlayOf of a legal play's steps (the whole check of a
// play made elsewhere, C5 included) over BenchmarkApply's pairs, one op
// per play.
func BenchmarkPlayOf(b *testing.B) {
	for _, c := range applyCorpora(b) {
		ps, plays := applyPairs(b, c.pairs)
		steps := make([][]Step, len(plays))
		for i, p := range plays {
			for s := range p.Steps() {
				steps[i] = append(steps[i], s)
			}
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := ps[i].rules.PlayOf(ps[i].pos, ps[i].roll, steps[i]...); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(ps) {
					i = 0
				}
			}
		})
	}
}

// BenchmarkNextSteps: the step API's first call, NewTurn then
// AppendNextSteps into a reused buffer, one op per (position, roll).
func BenchmarkNextSteps(b *testing.B) {
	for _, c := range []struct {
		name  string
		pairs []pair
	}{
		{"long", withRolls(DefaultRules(Long), conformancePositions(b, "long-random")[:200])},
		{"short", withRolls(DefaultRules(Short), corpusPositions(b, "testdata/corpus/contact.csv")[:200])},
	} {
		b.Run(c.name, func(b *testing.B) {
			buf := make([]Step, 0, 64)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p := &c.pairs[i]
				tn, err := p.rules.NewTurn(p.pos, p.roll)
				if err != nil {
					b.Fatal(err)
				}
				buf = tn.AppendNextSteps(buf[:0])
				if i++; i == len(c.pairs) {
					i = 0
				}
			}
		})
	}
}

// gameTurns plays random games through Game from a fixed seed (seeded
// dice, a random legal play) and returns n turns of them: the game on roll
// with the roll it threw, and the game with the dice set with the legal
// play made and its action. Rolls that pass at once (no legal step, C5)
// are left out: they make no play.
func gameTurns(tb testing.TB, r Rules, seed uint64, n int) (rolled []Game, rolls []Roll, playing []Game, plays []Play, acts []Action) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 136))
	src := NewSeededDice(seed)
	for len(playing) < n {
		g, err := NewGame(r)
		if err != nil {
			tb.Fatal(err)
		}
		for !g.IsOver() && len(playing) < n {
			before := g
			if g, _, err = g.Roll(src); err != nil {
				tb.Fatal(err)
			}
			if g.Phase() != PhasePlay {
				continue // an equal opening throw, or a roll that passed
			}
			legal, err := g.Legal()
			if err != nil {
				tb.Fatal(err)
			}
			pl := legal[rng.IntN(len(legal))]
			roll, _ := g.Dice()
			if before.Phase() == PhaseRoll {
				rolled, rolls = append(rolled, before), append(rolls, roll)
			}
			playing, plays, acts = append(playing, g), append(plays, pl), append(acts, pl.Action())
			if g, err = g.Play(pl); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return rolled, rolls, playing, plays, acts
}

// BenchmarkGameTurn: a play's way through a Game, one op per turn of
// random games (gameTurns, 2,000 turns of each game): SetDice, the roll
// (Do of ActRoll: the turn's required dice worked out, C5), Do of a legal
// ActPlay (the play checked and made), Game.Play of the legal Play,
// Game.Legal (the plays of the roll, in a new slice), and the same play
// made step by step with Game.Step.
func BenchmarkGameTurn(b *testing.B) {
	for _, v := range []Variant{Long, Short} {
		rolled, rolls, playing, plays, acts := gameTurns(b, DefaultRules(v), 1, 2000)
		b.Run(v.String()+"/setdice", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := rolled[i].SetDice(rolls[i]); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(rolled) {
					i = 0
				}
			}
		})
		b.Run(v.String()+"/do", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := playing[i].Do(acts[i]); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(playing) {
					i = 0
				}
			}
		})
		b.Run(v.String()+"/play", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := playing[i].Play(plays[i]); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(playing) {
					i = 0
				}
			}
		})
		b.Run(v.String()+"/legal", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := playing[i].Legal(); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(playing) {
					i = 0
				}
			}
		})
		b.Run(v.String()+"/step", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				g, p := playing[i], plays[i]
				for j := range p.Len() {
					var err error
					if g, err = g.Step(p.Step(j)); err != nil {
						b.Fatal(err)
					}
				}
				if g.Phase() == PhasePlay {
					b.Fatal("the play did not end the turn")
				}
				if i++; i == len(playing) {
					i = 0
				}
			}
		})
	}
}
