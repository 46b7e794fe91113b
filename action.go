package nardy

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nardylab/nardy/internal/errtext"
)

// ActionKind names what an [Action] does.
type ActionKind uint8

// The actions of a game.
const (
	// ActOpening: the opening throw, Dice = {white's die, black's die}
	// (C2). Equal dice are a valid throw that must be thrown again.
	ActOpening ActionKind = iota + 1
	// ActRoll: the player on roll rolls Dice.
	ActRoll
	// ActPlay: the player on roll plays Steps as a whole play, from the
	// turn's start even once steps of it are taken ([Game.Play]).
	ActPlay
	// ActStep: the player on roll takes Steps[0]; the step that completes
	// the play ends the turn, and cannot be undone ([Game.Step]).
	ActStep
	// ActUndo: the player on roll takes back its last step.
	ActUndo
	// ActDouble: the player on roll doubles (S6). In a match a double is
	// allowed where the cube already wins the match for its player (what
	// GNU Backgammon calls a dead cube and refuses): S6 does not forbid
	// it. A server that offers the cube as gnubg does compares the cube
	// with [Match.Away] first.
	ActDouble
	// ActTake: the doubled player takes; after a beaver
	// ([Game.Beavered]), the doubler takes the redouble.
	ActTake
	// ActDrop: the doubled player drops and loses the game; after a
	// beaver, the doubler drops the redouble.
	ActDrop
	// ActBeaver: the doubled player takes and redoubles at once, keeping
	// the cube; the doubler then takes or drops the redouble (S6).
	ActBeaver
	// ActResign: Player offers to resign as Resign (Oin, Mars, Koks...).
	ActResign
	// ActAccept: the other player accepts the resignation.
	ActAccept
	// ActReject: the other player rejects it; the game goes on.
	ActReject
)

var actionKindNames = [...]string{"", "opening", "roll", "play", "step", "undo",
	"double", "take", "drop", "beaver", "resign", "accept", "reject"}

// String returns the action's name as used in records ("roll", "play",
// ...), and "invalid(N)" for a value that is no kind (the zero ActionKind
// among them).
func (k ActionKind) String() string {
	if k < ActOpening || k > ActReject {
		return fmt.Sprintf("invalid(%d)", uint8(k))
	}
	return actionKindNames[k]
}

// MarshalText implements encoding.TextMarshaler. The zero ActionKind, or
// another it does not name, is an error matching [ErrSyntax].
func (k ActionKind) MarshalText() ([]byte, error) {
	if k < ActOpening || k > ActReject {
		return nil, fmt.Errorf("%w: action kind %d, no action", ErrSyntax, uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. It reads the names
// String writes, in lower case as written ("opening", "roll", "play",
// "step", "undo", "double", "take", "drop", "beaver", "resign", "accept",
// "reject"); other text is a *SyntaxError matching [ErrSyntax] that lists
// them.
func (k *ActionKind) UnmarshalText(t []byte) error {
	return setEnum(k, 1, "action", "action kind", actionKindNames[1:], t)
}

// Action is one thing a player (or, for the opening, the dice) does in a
// game. Records are lists of actions; [Game.Do] and [Match.Do] perform one.
type Action struct {
	Kind   ActionKind
	Player Color      // who acts (ignored for ActOpening)
	Dice   [2]int     // ActOpening: white, black; ActRoll: the two dice
	Steps  []Step     // ActPlay: the play; ActStep: one step
	Resign ResultKind // ActResign: the kind offered
}

// keepsSteps reports whether actions of kind k carry steps (plays and
// steps): the others' Steps are dropped by [Action.Canonical].
func keepsSteps(k ActionKind) bool { return k == ActPlay || k == ActStep }

// ownSteps returns a with Steps of its own, not shared with a's.
func (a Action) ownSteps() Action {
	a.Steps = slices.Clone(a.Steps)
	return a
}

// Canonical returns a with only the fields its kind uses: no player for
// the opening, dice only for the opening and rolls, steps only for plays and
// steps, the kind offered only for resignations. Records keep canonical
// actions; [Game.Do] ignores the other fields.
func (a Action) Canonical() Action {
	c := Action{Kind: a.Kind, Player: a.Player}
	switch a.Kind {
	case ActOpening:
		c.Player, c.Dice = 0, a.Dice
	case ActRoll:
		c.Dice = a.Dice
	case ActResign:
		c.Resign = a.Resign
	}
	if keepsSteps(a.Kind) {
		c.Steps = append([]Step(nil), a.Steps...)
	}
	return c
}

// actionJSON is the wire form of an Action: kind and player by name, steps
// as [from, to, die] triples in the mover's numbering.
type actionJSON struct {
	Kind   ActionKind `json:"kind"`
	Player string     `json:"player,omitempty"`
	Dice   []int      `json:"dice,omitempty"`
	Steps  [][]int    `json:"steps,omitempty"` // [from,to,die]: read as slices, so that a short or long one is refused
	Resign *kindText  `json:"resign,omitempty"`
}

// MarshalJSON writes the action as {"kind":"roll","player":"white",
// "dice":[6,5]}, steps as [from,to,die] triples in the mover's numbering
// (25 the bar, 0 off). A triple's "to" means what it means in Go: in a
// "play", each step's point reached, 0 a bear-off; in a "step", 0 also
// stands for "wherever the die lands" ([Turn.Step]: [8,0,3] is 8/5 where
// 8/5 is legal), and a [Recorder] records the point reached. An action alone does not
// know its game, so it names a resignation's kind in long nardy's words
// ("mars"); a [Record] writes its actions in its game's words ("gammon"),
// and UnmarshalJSON reads both. An action UnmarshalJSON would refuse for
// its form (an invalid player, more than 4 steps) is an error matching
// [ErrSyntax].
func (a Action) MarshalJSON() ([]byte, error) {
	j, err := a.wire(Long)
	if err != nil {
		return nil, err
	}
	return json.Marshal(j)
}

// wire returns the wire form of a, naming a resignation in the words of
// game v.
func (a Action) wire(v Variant) (actionJSON, error) {
	a = a.Canonical()
	j := actionJSON{Kind: a.Kind}
	if a.Kind != ActOpening {
		if !a.Player.IsValid() {
			return actionJSON{}, fmt.Errorf("%w: player %d", ErrSyntax, a.Player)
		}
		j.Player = a.Player.String()
	}
	if a.Kind == ActOpening || a.Kind == ActRoll {
		j.Dice = a.Dice[:]
	}
	if len(a.Steps) > 4 { // what UnmarshalJSON refuses: no play has more (C3)
		return actionJSON{}, fmt.Errorf("%w: an action of %d steps, at most 4 (C3)", ErrSyntax, len(a.Steps))
	}
	for _, s := range a.Steps {
		j.Steps = append(j.Steps, []int{int(s.From), int(s.To), int(s.Die)})
	}
	if a.Kind == ActResign {
		if !a.Resign.IsValid() { // what UnmarshalJSON refuses
			return actionJSON{}, fmt.Errorf("%w: a resignation of no kind (%d): want the kind offered", ErrSyntax, a.Resign)
		}
		j.Resign = &kindText{a.Resign, v}
	}
	return j, nil
}

// UnmarshalJSON reads the form written by MarshalJSON. It refuses more than
// 4 KiB, unread, more than 4 steps (C3), and a resignation that does not
// name its kind (which MarshalJSON could not write).
func (a *Action) UnmarshalJSON(b []byte) error {
	if len(b) > maxActionJSON {
		return jsonTooLong("action", b, maxActionJSON)
	}
	bad := func(format string, args ...any) error { return syntaxError("action", b, -1, format, args...) }
	var j actionJSON
	if err := json.Unmarshal(b, &j); err != nil {
		var se *SyntaxError
		if errors.As(err, &se) { // a field's own parse error, such as the kind's
			return se
		}
		if msg, ok := jsonTypeText(err); ok {
			return bad("%s", msg)
		}
		return bad("%s", strings.TrimPrefix(err.Error(), "nardy: "))
	}
	if j.Kind < ActOpening || j.Kind > ActReject { // null or {} holds no action
		return bad("no action kind: want \"kind\", one of %q", actionKindNames[1:])
	}
	n := Action{Kind: j.Kind}
	switch j.Player {
	case "white":
		n.Player = White
	case "black":
		n.Player = Black
	case "":
		if j.Kind != ActOpening {
			return bad("%s without a player", j.Kind)
		}
	default:
		return bad("player %s", errtext.Quote(j.Player))
	}
	if len(j.Dice) != 0 {
		if len(j.Dice) != 2 {
			return bad("dice with %d values, want 2", len(j.Dice))
		}
		n.Dice = [2]int{j.Dice[0], j.Dice[1]}
	}
	if len(j.Steps) > 4 {
		return bad("C3: %d steps, at most 4", len(j.Steps))
	}
	for _, s := range j.Steps {
		if len(s) != 3 {
			return bad("step of %d numbers: want [from,to,die]", len(s))
		}
		for _, v := range s {
			if v < 0 || v > Bar {
				return bad("step %v", s)
			}
		}
		n.Steps = append(n.Steps, Step{From: s[0], To: s[1], Die: s[2]})
	}
	if j.Resign != nil {
		n.Resign = j.Resign.k
	} else if j.Kind == ActResign {
		return bad("resign without \"resign\", the kind offered (such as \"mars\" or \"gammon\")")
	}
	*a = n
	return nil
}

// actionVerbs are the words of [Action.String], by kind.
var actionVerbs = [...]string{ActOpening: "opening", ActRoll: "rolls", ActPlay: "plays", ActStep: "steps",
	ActUndo: "undoes a step", ActDouble: "doubles", ActTake: "takes", ActDrop: "drops", ActBeaver: "beavers",
	ActResign: "resigns", ActAccept: "accepts", ActReject: "rejects"}

// String describes the action in a few words, with only the fields its
// kind uses ([Action.Canonical]): "opening 3-1", "white rolls 6-5",
// "black plays 13/7 8/7*" (from/to in the mover's numbering, 0 off, 25
// the bar, * a hit), "white steps 24/18", "white doubles", "black resigns
// mars" (the kind's name in long nardy's words, which an Action alone
// cannot tell from short nardy's: mars is a gammon). It is for logs and
// messages; records use the JSON form.
func (a Action) String() string {
	if a.Kind < ActOpening || a.Kind > ActReject {
		return "action of kind " + a.Kind.String()
	}
	var b strings.Builder
	if a.Kind != ActOpening {
		b.WriteString(a.Player.String())
		b.WriteByte(' ')
	}
	b.WriteString(actionVerbs[a.Kind])
	switch a.Kind {
	case ActOpening, ActRoll:
		fmt.Fprintf(&b, " %d-%d", a.Dice[0], a.Dice[1])
	case ActPlay, ActStep:
		if len(a.Steps) == 0 {
			b.WriteString(" nothing")
		}
		for _, s := range a.Steps {
			fmt.Fprintf(&b, " %d/%d", s.From, s.To)
			if s.Hit {
				b.WriteByte('*')
			}
		}
	case ActResign:
		b.WriteString(" " + a.Resign.String())
	}
	return b.String()
}
