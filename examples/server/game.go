package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/fair"
	"github.com/nardylab/nardy/internal/errtext"
	"github.com/nardylab/nardy/variants"
)

// Errors of requests that the game layer does not produce itself.
var (
	// errBadRequest: a field is missing, malformed or out of range.
	errBadRequest = errors.New("bad request")
	// errNoPlay: a step, undo or finish asked outside the play of a roll.
	errNoPlay = errors.New("no roll is being played")
	// errWrongSeat: the request names the other seat than its token's.
	errWrongSeat = errors.New("the token is not that player's")
	// errSeedSet: a player seed sent twice, or after the first die.
	errSeedSet = errors.New("the player seeds are fixed once the first die is thrown, and each seat sends one")
	// errNotJoined: an action before the invited player has joined.
	errNotJoined = errors.New("the game starts when both players are seated: the other player has not joined yet")
	// errAwaitSeed: an action of a game between two people before both
	// seats' seeds are in (awaitedSeeds).
	errAwaitSeed = errors.New("the first dice wait for both players' seeds")
	// errResignAgain: a seat offers to resign again, no more than before,
	// before the game has moved on since its offer was rejected.
	errResignAgain = errors.New("a rejected resignation is offered again only once the game has moved on " +
		"(a roll, a play or a cube action), or for more than before")
)

// maxLog is the number of events kept for the client.
const maxLog = 40

// game is one game or match on the server. A game is used by one request
// at a time (under its cache entry's lock) and is written to the store
// after every change.
type game struct {
	id      string
	preset  string
	kinds   [2]string // "human" or "bot", by colour
	botName string    // the bot's name when a colour is "bot"
	tokens  [2]string // hex SHA-256 of each human seat's token ("" for an invited seat not joined yet)
	// invites: hex SHA-256 of the invitation token of the invited seat
	// (a game between two people), kept once used so that it is told
	// apart from a wrong token. The invitation only joins: POST .../join
	// gives the seat a token of its own, once.
	invites [2]string
	client  string // who created it, for the quota
	created time.Time

	// The dice: every die comes from fair (seed, salt) in record order;
	// dicePos counts the dice thrown.
	seed        [fair.SeedSize]byte
	dev         bool      // the seed came from the request (development only)
	noHints     bool      // GET .../hint is refused (createRequest.Hints)
	clientSeeds [2]string // the players' seeds, the public salt
	fair        *fair.Dice
	dicePos     int

	rec *nardy.Recorder

	// The play being made step by step by a person: steps are taken and
	// undone on pending, and only the finished play goes to the game.
	pending    nardy.Turn
	hasPending bool
	pendingAt  [2]int // game number and plays count pending belongs to

	// offered: the most each seat offered to resign since the game last
	// moved (a roll, a play, a cube action: anything but an offer and its
	// rejection). A seat may offer again only more than that, so that the
	// player not on roll cannot offer, be rejected and offer again and
	// again, each offer making the mover's request stale.
	offered [2]nardy.ResultKind

	last    *lastPlay
	log     []string
	version int

	// matAt is version+1 when matOK was worked out for the state's "mat"
	// (hasMat), 0 before: the record changes only with the version, and
	// writing it out for every state of a long match would cost
	// milliseconds a state.
	matAt int
	matOK bool
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
}

// newGame starts a game or match under p at start, its first game set up
// at setup if setup is not nil.
func newGame(p variants.Preset, length int, start nardy.MatchStart, setup *nardy.Setup, kinds [2]string, botName string) (*game, error) {
	rec, err := nardy.NewRecorderAt(p.Rules, length, start, nil)
	if setup != nil {
		rec, err = nardy.ResumeRecorder(p.Rules, length, start, *setup, nil)
	}
	if err != nil {
		return nil, err
	}
	g := &game{preset: p.Name, kinds: kinds, rec: rec}
	if kinds[0] == "bot" || kinds[1] == "bot" {
		if !knownBot(botName) {
			return nil, badRequest("bot: want one of %v, not %s", botNames(), errtext.Quote(botName))
		}
		g.botName = botName
	}
	return g, nil
}

func (g *game) match() nardy.Match { return g.rec.Match() }
func (g *game) game() nardy.Game   { return g.rec.Match().Game() }

// record returns the game record with its fair-dice proof.
func (g *game) record() nardy.Record {
	r := g.rec.Record()
	r.Fair = g.proof()
	return r
}

func (g *game) logf(format string, args ...any) {
	g.log = append(g.log, fmt.Sprintf(format, args...))
	if len(g.log) > maxLog {
		g.log = append([]string(nil), g.log[len(g.log)-maxLog:]...)
	}
}

// act performs the action named what for seat p (checked by its token).
func (g *game) act(what string, p nardy.Color, req actionRequest) error {
	if what != "step" && (req.From != nil || req.To != nil || req.Die != 0) {
		return badRequest("from, to and die belong to step, not %s", what)
	}
	if what != "play" && req.Steps != nil {
		return badRequest("steps belong to play, not %s", what)
	}
	if what != "play" && req.Notation != nil {
		return badRequest("notation belongs to play, not %s", what)
	}
	if req.Steps != nil && req.Notation != nil {
		return badRequest("a play is sent as \"steps\" or as \"notation\", not both")
	}
	if what != "resign" && req.Kind != "" {
		return badRequest("kind belongs to resign, not %s", what)
	}
	if what != "seed" && req.ClientSeed != "" {
		return badRequest("client_seed belongs to seed, not %s", what)
	}
	if req.Player != "" {
		c, err := parseColor("player", req.Player)
		if err != nil {
			return badRequest("%v", err)
		}
		if c != p {
			return fmt.Errorf("%w: it plays %s, not %s", errWrongSeat, p, c)
		}
	}
	if _, waiting := g.invited(); waiting && what != "seed" {
		return errNotJoined // so the creator cannot throw the opening before the other's seed can be in
	}
	if missing := g.awaitedSeeds(); len(missing) > 0 && what != "seed" {
		return fmt.Errorf("%w: waiting for %s (POST .../seed)", errAwaitSeed, strings.Join(missing, "'s and ")+"'s")
	}
	switch what {
	case "seed":
		return g.setSeed(p, req.ClientSeed)
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
		return g.play(p, req.Steps, req.Notation)
	case "resign":
		k := nardy.Oin
		if req.Kind != "" {
			if err := k.UnmarshalText([]byte(req.Kind)); err != nil {
				return badRequest("kind: %v", err)
			}
		}
		a := nardy.Action{Kind: nardy.ActResign, Player: p, Resign: k}
		if _, err := g.match().Do(a); err == nil && k <= g.offered[p] {
			return fmt.Errorf("%w: %s offered %s already", errResignAgain, p, g.offered[p].Name(g.game().Rules().Variant))
		}
		return g.do(a)
	}
	return g.do(nardy.Action{Kind: actions[what], Player: p})
}

// do performs a on the match, logs it and remembers the last play.
func (g *game) do(a nardy.Action) error {
	before := g.match()
	if err := g.rec.Do(a); err != nil {
		if a.Kind == nardy.ActOpening || a.Kind == nardy.ActRoll {
			g.resyncDice()
		}
		return err
	}
	g.version++
	g.noteOffer(a)
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
		if m.GameNumber() != before.GameNumber() || m.Game().PlayCount() > bg.PlayCount() {
			g.setLast(bg, a.Player, r, nil)
		}
	case nardy.ActPlay:
		r, _ := bg.Dice()
		g.setLast(bg, a.Player, r, a.Steps)
	case nardy.ActDouble:
		g.logf("%s doubles to %d", who, bg.Cube().Value*2)
	case nardy.ActResign:
		g.logf("%s offers to resign (%s)", who, a.Resign.Name(bg.Rules().Variant))
	default:
		g.logf("%s: %s", who, a.Kind)
	}
	if m.GameNumber() != before.GameNumber() || m.IsOver() {
		if res, ok := m.LastResult(); ok {
			if res.Kind == nardy.Draw {
				g.logf("game %d is a draw", before.GameNumber())
			} else {
				g.logf("game %d: %s", before.GameNumber(), res)
			}
		}
	}
	return nil
}

// noteOffer keeps offered up to date after action a.
func (g *game) noteOffer(a nardy.Action) {
	switch a.Kind {
	case nardy.ActResign:
		g.offered[a.Player] = max(g.offered[a.Player], a.Resign)
	case nardy.ActReject:
	default:
		g.offered = [2]nardy.ResultKind{}
	}
}

// setLast remembers the play just made in game bg (before it), and logs it.
func (g *game) setLast(bg nardy.Game, by nardy.Color, r nardy.Roll, steps []nardy.Step) {
	l := &lastPlay{Player: by.String(), Roll: r.String(), Steps: triples(steps), Notation: nardy.NoPlay, by: by}
	if pl, err := bg.Rules().PlayOf(bg.Position(), r, steps...); err == nil {
		l.Notation = pl.String()
	}
	l.game, l.plays = g.match().GameNumber(), g.game().PlayCount()
	g.last = l
	g.logf("%s plays %s", by, l.Notation)
}

// roll throws the dice: the opening throw (again after equal dice) or the
// roll of player p.
func (g *game) roll(p nardy.Color) error {
	if g.game().Phase() == nardy.PhaseOpening {
		for i := 0; i < 100 && g.game().Phase() == nardy.PhaseOpening && !g.match().IsOver(); i++ {
			if err := g.do(nardy.Action{Kind: nardy.ActOpening, Dice: g.throw()}); err != nil {
				return err
			}
		}
		return nil
	}
	// Check the roll before throwing, so that a refused roll uses no dice.
	if _, err := g.match().Do(nardy.Action{Kind: nardy.ActRoll, Player: p, Dice: [2]int{2, 1}}); err != nil {
		return err
	}
	return g.do(nardy.Action{Kind: nardy.ActRoll, Player: p, Dice: g.throw()})
}

// turn returns the step-by-step play of the roll being played, if any.
func (g *game) turn() (nardy.Turn, bool) {
	gm := g.game()
	t, ok := gm.Turn()
	if !ok || g.match().IsOver() {
		return t, false // pending is kept: a rejected resignation returns to it
	}
	at := [2]int{g.match().GameNumber(), gm.PlayCount()}
	if g.hasPending && g.pendingAt == at {
		return g.pending, true
	}
	g.pending, g.hasPending, g.pendingAt = t, true, at
	return t, true
}

// pendingTurn returns the play being made step by step: in the play of a
// roll, and also while a resignation offered during it waits for an
// answer (its steps come back when the offer is rejected).
func (g *game) pendingTurn() (nardy.Turn, bool) {
	if t, ok := g.turn(); ok {
		return t, true
	}
	gm := g.game()
	at := [2]int{g.match().GameNumber(), gm.PlayCount()}
	if gm.Phase() != nardy.PhaseResign || !g.hasPending || g.pendingAt != at {
		return nardy.Turn{}, false
	}
	return g.pending, true
}

// resumedTurn returns the play of the roll a resignation was offered
// during, as it was before any step: the play the game returns to if the
// offer is rejected.
func (g *game) resumedTurn() (nardy.Turn, bool) {
	gm := g.game()
	_, by, ok := gm.Offer()
	if !ok {
		return nardy.Turn{}, false
	}
	after, err := gm.Do(nardy.Action{Kind: nardy.ActReject, Player: by.Other()})
	if err != nil {
		return nardy.Turn{}, false
	}
	return after.Turn()
}

// turnOf returns the pending play for player p, who must be on roll.
func (g *game) turnOf(p nardy.Color, k nardy.ActionKind) (nardy.Turn, error) {
	t, ok := g.turn()
	gm := g.game()
	if !ok {
		return t, &nardy.ActionError{Kind: k, Player: p, Phase: gm.Phase(), Reason: errNoPlay}
	}
	if p != onRoll(gm.Position()) {
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
	if t.Done() {
		// No step is left to take: the play waits to be posted, not a
		// step the rules forbid (which the turn would say, C3).
		why := "no dice left"
		if left := t.DiceLeft(); len(left) > 0 {
			why = fmt.Sprintf("the dice left (%v) cannot be played (C5)", left)
		}
		return fmt.Errorf("%w: step by %s: %s, the play is complete: post play to make it, or undo a step",
			nardy.ErrWrongPhase, p, why)
	}
	switch {
	case req.Die != 0:
		to := 0
		if req.To != nil {
			to = *req.To
		}
		t, err = t.Step(makeStep(from, to, req.Die))
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

// play finishes the pending play, or plays steps, or the play text
// writes (readPlay), as a whole play from the roll's start: once steps of
// the pending play are taken, one it can still become (C8), as the game
// takes it after those steps.
func (g *game) play(p nardy.Color, steps []stepTriple, text *string) error {
	t, err := g.turnOf(p, nardy.ActPlay)
	if err != nil {
		return err
	}
	var st []nardy.Step
	switch {
	case text != nil:
		if st, err = g.readPlay(p, t, *text); err != nil {
			return err
		}
	case steps != nil:
		if len(steps) > 4 {
			return badRequest("%d steps: a play has at most 4", len(steps))
		}
		for _, s := range steps {
			if s[0] < nardy.Off || s[0] > nardy.Bar || s[1] < nardy.Off || s[1] > nardy.Bar || s[2] < 1 || s[2] > 6 {
				return badRequest("step %v: points are 0..25, dice 1..6", s)
			}
		}
		st = fromTriples(steps)
	default:
		pl, err := t.Play()
		if err != nil {
			return fmt.Errorf("%w: dice left %v; post step, or post play with \"steps\" or \"notation\", the whole play", err, t.DiceLeft())
		}
		return g.do(nardy.Action{Kind: nardy.ActPlay, Player: p, Steps: slices.Collect(pl.Steps())})
	}
	if t.Len() > 0 {
		if err := g.canBecome(t, nardy.Action{Kind: nardy.ActPlay, Player: p, Steps: st}); err != nil {
			return err
		}
	}
	return g.do(nardy.Action{Kind: nardy.ActPlay, Player: p, Steps: st})
}

// canBecome checks whole play a against the pending play t: the game
// with t's steps taken takes a when t can still become it, and refuses
// it, naming the steps, when not. A complete t (every step taken, the
// play not yet posted) becomes only its own play: a is taken when it is
// that play (the same board), and refused, naming it, when it is
// another.
func (g *game) canBecome(t nardy.Turn, a nardy.Action) error {
	if t.Done() {
		made, err := t.Play()
		if err != nil {
			return err // not reached: a complete turn has its play
		}
		gm := g.game()
		after, err := gm.Do(a)
		if err != nil {
			return err
		}
		if want, err := gm.Play(made); err == nil && after.Position() == want.Position() {
			return nil
		}
		other := "that play"
		if pl, err := gm.Rules().PlayOf(gm.Position(), made.Roll(), a.Steps...); err == nil {
			other = pl.String()
		}
		return &nardy.ActionError{Kind: nardy.ActPlay, Player: a.Player, Phase: gm.Phase(), Reason: fmt.Errorf(
			"%w: the steps taken make the play %s, not %s: post it, or undo steps first", nardy.ErrWrongPhase, made, other)}
	}
	probe, err := g.stepped(t)
	if err != nil {
		return err
	}
	_, err = probe.Do(a)
	return err
}

// stepped returns the game with the steps of the pending play t taken
// (ActStep), as the library's game has them: the game itself has none of
// them (only the finished play goes to it), so they are taken on a copy.
// Of a complete t, the last step is left out: the library's game would
// end the turn with it, where the server waits for the play to be
// posted.
func (g *game) stepped(t nardy.Turn) (nardy.Game, error) {
	gm := g.game()
	mover := onRoll(gm.Position())
	n := t.Len()
	if t.Done() {
		n--
	}
	for s := range t.Steps() {
		if n == 0 {
			break
		}
		n--
		var err error
		if gm, err = gm.Do(nardy.Action{Kind: nardy.ActStep, Player: mover, Steps: []nardy.Step{s}}); err != nil {
			return gm, err // not reached: the pending play's steps are its game's
		}
	}
	return gm, nil
}

// botToAct reports whether the bot must act now. A person throws the
// opening of each game.
func (g *game) botToAct() bool {
	m := g.match()
	gm := m.Game()
	if g.botName == "" || m.IsOver() || gm.Phase() == nardy.PhaseOpening || len(g.awaitedSeeds()) > 0 {
		return false
	}
	c, ok := gm.ToAct()
	return ok && g.kinds[c] == "bot"
}

// runBot lets the bot b act until a person must act or the match is over.
func (g *game) runBot(b player) {
	for range 10000 {
		if !g.botToAct() {
			return
		}
		gm := g.game()
		c, _ := gm.ToAct()
		if s, ok := b.(bot.MatchSeer); ok {
			s.SeeMatch(g.match()) // its cube and plays in a match depend on the score
		}
		a, err := b.Act(gm, c)
		if err == nil && a.Kind == nardy.ActRoll {
			a.Dice = g.throw()
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
	mover := onRoll(gm.Position())
	if !ok { // a read, not a step: said as what was asked
		return stepsJSON{}, fmt.Errorf("steps asked in phase %s: %w", gm.Phase(), errNoPlay)
	}
	out := stepsJSON{Player: mover.String(), Roll: t.Roll().String(), DiceLeft: t.DiceLeft(),
		Taken: triples(slices.Collect(t.Steps())), Next: []stepJSON{}, Required: t.Required(), Done: t.Done(),
		Forfeited: t.Forfeited()}
	for s := range t.NextSteps() {
		tr := triple(s)
		out.Next = append(out.Next, stepJSON{From: tr[0], To: tr[1], Die: tr[2], Hit: stepHit(s)})
	}
	return out, nil
}
