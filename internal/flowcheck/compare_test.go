// The comparisons of the library's games, matches, records and their
// read-backs with the referee's state, step by step.

package flowcheck

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nardylab/nardy"
)

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
