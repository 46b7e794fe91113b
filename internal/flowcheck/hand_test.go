package flowcheck

import (
	"fmt"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// handCase is an end position worked by hand: White (the starter unless said)
// is on roll and the rolls are played, each with the play that bears off the
// most checkers; want is the result the rule text gives.
type handCase struct {
	name    string
	r       nardy.Rules
	white   map[int]int // White's checkers by point (the rest off)
	black   map[int]int // Black's checkers by point, nardy.Bar for the bar (the rest off)
	onRoll  nardy.Color
	starter nardy.Color
	cube    nardy.Cube
	match   bool
	rolls   []nardy.Roll
	want    outcome
}

func side(m map[int]int) nardy.Side {
	var s nardy.Side
	n := 0
	for q, c := range m {
		s[q] = c
		n += c
	}
	s[nardy.Off] = nardy.Checkers - n
	return s
}

func longWith(f func(*nardy.Rules)) nardy.Rules {
	r := nardy.DefaultRules(nardy.Long)
	f(&r)
	return r
}

func handCases() []handCase {
	short := nardy.DefaultRules(nardy.Short)
	shortMatch := short
	long := nardy.DefaultRules(nardy.Long)
	azeri := variants.LongAzerbaijani()
	kola := longWith(func(r *nardy.Rules) { r.Scoring = variants.KolaScoring() })
	l11 := longWith(func(r *nardy.Rules) { r.LastRollDraw = true })
	l11half := longWith(func(r *nardy.Rules) { r.LastRollDraw = true; r.Scoring.DrawHalf = true })
	l11cube := longWith(func(r *nardy.Rules) { r.LastRollDraw = true; r.Cube = true })
	noJacoby := short
	noJacoby.Jacoby = false
	one := map[int]int{1: 1}
	r65 := []nardy.Roll{nardy.MustRoll(6, 5)}
	win := func(k nardy.ResultKind, cube, pts int) outcome {
		return outcome{winner: nardy.White, kind: k, end: nardy.BoreOff, cube: cube, points: pts}
	}
	owned2 := nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}
	return []handCase{
		// S5 (default table 1/2/3; money, Jacoby: the cube is owned so it counts).
		{name: "S5 loser on the bar, none off: backgammon", r: short, white: one, black: map[int]int{nardy.Bar: 1, 12: 14}, cube: owned2, rolls: r65, want: win(nardy.Koks, 2, 6)},
		{name: "S5 loser on its 20, none off: backgammon", r: short, white: one, black: map[int]int{20: 1, 12: 14}, cube: owned2, rolls: r65, want: win(nardy.Koks, 2, 6)},
		{name: "S5 loser on 7..18, none off: gammon", r: short, white: one, black: map[int]int{18: 1, 7: 14}, cube: owned2, rolls: r65, want: win(nardy.Mars, 2, 4)},
		{name: "S5 loser home, none off: gammon", r: short, white: one, black: map[int]int{6: 15}, cube: owned2, rolls: r65, want: win(nardy.Mars, 2, 4)},
		{name: "S5 loser on the bar but one off: single", r: short, white: one, black: map[int]int{nardy.Bar: 1, 12: 13}, cube: owned2, rolls: r65, want: win(nardy.Oin, 2, 2)},
		{name: "S6 Jacoby: backgammon with the cube centred scores single", r: short, white: one, black: map[int]int{nardy.Bar: 1, 12: 14}, rolls: r65, want: win(nardy.Koks, 1, 1)},
		{name: "S6 no Jacoby: backgammon centred scores 3", r: noJacoby, white: one, black: map[int]int{nardy.Bar: 1, 12: 14}, rolls: r65, want: win(nardy.Koks, 1, 3)},
		{name: "S6 Jacoby never in a match", r: shortMatch, match: true, white: one, black: map[int]int{20: 1, 12: 14}, rolls: r65, want: win(nardy.Koks, 1, 3)},
		{name: "S7 tavla: on the bar, none off: mars", r: variants.ShortTavla(), white: one, black: map[int]int{nardy.Bar: 1, 12: 14}, rolls: r65, want: win(nardy.Mars, 1, 2)},
		// L8, L9.
		{name: "L8 none off, on 19..24, Moscow table: mars", r: long, white: one, black: map[int]int{20: 1, 3: 14}, rolls: r65, want: win(nardy.Mars, 1, 2)},
		{name: "L8 one off: oin", r: long, white: one, black: map[int]int{20: 1, 3: 13}, rolls: r65, want: win(nardy.Oin, 1, 1)},
		{name: "L9 Azerbaijani: koks 4", r: azeri, white: one, black: map[int]int{20: 1, 3: 14}, rolls: r65, want: win(nardy.Koks, 1, 4)},
		{name: "L9 Azerbaijani: home mars 3", r: azeri, white: one, black: map[int]int{3: 15}, rolls: r65, want: win(nardy.HomeMars, 1, 3)},
		{name: "L9 Azerbaijani: mars 2 (a checker on 7)", r: azeri, white: one, black: map[int]int{7: 1, 3: 14}, rolls: r65, want: win(nardy.Mars, 1, 2)},
		{name: "L9 Kola: koks 3", r: kola, white: one, black: map[int]int{24: 1, 3: 14}, rolls: r65, want: win(nardy.Koks, 1, 3)},
		{name: "L9 Kola: home mars 4", r: kola, white: one, black: map[int]int{1: 15}, rolls: r65, want: win(nardy.HomeMars, 1, 4)},
		// L11: White started and bears off; Black's last roll.
		{name: "L11 last roll bears off all: draw 1-1", r: l11, white: one, black: map[int]int{1: 1, 2: 1},
			rolls: []nardy.Roll{nardy.MustRoll(6, 5), nardy.MustRoll(2, 1)}, want: outcome{kind: nardy.Draw, end: nardy.BoreOff, cube: 1, points: 1}},
		{name: "L11 draw, 1/2-1/2 table", r: l11half, white: one, black: map[int]int{1: 1, 2: 1},
			rolls: []nardy.Roll{nardy.MustRoll(6, 5), nardy.MustRoll(2, 1)}, want: outcome{kind: nardy.Draw, end: nardy.BoreOff, cube: 1, points: 0, half: true}},
		{name: "L11 draw at cube 2: 2 each", r: l11cube, white: one, black: map[int]int{1: 1, 2: 1}, cube: owned2,
			rolls: []nardy.Roll{nardy.MustRoll(6, 5), nardy.MustRoll(2, 1)}, want: outcome{kind: nardy.Draw, end: nardy.BoreOff, cube: 2, points: 2}},
		{name: "L11 double 4-4 bears off four: draw", r: l11, white: one, black: map[int]int{1: 2, 4: 2},
			rolls: []nardy.Roll{nardy.MustRoll(6, 5), nardy.MustRoll(4, 4)}, want: outcome{kind: nardy.Draw, end: nardy.BoreOff, cube: 1, points: 1}},
		{name: "L11 last roll short: the starter's oin", r: l11, white: one, black: map[int]int{6: 3},
			rolls: []nardy.Roll{nardy.MustRoll(6, 5), nardy.MustRoll(2, 1)}, want: win(nardy.Oin, 1, 1)},
		{name: "L11 five left: no last roll, oin at once", r: l11, white: one, black: map[int]int{1: 5},
			rolls: r65, want: win(nardy.Oin, 1, 1)},
		{name: "L11 none off: mars at once", r: l11, white: one, black: map[int]int{1: 15},
			rolls: r65, want: win(nardy.Mars, 1, 2)},
		{name: "L11 the second player bears off first: it wins, no last roll", r: l11, starter: nardy.Black, white: one, black: map[int]int{1: 1},
			rolls: r65, want: win(nardy.Oin, 1, 1)},
	}
}

// runHand plays the hand-built cases side by side with the referee.
func runHand(pl plants) (*stats, []string) {
	s := newStats()
	var wrong []string
	for _, c := range handCases() {
		ws, bs := side(c.white), side(c.black)
		me, opp := ws, bs
		if c.onRoll == nardy.Black {
			me, opp = bs, ws
		}
		pos, err := nardy.NewPosition(c.r.Variant, c.onRoll, me, opp)
		if err != nil {
			wrong = append(wrong, fmt.Sprintf("%s: position: %v", c.name, err))
			continue
		}
		setup := nardy.Setup{Position: pos, Starter: c.starter, Cube: c.cube, Match: c.match}
		lib, err := nardy.NewGameAt(c.r, setup)
		if err != nil {
			wrong = append(wrong, fmt.Sprintf("%s: NewGameAt: %v", c.name, err))
			continue
		}
		g := newRef(c.r, !c.match, false, pl)
		g.pos, g.starter, g.started, g.ph = pos, c.starter, true, phRoll
		g.played = 1
		if pos.OnRoll() == c.starter {
			g.played = 2
		}
		if c.cube.Value > 1 {
			g.cube, g.owned, g.owner = c.cube.Value, true, c.cube.Owner
		}
		s.games++
		for i, roll := range c.rolls {
			ctx := fmt.Sprintf("hand %q roll %d", c.name, i)
			if !compareGame(s, ctx, lib, g) || g.ph == phOver {
				break
			}
			a := nardy.Action{Kind: nardy.ActRoll, Player: g.pos.OnRoll(), Dice: [2]int{roll.High(), roll.Low()}}
			next, err := lib.Do(a)
			if err != nil {
				s.diff(ctx, "library refused the roll: %v", err)
				break
			}
			if err := g.do(a); err != nil {
				s.diff(ctx, "referee: %v", err)
				break
			}
			lib = next
			if g.ph == phPlay {
				best := g.plays[0]
				for _, p := range g.plays {
					if offOf(p.Result(), g.pos.OnRoll()) > offOf(best.Result(), g.pos.OnRoll()) {
						best = p
					}
				}
				pa := best.Action()
				if next, err = lib.Do(pa); err != nil {
					s.diff(ctx, "library refused the play: %v", err)
					break
				}
				if err := g.do(pa); err != nil {
					s.diff(ctx, "referee: %v", err)
					break
				}
				lib = next
			}
		}
		compareGame(s, fmt.Sprintf("hand %q end", c.name), lib, g)
		if g.ph != phOver || g.res != c.want {
			wrong = append(wrong, fmt.Sprintf("%s: referee %+v (phase %v), by hand %+v", c.name, g.res, g.ph, c.want))
		}
	}
	return s, wrong
}

// TestHandBuiltEnds: end positions worked by hand (S5, S6 Jacoby, S7, L8, L9,
// L11): the referee must give the hand's result and the library the referee's.
func TestHandBuiltEnds(t *testing.T) {
	s, wrong := runHand(plants{})
	for _, w := range wrong {
		t.Errorf("referee against the hand: %s", w)
	}
	report(t, "hand", s)
}
