package nardy

import (
	"encoding/json"
	"errors"
	"fmt"
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
	// ActPlay: the player on roll plays Steps as a whole play.
	ActPlay
	// ActStep: the player on roll takes Steps[0]; the step that completes
	// the play ends the turn.
	ActStep
	// ActUndo: the player on roll takes back its last step.
	ActUndo
	// ActDouble: the player on roll doubles (S6).
	ActDouble
	// ActTake: the doubled player takes.
	ActTake
	// ActDrop: the doubled player drops and loses the game.
	ActDrop
	// ActBeaver: the doubled player takes and redoubles at once.
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

// String returns the action's name as used in records.
func (k ActionKind) String() string {
	if k < ActOpening || k > ActReject {
		return fmt.Sprintf("invalid(%d)", uint8(k))
	}
	return actionKindNames[k]
}

// MarshalText implements encoding.TextMarshaler.
func (k ActionKind) MarshalText() ([]byte, error) {
	if k < ActOpening || k > ActReject {
		return nil, ErrInvalidAction
	}
	return []byte(k.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *ActionKind) UnmarshalText(t []byte) error {
	v, err := enumParse("action", actionKindNames[1:], string(t))
	*k = ActionKind(v + 1)
	if err != nil {
		*k = 0
	}
	return err
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
	case ActPlay, ActStep:
		c.Steps = append([]Step(nil), a.Steps...)
	case ActResign:
		c.Resign = a.Resign
	}
	return c
}

// actionJSON is the wire form of an Action: kind and player by name, steps
// as [from, to, die] triples in the mover's numbering.
type actionJSON struct {
	Kind   ActionKind  `json:"kind"`
	Player string      `json:"player,omitempty"`
	Dice   []int       `json:"dice,omitempty"`
	Steps  [][3]int    `json:"steps,omitempty"`
	Resign *ResultKind `json:"resign,omitempty"`
}

// MarshalJSON writes the action as {"kind":"roll","player":"white",
// "dice":[6,5]}, steps as [from,to,die] triples.
func (a Action) MarshalJSON() ([]byte, error) {
	a = a.Canonical()
	j := actionJSON{Kind: a.Kind}
	if a.Kind != ActOpening {
		if !a.Player.IsValid() {
			return nil, fmt.Errorf("%w: player %d", ErrInvalidAction, a.Player)
		}
		j.Player = a.Player.String()
	}
	if a.Kind == ActOpening || a.Kind == ActRoll {
		j.Dice = a.Dice[:]
	}
	for _, s := range a.Steps {
		j.Steps = append(j.Steps, [3]int{int(s.From), int(s.To), int(s.Die)})
	}
	if a.Kind == ActResign {
		k := a.Resign
		j.Resign = &k
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the form written by MarshalJSON.
func (a *Action) UnmarshalJSON(b []byte) error {
	var j actionJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidAction, err)
	}
	n := Action{Kind: j.Kind}
	switch j.Player {
	case "white":
		n.Player = White
	case "black":
		n.Player = Black
	case "":
		if j.Kind != ActOpening {
			return fmt.Errorf("%w: %s without a player", ErrInvalidAction, j.Kind)
		}
	default:
		return fmt.Errorf("%w: player %q", ErrInvalidAction, j.Player)
	}
	if len(j.Dice) != 0 {
		if len(j.Dice) != 2 {
			return fmt.Errorf("%w: %d dice", ErrInvalidAction, len(j.Dice))
		}
		n.Dice = [2]int{j.Dice[0], j.Dice[1]}
	}
	for _, s := range j.Steps {
		for _, v := range s {
			if v < 0 || v > Bar {
				return fmt.Errorf("%w: step %v", ErrInvalidAction, s)
			}
		}
		n.Steps = append(n.Steps, Step{From: int8(s[0]), To: int8(s[1]), Die: int8(s[2])})
	}
	if j.Resign != nil {
		n.Resign = *j.Resign
	}
	*a = n
	return nil
}

// Record is a game or match record: the rules (with the preset they were
// built from, if any), the match length (0: one game of money play), the
// seed of the dice if they came from [NewSeededDice], and every action. The
// dice are in the actions, so a record replays without its seed; with a
// seed, [Replay] also checks that the dice are the seed's throws.
type Record struct {
	Preset  string   `json:"preset,omitempty"`
	Rules   Rules    `json:"rules"`
	Length  int      `json:"length"`
	Seed    *uint64  `json:"seed,omitempty"`
	Actions []Action `json:"actions"`
}

// ErrBadRecord is matched by every error of [Replay].
var ErrBadRecord = errors.New("nardy: bad record")

// ErrDiceMismatch: a record's dice are not the throws of its seed.
var ErrDiceMismatch = errors.New("dice differ from the seed's throws")

// RecordError reports the first action of a record that does not replay:
// its index in Actions and why. Index is -1 for a record whose rules or
// length are refused. It matches [ErrBadRecord] and Err with [errors.Is].
type RecordError struct {
	Index  int
	Action Action
	Err    error
}

func (e *RecordError) Error() string {
	if e.Index < 0 {
		return fmt.Sprintf("nardy: bad record: %v", e.Err)
	}
	return fmt.Sprintf("nardy: bad record: action %d (%s): %v", e.Index, e.Action.Kind, e.Err)
}

// Unwrap makes errors.Is match ErrBadRecord and the reason.
func (e *RecordError) Unwrap() []error { return []error{ErrBadRecord, e.Err} }

// Replay plays a record's actions from the start, checking every one
// against the rules and the state, and returns the match (for Length 0 a
// money-play Match whose Game is the game). The first refused action stops
// it with a [*RecordError] giving its index and reason, and the match as it
// stood before that action.
func Replay(rec Record) (Match, error) {
	if rec.Length < 0 {
		return Match{}, &RecordError{Index: -1, Err: fmt.Errorf("%w: match length %d", ErrInvalidRules, rec.Length)}
	}
	m, err := newMatch(rec.Rules, rec.Length)
	if err != nil {
		return Match{}, &RecordError{Index: -1, Err: err}
	}
	var src *SeededDice
	if rec.Seed != nil {
		src = NewSeededDice(*rec.Seed)
	}
	for i, a := range rec.Actions {
		n, err := m.Do(a)
		if err != nil {
			return m, &RecordError{Index: i, Action: a, Err: err}
		}
		if src != nil && (a.Kind == ActOpening || a.Kind == ActRoll) && !sameThrow(a, src.Die(), src.Die()) {
			return m, &RecordError{Index: i, Action: a, Err: ErrDiceMismatch}
		}
		m = n
	}
	return m, nil
}

func sameThrow(a Action, d0, d1 int) bool {
	if a.Kind == ActOpening {
		return a.Dice == [2]int{d0, d1}
	}
	r, err := NewRoll(a.Dice[0], a.Dice[1])
	return err == nil && r == MustRoll(d0, d1)
}

// Recorder plays a match and keeps its record: each accepted action is
// appended to the record, refused ones are not.
type Recorder struct {
	rec   Record
	match Match
}

// NewRecorder starts a match to length points (0: one game of money play)
// under r, recorded with the preset name and, if not nil, the dice seed.
func NewRecorder(preset string, r Rules, length int, seed *uint64) (*Recorder, error) {
	if length < 0 {
		return nil, fmt.Errorf("%w: match length %d", ErrInvalidRules, length)
	}
	m, err := newMatch(r, length)
	if err != nil {
		return nil, err
	}
	rec := Record{Preset: preset, Rules: r, Length: length, Actions: []Action{}}
	if seed != nil {
		s := *seed
		rec.Seed = &s
	}
	return &Recorder{rec: rec, match: m}, nil
}

// Do performs a on the match and records it when accepted.
func (rc *Recorder) Do(a Action) error {
	m, err := rc.match.Do(a)
	if err != nil {
		return err
	}
	rc.match = m
	rc.rec.Actions = append(rc.rec.Actions, a.Canonical())
	return nil
}

// Roll throws the dice from src for what the current game waits for (see
// [Game.Roll]) and records the action.
func (rc *Recorder) Roll(src DiceSource) error {
	_, a, err := rc.match.game.Roll(src)
	if err != nil {
		return err
	}
	return rc.Do(a)
}

// Match returns the match as it stands.
func (rc *Recorder) Match() Match { return rc.match }

// Record returns a copy of the record so far.
func (rc *Recorder) Record() Record {
	r := rc.rec
	r.Actions = append([]Action(nil), rc.rec.Actions...)
	return r
}
