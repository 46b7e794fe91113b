package nardy

import "fmt"

// The shortcuts of a Game over Do: each makes one action (of the player who
// must act, or of the player named) and does it on the game's copy; Play
// and Step check their steps without building an Action of them.

// Roll throws the dice from src for what the game waits for: the opening
// throw (one die each, white first) or the roll of the player on roll. It
// returns the new game and the action, for a record. A nil src returns
// ErrInvalidRoll when the game waits for dice; a die outside 1..6 (a nil
// *SeededDice throws 0s) is refused with an [*ActionError] matching
// ErrInvalidRoll that says the source gave an impossible throw.
func (g Game) Roll(src DiceSource) (Game, Action, error) {
	a := Action{Kind: ActRoll, Player: g.pos.turn}
	if g.phase == PhaseOpening {
		a.Kind = ActOpening
	}
	if g.phase == PhaseOpening || g.phase == PhaseRoll {
		if src == nil {
			return g, a, errNoSource
		}
		a.Dice[0] = src.Die()
		a.Dice[1] = src.Die()
		if d := a.Dice; d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 { // a broken source, as Throw says
			return g, a, actionError(a, g.phase, fmt.Errorf("%w: %d and %d", errBadSource, a.Dice[0], a.Dice[1]), g.rules.Variant)
		}
	}
	n, err := g.doCopy(a)
	return n, a, err
}

// SetDice sets the roll of the player on roll (a server's dice, physical
// dice, a replay). It is [Game.Do] of that [ActRoll], and is refused as Do
// refuses it: an [*ActionError] (the zero Roll, [ErrInvalidRoll]; another
// phase, [ErrWrongPhase]).
func (g Game) SetDice(r Roll) (Game, error) {
	if r == (Roll{}) && g.phase == PhaseRoll {
		return g, actionError(Action{Kind: ActRoll, Player: g.pos.turn}, g.phase, errZeroRoll, g.rules.Variant)
	}
	a := Action{Kind: ActRoll, Player: g.pos.turn, Dice: [2]int{r.High(), r.Low()}}
	return g.doCopy(a)
}

// Play plays p, a play of the current roll (from [Game.Legal] or
// [Rules.PlayOf]), as the player on roll. A play made for another position
// or roll is refused (C8), even where its steps are legal here: a stale
// play would otherwise move other checkers than it shows.
//
// Once steps of the roll are taken ([Game.Step]), p is still a whole play
// from the turn's start ([Game.Position], [Turn.Start]), such as a play of
// [Game.Legal] or of a hint: it is taken when the turn can still end where
// p does, whatever the order of p's steps (C8: a play is its resulting
// position), and the game is then the one where p was played before any
// step. A play the turn cannot become is refused with an error matching
// [ErrWrongPhase] that names the steps taken (undo them first); an
// illegal play is refused for the rule it breaks, as before any step, and
// the steps left to take alone are no whole play (C5).
func (g Game) Play(p Play) (Game, error) {
	if p.Roll().lo == 0 && g.phase == PhasePlay { // the zero Play: no roll
		return g, actionError(Action{Kind: ActPlay, Player: g.pos.turn}, g.phase, ruleError("C3", errZeroPlay, -1), g.rules.Variant)
	}
	if g.phase == PhasePlay && g.turn.n == 0 {
		// The play's own steps, checked on the prepared turn without
		// making Steps of them; g, Play's own copy, changes only once the
		// play is accepted. Do below refuses a play refused here.
		t := &g.turn
		var cur node
		if t.c.replay(&t.root, p, int(t.need), int(t.forced), &cur) {
			g.endAt(&t.c, &cur)
			return g, nil
		}
	}
	var buf [4]Step // a play has at most four steps (C3): no allocation
	steps := buf[:0]
	for i := range p.n() { // p.Steps, without its closure
		steps = append(steps, p.step(i).public())
	}
	a := Action{Kind: ActPlay, Player: g.pos.turn, Steps: steps}
	n, err := g.doCopy(a)
	if err == nil && !p.leadsTo(n.pos) {
		// C8: a play made for another position or roll whose steps are
		// legal here too would make another play than p.
		return g, g.refuse(a, ruleError("C8", errOtherPosition, -1))
	}
	return n, err
}

// Step takes one step of the current roll as the player on roll. The step
// that completes the play ends the turn at once, so it cannot be undone
// ([ActUndo] takes back only the steps of an unfinished play). A board
// where a person moves checkers and then confirms the turn keeps its own
// [Turn] ([Game.Turn], then [Turn.Move], [Turn.Undo]) and commits the
// finished play with [Game.Play], as examples/server does.
func (g Game) Step(s Step) (Game, error) {
	// Do, on Step's own copy of the game, without another copy: a refused
	// step changes nothing (step's checks come before its first write).
	a := Action{Kind: ActStep, Player: g.pos.turn, Steps: []Step{s}}
	if err := g.do(a); err != nil {
		return g, g.refuse(a, err)
	}
	return g, nil
}

// Act performs an action without dice, steps or kind as the player who must
// act now: ActUndo, ActDouble, ActTake, ActDrop, ActBeaver, ActAccept,
// ActReject. It acts for whoever that is: a server acting on a client's
// request gives the client's colour with [Game.Do] (Action.Player), which
// refuses it from a player who is not to act ([ErrNotYourTurn], or
// [ErrWrongPhase] for a kind the phase does not take).
func (g Game) Act(k ActionKind) (Game, error) {
	p, _ := g.ToAct()
	return g.doCopy(Action{Kind: k, Player: p})
}

// Resign offers, as player p, to lose the game as kind k.
func (g Game) Resign(p Color, k ResultKind) (Game, error) {
	return g.doCopy(Action{Kind: ActResign, Player: p, Resign: k})
}
