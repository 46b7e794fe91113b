package flowcheck

import (
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
