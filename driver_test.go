package nardy

// A random driver of games and matches shared by the state-machine tests:
// it picks a random action that the state allows (rolls with random dice,
// random legal plays whole or step by step with undos, doubles, takes,
// drops, beavers, resignations, answers) and checks the invariants of
// issue 4 after every action.

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
)

// picker draws an int in 0..n-1; label names the choice for rapid.
type picker func(n int, label string) int

// failer is the part of testing.TB and *rapid.T the driver needs.
type failer interface {
	Helper()
	Fatalf(format string, args ...any)
}

func randPicker(rng *rand.Rand) picker {
	return func(n int, _ string) int { return rng.IntN(n) }
}

// gmChoose returns a random action that the game allows, by construction
// (except for refused dice, which the driver never draws).
func gmChoose(g Game, pick picker) Action {
	to, _ := g.ToAct()
	switch g.Phase() {
	case PhaseOpening:
		return Action{Kind: ActOpening, Dice: [2]int{pick(6, "die") + 1, pick(6, "die") + 1}}
	case PhaseRoll:
		r := pick(1000, "roll-choice")
		if r < 3 {
			return gmResign(g, pick)
		}
		if r < 60 {
			if _, err := g.Do(Action{Kind: ActDouble, Player: to}); err == nil {
				return Action{Kind: ActDouble, Player: to}
			}
		}
		return Action{Kind: ActRoll, Player: to, Dice: [2]int{pick(6, "die") + 1, pick(6, "die") + 1}}
	case PhasePlay:
		if pick(1000, "play-choice") < 2 {
			return gmResign(g, pick)
		}
		t, _ := g.Turn()
		if t.Len() > 0 && pick(8, "undo") == 0 {
			return Action{Kind: ActUndo, Player: to}
		}
		if t.Len() == 0 && pick(2, "whole") == 0 {
			plays, err := g.Legal()
			if err != nil || len(plays) == 0 {
				panic("driver: no legal play in PhasePlay")
			}
			return Action{Kind: ActPlay, Player: to, Steps: slices.Collect(plays[pick(len(plays), "play")].Steps())}
		}
		next := t.AppendNextSteps(nil)
		if len(next) == 0 {
			panic("driver: no next step in PhasePlay")
		}
		return Action{Kind: ActStep, Player: to, Steps: []Step{next[pick(len(next), "step")]}}
	case PhaseCube:
		kinds := []ActionKind{ActTake, ActTake, ActTake, ActDrop}
		if _, err := g.Do(Action{Kind: ActBeaver, Player: to}); err == nil {
			kinds = append(kinds, ActBeaver)
		}
		return Action{Kind: kinds[pick(len(kinds), "answer")], Player: to}
	case PhaseResign:
		k := ActReject
		if pick(3, "accept") == 0 {
			k = ActAccept
		}
		return Action{Kind: k, Player: to}
	}
	return Action{}
}

func gmResign(g Game, pick picker) Action {
	var kinds []ResultKind
	for k := Oin; k <= Koks; k++ {
		if g.Rules().scoring().Uses(k) {
			kinds = append(kinds, k)
		}
	}
	a := Action{Kind: ActResign, Player: Color(pick(2, "resigner")), Resign: kinds[pick(len(kinds), "resign")]}
	if !g.Can(a) { // a player who has borne off every checker during the other's last roll (L11)
		a.Player = a.Player.Other()
	}
	return a
}

// gmStep performs one random action on rc and checks the invariants.
func gmStep(t failer, rc *Recorder, pick picker) {
	t.Helper()
	prev := rc.Match()
	a := gmChoose(prev.Game(), pick)
	gmCanAgrees(t, prev.Game(), a)
	gmWrongPlayer(t, prev, a)
	if err := rc.Do(a); err != nil {
		t.Fatalf("driver action %+v refused in phase %s: %v", a, prev.Game().Phase(), err)
	}
	gmInvariants(t, prev, rc.Match())
}

// gmCanAgrees: Game.Can answers as Game.Do does, for a and for every kind
// of action by either player (with dice and a resignation filled in).
func gmCanAgrees(t failer, g Game, a Action) {
	t.Helper()
	tries := []Action{a}
	for k := ActOpening; k <= ActReject; k++ {
		for _, p := range [2]Color{White, Black} {
			tries = append(tries, Action{Kind: k, Player: p, Dice: [2]int{5, 2}, Resign: Oin})
		}
	}
	for _, b := range tries {
		_, err := g.Do(b)
		if g.Can(b) != (err == nil) {
			t.Fatalf("Can(%+v) = %v in phase %s, Do's error: %v", b, g.Can(b), g.Phase(), err)
		}
	}
}

// gmWrongPlayer: the same action by the other player is refused and
// changes nothing (only the right player may act).
func gmWrongPlayer(t failer, m Match, a Action) {
	t.Helper()
	if a.Kind == ActOpening || a.Kind == ActResign {
		return
	}
	b := a
	b.Player = a.Player.Other()
	n, err := m.Do(b)
	if !errors.Is(err, ErrNotYourTurn) || n != m {
		t.Fatalf("%s by the wrong player: err %v", a.Kind, err)
	}
}

// gmInvariants checks one transition of a match.
func gmInvariants(t failer, prev, next Match) {
	t.Helper()
	g := next.Game()
	pos := g.Position()
	for _, c := range [2]Color{White, Black} {
		if pos.Side(c).Total() != Checkers {
			t.Fatalf("checkers not conserved: %v", pos)
		}
	}
	if tu, ok := g.Turn(); ok {
		p := tu.Position()
		if p.Mover().Total() != Checkers || p.Opponent().Total() != Checkers {
			t.Fatalf("checkers not conserved in the turn: %v", p)
		}
	}
	pw, pb := prev.Score()
	nw, nb := next.Score()
	if nw < pw || nb < pb {
		t.Fatalf("score went down: %d-%d to %d-%d", pw, pb, nw, nb)
	}
	gmScoreInvariants(t, prev, next)
	c0, c1 := prev.Game().Cube().Value, g.Cube().Value
	sameGame := next.GameNumber() == prev.GameNumber()
	if sameGame && c1 != c0 && c1 != 2*c0 && c1 != 4*c0 {
		t.Fatalf("cube went from %d to %d", c0, c1)
	}
	if !sameGame && c1 != 1 {
		t.Fatalf("a new game starts with cube %d", c1)
	}
	if c1 < 1 || c1&(c1-1) != 0 || c1 > next.Rules().CubeLimit() {
		t.Fatalf("cube value %d", c1)
	}
	if g.IsOver() != next.IsOver() {
		t.Fatalf("game over %v but match over %v", g.IsOver(), next.IsOver())
	}
	if next.IsOver() {
		gmRefusesAll(t, next)
	}
	if g.PlayCount()%4 == 0 || next.IsOver() { // a sample: JSON costs more than the action
		gmJSON(t, next)
		gmJSON(t, g)
	}
}

// gmScoreInvariants: a finished game adds its points to the winner's score
// only, a draw's to both (L11: 1–1 times the cube by default); a match is
// over exactly when a player has reached the length ahead of the other
// (money play: when its one game is).
func gmScoreInvariants(t failer, prev, next Match) {
	t.Helper()
	pw, pb := prev.Score()
	nw, nb := next.Score()
	ended := next.GameNumber() != prev.GameNumber() || next.IsOver() != prev.IsOver()
	if !ended {
		if nw != pw || nb != pb {
			t.Fatalf("score changed within a game: %d-%d to %d-%d", pw, pb, nw, nb)
		}
		return
	}
	res, ok := next.LastResult()
	if !ok {
		t.Fatalf("a game ended without a result")
	}
	want := [2]int{pw, pb}
	switch {
	case res.Kind == Draw && !next.Rules().scoring().DrawHalf:
		if res.Points != res.Cube || res.Half {
			t.Fatalf("a draw with cube %d scores %d each (half %v), want 1-1 times the cube", res.Cube, res.Points, res.Half)
		}
		want[White] += res.Points
		want[Black] += res.Points
	case res.Kind == Draw:
		want[White] += res.Points
		want[Black] += res.Points
	default:
		want[res.Winner] += res.Points
	}
	if want != [2]int{nw, nb} {
		t.Fatalf("%+v after %d-%d gives %d-%d, want %v", res, pw, pb, nw, nb, want)
	}
	winner, decided := next.Winner()
	switch l := next.Length(); {
	case l == 0:
		if !next.IsOver() || decided != (res.Kind != Draw) || (decided && winner != res.Winner) {
			t.Fatalf("money game %+v: over %v, winner %v %v", res, next.IsOver(), winner, decided)
		}
	case max(nw, nb) >= l && nw != nb:
		lead := White
		if nb > nw {
			lead = Black
		}
		if !next.IsOver() || !decided || winner != lead {
			t.Fatalf("%d-%d in a match to %d: over %v, winner %v %v", nw, nb, l, next.IsOver(), winner, decided)
		}
	default:
		if next.IsOver() {
			t.Fatalf("%d-%d in a match to %d is not over", nw, nb, l)
		}
	}
}

// gmJSON: the JSON form of v (a Game or a Match) reads back to the same
// value.
func gmJSON[T comparable](t failer, v T) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %T: %v", v, err)
	}
	var back T
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("unmarshal %T: %v\n%s", v, err, b)
	}
	if back != v {
		t.Fatalf("%T JSON round trip differs:\n%s", v, b)
	}
}

// gmRefusesAll: a finished match (and its finished game) refuses every
// action and does not change.
func gmRefusesAll(t failer, m Match) {
	t.Helper()
	for k := ActOpening; k <= ActReject; k++ {
		for _, p := range [2]Color{White, Black} {
			a := Action{Kind: k, Player: p, Dice: [2]int{3, 1}, Resign: Oin,
				Steps: []Step{{From: 6, To: 3, Die: 3}}}
			n, err := m.Do(a)
			if !errors.Is(err, errMatchOver) || n != m {
				t.Fatalf("finished match accepted %s: %v", k, err)
			}
			g := m.Game()
			ng, err := g.Do(a)
			if !errors.Is(err, ErrGameOver) || ng != g {
				t.Fatalf("finished game accepted %s: %v", k, err)
			}
		}
	}
}

// gmReplays checks that the record replays to the same match, also after a
// JSON round trip.
func gmReplays(t failer, rc *Recorder) {
	t.Helper()
	rec := rc.Record()
	m, err := Replay(rec)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if m != rc.Match() {
		t.Fatalf("replay differs: %+v", m)
	}
	back, b, err := viaJSON(rec)
	if err != nil {
		t.Fatalf("record JSON: %v\n%s", err, b)
	}
	m2, err := Replay(back)
	if err != nil || m2 != m {
		t.Fatalf("replay after JSON: %v", err)
	}
}
