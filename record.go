package nardy

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/nardylab/nardy/fair"
)

// Record is the record of one game of money play (Length 0) or of a match
// to Length points: the rules, the score the match began at (the zero
// Start for 0–0, see [NewMatchAt]), for a match resumed at a position the
// first game's [Setup] (see [ResumeRecorder]; nil when the first game
// begins with its opening throw, C2), the seed of the dice if they came
// from [NewSeededDice] or the proof of fair dice if they came from package
// fair, and every action from the start. The dice are in the actions, so a
// record replays without its seed; with a seed, or a fair proof whose seed
// is revealed, [Replay] also checks that the dice are the seed's throws.
// [Recorder] keeps one as it plays; package variants names the preset of
// the rules, if they are one (variants.NameOf). In JSON the seed is a
// string of decimal digits ("seed":"179"), which readers that hold
// numbers as float64, JavaScript's among them, keep exact; a JSON number
// is read too (the form of version 0.2 and before).
//
// What the formats keep: JSON keeps all but the steps' Hit flags, which
// the board gives ([Replay] reads none; a record read back from JSON
// differs from a Recorder's in them alone); a .mat file
// (github.com/nardylab/nardy/gnubg.WriteMat) keeps no seed or fair proof
// and no equal opening throw (C2: thrown again), and writes a roll's dice
// high first. Records of one match in two formats are compared by what
// they replay to, game by game: results, scores, and each turn's roll
// (as a pair) and resulting position.
type Record struct {
	Rules   Rules       `json:"rules"`
	Length  int         `json:"length"`
	Start   MatchStart  `json:"start,omitzero"`
	Setup   *Setup      `json:"setup,omitempty"`
	Seed    *uint64     `json:"seed,omitempty"`
	Fair    *fair.Proof `json:"fair,omitempty"`
	Actions []Action    `json:"actions"`
}

// MarshalJSON writes the record with the JSON names of its fields; its
// actions name a resignation's kind in the words of its game (a gammon in
// short nardy, a mars in long nardy).
func (rec Record) MarshalJSON() ([]byte, error) {
	type plain Record // without this method
	w := struct {
		plain
		Seed    *jsonSeed    `json:"seed,omitempty"`
		Actions []actionJSON `json:"actions"`
	}{plain: plain(rec), Seed: (*jsonSeed)(rec.Seed), Actions: make([]actionJSON, 0, len(rec.Actions))}
	for _, a := range rec.Actions {
		j, err := a.wire(rec.Rules.Variant)
		if err != nil {
			return nil, err
		}
		w.Actions = append(w.Actions, j)
	}
	return json.Marshal(w)
}

// ErrBadRecord is matched by every error of [Replay].
var ErrBadRecord = errors.New("nardy: bad record")

// errDiceMismatch: a record's dice are not the throws of its seed.
var errDiceMismatch = errors.New("dice differ from the seed's throws")

// RecordError reports the first action of a record that does not replay:
// its index in Actions and why. Index is -1 for a record refused before
// its first action: its rules, length, start or setup, or its seed or
// fair proof; the errors of a [Game]'s or [Match]'s JSON are RecordErrors
// of Index -1 too. It matches [ErrBadRecord] and Err with [errors.Is]. Action
// is a copy of the record's action: changing its Steps does not change
// the record.
type RecordError struct {
	Index  int
	Action Action
	Err    error
}

// Error implements the error interface. A nil Err gives no reason.
func (e *RecordError) Error() string {
	s := "nardy: bad record"
	if e.Index >= 0 {
		s += fmt.Sprintf(": action %d (%s)", e.Index, e.Action.Kind)
	}
	if e.Err != nil {
		s += ": " + strings.TrimPrefix(strings.TrimPrefix(e.Err.Error(), "nardy: "), "bad record: ") // said once, in front
	}
	return s
}

// Unwrap makes errors.Is match ErrBadRecord and the reason.
func (e *RecordError) Unwrap() []error { return []error{ErrBadRecord, e.Err} }

// Replay plays a record's actions from the start, checking every one
// against the rules and the state, and returns the match (for Length 0 a
// money-play Match whose Game is the game). The first refused action stops
// it with a [*RecordError] giving its index and reason, and the match as it
// stood before that action. With a Seed, or a Fair proof whose seed is
// revealed, every die must be the next throw of that seed (else the error
// says the dice differ from the seed's throws); a fair seed must match its
// commitment
// ([fair.ErrBadCommitment], index -1). With a Setup, the first game is
// set up as [NewGameAt] and [ResumeMatch] set it up, and their errors are
// the record's (index -1).
func Replay(rec Record) (Match, error) { return rec.replay(nil) }

// replay is Replay, calling each (when not nil) with every action taken
// and the match before and after it.
func (rec Record) replay(each func(a Action, before, after Match)) (Match, error) {
	m, err := rec.begin()
	if err != nil {
		return Match{}, &RecordError{Index: -1, Err: err}
	}
	var src DiceSource
	switch {
	case rec.Seed != nil && rec.Fair != nil:
		return Match{}, &RecordError{Index: -1, Err: fmt.Errorf("%w: both a seed and a fair proof", fair.ErrBadCommitment)}
	case rec.Seed != nil:
		src = NewSeededDice(*rec.Seed)
	case rec.Fair != nil:
		fd, err := rec.Fair.Dice()
		if err != nil {
			return Match{}, &RecordError{Index: -1, Err: err}
		}
		if fd != nil {
			src = fd
		}
	}
	for i, a := range rec.Actions {
		n, err := m.Do(a)
		if err != nil {
			return m, &RecordError{Index: i, Action: a.ownSteps(), Err: err}
		}
		if src != nil && (a.Kind == ActOpening || a.Kind == ActRoll) && !sameThrow(a, src.Die(), src.Die()) {
			return m, &RecordError{Index: i, Action: a.ownSteps(), Err: errDiceMismatch}
		}
		if each != nil {
			each(a, m, n)
		}
		m = n
	}
	return m, nil
}

// Results returns the result of each game the record finishes, in order
// (a [Match] keeps only the last: [Match.LastResult]), for a table of a
// match's games by kind and points. The record is checked as [Replay]
// checks it, and its errors are Replay's.
func (rec Record) Results() ([]Result, error) {
	var out []Result
	_, err := rec.replay(func(_ Action, before, after Match) {
		if after.GameNumber() != before.GameNumber() || after.IsOver() && !before.IsOver() {
			if r, ok := after.LastResult(); ok {
				out = append(out, r)
			}
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// errSetup heads the errors of a record's Setup.
var errSetup = errors.New("nardy: setup")

// begin returns the match of rec before its first action.
func (rec Record) begin() (Match, error) {
	if rec.Length < 0 {
		return Match{}, rulesError("length", "match length %d, want 0 (one game) or more", rec.Length)
	}
	if rec.Setup == nil {
		return newMatch(rec.Rules, rec.Length, rec.Start)
	}
	if err := rec.Rules.Validate(); err != nil { // before the setup's errors, as newMatch
		return Match{}, err
	}
	g, err := NewGameAt(rec.Rules, *rec.Setup)
	if err != nil {
		return Match{}, nested{errSetup, err} // nardy: setup: wrong variant: ...
	}
	return ResumeMatch(rec.Length, rec.Start, g)
}

// Recorder returns a recorder that holds rec, to record the match on from
// where rec leaves it: a record kept as JSON is how a server carries a game
// across a restart. rec is checked first as [Replay] checks it (its errors
// are Replay's); the Recorder keeps rec's seed or fair proof, so the dice
// thrown from here on must go on being the seed's (a [NewSeededDice] or
// fair [fair.Dice] source that has thrown the record's dice already:
// [Record.SeededDice] gives the seed's, and a fair source throws and
// discards as many as the record holds, counting each roll's two and each
// opening throw's two). Its record is rec's actions and the actions
// recorded from here on; [Recorder.Do]'s bound applies to the latter. A
// record of more than [MaxRecordActions] actions, which no JSON reads, is
// refused ([ErrRecordFull]); one a Recorder of an earlier version kept
// past the room Do now keeps for a game's end is taken.
func (rec Record) Recorder() (*Recorder, error) {
	if len(rec.Actions) > MaxRecordActions { // it would not read back from JSON (helper-106)
		return nil, &RecordError{Index: MaxRecordActions, Action: rec.Actions[MaxRecordActions].ownSteps(), Err: ErrRecordFull}
	}
	rc, err := newRecorder(Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start, Setup: rec.Setup, Fair: rec.Fair}, rec.Seed)
	if err != nil {
		return nil, &RecordError{Index: -1, Err: err}
	}
	// One replay checks the record and keeps it, whatever room it leaves.
	if _, err := rec.replay(func(a Action, before, after Match) { rc.keep(a, before.game, after) }); err != nil {
		return nil, err
	}
	return rc, nil
}

// SeededDice returns the dice source of rec's Seed advanced past the dice
// rec holds (two for each roll and each opening throw, in record order):
// the source that throws on where the record's dice stopped, for the
// [Recorder] that [Record.Recorder] returns after a restart, so that
// [Replay] of the longer record still finds every die the seed's. It
// reports false, and returns nil, when rec has no Seed. It does not check
// the record: that is Record.Recorder's work.
func (rec Record) SeededDice() (*SeededDice, bool) {
	if rec.Seed == nil {
		return nil, false
	}
	d := NewSeededDice(*rec.Seed)
	for _, a := range rec.Actions {
		if a.Kind == ActOpening || a.Kind == ActRoll {
			d.Die()
			d.Die()
		}
	}
	return d, true
}

func sameThrow(a Action, d0, d1 int) bool {
	if a.Kind == ActOpening {
		return a.Dice == [2]int{d0, d1}
	}
	r, err := NewRoll(a.Dice[0], a.Dice[1])
	return err == nil && r == MustRoll(d0, d1)
}

// Recorder plays one game of money play or a match and keeps its record:
// each accepted action is appended to the record, refused ones are not.
// Its [Recorder.Match] is the state; for one game, Match().Game() is the
// game, and the match is over when the game is.
//
// [Record.Recorder] records on from a saved record.
//
// A Recorder may be copied, to branch a game or to try an action on a copy
// and keep it: the copy and the original each record their own actions
// from there on, and so does a Recorder set back to an earlier copy of
// itself. Each copy is then one goroutine's, as a Recorder is.
type Recorder struct {
	rec    Record
	match  Match
	steps  []Step        // the recorded steps, end to end: each action's Steps is a capped slice of it
	arrays *sharedArrays // shared by the copies that share rec.Actions' and steps' arrays
}

// sharedArrays is what the copies of a Recorder that share its arrays know
// of them: how many actions the arrays hold, written by the last copy that
// appended. A copy whose record is that long appends in place (the spare
// room past it is no one's); another, shorter, would write over actions a
// copy recorded, and takes arrays of its own first.
type sharedArrays struct{ actions atomic.Int64 }

// NewRecorder starts a recorder under r: length 0 records one game of money
// play (the game of [NewGame]), length 1 or more a match to length points
// (the match of [NewMatch]). A non-nil seed is kept in the record, so that
// [Replay] checks the dice against it: pass the seed of the
// [NewSeededDice] that throws the dice. The Recorder itself takes any
// dice: a record whose dice are not its seed's throws (another seed, or a
// source not advanced past the dice of a record taken up again with
// [Record.Recorder]) is kept, and Replay, [Record.Recorder] and
// [Record.Results] refuse it. Its errors are NewGame's and
// NewMatch's: rules [Rules.Validate] refuses, or a length below 0 or past
// [MaxMatchLength], give an [*InvalidRulesError].
func NewRecorder(r Rules, length int, seed *uint64) (*Recorder, error) {
	return NewRecorderAt(r, length, MatchStart{}, seed)
}

// NewRecorderAt is [NewRecorder] for a match to length points that starts
// at the score of start (the match of [NewMatchAt]); the record keeps the
// start. A money game (length 0) starts at the zero MatchStart.
func NewRecorderAt(r Rules, length int, start MatchStart, seed *uint64) (*Recorder, error) {
	return newRecorder(Record{Rules: r, Length: length, Start: start}, seed)
}

// newRecorder starts a recorder of rec, which holds no actions.
func newRecorder(rec Record, seed *uint64) (*Recorder, error) {
	m, err := rec.begin()
	if err != nil {
		return nil, err
	}
	if rec.Setup != nil { // the caller's is left as it is
		s := *rec.Setup
		if !s.Cube.Owned { // one form of a centred cube: the zero Cube
			s.Cube = Cube{}
		}
		rec.Setup = &s
	}
	if rec.Fair != nil {
		f := *rec.Fair
		rec.Fair = &f
	}
	rec.Actions = []Action{}
	if seed != nil {
		s := *seed
		rec.Seed = &s
	}
	return &Recorder{rec: rec, match: m, arrays: new(sharedArrays)}, nil
}

// recordEndRoom is the room a [Recorder] keeps at the end of its record
// for the actions that end a game: a resignation and its acceptance, or a
// drop.
const recordEndRoom = 2

// recordDoubleRoom is the room a double needs before recordEndRoom: the
// double, and its answer (a take, or a beaver and the doubler's take).
const recordDoubleRoom = 3

// errRecordEnding: the record has room only for the actions that end the
// game.
var errRecordEnding = fmt.Errorf("%w but for a game's end: only a drop, a resignation and its acceptance are taken", ErrRecordFull)

// errNilRecorder: a method that changes a Recorder called on a nil one.
var errNilRecorder = fmt.Errorf("%w: a nil *Recorder", ErrWrongPhase)

// Do performs a on the match and records it when accepted. A record holds
// at most [MaxRecordActions] actions, so that every record a Recorder keeps
// reads back from JSON; the last two are kept for the end of a game: past
// MaxRecordActions−2 actions a Recorder takes only a drop, a resignation
// (while its answer fits) and its acceptance, so that a player who fills
// the record (undoing steps, or offering resignations the other rejects,
// again and again) cannot stop the other from ending the game; and a
// double is refused once its answer (a take, a beaver and its take) would
// not fit before that room, so that filling the record cannot force a
// drop. Refusals there are [*ActionError]s matching [ErrRecordFull]; a
// match's next game cannot begin in a full record. On a nil *Recorder Do returns an error
// matching [ErrWrongPhase].
func (rc *Recorder) Do(a Action) error {
	if rc == nil {
		return errNilRecorder
	}
	n := len(rc.rec.Actions)
	if n >= MaxRecordActions-recordEndRoom {
		ends := a.Kind == ActDrop || a.Kind == ActAccept || a.Kind == ActResign && n <= MaxRecordActions-recordEndRoom
		switch {
		case n >= MaxRecordActions:
			return actionError(a, rc.match.game.phase, ErrRecordFull, rc.match.rules.Variant)
		case !ends:
			return actionError(a, rc.match.game.phase, errRecordEnding, rc.match.rules.Variant)
		}
	}
	if a.Kind == ActDouble && n > MaxRecordActions-recordEndRoom-recordDoubleRoom {
		// Its answer (a take, or a beaver and the doubler's take) must
		// come before the room for the game's end: a player who filled
		// the record and then doubled left the other only the drop
		// (helper-106).
		return actionError(a, rc.match.game.phase, errRecordEnding, rc.match.rules.Variant)
	}
	return rc.record(a)
}

// record performs a on the match and records it when accepted, whatever
// room the record has left (Do checks it).
func (rc *Recorder) record(a Action) error {
	m, err := rc.match.Do(a)
	if err != nil {
		return err
	}
	rc.keep(a, rc.match.game, m)
	return nil
}

// keep records a, which took the match from game before to m.
func (rc *Recorder) keep(a Action, before Game, m Match) {
	rc.match = m
	n := int64(len(rc.rec.Actions))
	if rc.arrays == nil || !rc.arrays.actions.CompareAndSwap(n, n+1) {
		// Another copy appended past this one's record (fork := *rc, or
		// *rc = saved after a branch): its actions lie in the spare room
		// this one would append into. The appends below copy to arrays
		// of this Recorder's own.
		rc.rec.Actions = slices.Clip(rc.rec.Actions)
		rc.steps = slices.Clip(rc.steps)
		rc.arrays = new(sharedArrays)
		rc.arrays.actions.Store(n + 1)
	}
	// Canonical without the steps (it would copy them into a slice of
	// their own); the steps go into one growing array instead, not one
	// allocation a play.
	c := Action{Kind: a.Kind, Player: a.Player, Dice: a.Dice, Resign: a.Resign}.Canonical()
	if keepsSteps(c.Kind) && len(a.Steps) > 0 {
		// Capped, defensively: an append to one action's steps copies
		// rather than write over the next action's. When rc.steps grows,
		// earlier actions keep the old array, which nothing writes again.
		j := len(rc.steps)
		rc.steps = appendTaken(rc.steps, before, a)
		c.Steps = rc.steps[j:len(rc.steps):len(rc.steps)]
	}
	rc.rec.Actions = append(rc.rec.Actions, c)
}

// appendTaken appends to dst the steps of a (a play or a step accepted in
// g) as g took them: the same steps in the same order, with the point
// reached and the hit flags of the position, where a's may leave To at 0
// (a step's "wherever the die lands", [Turn.Step]) and carry any Hit.
func appendTaken(dst []Step, g Game, a Action) []Step {
	if a.Kind == ActStep {
		if t, err := g.turn.Step(a.Steps[0]); err == nil {
			return append(dst, t.steps[t.n-1].public())
		}
		return append(dst, a.Steps...) // accepted by g, so not reached
	}
	// A whole play g accepted reaches each step's point exactly (PlayOf
	// checks To); only the hits are the caller's. Short nardy: a step hits
	// when it lands on an opponent blot not hit before in the play (S2; a
	// point of two or more is closed, C4); long nardy has no hits.
	j := len(dst)
	dst = append(dst, a.Steps...)
	var opp Side
	if g.rules.Variant == Short {
		opp = g.pos.Opponent()
	}
	for i := j; i < len(dst); i++ {
		s := &dst[i]
		s.Hit = false
		if q := OpponentPoint(Short, s.To); g.rules.Variant == Short && s.To >= 1 && s.To <= 24 && opp[q] == 1 {
			s.Hit, opp[q] = true, 0
		}
	}
	return dst
}

// Roll throws the dice from src for what the current game waits for (see
// [Game.Roll]) and records the action; on a nil *Recorder, as Do.
func (rc *Recorder) Roll(src DiceSource) error {
	if rc == nil {
		return errNilRecorder
	}
	_, a, err := rc.match.game.Roll(src)
	if err != nil {
		return err
	}
	return rc.Do(a)
}

// Match returns the match as it stands (the zero Match for a nil
// *Recorder).
func (rc *Recorder) Match() Match {
	if rc == nil {
		return Match{}
	}
	return rc.match
}

// Record returns a copy of the record so far: its setup, seed, fair proof,
// actions and steps are the caller's to change (the zero Record for a nil
// *Recorder).
func (rc *Recorder) Record() Record {
	if rc == nil {
		return Record{}
	}
	r := rc.rec
	if r.Seed != nil {
		s := *r.Seed
		r.Seed = &s
	}
	if r.Setup != nil {
		s := *r.Setup
		r.Setup = &s
	}
	if r.Fair != nil {
		f := *r.Fair
		r.Fair = &f
	}
	n := 0
	for _, a := range rc.rec.Actions {
		n += len(a.Steps)
	}
	steps := make([]Step, 0, n) // one array for the steps of every action
	r.Actions = make([]Action, len(rc.rec.Actions))
	for i, a := range rc.rec.Actions {
		if len(a.Steps) > 0 {
			j := len(steps)
			steps = append(steps, a.Steps...)
			a.Steps = steps[j:len(steps):len(steps)] // capped: an append copies
		}
		r.Actions[i] = a
	}
	return r
}
