// Package flowcheck is a clean-room check of the game flow and the scoring of
// nardy: a deliberately simple referee written from the rule specification
// (RULES.md §1-§3: C2, C7, L8-L11, S5-S7) and the package documentation only,
// driven side by side with the library's Game and Match. The move rules are
// taken from Rules.Legal (they are checked elsewhere); everything around the
// moves (who throws, who acts, when a game ends, its kind and points, the
// cube, resignations, the match score, L10's next starter, the Crawford game)
// is the referee's own. A short-nardy game is also written as an XGID and as
// GNU Backgammon's Position and Match IDs at its steps and taken up again
// (xgid_test.go, gnubgids_test.go), and a finished record of short nardy as
// GNU Backgammon's .mat file (mat_test.go): what they read back as must be the
// referee's state, and its results and score; gnubg itself imports the .mat
// files with the referee's scores, results and cube actions (matgnubg_test.go).
package flowcheck

import (
	"fmt"
	"strings"

	"github.com/nardylab/nardy"
)

// phase is the referee's own phase; it is compared with nardy.Phase.
type phase int

const (
	phOpening phase = iota + 1
	phRoll
	phPlay
	phCube
	phResign
	phOver
)

var phaseName = map[phase]nardy.Phase{
	phOpening: nardy.PhaseOpening, phRoll: nardy.PhaseRoll, phPlay: nardy.PhasePlay,
	phCube: nardy.PhaseCube, phResign: nardy.PhaseResign, phOver: nardy.PhaseOver,
}

// plants are bugs planted in the referee to show that the comparison bites.
type plants struct {
	jacobyInMatch   bool // R6/S6: apply Jacoby in match games too
	crawfordLate    bool // S6: the Crawford game one game late
	dropTable       bool // S6: a drop scores table.Oin x cube instead of the cube value
	koksIgnoresBar  bool // S5: a loser checker on the bar does not make a koks
	l11NoLastRoll   bool // L11: the starter's bear-off ends the game at once
	alternateByWins bool // L10: Alternate read as "the loser starts"
	stopEarly       bool // not a bug: stop a run at its first disagreement
	keepMats        bool // not a bug: keep the .mat files written, for gnubg
}

// outcome is the referee's result of a finished game.
type outcome struct {
	winner  nardy.Color
	kind    nardy.ResultKind
	end     nardy.EndReason
	cube    int
	points  int
	half    bool
	silent  bool   // resigned before any roll, step or double (nothing a .mat file has a line for)
	events  string // the cube actions and an accepted resignation, as GNU Backgammon names them
	offered int    // the largest cube a double offered in the game (0: no double)
}

// ref is one game as the rule text says it goes.
type ref struct {
	r       nardy.Rules
	table   nardy.Scoring
	limit   int
	money   bool
	craw    bool
	pl      plants
	pos     nardy.Position // the board; OnRoll is the player on roll
	ph      phase
	resume  phase // the phase an offer interrupted
	cube    int
	owned   bool
	owner   nardy.Color
	pre     int // the cube before the pending double
	doubler nardy.Color
	beaver  bool
	starter nardy.Color
	started bool // starter known
	last    bool // L11: the other player's last roll is pending
	hadLast bool // L11: there was a last roll
	lastK   nardy.ResultKind
	offK    nardy.ResultKind
	offBy   nardy.Color
	roll    nardy.Roll
	plays   []nardy.Play
	turn    nardy.Turn // the steps taken of the roll (the move rules are the library's)
	played  int        // plays made, passes included
	ow, ob  int        // the last opening dice
	rerolls int        // equal opening throws thrown again
	res     outcome
	setup   *nardy.Setup // a game set up at a board (for its record)
	moved   bool         // a roll, step or double was made
	events  []string     // the cube actions and an accepted resignation (outcome.events)
	offered int          // the largest cube a double offered (outcome.offered)
}

// tableOf resolves the zero table to the variant's default (L8, S5).
func tableOf(r nardy.Rules) nardy.Scoring {
	t := r.Scoring
	if t.Oin == 0 {
		draw := t.DrawHalf
		if r.Variant == nardy.Long {
			t = nardy.Scoring{Oin: 1, Mars: 2}
		} else {
			t = nardy.Scoring{Oin: 1, Mars: 2, Koks: 3}
		}
		t.DrawHalf = draw
	}
	return t
}

func newRef(r nardy.Rules, money, craw bool, pl plants) *ref {
	lim := r.MaxCube
	if lim == 0 {
		lim = 64
	}
	return &ref{r: r, table: tableOf(r), limit: lim, money: money, craw: craw, pl: pl, cube: 1}
}

// startOpening: a game that begins with the opening throw (C2).
func (g *ref) startOpening() { g.ph = phOpening }

// startWith: a game whose starter is named (L10), or one set up at a board.
func (g *ref) startWith(starter nardy.Color) error {
	pos, err := nardy.StartPosition(g.r.Variant, starter)
	if err != nil {
		return err
	}
	g.pos, g.starter, g.started, g.ph = pos, starter, true, phRoll
	return nil
}

func (g *ref) toAct() (nardy.Color, bool) {
	switch g.ph {
	case phRoll, phPlay:
		return g.pos.OnRoll(), true
	case phCube:
		if g.beaver {
			return g.doubler, true
		}
		return g.doubler.Other(), true
	case phResign:
		return g.offBy.Other(), true
	}
	return 0, false
}

// opening: C2. Equal dice are thrown again.
func (g *ref) opening(w, b int) error {
	g.ow, g.ob = w, b
	if w == b {
		g.rerolls++
		return nil
	}
	first := nardy.White
	if b > w {
		first = nardy.Black
	}
	if err := g.startWith(first); err != nil {
		return err
	}
	if g.r.OpeningRoll == nardy.UseOpeningDice {
		return g.setRoll(nardy.MustRoll(w, b))
	}
	return nil
}

// setRoll: the player on roll rolls; a roll without a step passes (C5).
func (g *ref) setRoll(roll nardy.Roll) error {
	plays, err := g.r.Legal(g.pos, roll)
	if err != nil {
		return err
	}
	g.roll = roll
	if len(plays) == 1 && plays[0].IsEmpty() {
		g.afterPlay(g.pos.Pass())
		return nil
	}
	t, err := g.r.NewTurn(g.pos, roll)
	if err != nil {
		return err
	}
	g.plays, g.ph, g.turn = plays, phPlay, t
	return nil
}

func offOf(p nardy.Position, c nardy.Color) int { return p.Side(c)[nardy.Off] }

// afterPlay: C7 and L11 on the board after a play by the player who was on roll.
func (g *ref) afterPlay(next nardy.Position) {
	mover := g.pos.OnRoll()
	g.pos, g.plays, g.turn = next, nil, nardy.Turn{}
	g.played++
	other := mover.Other()
	if g.last { // the last roll was played (L11)
		if offOf(next, mover) == nardy.Checkers {
			g.draw()
		} else {
			g.win(other, g.lastK, nardy.BoreOff)
		}
		return
	}
	if offOf(next, mover) == nardy.Checkers {
		k := g.classify(next, mover)
		left := nardy.Checkers - offOf(next, other)
		if g.r.LastRollDraw && mover == g.starter && left <= 4 && !g.pl.l11NoLastRoll {
			g.last, g.hadLast, g.lastK, g.ph = true, true, k, phRoll
			return
		}
		g.win(mover, k, nardy.BoreOff)
		return
	}
	g.ph = phRoll
}

// classify: L8, L9, S5 with the table's fallback (R5).
func (g *ref) classify(p nardy.Position, winner nardy.Color) nardy.ResultKind {
	return classifyKind(p, winner, g.table, g.pl)
}

func classifyKind(p nardy.Position, winner nardy.Color, t nardy.Scoring, pl plants) nardy.ResultKind {
	loser := p.Side(winner.Other())
	if loser[nardy.Off] > 0 {
		return nardy.Oin
	}
	koks := false
	for q := 19; q <= 24; q++ {
		if loser[q] > 0 {
			koks = true
		}
	}
	if loser[nardy.Bar] > 0 && !pl.koksIgnoresBar {
		koks = true
	}
	home := true
	for q := 7; q <= 25; q++ {
		if loser[q] > 0 {
			home = false
		}
	}
	switch {
	case koks && t.Koks > 0:
		return nardy.Koks
	case home && p.Variant() == nardy.Long && t.HomeMars > 0:
		return nardy.HomeMars
	case t.Mars > 0:
		return nardy.Mars
	}
	return nardy.Oin
}

func (g *ref) kindPoints(k nardy.ResultKind) int {
	jacoby := g.r.Cube && g.r.Jacoby && !g.owned && (g.money || g.pl.jacobyInMatch)
	if k != nardy.Oin && jacoby {
		return g.table.Oin
	}
	switch k {
	case nardy.Oin:
		return g.table.Oin
	case nardy.Mars:
		return g.table.Mars
	case nardy.HomeMars:
		return g.table.HomeMars
	case nardy.Koks:
		return g.table.Koks
	}
	return 0
}

func (g *ref) win(w nardy.Color, k nardy.ResultKind, end nardy.EndReason) {
	g.ph, g.last = phOver, false
	g.res = outcome{winner: w, kind: k, end: end, cube: g.cube, points: g.kindPoints(k) * g.cube}
}

func (g *ref) draw() {
	g.ph, g.last = phOver, false
	o := outcome{kind: nardy.Draw, end: nardy.BoreOff, cube: g.cube, points: g.cube}
	if g.table.DrawHalf {
		o.points, o.half = g.cube/2, g.cube%2 == 1
	}
	g.res = o
}

// mayDouble: S6 (R7).
func (g *ref) mayDouble(p nardy.Color) bool {
	return g.ph == phRoll && g.pos.OnRoll() == p && g.r.Cube && !g.craw && !g.last &&
		(!g.owned || g.owner == p) && 2*g.cube <= g.limit
}

func (g *ref) mayBeaver(p nardy.Color) bool {
	return g.ph == phCube && !g.beaver && p == g.doubler.Other() && g.money && g.r.Beavers &&
		4*g.pre <= g.limit
}

// resignKinds: the kinds a table scores (R8).
func (g *ref) mayResign(p nardy.Color, k nardy.ResultKind) bool {
	if g.ph != phRoll && g.ph != phPlay {
		return false
	}
	if g.last && p == g.starter {
		return false
	}
	switch k {
	case nardy.Oin:
		return true
	case nardy.Mars:
		return g.table.Mars > 0
	case nardy.HomeMars:
		return g.table.HomeMars > 0 && g.r.Variant == nardy.Long
	case nardy.Koks:
		return g.table.Koks > 0
	}
	return false
}

// allowed: the kinds of action p may take now (compared with Game.Allowed).
func (g *ref) allowed(p nardy.Color) map[nardy.ActionKind]bool {
	a := map[nardy.ActionKind]bool{}
	act, ok := g.toAct()
	switch g.ph {
	case phRoll:
		if act == p {
			a[nardy.ActRoll] = true
		}
		if g.mayDouble(p) {
			a[nardy.ActDouble] = true
		}
		if g.mayResign(p, nardy.Oin) {
			a[nardy.ActResign] = true
		}
	case phPlay:
		if act == p {
			a[nardy.ActPlay], a[nardy.ActStep] = true, true
			if g.turn.Len() > 0 {
				a[nardy.ActUndo] = true
			}
		}
		if g.mayResign(p, nardy.Oin) {
			a[nardy.ActResign] = true
		}
	case phCube:
		if ok && act == p {
			a[nardy.ActTake], a[nardy.ActDrop] = true, true
			if g.mayBeaver(p) {
				a[nardy.ActBeaver] = true
			}
		}
	case phResign:
		if act == p {
			a[nardy.ActAccept], a[nardy.ActReject] = true, true
		}
	}
	return a
}

// do performs an action the referee allows; it returns an error for one it
// does not (the caller asks allowed first).
func (g *ref) do(a nardy.Action) error {
	switch a.Kind {
	case nardy.ActRoll, nardy.ActPlay, nardy.ActStep, nardy.ActDouble:
		g.moved = true
	case nardy.ActOpening: // C2: unequal opening dice are the starter's roll under UseOpeningDice
		g.moved = g.moved || g.r.OpeningRoll == nardy.UseOpeningDice && a.Dice[0] != a.Dice[1]
	}
	if ev, ok := gnubgEvent[a.Kind]; ok {
		g.events = append(g.events, ev)
	}
	switch a.Kind {
	case nardy.ActDouble:
		g.offered = max(g.offered, 2*g.cube)
	case nardy.ActBeaver:
		g.offered = max(g.offered, 4*g.pre)
	}
	err := g.act(a)
	if err == nil && g.ph == phOver {
		g.res.events, g.res.offered = strings.Join(g.events, " "), g.offered
	}
	return err
}

// gnubgEvent names the actions GNU Backgammon's games list besides moves:
// a beaver is a redouble to it, and a resignation is listed once accepted
// (an offer rejected has no place in a .mat file).
var gnubgEvent = map[nardy.ActionKind]string{nardy.ActDouble: "double", nardy.ActBeaver: "double",
	nardy.ActTake: "take", nardy.ActDrop: "drop", nardy.ActAccept: "resign"}

// act performs a, as do says.
func (g *ref) act(a nardy.Action) error {
	switch a.Kind {
	case nardy.ActOpening:
		if g.ph != phOpening {
			return fmt.Errorf("no opening now")
		}
		return g.opening(a.Dice[0], a.Dice[1])
	case nardy.ActRoll:
		return g.setRoll(nardy.MustRoll(a.Dice[0], a.Dice[1]))
	case nardy.ActPlay:
		for _, p := range g.plays {
			if sameSteps(p, a.Steps) && reachable(g.turn, p.Result()) {
				g.afterPlay(p.Result())
				return nil
			}
		}
		return fmt.Errorf("play not legal")
	case nardy.ActStep:
		t, err := g.turn.Step(a.Steps[0])
		if err != nil {
			return err
		}
		if t.Done() {
			p, err := t.Play()
			if err != nil {
				return err
			}
			g.afterPlay(p.Result())
			return nil
		}
		g.turn = t
	case nardy.ActUndo:
		t, err := g.turn.Undo()
		if err != nil {
			return err
		}
		g.turn = t
	case nardy.ActDouble:
		g.pre, g.doubler, g.beaver, g.ph = g.cube, a.Player, false, phCube
	case nardy.ActTake:
		taker := g.doubler.Other()
		if g.beaver {
			g.cube, g.owned, g.owner = 4*g.pre, true, taker
		} else {
			g.cube, g.owned, g.owner = 2*g.pre, true, taker
		}
		g.beaver, g.ph = false, phRoll
	case nardy.ActDrop:
		if g.beaver { // the doubler drops the redouble: the cube is the beaver's
			g.cube, g.owned, g.owner = 2*g.pre, true, g.doubler.Other()
			g.res = outcome{winner: g.doubler.Other(), kind: nardy.Oin, end: nardy.Dropped, cube: g.cube, points: g.cube}
		} else {
			g.res = outcome{winner: g.doubler, kind: nardy.Oin, end: nardy.Dropped, cube: g.pre, points: g.pre}
		}
		if g.pl.dropTable {
			g.res.points = g.table.Oin * g.res.cube
		}
		g.ph = phOver
	case nardy.ActBeaver:
		g.beaver = true
	case nardy.ActResign:
		g.resume, g.ph, g.offK, g.offBy = g.ph, phResign, a.Resign, a.Player
	case nardy.ActAccept:
		g.win(g.offBy.Other(), g.offK, nardy.Resigned)
		g.res.silent = !g.moved
	case nardy.ActReject:
		g.ph = g.resume
	default:
		return fmt.Errorf("kind %v not modelled", a.Kind)
	}
	return nil
}

func sameSteps(p nardy.Play, steps []nardy.Step) bool {
	if p.Len() != len(steps) {
		return false
	}
	for i := range steps {
		s := p.Step(i)
		if s.From != steps[i].From || s.To != steps[i].To || s.Die != steps[i].Die {
			return false
		}
	}
	return true
}

// can: would the referee accept action a by a.Player now (R1-R12)?
func (g *ref) can(a nardy.Action) bool {
	act, ok := g.toAct()
	switch a.Kind {
	case nardy.ActOpening:
		return g.ph == phOpening
	case nardy.ActRoll:
		return g.ph == phRoll && ok && act == a.Player
	case nardy.ActDouble:
		return g.mayDouble(a.Player)
	case nardy.ActTake, nardy.ActDrop:
		return g.ph == phCube && act == a.Player
	case nardy.ActBeaver:
		return g.mayBeaver(a.Player)
	case nardy.ActResign:
		return g.mayResign(a.Player, a.Resign)
	case nardy.ActAccept, nardy.ActReject:
		return g.ph == phResign && act == a.Player
	case nardy.ActUndo:
		return g.ph == phPlay && act == a.Player && g.turn.Len() > 0
	case nardy.ActStep:
		if g.ph != phPlay || act != a.Player || len(a.Steps) != 1 {
			return false
		}
		for st := range g.turn.NextSteps() {
			if st.From == a.Steps[0].From && st.To == a.Steps[0].To && st.Die == a.Steps[0].Die {
				return true
			}
		}
		return false
	case nardy.ActPlay:
		if g.ph != phPlay || act != a.Player {
			return false
		}
		for _, p := range g.plays {
			if sameSteps(p, a.Steps) {
				return reachable(g.turn, p.Result())
			}
		}
		return false
	}
	return false
}

// reachable: can the turn, from the steps taken, still end where a whole play
// does (a play is its resulting position, C8)?
func reachable(t nardy.Turn, target nardy.Position) bool {
	if t.Len() == 0 {
		return true // every legal play is open before a step is taken
	}
	return ends(t)[target]
}

// ends: the positions the turn can still end at.
func ends(t nardy.Turn) map[nardy.Position]bool {
	out := map[nardy.Position]bool{}
	var walk func(t nardy.Turn)
	walk = func(t nardy.Turn) {
		if t.Done() {
			if p, err := t.Play(); err == nil {
				out[p.Result()] = true
			}
			return
		}
		for st := range t.NextSteps() {
			if n, err := t.Step(st); err == nil {
				walk(n)
			}
		}
	}
	walk(t)
	return out
}
