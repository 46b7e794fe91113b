package main

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/render"
	"github.com/nardylab/nardy/variants"
)

// Errors of requests that the game layer does not produce itself.
var (
	// errForbidden: the request acts for the bot's colour.
	errForbidden = errors.New("that colour is played by the bot")
	// errBadRequest: a field is missing, malformed or out of range.
	errBadRequest = errors.New("bad request")
	// errNoPlay: a step, undo or finish asked outside the play of a roll.
	errNoPlay = errors.New("no roll is being played")
)

// maxLog is the number of events kept for the client.
const maxLog = 40

// game is one game or match on the server. Every field is guarded by mu,
// except id (set once before the game is shared) and the atomics the store
// reads for eviction.
type game struct {
	mu     sync.Mutex
	id     string
	preset string
	kinds  [2]string // "human" or "bot", by colour
	bot    player    // plays the colour of kind "bot"
	seed   uint64
	dice   *nardy.SeededDice
	rec    *nardy.Recorder

	// The play being made step by step by a person: steps are taken and
	// undone on pending, and only the finished play goes to the game.
	pending    nardy.Turn
	hasPending bool
	pendingAt  [2]int // game number and plays count pending belongs to

	last    *lastPlay
	log     []string
	version int

	used atomic.Uint64 // last use, for eviction
	over atomic.Bool   // the match is over
}

// lastPlay is the last play made in the game, for the client to show.
type lastPlay struct {
	Player   string   `json:"player"`
	Roll     string   `json:"roll"`
	Steps    [][3]int `json:"steps"`
	Notation string   `json:"notation"`
	game     int
	plays    int
	by       nardy.Color
	steps    []nardy.Step
}

func newGame(p variants.Preset, length int, seed uint64, kinds [2]string, botName string) (*game, error) {
	rec, err := nardy.NewRecorder(p.Name, p.Rules, length, &seed)
	if err != nil {
		return nil, err
	}
	g := &game{preset: p.Name, kinds: kinds, seed: seed, dice: nardy.NewSeededDice(seed), rec: rec}
	if kinds[0] == "bot" || kinds[1] == "bot" {
		if g.bot, err = newBot(botName, seed^0x9e3779b97f4a7c15); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func (g *game) match() nardy.Match { return g.rec.Match() }
func (g *game) game() nardy.Game   { return g.rec.Match().Game() }

func (g *game) logf(format string, args ...any) {
	g.log = append(g.log, fmt.Sprintf(format, args...))
	if len(g.log) > maxLog {
		g.log = append([]string(nil), g.log[len(g.log)-maxLog:]...)
	}
}

// actionRequest is the body of POST /api/games/{id}/{action}. Player says
// who acts (default: the person against the bot, or the player who must
// act); the other fields belong to single actions.
type actionRequest struct {
	Player string   `json:"player"`
	From   *int     `json:"from"`  // step
	To     *int     `json:"to"`    // step
	Die    int      `json:"die"`   // step (0: the die that makes from/to)
	Steps  [][3]int `json:"steps"` // play: a whole play as [from, to, die] triples
	Kind   string   `json:"kind"`  // resign: oin, mars, home_mars or koks (default oin)
}

// actions are the actions a client may post, by name.
var actions = map[string]nardy.ActionKind{
	"roll": nardy.ActRoll, "step": nardy.ActStep, "undo": nardy.ActUndo, "play": nardy.ActPlay,
	"double": nardy.ActDouble, "take": nardy.ActTake, "drop": nardy.ActDrop, "beaver": nardy.ActBeaver,
	"resign": nardy.ActResign, "accept": nardy.ActAccept, "reject": nardy.ActReject,
}

var actionOrder = []string{"roll", "step", "undo", "play", "double", "take", "drop", "beaver", "resign", "accept", "reject"}

func badRequest(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errBadRequest, fmt.Sprintf(format, args...))
}

// player returns the colour a request acts for.
func (g *game) player(name string) (nardy.Color, error) {
	var c nardy.Color
	switch {
	case name != "":
		var err error
		if c, err = parseColor(name); err != nil {
			return 0, badRequest("player %v", err)
		}
	case g.bot != nil:
		c = nardy.White
		if g.kinds[c] != "human" {
			c = nardy.Black
		}
	default:
		c, _ = g.game().ToAct() // White in the opening
	}
	if g.kinds[c] == "bot" {
		return c, fmt.Errorf("%w: %s", errForbidden, c)
	}
	return c, nil
}

// act performs the action named what for the request.
func (g *game) act(what string, req actionRequest) error {
	if what != "step" && (req.From != nil || req.To != nil || req.Die != 0) {
		return badRequest("from, to and die belong to step, not %s", what)
	}
	if what != "play" && req.Steps != nil {
		return badRequest("steps belong to play, not %s", what)
	}
	if what != "resign" && req.Kind != "" {
		return badRequest("kind belongs to resign, not %s", what)
	}
	p, err := g.player(req.Player)
	if err != nil {
		return err
	}
	switch what {
	case "roll":
		return g.roll(p)
	case "step":
		return g.step(p, req)
	case "undo":
		t, err := g.turnOf(p, nardy.ActUndo)
		if err != nil {
			return err
		}
		if t, err = t.Undo(); err != nil {
			return err
		}
		g.pending = t
		g.version++
		return nil
	case "play":
		return g.play(p, req.Steps)
	case "resign":
		k := nardy.Oin
		if req.Kind != "" {
			if err := k.UnmarshalText([]byte(req.Kind)); err != nil {
				return badRequest("resign kind: %v", err)
			}
		}
		return g.do(nardy.Action{Kind: nardy.ActResign, Player: p, Resign: k})
	}
	return g.do(nardy.Action{Kind: actions[what], Player: p})
}

// do performs a on the match, logs it and remembers the last play.
func (g *game) do(a nardy.Action) error {
	before := g.match()
	if err := g.rec.Do(a); err != nil {
		return err
	}
	g.version++
	bg, m := before.Game(), g.match()
	who := a.Player.String()
	switch a.Kind {
	case nardy.ActOpening:
		g.logf("opening throw: white %d, black %d", a.Dice[0], a.Dice[1])
		if a.Dice[0] == a.Dice[1] {
			g.logf("equal dice: thrown again")
		}
	case nardy.ActRoll:
		r := nardy.MustRoll(a.Dice[0], a.Dice[1])
		g.logf("%s rolls %s", who, r)
		if m.GameNumber() != before.GameNumber() || m.Game().Plays() > bg.Plays() {
			g.setLast(bg, a.Player, r, nil)
		}
	case nardy.ActPlay:
		r, _ := bg.Dice()
		g.setLast(bg, a.Player, r, a.Steps)
	case nardy.ActDouble:
		g.logf("%s doubles to %d", who, bg.Cube().Value*2)
	case nardy.ActResign:
		g.logf("%s offers to resign (%s)", who, a.Resign)
	default:
		g.logf("%s: %s", who, a.Kind)
	}
	if m.GameNumber() != before.GameNumber() || m.IsOver() {
		if res, ok := m.LastResult(); ok {
			if res.Kind == nardy.Draw {
				g.logf("game %d is a draw", before.GameNumber())
			} else {
				g.logf("%s wins game %d: %s, %d point(s)", res.Winner, before.GameNumber(), res.Kind, res.Points)
			}
		}
	}
	g.over.Store(m.IsOver())
	return nil
}

// setLast remembers the play just made in game bg (before it), and logs it.
func (g *game) setLast(bg nardy.Game, by nardy.Color, r nardy.Roll, steps []nardy.Step) {
	l := &lastPlay{Player: by.String(), Roll: r.String(), Steps: [][3]int{}, Notation: nardy.NoPlay,
		by: by, steps: append([]nardy.Step(nil), steps...)}
	if pl, err := bg.Rules().PlayOf(bg.Position(), r, steps...); err == nil {
		l.Notation = pl.String()
	}
	for _, s := range steps {
		l.Steps = append(l.Steps, [3]int{int(s.From), int(s.To), int(s.Die)})
	}
	l.game, l.plays = g.match().GameNumber(), g.game().Plays()
	g.last = l
	g.logf("%s plays %s", by, l.Notation)
}

// roll throws the dice from the game's seeded source: the opening throw
// (again after equal dice) or the roll of player p.
func (g *game) roll(p nardy.Color) error {
	gm := g.game()
	if gm.Phase() == nardy.PhaseOpening {
		for i := 0; i < 100 && g.game().Phase() == nardy.PhaseOpening && !g.match().IsOver(); i++ {
			_, a, err := g.game().Roll(g.dice)
			if err != nil {
				return err
			}
			if err := g.do(a); err != nil {
				return err
			}
		}
		return nil
	}
	// Check the roll before throwing, so that a refused roll uses no dice
	// and the record keeps replaying from its seed.
	if _, err := g.match().Do(nardy.Action{Kind: nardy.ActRoll, Player: p, Dice: [2]int{2, 1}}); err != nil {
		return err
	}
	return g.do(nardy.Action{Kind: nardy.ActRoll, Player: p, Dice: [2]int{g.dice.Die(), g.dice.Die()}})
}

// turn returns the step-by-step play of the roll being played, if any.
func (g *game) turn() (nardy.Turn, bool) {
	gm := g.game()
	t, ok := gm.Turn()
	if !ok || g.match().IsOver() {
		return t, false // pending is kept: a rejected resignation returns to it
	}
	at := [2]int{g.match().GameNumber(), gm.Plays()}
	if g.hasPending && g.pendingAt == at {
		return g.pending, true
	}
	g.pending, g.hasPending, g.pendingAt = t, true, at
	return t, true
}

// turnOf returns the pending play for player p, who must be on roll.
func (g *game) turnOf(p nardy.Color, k nardy.ActionKind) (nardy.Turn, error) {
	t, ok := g.turn()
	gm := g.game()
	if !ok {
		return t, &nardy.ActionError{Kind: k, Player: p, Phase: gm.Phase(), Reason: errNoPlay}
	}
	if p != gm.Position().Turn() {
		return t, &nardy.ActionError{Kind: k, Player: p, Phase: gm.Phase(), Reason: nardy.ErrNotYourTurn}
	}
	return t, nil
}

// step takes one step of the pending play: from/to (the larger die when
// two fit) or from/die.
func (g *game) step(p nardy.Color, req actionRequest) error {
	if req.From == nil || (req.To == nil && req.Die == 0) {
		return badRequest("a step needs from and to (or from and die)")
	}
	from := *req.From
	if from < nardy.Off || from > nardy.Bar || req.Die < 0 || req.Die > 6 {
		return badRequest("step from %d with die %d: points are 0..25, dice 1..6", from, req.Die)
	}
	if req.To != nil && (*req.To < nardy.Off || *req.To > nardy.Bar) {
		return badRequest("step to %d: points are 0..25", *req.To)
	}
	t, err := g.turnOf(p, nardy.ActStep)
	if err != nil {
		return err
	}
	switch {
	case req.Die != 0:
		s := nardy.Step{From: int8(from), Die: int8(req.Die)}
		if req.To != nil {
			s.To = int8(*req.To)
		}
		t, err = t.Step(s)
	default:
		t, err = t.Move(from, *req.To)
	}
	if err != nil {
		return err
	}
	g.pending = t
	g.version++
	return nil
}

// play finishes the pending play, or plays steps as a whole play.
func (g *game) play(p nardy.Color, steps [][3]int) error {
	t, err := g.turnOf(p, nardy.ActPlay)
	if err != nil {
		return err
	}
	var st []nardy.Step
	if steps != nil {
		if t.Len() > 0 {
			return &nardy.ActionError{Kind: nardy.ActPlay, Player: p, Phase: nardy.PhasePlay, Reason: nardy.ErrPlayStarted}
		}
		if len(steps) > 4 {
			return badRequest("%d steps: a play has at most 4", len(steps))
		}
		for _, s := range steps {
			for _, v := range s {
				if v < 0 || v > nardy.Bar {
					return badRequest("step %v: points are 0..25, dice 1..6", s)
				}
			}
			st = append(st, nardy.Step{From: int8(s[0]), To: int8(s[1]), Die: int8(s[2])})
		}
	} else {
		pl, err := t.Play()
		if err != nil {
			return err
		}
		st = pl.Steps()
	}
	return g.do(nardy.Action{Kind: nardy.ActPlay, Player: p, Steps: st})
}

// runBot lets the bot act until a person must act or the match is over. A
// person throws the opening of each game.
func (g *game) runBot() {
	if g.bot == nil {
		return
	}
	for range 10000 {
		m := g.match()
		gm := m.Game()
		if m.IsOver() || gm.Phase() == nardy.PhaseOpening {
			return
		}
		c, ok := gm.ToAct()
		if !ok || g.kinds[c] != "bot" {
			return
		}
		a, err := g.bot.Act(gm, c)
		if err == nil && a.Kind == nardy.ActRoll {
			a.Dice = [2]int{g.dice.Die(), g.dice.Die()}
		}
		if err == nil {
			err = g.do(a)
		}
		if err != nil {
			g.logf("the bot could not act: %v", err)
			return
		}
	}
}

// steps describes the pending play: the roll, the dice left, the steps
// taken and the legal next steps.
func (g *game) steps() (stepsJSON, error) {
	gm := g.game()
	t, ok := g.turn()
	if !ok {
		return stepsJSON{}, &nardy.ActionError{Kind: nardy.ActStep, Player: gm.Position().Turn(), Phase: gm.Phase(), Reason: errNoPlay}
	}
	out := stepsJSON{Player: gm.Position().Turn().String(), Roll: t.Roll().String(), DiceLeft: t.DiceLeft(),
		Taken: stepTriples(t.Steps()), Next: []stepJSON{}, Required: t.Required(), Done: t.Done(),
		Forfeited: t.Forfeited()}
	for _, s := range t.NextSteps() {
		out.Next = append(out.Next, stepJSON{From: int(s.From), To: int(s.To), Die: int(s.Die), Hit: s.Hit})
	}
	return out, nil
}

// board writes the SVG picture of the game for the viewer of the query
// (default: the person, or the player who must act).
func (g *game) board(w http.ResponseWriter, r *http.Request) {
	gm := g.game()
	viewer, err := g.player("")
	if err != nil || g.bot == nil {
		viewer, _ = gm.ToAct()
	}
	if v := r.URL.Query().Get("viewer"); v != "" {
		if viewer, err = parseColor(v); err != nil {
			fail(w, http.StatusBadRequest, "bad_viewer", "viewer %v", err)
			return
		}
	}
	o := render.Options{Viewer: viewer, Title: fmt.Sprintf("%s, game %d", g.preset, g.match().GameNumber())}
	pos := gm.Position()
	if gm.Rules().Cube {
		o.Cube = gm.Cube()
	}
	// The steps of the roll being played, or else the last play while the
	// board is the one it left.
	if t, ok := g.turn(); ok {
		pos = t.Position()
		o.Dice, o.DiceLeft = t.Roll(), t.DiceLeft()
		o.Steps, o.StepsBy = t.Steps(), pos.Turn()
	} else if l := g.last; l != nil && l.game == g.match().GameNumber() && l.plays == gm.Plays() {
		o.Steps, o.StepsBy = l.steps, l.by
	}
	b, err := render.AppendSVG(nil, pos, o)
	if err != nil {
		fail(w, http.StatusUnprocessableEntity, "render", "%v", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}
