package nardy

import (
	"encoding/json"
	"errors"
	"fmt"
)

// gameJSON is the wire form of a Game: everything it holds, the play in
// progress as its dice and steps.
type gameJSON struct {
	Rules    Rules     `json:"rules"`
	Position Position  `json:"position"`
	Phase    Phase     `json:"phase"`
	Resume   Phase     `json:"resume,omitempty"`
	Cube     Cube      `json:"cube"`
	Money    bool      `json:"money"`
	Crawford bool      `json:"crawford"`
	Beavered bool      `json:"beavered,omitempty"`
	Dice     *Roll     `json:"dice,omitempty"`
	Steps    [][3]int  `json:"steps,omitempty"`
	Started  bool      `json:"started"`
	First    *Color    `json:"first,omitempty"`
	Starter  *Color    `json:"starter,omitempty"`
	LastRoll bool      `json:"last_roll,omitempty"`
	LastKind *kindText `json:"last_kind,omitempty"`
	Offer    *kindText `json:"offer,omitempty"`
	OfferBy  Color     `json:"offer_by,omitempty"`
	Opening  [2]int    `json:"opening"`
	Rerolls  int       `json:"rerolls"`
	Plays    int       `json:"plays"`
	Result   *Result   `json:"result,omitempty"`
}

// MarshalText implements encoding.TextMarshaler. The zero Phase, or
// another it does not name, is an error matching [ErrSyntax].
func (p Phase) MarshalText() ([]byte, error) {
	if p < PhaseOpening || p > PhaseOver {
		return nil, fmt.Errorf("%w: phase %d", ErrSyntax, uint8(p))
	}
	return []byte(p.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. It reads the names
// String writes, in lower case as written; other text is a *SyntaxError
// matching [ErrSyntax] that lists them.
func (p *Phase) UnmarshalText(t []byte) error {
	return setEnum(p, 1, "phase", "phase", phaseNames[1:], t)
}

// MarshalJSON writes the whole state of the game (for a server to store it
// or send it) as one JSON object; [Game.UnmarshalJSON] reads it back,
// checking it. Its keys:
//
//   - "rules"; "position", the board as [Position.String] writes it;
//     "phase", and "resume", the phase a resignation offered interrupted;
//   - "cube": "value", "owned", and "owner", left out of a centred cube
//     (the JSON of version 0.2 and before writes "white" there: it means
//     nothing then, and reads the same);
//   - "money" (a game of money play, not one of a match), "crawford" (the
//     Crawford game), "beavered" (a beaver waits for the doubler, S6);
//   - "dice" and "steps": the roll being played, as its text ("6-5", as
//     [Roll] writes it; an [Action]'s "dice" is an array, [6,5], version
//     0.2's forms both), and the steps taken of it, [from,to,die] triples in
//     the mover's numbering;
//   - "started", whether a play has been made (false after the opening
//     throw until the first play), "first", who made it (L11), left out
//     until then, and "starter", who was first on roll (the opening's
//     winner, or given), left out while the opening lasts (the JSON of
//     version 0.2 and before has both, "white" where they meant nothing,
//     and reads the same);
//   - "last_roll" and "last_kind": L11's last roll, and the kind of the
//     first player's win that it may still draw;
//   - "offer" and "offer_by": a resignation offered and who offers it
//     ("offer_by" is left out for White, the zero Color);
//   - "opening", the last opening throw's dice (White's, Black's),
//     "rerolls", the equal opening throws thrown again, "plays", the plays
//     made, and "result" once the game is over.
func (g Game) MarshalJSON() ([]byte, error) {
	if !g.IsValid() {
		return nil, fmt.Errorf("%w: the zero Game, no game to write", ErrBadRecord)
	}
	j := gameJSON{Rules: g.rules, Position: g.pos, Phase: g.phase, Resume: g.resume, Cube: g.cube,
		Money: g.money, Crawford: g.crawford, Beavered: g.beavered, Started: g.started,
		LastRoll: g.lastRoll, OfferBy: g.offerBy,
		Opening: g.opening, Rerolls: g.rerolls, Plays: g.plays}
	if g.started {
		j.First = &g.first
	}
	if g.phase != PhaseOpening {
		j.Starter = &g.starter
	}
	if g.lastKind != 0 {
		j.LastKind = &kindText{g.lastKind, g.rules.Variant}
	}
	if g.offer != 0 {
		j.Offer = &kindText{g.offer, g.rules.Variant}
	}
	if g.turnInPlay() {
		r := g.turn.Roll()
		j.Dice = &r
		for s := range g.turn.Steps() {
			j.Steps = append(j.Steps, [3]int{int(s.From), int(s.To), int(s.Die)})
		}
	}
	if g.phase == PhaseOver {
		r := g.result
		j.Result = &r
	}
	return json.Marshal(j)
}

// turnInPlay reports whether g holds a play in progress.
func (g Game) turnInPlay() bool {
	return g.phase == PhasePlay || (g.phase == PhaseResign && g.resume == PhasePlay)
}

// UnmarshalJSON reads the form of MarshalJSON. It checks the rules, the
// position, the phase, the cube, the offer, the opening throw (dice 1..6,
// equal only while the opening lasts, won by the starter), the counts (at
// most 2,147,483,647), that the player on roll follows from the starter
// and the number of plays and, in a game that ended by bearing off, from
// the winner (the other of the last play's mover: the loser, or after
// L11's last roll the first player), and rebuilds the play in progress
// step by step (at most 4), so a state no game could be in is refused
// (with [ErrBadRecord], or the error of the part that is wrong, in a
// [*RecordError] of Index −1). The position itself is checked to be
// valid, not to be reachable from the start. More than 16 KiB, or a
// number of more than 64 bytes, are refused unread.
// JSON null is refused too (an error matching [ErrSyntax] as well), as
// [Action.UnmarshalJSON] refuses it, rather than changing nothing as
// encoding/json's convention has it: null is no game, and a Game it left
// as it was would be the zero Game, or another game, taken for the one
// the JSON should have held.
func (g *Game) UnmarshalJSON(b []byte) error {
	return recordError(g.unmarshalJSON(b))
}

// recordError is err as a [*RecordError] of no action (Index −1), so that
// every refusal of a game's or match's JSON is one typed error matching
// [ErrBadRecord] and the error of the part that is wrong; nil for nil.
func recordError(err error) error {
	var re *RecordError
	if err == nil || errors.As(err, &re) {
		return err
	}
	return &RecordError{Index: -1, Err: err}
}

// cubeText says a cube's value and owner in words, valid or not.
func cubeText(c Cube) string {
	if c.Owned {
		return fmt.Sprintf("of value %d owned by %s", c.Value, c.Owner)
	}
	return fmt.Sprintf("of value %d, centred", c.Value)
}

func (g *Game) unmarshalJSON(b []byte) error {
	if len(b) > maxGameJSON {
		return jsonTooLong("game", b, maxGameJSON)
	}
	if err := longNumber("game", b); err != nil {
		return err
	}
	if err := jsonNull("game", b); err != nil {
		return err
	}
	var j gameJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return jsonError(ErrBadRecord, err)
	}
	n := Game{rules: j.Rules, pos: j.Position, phase: j.Phase, resume: j.Resume, cube: j.Cube,
		money: j.Money, crawford: j.Crawford, beavered: j.Beavered, started: j.Started,
		lastRoll: j.LastRoll, offerBy: j.OfferBy,
		opening: j.Opening, rerolls: j.Rerolls, plays: j.Plays}
	if j.First != nil {
		n.first = *j.First
	}
	if j.Starter != nil {
		n.starter = *j.Starter
	}
	if j.LastKind != nil {
		n.lastKind = j.LastKind.k
	}
	if j.Offer != nil {
		n.offer = j.Offer.k
	}
	if err := n.checkState(); err != nil {
		return err
	}
	if n.turnInPlay() {
		if j.Dice == nil {
			return fmt.Errorf("%w: a play in progress without dice", ErrBadRecord)
		}
		t, err := n.rules.NewTurn(n.pos, *j.Dice)
		if err != nil {
			return err
		}
		if !n.started && n.opening[0] != 0 && n.rules.OpeningRoll == UseOpeningDice &&
			*j.Dice != MustRoll(n.opening[0], n.opening[1]) {
			return fmt.Errorf("%w: first roll %v, not the opening dice (C2)", ErrBadRecord, *j.Dice)
		}
		if len(j.Steps) > 4 {
			return fmt.Errorf("%w: %d steps in one play", ErrBadRecord, len(j.Steps))
		}
		for _, s := range j.Steps {
			if t, err = t.Step(Step{From: s[0], To: s[1], Die: s[2]}); err != nil {
				return err
			}
		}
		if t.Done() {
			return fmt.Errorf("%w: a finished play still in progress", ErrBadRecord)
		}
		n.turn = t
	} else if j.Dice != nil || len(j.Steps) > 0 {
		return fmt.Errorf("%w: dice in phase %s", ErrBadRecord, n.phase)
	}
	if n.phase == PhaseOver {
		if j.Result == nil || !j.Result.Kind.IsValid() || j.Result.Cube != n.cube.Value {
			return fmt.Errorf("%w: a finished game without a valid result", ErrBadRecord)
		}
		if j.Result.Variant == 0 {
			j.Result.Variant = n.rules.Variant // a game saved by version 0.1
		}
		if err := n.rules.checkResult(*j.Result, n.cube, n.money); err != nil {
			return nested{ErrBadRecord, err}
		}
		n.result = *j.Result
	} else if j.Result != nil {
		return fmt.Errorf("%w: a result in phase %s", ErrBadRecord, n.phase)
	}
	if err := n.checkBoard(j.Result); err != nil {
		return err
	}
	*g = n
	return nil
}

// checkState checks the parts of a game read from JSON that do not need
// the play in progress.
func (g Game) checkState() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrBadRecord}, args...)...)
	}
	if g.rules == (Rules{}) {
		return bad(`a game without its rules ("rules")`)
	}
	if err := g.rules.Validate(); err != nil {
		return err
	}
	if !g.pos.IsValid() { // a position that does not parse is refused as it is read
		return bad(`a game without its position ("position")`)
	}
	if g.pos.Variant() != g.rules.Variant {
		return bad("position %v for %s rules", g.pos, g.rules.Variant)
	}
	if g.phase == 0 {
		return bad(`a game without its phase ("phase")`)
	}
	if g.phase != PhaseOver {
		// Both players' sides: a block the player not on roll holds (L5)
		// would have been refused when it was made, and stays refused.
		if err := g.rules.CheckPosition(g.pos); err != nil {
			return err
		}
		if err := g.rules.checkOffRoll(g.pos); err != nil {
			return err
		}
		if g.pos.IsOver() && !g.lastRoll {
			return bad("a finished position in phase %s", g.phase)
		}
	}
	c := g.cube
	switch {
	case g.phase < PhaseOpening || g.phase > PhaseOver:
		return bad("phase %d", g.phase)
	case (g.phase == PhaseResign) != (g.resume == PhaseRoll || g.resume == PhasePlay):
		return bad("resume phase %s in phase %s", g.resume, g.phase)
	case (g.phase == PhaseResign) != (g.offer != 0):
		return bad("resignation offer %s in phase %s", g.offer, g.phase)
	case g.offer != 0 && (g.offer == Draw || !g.rules.scoring().Uses(g.offer) || !g.offerBy.IsValid()):
		return bad("resignation offer %s", g.offer)
	case g.offer != 0 && g.lastRoll && g.pos.Side(g.offerBy)[Off] == Checkers:
		return bad("a resignation offered by %s, who has borne off every checker (L11)", g.offerBy)
	case c.Value < 1 || c.Value&(c.Value-1) != 0 || c.Value > g.rules.CubeLimit() || !c.Owner.IsValid() ||
		(c.Owned != (c.Value > 1)) || (!c.Owned && c.Owner != 0):
		return bad("cube %s", cubeText(c))
	case !g.rules.Cube && c.Value != 1:
		return bad("cube %s without the cube", cubeText(c))
	case g.crawford && (g.money || !g.rules.Cube || !g.rules.Crawford || c.Value != 1):
		return bad("a Crawford game (S6) with cube %s", cubeText(c))
	case g.lastRoll && (!g.rules.LastRollDraw || !g.lastKind.IsValid() || g.lastKind == Draw || !g.pos.IsOver()):
		return bad("last roll")
	case g.lastRoll && (g.pos.offOf(g.first) != Checkers || g.pos.turn != g.first.Other() ||
		g.pos.offOf(g.first.Other()) < Checkers-lastRollMost):
		// L11: the last roll is the second player's, when the first has
		// borne off every checker and it has four or fewer left.
		return bad("a last roll (L11) by %s, %s having moved first, with %d and %d checkers off",
			g.pos.turn, g.first, g.pos.offOf(g.first), g.pos.offOf(g.first.Other()))
	case !g.first.IsValid() || !g.starter.IsValid() || g.plays < 0 || g.rerolls < 0 ||
		g.plays > maxGameCount || g.rerolls > maxGameCount:
		return bad("players or counts")
	}
	switch {
	case g.beavered && g.phase != PhaseCube:
		return bad("a beaver in phase %s", g.phase)
	case g.beavered:
		// S6: the beaver took a double its player could offer (the cube
		// before it centred at 1, else the doubler's), redoubling: the
		// cube is the beaver's at twice its value before the double.
		before := g
		before.phase, before.beavered, before.cube = PhaseRoll, false, Cube{Value: c.Value / 2}
		if before.cube.Value > 1 {
			before.cube.Owned, before.cube.Owner = true, g.pos.turn
		}
		if !c.Owned || c.Owner != g.pos.turn.Other() || before.double(g.pos.turn) != nil || before.beaver(c.Owner) != nil {
			return bad("a beaver by %s pending with cube %s", g.pos.turn.Other(), cubeText(c))
		}
	case g.phase == PhaseCube:
		// S6: a double pending is one its player could offer.
		probe := g
		probe.phase = PhaseRoll
		if err := probe.double(g.pos.turn); err != nil {
			return bad("a double by %s pending with cube %s: %v", g.pos.turn, cubeText(c), err)
		}
	}
	return g.checkHistory()
}

// checkHistory checks that the opening throw, the counts, the starter and
// the player on roll fit together as in a game played from its start.
func (g Game) checkHistory() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrBadRecord}, args...)...)
	}
	w, b := g.opening[0], g.opening[1]
	thrown := w != 0 || b != 0 // the game began with an opening throw
	if thrown && (w < 1 || w > 6 || b < 1 || b > 6) {
		return bad("opening dice %d-%d", w, b)
	}
	if g.phase == PhaseOpening {
		// C2: no throw yet, or equal dice thrown rerolls times.
		if g.started || w != b || thrown != (g.rerolls > 0) || g.pos != startOrZero(g.rules.Variant, White) {
			return bad("opening %d-%d after %d equal throws", w, b, g.rerolls)
		}
		return nil
	}
	// The opening throw chose the starter, or the starter was given
	// (a later game of a match) and no die was thrown.
	switch {
	case !thrown && g.rerolls != 0:
		return bad("%d equal opening throws without opening dice", g.rerolls)
	case thrown && w == b:
		return bad("equal opening dice %d-%d after the opening", w, b)
	case thrown && (b > w) != (g.starter == Black):
		return bad("opening %d-%d won by %s", w, b, g.starter)
	case g.started != (g.plays > 0):
		return bad("started %v after %d plays", g.started, g.plays)
	case g.started && g.first != g.starter, !g.started && g.first != White:
		return bad("first player %s, starter %s", g.first, g.starter)
	case g.plays < maxGameCount && (g.pos.OnRoll() == g.starter) != (g.plays%2 == 0):
		return bad("%s on roll after %d plays from %s", g.pos.OnRoll(), g.plays, g.starter)
	case !g.started && g.pos != startOrZero(g.rules.Variant, g.starter):
		return bad("a position other than the start before the first play")
	case !g.started && thrown && g.rules.OpeningRoll == UseOpeningDice && (g.phase == PhaseRoll || g.phase == PhaseCube):
		return bad("phase %s before the first play, which uses the opening dice (C2)", g.phase)
	}
	return nil
}
