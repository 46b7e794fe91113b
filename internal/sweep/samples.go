package sweep

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
)

// Nardy returns samples of package nardy's types for every package's
// sweep: both variants' rules (short with a beaver cube) and starts, games
// in each phase (opening, roll, play, mid-turn, cube offered, resignation
// offered, over) with their positions, legal plays, turns and steps,
// matches, a record of some turns and its recorder, dice, and actions of
// every kind; the texts and JSON of these values too. It returns hostile
// values as well: NardyHostile's, and mutants of those texts and JSON
// (a character changed, cut short, a number made -1 or huge).
func Nardy() (samples, hostile []func() any, err error) {
	var out []func() any
	var texts []string
	keep := func(vs ...any) {
		for _, v := range vs {
			out = append(out, func() any { return v })
		}
	}
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		r := nardy.DefaultRules(v)
		if v == nardy.Short {
			r.Beavers = true
		}
		start, err := nardy.StartPosition(v, nardy.White)
		if err != nil {
			return nil, nil, err
		}
		m, err := nardy.NewMatch(r, 5)
		if err != nil {
			return nil, nil, err
		}
		g, err := nardy.NewGame(r) // money play
		if err != nil {
			return nil, nil, err
		}
		rc, err := nardy.NewRecorder(r, 5, nil)
		if err != nil {
			return nil, nil, err
		}
		dice := nardy.NewSeededDice(uint64(v) + 3)
		// Play first plays for some turns, keeping a game, its position
		// and its match at each phase met, and the plays, turn and step
		// of the first turn.
		phases := map[nardy.Phase]bool{}
		for i := 0; i < 40 && !g.IsOver(); i++ {
			if !phases[g.Phase()] {
				phases[g.Phase()] = true
				keep(g, g.Position())
			}
			var a nardy.Action
			switch g.Phase() {
			case nardy.PhasePlay:
				plays, err := g.Legal()
				if err != nil {
					return nil, nil, err
				}
				turn, _ := g.Turn()
				for s := range turn.NextSteps() {
					if t2, err := turn.Step(s); err == nil {
						keep(s, t2)
						if g2, err := g.Step(s); err == nil {
							keep(g2)
						}
					}
					break
				}
				roll, _ := g.Dice()
				keep(plays, plays[0], plays[len(plays)-1], turn, roll, plays[0].Action(), plays[0].Result())
				a = plays[len(plays)-1].Action()
			default:
				a, err = nextRoll(g, dice)
				if err != nil {
					return nil, nil, err
				}
			}
			if g, err = g.Do(a); err != nil {
				return nil, nil, fmt.Errorf("sweep samples: %v: %w", a, err)
			}
		}
		// The cube offered, then taken (short nardy has the cube), a
		// resignation offered, a game over.
		if d, err := g.Act(nardy.ActDouble); err == nil {
			keep(d)
			if t, err := d.Act(nardy.ActTake); err == nil {
				keep(t)
			}
		}
		if p, ok := g.ToAct(); ok {
			if res, err := g.Resign(p, nardy.Mars); err == nil {
				keep(res)
				if over, err := res.Act(nardy.ActAccept); err == nil {
					keep(over, over.Position())
				}
			}
		}
		for range 8 {
			a, err := nextRoll(rc.Match().Game(), dice)
			if plays, e := rc.Match().Game().Legal(); e == nil && len(plays) > 0 {
				a, err = plays[0].Action(), nil
			}
			if err == nil {
				err = rc.Do(a)
			}
			if err != nil {
				return nil, nil, err
			}
		}
		rec := rc.Record()
		keep(r, r.Scoring, start, start.Mover(), m, rec, nardy.MatchStart{Score: [2]int{1, 2}},
			nardy.Setup{Position: start, Starter: nardy.White}, nardy.MustRoll(6, 5), nardy.MustRoll(3, 3))
		out = append(out, func() any { r, _ := rec.Recorder(); return r })
	}
	out = append(out, func() any { return nardy.NewSeededDice(9) })
	perType := map[reflect.Type]int{}
	for _, f := range out {
		v := f()
		if perType[reflect.TypeOf(v)] < 2 { // two texts of a type are mutated
			perType[reflect.TypeOf(v)]++
			texts = append(texts, textsOf(v)...)
		}
	}
	hostile = append(NardyHostile(), OddPositions()...)
	seen := map[string]bool{}
	for _, t := range texts {
		if seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, func() any { return t }, func() any { return []byte(t) })
		for _, m := range Mutants(t) {
			hostile = append(hostile, func() any { return m }, func() any { return []byte(m) })
			hostile = append(hostile, accepted(m)...)
		}
	}
	return out, hostile, nil
}

// accepted returns the values that text m, a mutant, decodes to: odd
// values the package takes for valid (a position of few checkers, a game
// at a strange score), hostile arguments of the sweep.
func accepted(m string) []func() any {
	var out []func() any
	keep := func(v any, err error) {
		if err == nil {
			out = append(out, func() any { return v })
		}
	}
	var (
		p   nardy.Position
		g   nardy.Game
		mt  nardy.Match
		rec nardy.Record
		r   nardy.Rules
		a   nardy.Action
	)
	if err := p.UnmarshalText([]byte(m)); err == nil {
		out = append(out, odd(p)...)
	}
	keep(g, g.UnmarshalJSON([]byte(m)))
	keep(mt, mt.UnmarshalJSON([]byte(m)))
	keep(rec, rec.UnmarshalJSON([]byte(m)))
	keep(r, r.UnmarshalJSON([]byte(m)))
	keep(a, a.UnmarshalJSON([]byte(m)))
	return out
}

// odd returns p, a valid but odd position, with a game set up at it, and
// its turns and a legal play of two rolls, as hostile values.
func odd(p nardy.Position) []func() any {
	out := []func() any{func() any { return p }}
	keep := func(v any, err error) {
		if err == nil {
			out = append(out, func() any { return v })
		}
	}
	r := nardy.DefaultRules(p.Variant())
	keep(nardy.NewGameAt(r, nardy.Setup{Position: p, Starter: p.OnRoll()}))
	for _, roll := range []nardy.Roll{nardy.MustRoll(6, 5), nardy.MustRoll(1, 1)} {
		keep(r.NewTurn(p, roll))
		if plays, err := r.Legal(p, roll); err == nil && len(plays) > 0 {
			keep(plays[len(plays)-1], nil)
		}
	}
	return out
}

// OddPositions returns valid positions of both variants that few games
// reach, made at random from a fixed seed: most checkers borne off, the
// rest on one to three points or the bar, for the player on roll and its
// opponent alike; each with odd's game, turns and plays.
func OddPositions() []func() any {
	rng := rand.New(rand.NewPCG(1, 2))
	side := func() nardy.Side {
		var s nardy.Side
		s[nardy.Off] = rng.IntN(16)
		for left := 15 - s[nardy.Off]; left > 0; {
			n := 1 + rng.IntN(left)
			s[1+rng.IntN(25)] += n
			left -= n
		}
		return s
	}
	var out []func() any
	kept := map[nardy.Variant]int{}
	for range 4000 {
		v := nardy.Variant(1 + rng.IntN(2))
		if kept[v] == 12 {
			continue
		}
		p, err := nardy.NewPosition(v, nardy.Color(rng.IntN(2)), side(), side())
		if err == nil {
			kept[v]++
			out = append(out, odd(p)...)
		}
	}
	return out
}

// textsOf returns the text and JSON forms of v.
func textsOf(v any) []string {
	var out []string
	if m, ok := v.(encoding.TextMarshaler); ok {
		if b, err := m.MarshalText(); err == nil {
			out = append(out, string(b))
		}
	}
	if b, err := json.Marshal(v); err == nil && len(b) > 4 {
		out = append(out, string(b))
	}
	if s, ok := v.(fmt.Stringer); ok {
		out = append(out, s.String())
	}
	return out
}

// number is a JSON or text number.
var number = regexp.MustCompile(`-?[0-9]+`)

// Mutants returns hostile neighbours of a valid text: cut short, twice
// over, in capitals, a character changed, and each of its first twelve
// numbers made -1, 7, 200 and huge in turn.
func Mutants(t string) []string {
	out := []string{t[:len(t)/2], t + t, strings.ToUpper(t)}
	for i := 0; i < len(t); i += max(1, len(t)/8) {
		out = append(out, t[:i]+"~"+t[i+1:])
	}
	for _, loc := range number.FindAllStringIndex(t, 12) {
		for _, r := range []string{"-1", "7", "200", "99999999999999999999"} {
			out = append(out, t[:loc[0]]+r+t[loc[1]:])
		}
	}
	return out
}

// nextRoll returns the roll or opening throw g waits for, thrown from dice.
func nextRoll(g nardy.Game, dice nardy.DiceSource) (nardy.Action, error) {
	_, a, err := g.Roll(dice)
	return a, err
}

// NardyFor is Nardy for a package's TestSweep: building the samples is
// not what the test checks, so an error stops t at once.
func NardyFor(t testing.TB) (samples, hostile []func() any) {
	t.Helper()
	samples, hostile, err := Nardy()
	if err != nil {
		t.Fatal(err)
	}
	return samples, hostile
}

// NardyHostile returns hostile values of package nardy's types: dice that
// always throw one die (0, 7, -1, or 3, whose opening throws tie for
// ever), and actions of every kind with every field impossible or of the
// wrong player.
func NardyHostile() []func() any {
	out := []func() any{
		func() any { return constDice(0) }, func() any { return constDice(7) },
		func() any { return constDice(-1) }, func() any { return constDice(3) },
	}
	for k := nardy.ActionKind(0); k <= nardy.ActUndo+1; k++ {
		for _, p := range []nardy.Color{nardy.White, nardy.Black, 7} {
			out = append(out, func() any {
				return nardy.Action{Kind: k, Player: p, Dice: [2]int{7, -1}, Resign: 200,
					Steps: []nardy.Step{{From: -1, To: 99, Die: 7}, {From: 25, To: 0, Die: 0}}}
			}, func() any {
				return nardy.Action{Kind: k, Player: p, Dice: [2]int{6, 5}, Resign: nardy.Mars,
					Steps: []nardy.Step{{From: 24, To: 18, Die: 6}, {From: nardy.Bar, To: nardy.Off, Die: 5}}}
			})
		}
	}
	return out
}

// constDice always throws the same die, possibly an impossible one.
type constDice int

func (d constDice) Die() int { return int(d) }
