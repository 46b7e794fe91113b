package flowcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/variants"
	"github.com/nardylab/nardy/xgid"
)

// stats counts what was compared.
type stats struct {
	games, matches, steps, probes int
	results, matchEnds, starters  int
	kinds, jsons, records, mats   int
	xgids, gnubgIDs               int
	byKind                        map[string]int
	bySet                         map[string]int // games per option set
	diffs                         []string
	quiet                         bool // a JSON read-back: compare, do not count results again
	keepMats                      bool // keep the .mat files written, for gnubg (mat_test.go)
	matFiles                      []matFile
}

func newStats() *stats { return &stats{byKind: map[string]int{}, bySet: map[string]int{}} }

// setName groups a rule set for the counts: preset or custom, and the options
// of the game flow.
func setName(r nardy.Rules) string {
	name := variants.NameOf(r)
	if name == "" {
		name = "custom-" + r.Variant.String()
	}
	return fmt.Sprintf("%s cube=%v l11=%v next=%v opening=%v", name, r.Cube, r.LastRollDraw, r.NextGameStarter, r.OpeningRoll)
}

func (s *stats) add(o *stats) {
	s.games += o.games
	s.matches += o.matches
	s.steps += o.steps
	s.probes += o.probes
	s.results += o.results
	s.matchEnds += o.matchEnds
	s.starters += o.starters
	s.kinds += o.kinds
	s.jsons += o.jsons
	s.records += o.records
	s.mats += o.mats
	s.xgids += o.xgids
	s.gnubgIDs += o.gnubgIDs
	for k, v := range o.byKind {
		s.byKind[k] += v
	}
	for k, v := range o.bySet {
		s.bySet[k] += v
	}
	s.diffs = append(s.diffs, o.diffs...)
	s.matFiles = append(s.matFiles, o.matFiles...)
}

func (s *stats) diff(ctx, format string, args ...any) {
	if len(s.diffs) < 200 {
		s.diffs = append(s.diffs, ctx+": "+fmt.Sprintf(format, args...))
	}
}

var allKinds = []nardy.ActionKind{nardy.ActRoll, nardy.ActPlay, nardy.ActStep, nardy.ActUndo,
	nardy.ActDouble, nardy.ActTake, nardy.ActDrop, nardy.ActBeaver, nardy.ActResign,
	nardy.ActAccept, nardy.ActReject}

func kindSet(ks []nardy.ActionKind) string {
	var out []string
	for _, k := range ks {
		out = append(out, k.String())
	}
	sort.Strings(out)
	return fmt.Sprint(out)
}

// compareGame compares every observable of the library's game with the referee's.
func compareGame(s *stats, ctx string, lib nardy.Game, g *ref) bool {
	n := len(s.diffs)
	s.steps++
	if lib.Phase() != phaseName[g.ph] {
		s.diff(ctx, "phase: library %v, referee %v", lib.Phase(), phaseName[g.ph])
		return false
	}
	la, lok := lib.ToAct()
	ra, rok := g.toAct()
	if lok != rok || (rok && la != ra) {
		s.diff(ctx, "to act: library %v/%v, referee %v/%v", la, lok, ra, rok)
	}
	if g.ph != phOpening && lib.Position() != g.pos {
		s.diff(ctx, "position: library %v, referee %v", lib.Position(), g.pos)
	}
	if g.ph != phCube {
		c := lib.Cube()
		if c.Value != g.cube || c.Owned != g.owned || (g.owned && c.Owner != g.owner) {
			s.diff(ctx, "cube: library %+v, referee %d/%v/%v", c, g.cube, g.owned, g.owner)
		}
	} else if lib.Beavered() != g.beaver {
		s.diff(ctx, "beavered: library %v, referee %v", lib.Beavered(), g.beaver)
	}
	if lib.IsLastRoll() != g.last {
		s.diff(ctx, "last roll (L11): library %v, referee %v", lib.IsLastRoll(), g.last)
	}
	if lib.IsCrawford() != g.craw || lib.IsMoney() != g.money {
		s.diff(ctx, "crawford/money: library %v/%v, referee %v/%v", lib.IsCrawford(), lib.IsMoney(), g.craw, g.money)
	}
	st, sok := lib.Starter()
	if sok != g.started || (sok && st != g.starter) {
		s.diff(ctx, "starter: library %v/%v, referee %v/%v", st, sok, g.starter, g.started)
	}
	if g.ph == phResign {
		k, by, ok := lib.Offer()
		if !ok || k != g.offK || by != g.offBy {
			s.diff(ctx, "offer: library %v by %v (%v), referee %v by %v", k, by, ok, g.offK, g.offBy)
		}
	}
	if g.ph == phPlay {
		if d, ok := lib.Dice(); !ok || d != g.roll {
			s.diff(ctx, "dice: library %v, referee %v", d, g.roll)
		}
		if t, ok := lib.Turn(); !ok || t.Len() != g.turn.Len() || t.Position() != g.turn.Position() {
			s.diff(ctx, "turn: library %v steps, referee %v", t.Len(), g.turn.Len())
		}
	}
	if lib.PlayCount() != g.played {
		s.diff(ctx, "play count: library %d, referee %d", lib.PlayCount(), g.played)
	}
	if w, b, n := lib.Opening(); w != g.ow || b != g.ob || n != g.rerolls {
		s.diff(ctx, "opening: library %d-%d after %d, referee %d-%d after %d", w, b, n, g.ow, g.ob, g.rerolls)
	}
	if lib.IsOver() != (g.ph == phOver) {
		s.diff(ctx, "over: library %v, referee %v", lib.IsOver(), g.ph == phOver)
	}
	if g.ph == phOver {
		if !s.quiet {
			s.results++
			s.byKind[g.res.kind.String()+"/"+g.res.end.String()]++
			checkClassify(s, ctx, g)
		}
		compareResult(s, ctx, lib, g.res)
	}
	for c := nardy.White; c <= nardy.Black; c++ {
		want := g.allowed(c)
		var got, exp []nardy.ActionKind
		for _, k := range lib.Allowed(c) {
			if k != nardy.ActOpening {
				got = append(got, k)
			}
		}
		for _, k := range allKinds {
			if want[k] {
				exp = append(exp, k)
			}
		}
		if kindSet(got) != kindSet(exp) {
			s.diff(ctx, "allowed(%v) in %v: library %v, referee %v", c, g.ph, kindSet(got), kindSet(exp))
		}
		for _, a := range probes(c, g) {
			s.probes++
			l, r := lib.Can(a), g.can(a)
			if l != r {
				s.diff(ctx, "can(%v %v %v) in %v: library %v, referee %v", c, a.Kind, a.Resign, phaseName[g.ph], l, r)
			}
			// Do must answer as Can does, a refusal with ErrActionRefused.
			if _, err := lib.Do(a); (err == nil) != r || (err != nil && !errors.Is(err, nardy.ErrActionRefused)) {
				s.diff(ctx, "do(%v %v %v) in %v: library error %v, referee allows %v", c, a.Kind, a.Resign, phaseName[g.ph], err, r)
			}
		}
	}
	return len(s.diffs) == n
}

func compareResult(s *stats, ctx string, lib nardy.Game, o outcome) {
	r, ok := lib.Result()
	if !ok {
		s.diff(ctx, "result: library none")
		return
	}
	compareOutcome(s, ctx, r, o)
}

func compareOutcome(s *stats, ctx string, r nardy.Result, o outcome) {
	if (o.kind != nardy.Draw && r.Winner != o.winner) || r.Kind != o.kind || r.End != o.end ||
		r.Cube != o.cube || r.Points != o.points || r.Half != o.half {
		s.diff(ctx, "result: library %v (winner %v kind %v end %v cube %d points %d half %v), referee winner %v kind %v end %v cube %d points %d half %v",
			r, r.Winner, r.Kind, r.End, r.Cube, r.Points, r.Half, o.winner, o.kind, o.end, o.cube, o.points, o.half)
	}
}

// probes: actions of every kind by c, to ask Can (both directions).
func probes(c nardy.Color, g *ref) []nardy.Action {
	ps := []nardy.Action{
		{Kind: nardy.ActRoll, Player: c, Dice: [2]int{3, 1}},
		{Kind: nardy.ActRoll, Player: c, Dice: [2]int{6, 6}},
		{Kind: nardy.ActDouble, Player: c},
		{Kind: nardy.ActTake, Player: c},
		{Kind: nardy.ActDrop, Player: c},
		{Kind: nardy.ActBeaver, Player: c},
		{Kind: nardy.ActAccept, Player: c},
		{Kind: nardy.ActReject, Player: c},
		{Kind: nardy.ActUndo, Player: c},
	}
	for _, k := range []nardy.ResultKind{nardy.Oin, nardy.Mars, nardy.HomeMars, nardy.Koks, nardy.Draw} {
		ps = append(ps, nardy.Action{Kind: nardy.ActResign, Player: c, Resign: k})
	}
	if c == nardy.White {
		ps = append(ps, nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{2, 5}})
	}
	if g.ph == phPlay && len(g.plays) > 0 {
		for _, p := range []nardy.Play{g.plays[0], g.plays[len(g.plays)-1]} {
			a := p.Action()
			a.Player = c
			ps = append(ps, a)
		}
		for st := range g.turn.NextSteps() {
			ps = append(ps, nardy.Action{Kind: nardy.ActStep, Player: c, Steps: []nardy.Step{st}})
			break
		}
		ps = append(ps, nardy.Action{Kind: nardy.ActStep, Player: c, Steps: []nardy.Step{{From: 7, To: 30, Die: 9}}})
	}
	return ps
}

// policy: how the random players act.
type policy struct {
	double, resign, drop, beaver, step float64
}

// choose picks an action the referee allows.
func choose(rng *rand.Rand, g *ref, pol policy) nardy.Action {
	die := func() int { return rng.IntN(6) + 1 }
	switch g.ph {
	case phOpening:
		return nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{die(), die()}}
	case phRoll, phPlay:
		if rng.Float64() < pol.resign {
			c := nardy.Color(rng.IntN(2))
			var ks []nardy.ResultKind
			for _, k := range []nardy.ResultKind{nardy.Oin, nardy.Mars, nardy.HomeMars, nardy.Koks} {
				if g.mayResign(c, k) {
					ks = append(ks, k)
				}
			}
			if len(ks) > 0 {
				return nardy.Action{Kind: nardy.ActResign, Player: c, Resign: ks[rng.IntN(len(ks))]}
			}
		}
		m := g.pos.OnRoll()
		if g.ph == phPlay {
			if g.turn.Len() > 0 && rng.Float64() < 0.2 {
				return nardy.Action{Kind: nardy.ActUndo, Player: m}
			}
			if rng.Float64() < pol.step {
				var sts []nardy.Step
				for st := range g.turn.NextSteps() {
					sts = append(sts, st)
				}
				return nardy.Action{Kind: nardy.ActStep, Player: m, Steps: []nardy.Step{sts[rng.IntN(len(sts))]}}
			}
			ok := g.plays
			if g.turn.Len() > 0 {
				e := ends(g.turn)
				ok = nil
				for _, p := range g.plays {
					if e[p.Result()] {
						ok = append(ok, p)
					}
				}
			}
			return ok[rng.IntN(len(ok))].Action()
		}
		if g.mayDouble(m) && rng.Float64() < pol.double {
			return nardy.Action{Kind: nardy.ActDouble, Player: m}
		}
		return nardy.Action{Kind: nardy.ActRoll, Player: m, Dice: [2]int{die(), die()}}
	case phCube:
		c, _ := g.toAct()
		x := rng.Float64()
		switch {
		case x < pol.beaver && g.mayBeaver(c):
			return nardy.Action{Kind: nardy.ActBeaver, Player: c}
		case x < pol.beaver+pol.drop:
			return nardy.Action{Kind: nardy.ActDrop, Player: c}
		}
		return nardy.Action{Kind: nardy.ActTake, Player: c}
	case phResign:
		c, _ := g.toAct()
		if rng.IntN(2) == 0 {
			return nardy.Action{Kind: nardy.ActAccept, Player: c}
		}
		return nardy.Action{Kind: nardy.ActReject, Player: c}
	}
	return nardy.Action{}
}

// listDice throws the dice it holds, in order.
type listDice struct {
	d [2]int
	i int
}

func (l *listDice) Die() int { v := l.d[l.i%2]; l.i++; return v }

// doOrRoll performs a through Do, or, at every other step for a throw (the
// opening's or a roll), through Roll with dice that throw a's: the
// shortcut a client or server calls must throw the action the referee
// expects (C2: in the opening, the opening throw, white's die first).
// Which path a step takes draws nothing from the games' random source.
func doOrRoll[T interface {
	Do(nardy.Action) (T, error)
	Roll(nardy.DiceSource) (T, nardy.Action, error)
}](lib T, a nardy.Action, step int) (T, error) {
	if (a.Kind != nardy.ActOpening && a.Kind != nardy.ActRoll) || step%2 == 0 {
		return lib.Do(a)
	}
	next, thrown, err := lib.Roll(&listDice{d: a.Dice})
	if err == nil && (thrown.Kind != a.Kind || thrown.Dice != a.Dice || (a.Kind == nardy.ActRoll && thrown.Player != a.Player)) {
		err = fmt.Errorf("Roll threw %v where dice %v make %v", thrown, a.Dice, a)
	}
	return next, err
}

// maxSteps bounds one game: a long game of random plays takes a few hundred.
const maxSteps = 5000

// playGame drives a money game (or a game set up at a board) to its end.
func playGame(s *stats, ctx string, rng *rand.Rand, lib nardy.Game, g *ref, pol policy) {
	s.games++
	s.bySet[setName(g.r)]++
	var acts []nardy.Action
	for i := 0; i < maxSteps; i++ {
		c := fmt.Sprintf("%s step %d", ctx, i)
		if !compareGame(s, c, lib, g) {
			return
		}
		if i%5 == 0 || g.ph == phOver {
			jsonGame(s, c, lib, g)
		}
		if g.r.Variant == nardy.Short && (i%3 == 0 || g.ph != phPlay) {
			id, err := xgid.FromGame(lib)
			checkXGID(s, c, id, err, idSet{g: g, orig: lib})
			pid, mid, err := gnubg.FromGame(lib)
			checkGnubgIDs(s, c, pid, mid, err, idSet{g: g, orig: lib})
		}
		if g.ph == phOver {
			if g.setup == nil || !g.setup.Match {
				rec := nardy.Record{Rules: g.r, Setup: g.setup, Actions: acts}
				checkRecord(s, ctx, rec, []outcome{g.res}, nil)
			}
			return
		}
		a := choose(rng, g, pol)
		acts = append(acts, a)
		next, err := doOrRoll(lib, a, i)
		if err != nil {
			s.diff(c, "library refused %v (referee allows it): %v", a, err)
			return
		}
		if err := g.do(a); err != nil {
			s.diff(c, "referee failed on %v: %v", a, err)
			return
		}
		lib = next
	}
	s.diff(ctx, "game did not end in %d steps", maxSteps)
}

// playMatch drives a match to its end, comparing the match after each action.
func playMatch(s *stats, ctx string, rng *rand.Rand, lib nardy.Match, m *mref, pol policy) {
	s.matches++
	s.games++
	s.bySet[setName(m.r)]++
	var acts []nardy.Action
	var outs []outcome
	for i := 0; i < 20*maxSteps; i++ {
		c := fmt.Sprintf("%s game %d (referee score %v) step %d", ctx, m.gameNo, m.score, i)
		if !compareMatch(s, c, lib, m) {
			return
		}
		if i%7 == 0 || m.over {
			jsonMatch(s, c, lib, m)
		}
		if m.r.Variant == nardy.Short && (i%3 == 0 || m.g.ph != phPlay) {
			id, err := xgid.FromMatch(lib)
			set := idSet{g: m.g, orig: lib.Game(), length: m.length, score: m.score, over: m.over}
			checkXGID(s, c, id, err, set)
			pid, mid, err := gnubg.FromMatch(lib)
			checkGnubgIDs(s, c, pid, mid, err, set)
		}
		if m.over {
			s.byKind["R9 past-length ties"] += m.pastTies
			rec := nardy.Record{Rules: m.r, Length: m.length, Start: m.start, Setup: m.setup, Actions: acts}
			checkRecord(s, ctx, rec, outs, &m.score)
			return
		}
		a := choose(rng, m.g, pol)
		acts = append(acts, a)
		next, err := doOrRoll(lib, a, i)
		if err != nil {
			s.diff(c, "library refused %v (referee allows it): %v", a, err)
			return
		}
		if err := m.g.do(a); err != nil {
			s.diff(c, "referee failed on %v: %v", a, err)
			return
		}
		if m.g.ph == phOver {
			outs = append(outs, m.g.res)
			checkClassify(s, c, m.g)
			s.byKind[m.g.res.kind.String()+"/"+m.g.res.end.String()]++
			s.results++
			if err := m.gameOver(); err != nil {
				s.diff(c, "referee next game: %v", err)
				return
			}
			if !m.over {
				s.bySet[setName(m.r)]++
				if m.g.craw {
					s.byKind["crawford games"]++
				}
				s.games++
				s.starters++
			}
		}
		lib = next
	}
	s.diff(ctx, "match did not end")
}

func compareMatch(s *stats, ctx string, lib nardy.Match, m *mref) bool {
	n := len(s.diffs)
	w, b := lib.Score()
	if w != m.score[0] || b != m.score[1] {
		s.diff(ctx, "score: library %d-%d, referee %d-%d", w, b, m.score[0], m.score[1])
	}
	if lib.IsOver() != m.over {
		s.diff(ctx, "match over: library %v, referee %v", lib.IsOver(), m.over)
	}
	if m.over {
		if !s.quiet {
			s.matchEnds++
		}
		if wc, ok := lib.Winner(); !ok || wc != m.winner {
			s.diff(ctx, "match winner: library %v/%v, referee %v", wc, ok, m.winner)
		}
	} else if lib.GameNumber() != m.gameNo {
		s.diff(ctx, "game number: library %d, referee %d", lib.GameNumber(), m.gameNo)
	}
	if !m.over {
		compareAway(s, ctx, lib, m)
	}
	if !m.over && lib.IsCrawford() != m.g.craw {
		s.diff(ctx, "match crawford: library %v, referee %v", lib.IsCrawford(), m.g.craw)
	}
	if m.hasLast {
		if r, ok := lib.LastResult(); !ok {
			s.diff(ctx, "last result: library none")
		} else {
			compareOutcome(s, ctx+" (last result)", r, m.last)
		}
	}
	if !m.over {
		compareGame(s, ctx, lib.Game(), m.g)
	} else if lib.Game().IsOver() != true {
		s.diff(ctx, "match over but its last game is not")
	}
	return len(s.diffs) == n
}

// randomRules draws a rule set: a preset or a default set, with random options.
func randomRules(rng *rand.Rand, match bool) nardy.Rules {
	presets := variants.All()
	for {
		var r nardy.Rules
		if rng.IntN(3) == 0 {
			r = presets[rng.IntN(len(presets))].Rules
			if rng.IntN(2) == 0 {
				if !match || !r.Scoring.DrawHalf {
					return r
				}
			}
		} else {
			r = nardy.DefaultRules([]nardy.Variant{nardy.Long, nardy.Short}[rng.IntN(2)])
		}
		r.OpeningRoll = nardy.OpeningRoll(rng.IntN(2))
		r.NextGameStarter = nardy.NextGameStarter(rng.IntN(3))
		r.Cube = rng.IntN(3) > 0
		r.MaxCube, r.Jacoby, r.Beavers, r.Crawford = 0, false, false, false
		if r.Cube {
			r.MaxCube = []int{0, 2, 4, 8, 16, 64, 256}[rng.IntN(7)]
			r.Jacoby, r.Beavers, r.Crawford = rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(3) > 0
		}
		if r.Variant == nardy.Long {
			r.LastRollDraw = rng.IntN(2) == 0
			r.Scoring = []nardy.Scoring{{}, variants.FederationScoring(), variants.AzerbaijaniScoring(),
				variants.KolaScoring(), {Oin: 1, Koks: 3}, {Oin: 2, Mars: 2, HomeMars: 5}, {Oin: 1, Mars: 3, Koks: 4}}[rng.IntN(7)]
			r.Scoring.DrawHalf = r.LastRollDraw && !match && rng.IntN(2) == 0
		} else {
			r.Scoring = []nardy.Scoring{{}, variants.BackgammonScoring(), variants.TavlaScoring(),
				{Oin: 1, Koks: 3}, {Oin: 2, Mars: 3, Koks: 5}}[rng.IntN(5)]
		}
		if r.Validate() == nil {
			return r
		}
	}
}

func randomPolicy(rng *rand.Rand) policy {
	return policy{
		double: []float64{0, 0.05, 0.2, 0.6}[rng.IntN(4)],
		resign: []float64{0, 0.002, 0.02}[rng.IntN(3)],
		drop:   []float64{0.1, 0.3}[rng.IntN(2)],
		beaver: []float64{0, 0.2, 0.7}[rng.IntN(3)], // 0.7: beavers of redoubles too (S6)
		step:   []float64{0, 0, 0.5}[rng.IntN(3)],
	}
}

// runMoney plays n money games from seed.
func runMoney(seed uint64, n int, pl plants) *stats {
	s := newStats()
	s.keepMats = pl.keepMats
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n; i++ {
		if pl.stopEarly && len(s.diffs) > 0 {
			break
		}
		r := randomRules(rng, false)
		pol := randomPolicy(rng)
		if i%5 == 4 { // a cube game of backgammon with beavers: doubles, redoubles and their beavers (S6)
			r = nardy.DefaultRules(nardy.Short)
			r.Beavers, r.Jacoby = true, rng.IntN(2) == 0
			pol.double, pol.beaver, pol.drop = 0.6, 0.7, 0.1
		}
		ctx := fmt.Sprintf("money seed %d game %d rules %+v", seed, i, r)
		lib, err := nardy.NewGame(r)
		if err != nil {
			s.diff(ctx, "NewGame: %v", err)
			continue
		}
		g := newRef(r, true, false, pl)
		g.startOpening()
		playGame(s, ctx, rng, lib, g, pol)
	}
	return s
}

// runMatches plays n matches from seed, some from a score.
func runMatches(seed uint64, n int, pl plants) *stats {
	s := newStats()
	s.keepMats = pl.keepMats
	rng := rand.New(rand.NewPCG(seed, 2))
	for i := 0; i < n; i++ {
		if pl.stopEarly && len(s.diffs) > 0 {
			break
		}
		r := randomRules(rng, true)
		if rng.IntN(2) == 0 && !r.Cube { // more Crawford games (S6)
			r.Cube, r.Crawford = true, true
			if r.Validate() != nil {
				r.Cube, r.Crawford = false, false
			}
		}
		pol := randomPolicy(rng)
		length := 1 + rng.IntN(7)
		var start nardy.MatchStart
		if rng.IntN(3) == 0 {
			start.Score = [2]int{rng.IntN(length), rng.IntN(length)}
			near := start.Score[0] == length-1 || start.Score[1] == length-1
			start.CrawfordDone = near && crawfordRule(r, length) && rng.IntN(2) == 0
		}
		ctx := fmt.Sprintf("match seed %d #%d length %d start %+v rules %+v", seed, i, length, start, r)
		var lib nardy.Match
		var err error
		if start == (nardy.MatchStart{}) {
			lib, err = nardy.NewMatch(r, length)
		} else {
			lib, err = nardy.NewMatchAt(r, length, start)
		}
		if err != nil {
			s.diff(ctx, "match refused: %v", err)
			continue
		}
		m := newMref(r, length, start, pl)
		playMatch(s, ctx, rng, lib, m, pol)
	}
	return s
}

// jsonGame: the game read back from its JSON is the same game to the referee.
func jsonGame(s *stats, ctx string, lib nardy.Game, g *ref) {
	readBack(s, ctx, "game", lib, func(back nardy.Game, ctx string) { compareGame(s, ctx, back, g) })
}

// jsonMatch: the match read back from its JSON is the same match to the referee.
func jsonMatch(s *stats, ctx string, lib nardy.Match, m *mref) {
	readBack(s, ctx, "match", lib, func(back nardy.Match, ctx string) { compareMatch(s, ctx, back, m) })
}

// readBack writes lib as JSON, reads it back and compares what it reads
// (quietly: a read-back is no step of its own).
func readBack[T any](s *stats, ctx, what string, lib T, compare func(back T, ctx string)) {
	s.jsons++
	b, err := json.Marshal(lib)
	var back T
	if err == nil {
		err = json.Unmarshal(b, &back)
	}
	if err != nil {
		s.diff(ctx, "%s JSON: %v", what, err)
		return
	}
	s.steps--
	s.quiet = true
	compare(back, ctx+" ("+what+" read back from JSON)")
	s.quiet = false
}

// checkRecord: the record of the actions, through its JSON, replays to the
// referee's results (Record.Results) and score (Replay).
func checkRecord(s *stats, ctx string, rec nardy.Record, outs []outcome, score *[2]int) {
	s.records++
	b, err := json.Marshal(rec)
	var back nardy.Record
	if err == nil {
		err = json.Unmarshal(b, &back)
	}
	if err != nil {
		s.diff(ctx, "record JSON: %v", err)
		return
	}
	res, err := back.Results()
	if err != nil || len(res) != len(outs) {
		s.diff(ctx, "record results: library %d (%v), referee %d", len(res), err, len(outs))
		return
	}
	for i := range res {
		compareOutcome(s, fmt.Sprintf("%s record game %d", ctx, i+1), res[i], outs[i])
	}
	m, ok := replayScore(s, ctx, "", back, score)
	if !ok {
		return
	}
	if score == nil {
		// Money play (L11, C7): the one game decides the "match", which has
		// the game's winner, and none when the game was drawn.
		last := outs[len(outs)-1]
		wc, ok := m.Winner()
		if want := last.kind != nardy.Draw; !m.IsOver() || ok != want || ok && wc != last.winner {
			s.diff(ctx, "replayed money game: library over %v winner %v/%v, referee %v (draw %v)",
				m.IsOver(), wc, ok, last.winner, !want)
		}
	}
	checkMat(s, ctx, back, outs, score)
	if r, ok := m.Game().Result(); !ok {
		s.diff(ctx, "replayed last game has no result")
	} else {
		compareOutcome(s, ctx+" replayed last game", r, outs[len(outs)-1])
	}
}

// replayScore replays rec (read back from a format: what names it) and, in
// a match (score not nil), compares its final score with the referee's; it
// reports whether the record replayed.
func replayScore(s *stats, ctx, what string, rec nardy.Record, score *[2]int) (nardy.Match, bool) {
	m, err := nardy.Replay(rec)
	if err != nil {
		s.diff(ctx, "%sreplay: %v", what, err)
		return m, false
	}
	if score != nil {
		if w, b := m.Score(); w != score[0] || b != score[1] || !m.IsOver() {
			s.diff(ctx, "%sreplayed score: library %d-%d (over %v), referee %v", what, w, b, m.IsOver(), *score)
		}
	}
	return m, true
}

// checkClassify: Classify of the final board agrees with the referee's kind
// (L8, L9, S5) where the game ended by bearing off without L11's last roll.
func checkClassify(s *stats, ctx string, g *ref) {
	if g.res.end != nardy.BoreOff || g.res.kind == nardy.Draw || g.hadLast {
		return
	}
	s.kinds++
	k, err := nardy.Classify(g.pos, g.res.winner, g.r.Scoring)
	if want := classifyKind(g.pos, g.res.winner, g.table, g.pl); err != nil || k != want {
		s.diff(ctx, "Classify: library %v (%v), referee %v", k, err, want)
	}
}
