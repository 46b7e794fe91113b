package nardy

import (
	"fmt"
	"strings"
)

// Phase is the state of a game: what it waits for.
type Phase uint8

// The phases of a game. The zero Phase belongs to the zero Game.
const (
	// PhaseOpening: the opening throw (C2), one die per player.
	PhaseOpening Phase = iota + 1
	// PhaseRoll: the player on roll may double, resign or roll.
	PhaseRoll
	// PhasePlay: the dice are set; the player on roll plays, whole or step
	// by step (either player may offer to resign).
	PhasePlay
	// PhaseCube: a double was offered; the other player takes, drops or
	// beavers; after a beaver ([Game.Beavered]) the doubler takes or drops.
	PhaseCube
	// PhaseResign: a resignation was offered; the other player accepts or
	// rejects it.
	PhaseResign
	// PhaseOver: the game has a [Result].
	PhaseOver
)

var phaseNames = [...]string{"none", "opening", "roll", "play", "cube", "resign", "over"}

// String returns the phase's name, as in the JSON of a Game ("opening",
// "roll", "play", "cube", "resign", "over"): "none" for the zero Phase of
// the zero Game, "invalid(N)" for a value that is no phase.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("invalid(%d)", uint8(p))
}

// Game is one game of long or short nardy as a state machine: the board,
// the phase, the dice, the cube, a pending offer and, at the end, the
// [Result]. Every action ([Game.Do] and the helpers that build an [Action])
// is checked against the phase and the rules; a refused action returns an
// [*ActionError] and the receiver is unchanged.
//
// Game is a comparable value without pointers: copying it copies the game,
// and an action returns a new Game. It holds no dice source; dice come in as
// actions, thrown by [Game.Roll] from a source the caller owns, or set
// ([Game.SetDice]) by a server or from physical dice. Its JSON form
// (MarshalJSON, UnmarshalJSON) holds the whole state; a [Record] holds the
// actions that lead to it.
//
// Do checks that dice are dice (1..6 each), not who threw them: a server
// that takes actions from clients throws every roll itself ([Game.Roll]
// with its own source, or package fair's dice both players can check) and
// passes on from a client only the other kinds of action, never an
// [ActRoll] with dice or an [ActOpening] (a client would choose its rolls).
// The shortcuts [Game.Roll], [Game.Play], [Game.Step] and [Game.Act] act as
// the player who must act, whoever asks: a server acting on a client's
// request checks [Game.ToAct] first, or sends an Action with the client's
// colour through Do.
//
// Only the player [Game.ToAct] names may act, except that either player may
// offer to resign while the game waits for a roll or a play. A roll with no
// legal step passes at once (C5); the step that completes a play ends the
// turn. With LastRollDraw (L11) a game can end in a Draw.
type Game struct {
	rules    Rules
	pos      Position // pos.Turn() is the player on roll
	phase    Phase
	resume   Phase // the phase a rejected resignation returns to
	cube     Cube
	money    bool // money play: Jacoby and beavers may apply
	crawford bool // match play: the Crawford game, no doubling
	beavered bool // PhaseCube: the double was beavered, the doubler answers
	turn     Turn // the roll being played, PhasePlay
	started  bool // a play has been made
	first    Color
	starter  Color      // who was on roll first (opening winner or given)
	lastRoll bool       // L11: the turn on roll is the last roll
	lastKind ResultKind // L11: the kind of the first player's win
	offer    ResultKind
	offerBy  Color
	opening  [2]int // last opening dice, white and black
	rerolls  int
	plays    int
	result   Result
}

// maxGameCount is where the counts of a [Game] stop: plays made and equal
// opening throws. No game comes near it (a game of short nardy, the only
// one without an end in sight, has about a hundred plays); the counts stop
// there so that they cannot overflow, and a game read from JSON with a
// larger count is refused.
const maxGameCount = 1<<31 - 1

// countUp returns n+1, or n at MaxGameCount.
func countUp(n int) int {
	if n >= maxGameCount {
		return n
	}
	return n + 1
}

// NewGame starts a game of money play under r with the opening throw (C2).
// Rules that [Rules.Validate] refuses give its [*InvalidRulesError].
func NewGame(r Rules) (Game, error) { return newGame(r, true, false, Color(0), false) }

// newGame starts a game. With hasStarter the opening throw is skipped and
// starter is on roll.
func newGame(r Rules, money, crawford bool, starter Color, hasStarter bool) (Game, error) {
	if err := r.Validate(); err != nil {
		return Game{}, err
	}
	pos, err := StartPosition(r.Variant, White)
	if err != nil {
		return Game{}, err
	}
	g := Game{rules: r, pos: pos, phase: PhaseOpening, cube: Cube{Value: 1}, money: money, crawford: crawford}
	if hasStarter {
		if !starter.IsValid() {
			return Game{}, positionError(errBadColor, "%d", starter)
		}
		g.pos, _ = StartPosition(r.Variant, starter)
		g.starter, g.phase = starter, PhaseRoll
	}
	return g, nil
}

// IsValid reports whether g is a game (not the zero Game).
func (g Game) IsValid() bool { return g.phase != 0 }

// Rules returns the game's rules.
func (g Game) Rules() Rules { return g.rules }

// Position returns the board, with the player on roll as its OnRoll. During
// a step-by-step play it is the board before the play; see [Game.Turn].
func (g Game) Position() Position { return g.pos }

// Phase returns what the game waits for.
func (g Game) Phase() Phase { return g.phase }

// Cube returns the doubling cube.
func (g Game) Cube() Cube { return g.cube }

// IsMoney reports whether the game is money play (not part of a match).
func (g Game) IsMoney() bool { return g.money }

// IsCrawford reports whether the game is a Crawford game (S6): no doubling.
func (g Game) IsCrawford() bool { return g.crawford }

// IsLastRoll reports whether the player on roll has the L11 last roll.
func (g Game) IsLastRoll() bool { return g.lastRoll }

// Dice returns the roll being played, in PhasePlay.
func (g Game) Dice() (Roll, bool) { return g.turn.Roll(), g.phase == PhasePlay }

// Turn returns the step-by-step state of the roll being played, in
// PhasePlay: the steps taken, the next legal steps, the dice left.
func (g Game) Turn() (Turn, bool) { return g.turn, g.phase == PhasePlay }

// Opening returns the last opening dice (white, black) and how many equal
// throws came before them (a count that stops at 2,147,483,647); zero dice
// when the game had no opening throw.
func (g Game) Opening() (white, black, rerolls int) {
	return g.opening[0], g.opening[1], g.rerolls
}

// Starter returns the player who was first on roll, once known.
func (g Game) Starter() (Color, bool) { return g.starter, g.phase != PhaseOpening && g.phase != 0 }

// PlayCount returns the number of plays made (empty plays included), a count
// that stops at 2,147,483,647.
func (g Game) PlayCount() int { return g.plays }

// Offer returns the pending resignation (PhaseResign): its kind and who
// offers it.
func (g Game) Offer() (ResultKind, Color, bool) {
	return g.offer, g.offerBy, g.phase == PhaseResign
}

// IsOver reports whether the game has a result.
func (g Game) IsOver() bool { return g.phase == PhaseOver }

// Result returns the game's result once it is over.
func (g Game) Result() (Result, bool) { return g.result, g.phase == PhaseOver }

// ToAct returns the player who must act now, and false in the opening (the
// dice decide) and when the game is over. In PhaseRoll and PhasePlay the
// opponent may still offer to resign.
func (g Game) ToAct() (Color, bool) {
	switch g.phase {
	case PhaseRoll, PhasePlay:
		return g.pos.turn, true
	case PhaseCube:
		return g.cubeAnswerer(), true
	case PhaseResign:
		return g.offerBy.Other(), true
	}
	return 0, false
}

// Allowed returns the kinds of action player p may take now. Rolls and
// plays are listed by kind; which dice and which plays are legal is for
// [Rules.Legal] and [Turn] to say. Before the opening throw both players
// are given [ActOpening]: the throw is no one's move (its Action's Player
// is ignored, C2), so a server may take it from either, or throw it itself.
func (g Game) Allowed(p Color) []ActionKind {
	var out []ActionKind
	for k := ActOpening; k <= ActReject; k++ {
		a := Action{Kind: k, Player: p, Dice: [2]int{2, 1}, Resign: Oin}
		if k == ActPlay || k == ActStep || k == ActUndo {
			if g.phase == PhasePlay && p == g.pos.turn && (k != ActUndo || g.turn.Len() > 0) {
				out = append(out, k)
			}
			continue
		}
		if g.Can(a) {
			out = append(out, k)
		}
	}
	return out
}

// Can reports whether [Game.Do] would accept a, without building the
// [*ActionError] of a refusal: asking whether a double, a roll (whatever
// its dice), an opening throw, an undo, a take or an answer would be
// accepted allocates nothing, for a player's loop that
// asks each turn whether it may double. A play or step that breaks a rule
// still builds its [*RuleError] on the way.
func (g Game) Can(a Action) bool {
	n := g
	return n.do(a) == nil
}

// Legal returns the legal plays of the roll being played (PhasePlay). In
// another phase, or of the zero Game, it returns an [*ActionError]
// matching [ErrWrongPhase]; of a finished game, one that also matches
// [ErrGameOver], as Do's refusals of a finished game do.
func (g Game) Legal() ([]Play, error) {
	switch g.phase {
	case PhasePlay:
		// Rules.Legal of g.pos and the roll under g.rules, whose turn
		// setDice (or a game read from JSON, by NewTurn) prepared
		// without error: no check or preparation again.
		return g.turn.legal(), nil
	case 0:
		return nil, g.refuse(Action{Kind: ActPlay}, errNoGame)
	case PhaseOver:
		return nil, g.refuse(Action{Kind: ActPlay, Player: g.pos.turn}, errLegalOver)
	}
	return nil, g.refuse(Action{Kind: ActPlay, Player: g.pos.turn}, ErrWrongPhase)
}

// refuse returns the error of a refused a. An action refused for its
// timing says what the game waits for.
func (g Game) refuse(a Action, reason error) error {
	if reason == ErrWrongPhase || reason == ErrNotYourTurn {
		reason = fmt.Errorf("%w (%s)", reason, g.waitsFor())
	}
	return actionError(a, g.phase, reason, g.rules.Variant)
}

// waitsFor says what g waits for, for a refusal: the opening throw, or who
// must act and the kinds of action [Game.Allowed] gives that player
// ("black to act: roll, double, resign").
func (g Game) waitsFor() string {
	c, ok := g.ToAct()
	if !ok {
		if g.phase == PhaseOpening {
			return "the game waits for the opening throw"
		}
		return "the game waits for no action"
	}
	var b strings.Builder
	b.WriteString(c.String() + " to act: ")
	for i, k := range g.Allowed(c) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k.String())
	}
	return b.String()
}

// Do performs action a and returns the new game; a refused action returns
// an [*ActionError] and g unchanged. The dice of an [ActRoll] or
// [ActOpening] are taken as given: a server throws them itself (see
// [Game]). An [ActPlay] holds a whole play from the turn's start even
// once steps of the roll are taken, and is taken then if the turn can
// still become it ([Game.Play] says how).
func (g Game) Do(a Action) (Game, error) { return g.doCopy(a) }

// doCopy is Do on a copy of *g. The methods that build an action call it
// on their own receiver, where a call of Do would copy the game (a few
// hundred bytes) in and out once more.
func (g *Game) doCopy(a Action) (Game, error) {
	n := *g
	if err := n.do(a); err != nil {
		return *g, g.refuse(a, err)
	}
	return n, nil
}

func (g *Game) do(a Action) error {
	switch {
	case g.phase == 0:
		return errNoGame
	case g.phase == PhaseOver:
		return ErrGameOver
	case a.Kind == ActOpening:
		return g.openingThrow(a.Dice[0], a.Dice[1])
	case !a.Player.IsValid():
		return fmt.Errorf("%w: player %d, neither White nor Black", errInvalidAction, a.Player)
	}
	switch a.Kind {
	case ActRoll:
		return g.roll(a.Player, a.Dice)
	case ActPlay:
		return g.play(a.Player, a.Steps)
	case ActStep:
		if len(a.Steps) != 1 {
			return fmt.Errorf("%w: a step action holds one step, not %d (a whole play is ActPlay)", errInvalidAction, len(a.Steps))
		}
		return g.step(a.Player, a.Steps[0])
	case ActUndo:
		return g.undo(a.Player)
	case ActDouble:
		return g.double(a.Player)
	case ActTake:
		return g.take(a.Player)
	case ActDrop:
		return g.drop(a.Player)
	case ActBeaver:
		return g.beaver(a.Player)
	case ActResign:
		return g.resign(a.Player, a.Resign)
	case ActAccept, ActReject:
		return g.answer(a.Player, a.Kind == ActAccept)
	}
	return fmt.Errorf("%w: kind %d, no action kind", errInvalidAction, a.Kind)
}

func (g *Game) openingThrow(w, b int) error {
	if g.phase != PhaseOpening {
		return ErrWrongPhase
	}
	switch {
	case w == 0 && b == 0:
		return errNoDice
	case w < 1 || w > 6 || b < 1 || b > 6:
		return ErrInvalidRoll
	}
	g.opening = [2]int{w, b}
	if w == b {
		g.rerolls = countUp(g.rerolls) // C2: equal dice are thrown again
		return nil
	}
	g.starter = White
	if b > w {
		g.starter = Black
	}
	g.pos, _ = StartPosition(g.rules.Variant, g.starter)
	g.phase = PhaseRoll
	if g.rules.OpeningRoll == UseOpeningDice {
		return g.setDice(MustRoll(w, b))
	}
	return nil
}

func (g *Game) roll(p Color, d [2]int) error {
	switch {
	case g.phase != PhaseRoll:
		return ErrWrongPhase
	case p != g.pos.turn:
		return ErrNotYourTurn
	}
	switch {
	case d == [2]int{}:
		return errNoDice
	case d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6:
		return ErrInvalidRoll // Can allocates nothing; actionError says which dice
	}
	return g.setDice(MustRoll(d[0], d[1]))
}

// setDice starts the turn of roll; a roll with no legal step passes at once
// with the empty play (C5).
func (g *Game) setDice(r Roll) error {
	// NewTurn, in place: a refused action leaves the game it was done on
	// unchanged (Do works on a copy), so a part-written turn is dropped.
	if err := g.turn.start(&g.rules, &g.pos, r); err != nil {
		return err
	}
	g.phase = PhasePlay
	if g.turn.need == 0 {
		g.endAt(&g.turn.c, &g.turn.root) // the empty play
	}
	return nil
}

func (g *Game) mover(p Color) error {
	switch {
	case g.phase != PhasePlay:
		return ErrWrongPhase
	case p != g.pos.turn:
		return ErrNotYourTurn
	}
	return nil
}

func (g *Game) play(p Color, steps []Step) error {
	if err := g.mover(p); err != nil {
		return err
	}
	t := &g.turn
	if len(steps) > 4 {
		return t.midTurn(tooManySteps(t.Roll(), len(steps)))
	}
	// The turn was prepared for g.pos and the roll by NewTurn (setDice),
	// its required dice worked out: PlayOf's checks from there. The new
	// position is taken from the checked steps, without making the Play.
	// A play is a whole play from the turn's start, even once steps of
	// it are taken (Position is still the board before them).
	var cur node
	var checked [4]rawStep
	if err := t.c.checkPlay(&t.root, t.Roll(), steps, int(t.need), int(t.forced), &cur, &checked); err != nil {
		return t.midTurn(err)
	}
	// C8: a play is its resulting position. Once steps are taken, the
	// play is taken when the turn can still end where it does: the game
	// is then the one where it was posted whole.
	if t.n > 0 && !t.canEnd(t.c.after(&cur)) {
		return fmt.Errorf("%w: with %s taken, the turn cannot become %s: undo the steps first, or go on step by step",
			errPlayStarted, t.takenText(), t.c.playAt(&cur, checked[:len(steps)]))
	}
	g.endAt(&t.c, &cur)
	return nil
}

func (g *Game) step(p Color, s Step) error {
	if err := g.mover(p); err != nil {
		return err
	}
	// In place: a refused step leaves the turn unchanged, and Do works on
	// a copy of the game anyway.
	t := &g.turn
	if err := t.step(s); err != nil {
		return err
	}
	if t.Done() {
		// The play's Result, without making the Play (t.Play).
		g.endAt(&t.c, &t.cur)
	}
	return nil
}

func (g *Game) undo(p Color) error {
	if err := g.mover(p); err != nil {
		return err
	}
	if g.turn.Len() == 0 {
		return errNothingToUndo // Can allocates nothing; actionError makes it Undo's
	}
	t, err := g.turn.Undo()
	if err != nil {
		return err
	}
	g.turn = t
	return nil
}

// endAt ends the turn of c with the play that left node n: the game
// ends when the mover has borne off its last checker, except for the L11
// last roll. The play's Result is written into g.pos word by word, where
// a Position built as a value and copied is read back with wide loads
// from narrow stores, which stalls on store forwarding.
func (g *Game) endAt(c *turnCtx, n *node) {
	mover := g.pos.turn
	lo, hi := c.oppAfter(n.hits)
	g.pos.mover[0], g.pos.mover[1] = lo, hi
	g.pos.opp[0], g.pos.opp[1] = n.me[0], n.me[1]
	g.pos.turn = mover.Other()
	next := &g.pos
	g.plays = countUp(g.plays)
	if !g.started {
		g.started, g.first = true, mover
	}
	g.turn, g.phase = Turn{}, PhaseRoll
	if g.lastRoll { // L11: the second player's last roll is played
		if next.offOf(mover) == Checkers {
			g.finish(g.rules.drawResult(g.cube))
			return
		}
		g.finishKind(mover.Other(), g.lastKind)
		return
	}
	if next.offOf(mover) != Checkers {
		return
	}
	k := classify(g.rules.Variant, next.Side(mover.Other()), g.rules.scoring())
	// L11: the other player gets one last roll, which can only matter when
	// it can bear off all its remaining checkers: four at most. The kind of
	// the win is judged now, when the first player has finished.
	if g.rules.LastRollDraw && mover == g.first && next.offOf(mover.Other()) >= Checkers-lastRollMost {
		g.lastRoll, g.lastKind = true, k
		return
	}
	g.finishKind(mover, k)
}

// lastRollMost is the most checkers L11's last roll can bear off (a
// double's four steps): with more left, no last roll is thrown.
const lastRollMost = 4

func (g *Game) finishKind(w Color, k ResultKind) {
	g.finish(Result{Winner: w, Kind: k, End: BoreOff, Cube: g.cube.Value,
		Points: g.rules.points(k, g.cube, g.money)})
}

func (g *Game) finish(r Result) {
	r.Variant = g.rules.Variant
	g.result, g.phase, g.turn = r, PhaseOver, Turn{}
	g.offer, g.offerBy, g.lastRoll, g.lastKind, g.resume = 0, 0, false, 0, 0
}

// resign offers to lose the game as kind k (S6): either player, when the
// game waits for a roll or a play, but for a player who has borne off
// every checker while the other has its last roll (L11). The other player
// accepts or rejects.
func (g *Game) resign(p Color, k ResultKind) error {
	switch {
	case g.phase != PhaseRoll && g.phase != PhasePlay:
		return ErrWrongPhase
	case k == 0:
		return errResignNoKind
	case k == Draw:
		return fmt.Errorf("%w, not a draw", errResignNoWin)
	case !k.IsValid():
		return fmt.Errorf("%w, not kind %d", errResignNoWin, k)
	case !g.rules.scoring().Uses(k):
		return fmt.Errorf("%w: %s", errResignKind, k.Name(g.rules.Variant))
	case g.lastRoll && g.pos.Side(p)[Off] == Checkers:
		return errResignWon
	}
	g.resume, g.phase, g.offer, g.offerBy = g.phase, PhaseResign, k, p
	return nil
}

func (g *Game) answer(p Color, accept bool) error {
	switch {
	case g.phase != PhaseResign:
		return ErrWrongPhase
	case p != g.offerBy.Other():
		return ErrNotYourTurn
	}
	if accept {
		g.finish(Result{Winner: p, Kind: g.offer, End: Resigned, Cube: g.cube.Value,
			Points: g.rules.points(g.offer, g.cube, g.money)})
		return nil
	}
	g.phase, g.resume, g.offer, g.offerBy = g.resume, 0, 0, 0
	return nil
}
