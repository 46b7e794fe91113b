// Package bot holds computer players of long and short nardy built on the
// game layer of package nardy ([nardy.Game], [nardy.Match]), and helpers
// that drive whole games and matches between two players with a seeded
// dice source.
//
// A [Player] chooses the action of one player when the game waits for it:
// a play, a cube action (double, take, drop) or an answer to a resignation.
// Players never throw dice: when a player decides to roll it returns a
// [nardy.ActRoll] action without dice, and the driver ([Next],
// [PlayGame], [PlayMatch], or a server with Game.Roll) throws them from a
// [nardy.DiceSource] the caller owns. So a whole game is fixed by the seeds
// of the dice and of the players, on every machine. [PlayGame] and
// [PlayMatch] return the record of what was played, for [nardy.Replay].
//
// Four players come with the package: [Random] (uniform over the legal
// plays, seeded), [Greedy] (0-ply: the play whose resulting position
// [Evaluate] scores best), [Expectimax] (1-ply, a roll ahead: each
// candidate play is scored by the average over the 21 rolls of the
// opponent's best reply, within a node budget) and [Neural], the strong
// one: the trained networks of package neural searched 0, 1 or 2 rolls
// ahead (the plies are counted as GNU Backgammon counts them: 0-ply looks
// at the position after each play, n-ply n rolls beyond it), with cube decisions
// and match play. [New] builds one by name for command lines.
//
// Measured with examples/tournament (seed 1): Greedy beats Random in 99% of
// 400 games of each preset; Expectimax beats Greedy in 60% of 1000 long
// nardy games (95% CI 57-63%) and 55% of 1000 short nardy games without
// the cube (52-58%). Measured with cmd/nardy-strength (docs/strength.md):
// Neural at 0-ply beats Expectimax in 78% of 1000 long nardy games
// (75-80%) and 63% of 1000 short nardy games (60-66%), and loses 0.10
// points a game to GNU Backgammon's 0-ply player (6,000 cubeless games).
//
// A player value keeps buffers between calls and is not safe for concurrent
// use; give each goroutine its own. A copy of a Greedy, Expectimax or
// Neural (p2 := *p) builds buffers of its own at its first call, so a
// player configured once can be copied for each goroutine; a copy of a
// Random shares its generator, so copies of one Random used at once race
// (build each with NewRandom). Players hold no global state and take all
// randomness from their seed. A [CubePolicy], a [PlayerError] and an
// [UnknownBotError] are plain values, safe to share between goroutines,
// and the functions keep no state of their own:
// calls from several goroutines at once are safe, each with its own
// players and dice source.
package bot

import (
	"errors"
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
)

// Player chooses actions for one side of a game.
type Player interface {
	// Name returns a short name for tables and logs.
	Name() string
	// Act returns the action that player me takes in g, called when
	// g.ToAct() reports me:
	//
	//   - PhaseRoll: ActDouble, or ActRoll with zero Dice, which means
	//     "throw the dice": the player never chooses them, so g.Do refuses
	//     this action as it is, and the driver throws the dice from a
	//     [nardy.DiceSource] it owns: g.Roll(src) performs the roll (as
	//     [nardy.Recorder.Roll] does for a record), and [Next] returns the
	//     roll with its dice thrown;
	//   - PhasePlay: ActPlay with one of the legal plays, a whole play
	//     from the turn's start. Once steps of the play were taken one by
	//     one ([nardy.Game.Step]), g.Do takes one the turn can still
	//     become (C8: a play is its resulting position), or ActUndo; the
	//     players of this package then play the best of those plays by
	//     their own judgement, and never undo;
	//   - PhaseCube: ActTake or ActDrop (ActBeaver where allowed); after a
	//     beaver ([nardy.Game.Beavered]) the doubler's ActTake or ActDrop;
	//   - PhaseResign: ActAccept or ActReject.
	//
	// Every action but the roll is one g.Do accepts as it is. Act returns
	// [ErrNotToAct] when g does not wait for me, in an error that also
	// matches the sentinel [nardy.Game.Do] gives for the same action:
	// [nardy.ErrWrongPhase] at the opening throw, [nardy.ErrNotYourTurn] in
	// the opponent's turn, [nardy.ErrGameOver] once the game is over,
	// [nardy.ErrActionRefused] for a colour neither White nor Black.
	Act(g nardy.Game, me nardy.Color) (nardy.Action, error)
}

// Errors of the drivers and players.
var (
	// ErrNotToAct: the game does not wait for this player's action. The
	// error a player returns matches nardy's reason too:
	// [nardy.ErrNotYourTurn] (the opponent's turn), [nardy.ErrWrongPhase]
	// (the opening throw), [nardy.ErrGameOver], or [nardy.ErrActionRefused]
	// (a colour neither White nor Black, whose action [nardy.Game.Do]
	// refuses as malformed).
	ErrNotToAct = errors.New("bot: not this player's turn to act")
	// ErrTooLong: a game or match did not end within the actions a record
	// holds ([nardy.MaxRecordActions]). The drivers' error matches
	// [nardy.ErrRecordFull] too, the recorder's own refusal.
	ErrTooLong = errors.New("bot: game or match did not end within the actions a record holds")
	// ErrUnknownBot: [New] was given a name it does not know (an
	// [*UnknownBotError]).
	ErrUnknownBot = errors.New("bot: unknown bot")
	// ErrUninitialized: a player that needs its constructor was built
	// without it (the zero [Random], which has no generator: use
	// [NewRandom]), a player of this package is a nil pointer (a typed
	// nil in a [Player]), or a driver was given no player (a nil
	// [Player]) for a seat, or no dice (a nil [nardy.DiceSource]).
	ErrUninitialized = errors.New("bot: player or dice not set up")
)

// errNoDice: a driver given a nil dice source when dice are to be thrown.
var errNoDice = fmt.Errorf("%w: no dice source (nil)", ErrUninitialized)

// errNilPlayer is the error of a nil pointer of one of this package's
// players (a typed nil in a [Player]), which cannot play.
var errNilPlayer = fmt.Errorf("%w: a nil player", ErrUninitialized)

// PlayerError reports an action a player returned that the game refused, or a
// player's error. It matches Err with errors.Is and errors.As.
// A nil *PlayerError is no error: its methods panic, as a nil *os.PathError's do.
type PlayerError struct {
	Bot    string       // the player's name ("dice" for a refused throw of the dice)
	Action nardy.Action // the refused action (zero for a player's error)
	Err    error
	// Side is the colour the player plays, so that a game of two players
	// of one name says which failed; its message names it when Named is
	// set, as the drivers set it.
	Side  nardy.Color
	Named bool
}

// Error implements the error interface: "bot neural0 (black): …" when the
// side is named.
func (e *PlayerError) Error() string {
	var why any = e.Err
	if e.Err == nil {
		why = "no reason given"
	}
	who := e.Bot
	if e.Named {
		who += " (" + e.Side.String() + ")"
	}
	if e.Action.Kind == 0 {
		return fmt.Sprintf("bot %s: %v", who, why)
	}
	return fmt.Sprintf("bot %s: action %s refused: %v", who, e.Action.Kind, why)
}

// Unwrap returns the reason.
func (e *PlayerError) Unwrap() error { return e.Err }

// UnknownBotError is [New]'s error for a name it does not know. It
// matches [ErrUnknownBot] with errors.Is.
// A nil *UnknownBotError is no error: its methods panic, as a nil *os.PathError's do.
type UnknownBotError struct {
	Name string // the name given, cut to 64 bytes ("..." after a cut)
}

// Error implements the error interface: the name and the names New knows.
func (e *UnknownBotError) Error() string {
	return fmt.Sprintf("%v %q; known: %v", ErrUnknownBot, e.Name, Names())
}

// Unwrap makes errors.Is match ErrUnknownBot.
func (e *UnknownBotError) Unwrap() error { return ErrUnknownBot }

// turnError is ErrNotToAct with the game's own reason, matching both.
type turnError struct {
	reason error  // nardy's sentinel for the same action given to Game.Do
	why    string // the reason in words
}

// Error implements the error interface.
func (e *turnError) Error() string { return ErrNotToAct.Error() + ": " + e.why }

// Unwrap makes errors.Is match ErrNotToAct and the reason.
func (e *turnError) Unwrap() []error { return []error{ErrNotToAct, e.reason} }

// The refusals of checkTurn, built once: values never changed.
var (
	errOpponentsTurn = &turnError{nardy.ErrNotYourTurn, "the opponent's turn"}
	errOpeningThrow  = &turnError{nardy.ErrWrongPhase, "the opening throw is no player's"}
	errOver          = &turnError{nardy.ErrGameOver, "the game is over"}
	errZeroGame      = &turnError{nardy.ErrWrongPhase, "the zero Game waits for no action"}
	// errRecordFull is the drivers' ErrTooLong, matching the recorder's
	// nardy.ErrRecordFull too.
	errRecordFull = fmt.Errorf("%w: %w", ErrTooLong, nardy.ErrRecordFull)
)

// checkTurn returns a turnError unless g waits for me.
func checkTurn(g nardy.Game, me nardy.Color) error {
	c, ok := g.ToAct()
	switch {
	case !g.IsValid():
		return errZeroGame
	case g.IsOver():
		return errOver
	case !me.IsValid():
		return &turnError{nardy.ErrActionRefused, fmt.Sprintf("player %d, neither White nor Black", me)}
	case !ok:
		return errOpeningThrow
	case c != me:
		return errOpponentsTurn
	}
	return nil
}

// Next returns the action g waits for: the opening throw or a roll thrown
// from dice, else the action of the player who must act (players[c] plays
// colour c). A player's roll (ActRoll without dice) gets its dice from dice
// here, two dice thrown as [nardy.Game.Roll] throws them, so every action
// Next returns is one g.Do accepts when the player keeps the contract of
// [Player.Act]. The action is not performed: pass it to [nardy.Game.Do],
// [nardy.Match.Do] or a [nardy.Recorder]. A nil player of the colour
// that must act, or nil dice when dice are to be thrown, gives
// [ErrUninitialized]; dice that throw a die outside 1..6 (a nil
// *[nardy.SeededDice] throws 0s) give a [*PlayerError] of the "dice" that
// matches [nardy.ErrInvalidRoll], with the action thrown. A finished
// game gives [nardy.ErrGameOver]; the zero Game, which waits for no
// action, [ErrNotToAct] matching [nardy.ErrWrongPhase] too, as a player's
// Act refuses it.
//
// Next sees a game, not its match: in a game of a match, ask [NextInMatch],
// which shows the match to the players that implement [MatchSeer] first;
// shown none, they judge the cube, and the neural player its plays, as in
// money play. [PlayMatch], [PlayOut] and [PlayOn] do.
func Next(g nardy.Game, players [2]Player, dice nardy.DiceSource) (nardy.Action, error) {
	switch g.Phase() {
	case nardy.PhaseOver:
		return nardy.Action{}, nardy.ErrGameOver
	case nardy.PhaseOpening:
		if dice == nil {
			return nardy.Action{}, errNoDice
		}
		return thrown(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{dice.Die(), dice.Die()}})
	}
	c, ok := g.ToAct()
	if !g.IsValid() {
		return nardy.Action{}, errZeroGame
	}
	if !ok || !c.IsValid() {
		return nardy.Action{}, ErrNotToAct
	}
	p := players[c]
	if p == nil {
		return nardy.Action{}, fmt.Errorf("%w: no player for %s", ErrUninitialized, c)
	}
	a, err := p.Act(g, c)
	if err != nil {
		return a, &PlayerError{Bot: p.Name(), Err: err, Side: c, Named: true}
	}
	if a.Kind == nardy.ActRoll {
		if dice == nil {
			return nardy.Action{}, errNoDice
		}
		a.Dice = [2]int{dice.Die(), dice.Die()}
		return thrown(a)
	}
	return a, nil
}

// thrown returns a, an opening throw or a roll with the dice a source
// threw, or, when a die is not 1..6 (a nil *nardy.SeededDice throws 0),
// the refusal of the dice, as [nardy.Game.Roll] refuses such a throw.
func thrown(a nardy.Action) (nardy.Action, error) {
	if _, err := nardy.NewRoll(a.Dice[0], a.Dice[1]); err != nil {
		return nardy.Action{}, &PlayerError{Bot: "dice", Action: a, Side: a.Player, Err: fmt.Errorf(
			"%w: the dice source gave an impossible throw: %d and %d", nardy.ErrInvalidRoll, a.Dice[0], a.Dice[1])}
	}
	return a, nil
}

// NextInMatch is [Next] for the game of match m: it shows m to the players
// that implement [MatchSeer], so that they decide at the score, then asks
// Next for m's game. A match that is over gives [nardy.ErrGameOver].
func NextInMatch(m nardy.Match, players [2]Player, dice nardy.DiceSource) (nardy.Action, error) {
	for _, p := range players {
		if s, ok := p.(MatchSeer); ok {
			s.SeeMatch(m)
		}
	}
	return Next(m.Game(), players, dice)
}

// PlayGame plays one game of money play under r from its start, white and
// black choosing the actions and dice throwing the dice, and returns the
// finished game and its record (Length 0), which [nardy.Replay] replays to
// the same game. The record has no seed: when dice is a fresh
// [nardy.NewSeededDice] of seed, set rec.Seed = &seed so that Replay also
// checks the dice against it.
//
// A refused action or a player's error stops the game with a
// [*PlayerError], the game before that action and the record up to it; a
// game that would not fit in a record ([nardy.MaxRecordActions] actions,
// the last two kept for a game's end: [nardy.Recorder.Do]) stops with
// [ErrTooLong]. A nil white or black gives [ErrUninitialized]
// before the first action. A dice source that ties the opening throw
// 1000 times in a row (C2) stops the game with an error matching
// [nardy.ErrInvalidRoll], as [nardy.ThrowOpening] refuses it; so do
// PlayMatch, PlayOut and PlayOn.
func PlayGame(r nardy.Rules, white, black Player, dice nardy.DiceSource) (nardy.Game, nardy.Record, error) {
	rc, err := nardy.NewRecorder(r, 0, nil)
	if err != nil {
		return nardy.Game{}, nardy.Record{}, err
	}
	err = play(rc, [2]Player{nardy.White: white, nardy.Black: black}, dice, false, nardy.MaxRecordActions)
	return rc.Match().Game(), rc.Record(), err
}

// MatchSeer is a [Player] whose decisions depend on the match score (cube
// decisions in match play and, for [Neural], plays too). [PlayMatch]
// shows it the match before each of its actions; other drivers should do
// the same (the example server does): a player keeps the last match shown
// and takes the score from it for any game equal to that match's game, so
// a player moved to another match unshown would judge an equal game of it
// at the old score.
type MatchSeer interface {
	SeeMatch(m nardy.Match)
}

// PlayMatch plays a match to length points (1 or more) under r like
// [PlayGame], game after game, and returns the finished match and its
// record. Players that implement [MatchSeer] see the match before each
// action.
//
// The record's bound, [nardy.MaxRecordActions] actions (the last two kept
// for a game's end: [nardy.Recorder.Do]), counts the whole match: about 340 games between random players (about 190 actions a game,
// long or short nardy), some 350 of long nardy and 890 of short nardy
// between greedy players. A match that does not end within it, as a match
// of several hundred points may not, stops with [ErrTooLong], the match as
// it stands and its record, which replays.
func PlayMatch(r nardy.Rules, length int, white, black Player, dice nardy.DiceSource) (nardy.Match, nardy.Record, error) {
	return PlayMatchAt(r, length, nardy.MatchStart{}, white, black, dice)
}

// PlayMatchAt is [PlayMatch] for a match taken up at the score of start
// (see [nardy.NewMatchAt]); the record keeps the start.
func PlayMatchAt(r nardy.Rules, length int, start nardy.MatchStart, white, black Player, dice nardy.DiceSource) (nardy.Match, nardy.Record, error) {
	if _, err := nardy.NewMatchAt(r, length, start); err != nil {
		return nardy.Match{}, nardy.Record{}, err
	}
	rc, err := nardy.NewRecorderAt(r, length, start, nil)
	if err != nil {
		return nardy.Match{}, nardy.Record{}, err
	}
	err = play(rc, [2]Player{nardy.White: white, nardy.Black: black}, dice, true, nardy.MaxRecordActions)
	return rc.Match(), rc.Record(), err
}

// PlayOut plays match m from where it stands to its end, white and black
// choosing the actions and dice throwing the dice, and returns the match
// as it ends: a match resumed at a position ([nardy.ResumeMatch],
// xgid.ID.Match), one read from JSON, or a game of money play (length 0).
// Players that implement [MatchSeer] see the match before each action.
// Nothing is recorded: to keep a record of a match resumed at a position,
// start a [nardy.ResumeRecorder] at the same setup instead and play it
// with [PlayOn]. Errors are PlayMatch's: a refused action or a player's
// error stops with a [*PlayerError] and the match before that action,
// [ErrTooLong] after [nardy.MaxRecordActions] actions, [ErrUninitialized]
// for a nil player; the zero Match matches [nardy.ErrWrongPhase]. A
// match already over (its players given) is returned as it is, without
// an error.
func PlayOut(m nardy.Match, white, black Player, dice nardy.DiceSource) (nardy.Match, error) {
	if !m.IsValid() {
		return m, fmt.Errorf("%w: the zero Match", nardy.ErrWrongPhase)
	}
	d := &matchDoer{m}
	err := play(d, [2]Player{nardy.White: white, nardy.Black: black}, dice, true, nardy.MaxRecordActions)
	return d.m, err
}

// PlayOn plays the match of recorder rc from where it stands to its end
// as [PlayOut] does, players that implement [MatchSeer] seeing the match
// before each action, and records every action in rc: for a match resumed
// at a position ([nardy.ResumeRecorder], xgid.ID.Recorder,
// gnubg.Recorder), or one a caller began recording by hand. It returns
// the match as it ends and rc's record. Errors are PlayOut's, ErrTooLong
// when rc's record is full ([nardy.ErrRecordFull]: [nardy.MaxRecordActions]
// actions, those it held before counted, the last two kept for a game's
// end); the record holds the actions before the one
// refused. A nil rc, or the zero Recorder, matches [nardy.ErrWrongPhase].
// A match already over (its players given) is left as it is: its match
// and record are returned without an error.
func PlayOn(rc *nardy.Recorder, white, black Player, dice nardy.DiceSource) (nardy.Match, nardy.Record, error) {
	if rc == nil {
		return nardy.Match{}, nardy.Record{}, fmt.Errorf("%w: a nil *nardy.Recorder", nardy.ErrWrongPhase)
	}
	if !rc.Match().IsValid() {
		return nardy.Match{}, nardy.Record{}, fmt.Errorf("%w: the zero Recorder: start one with nardy.NewRecorder or nardy.ResumeRecorder", nardy.ErrWrongPhase)
	}
	rec := rc.Record()
	err := play(rc, [2]Player{nardy.White: white, nardy.Black: black}, dice, true, nardy.MaxRecordActions-len(rec.Actions))
	return rc.Match(), rc.Record(), err
}

// doer is what play drives: a Recorder, or a match alone (matchDoer).
type doer interface {
	Match() nardy.Match
	Do(a nardy.Action) error
}

// matchDoer performs actions on a match, keeping no record.
type matchDoer struct{ m nardy.Match }

func (d *matchDoer) Match() nardy.Match { return d.m }

func (d *matchDoer) Do(a nardy.Action) error {
	n, err := d.m.Do(a)
	if err == nil {
		d.m = n
	}
	return err
}

// maxOpeningTies is the most opening throws in a row that may tie before
// the drivers take the dice source for broken, as [nardy.ThrowOpening]
// does: fair dice tie 1000 times in a row with probability (1/6)^1000.
const maxOpeningTies = 1000

// play plays rc's game or match to its end, in at most limit actions
// (else ErrTooLong); with see, players that are MatchSeers see the match
// before each action.
func play(rc doer, players [2]Player, dice nardy.DiceSource, see bool, limit int) error {
	for c, p := range players {
		if p == nil {
			return fmt.Errorf("%w: no player for %s", ErrUninitialized, nardy.Color(c))
		}
	}
	ties := 0 // opening throws in a row that tied (C2)
	for range limit {
		m := rc.Match()
		if m.Game().Phase() == nardy.PhaseOver { // the match is over when its game is
			return nil
		}
		if m.Game().Phase() != nardy.PhaseOpening {
			ties = 0
		} else if ties++; ties > maxOpeningTies {
			return fmt.Errorf("%w: the dice source tied the opening throw %d times in a row", nardy.ErrInvalidRoll, maxOpeningTies)
		}
		var a nardy.Action
		var err error
		if see {
			a, err = NextInMatch(m, players, dice)
		} else {
			a, err = Next(m.Game(), players, dice)
		}
		if err != nil {
			return err
		}
		if err := rc.Do(a); err != nil {
			if errors.Is(err, nardy.ErrRecordFull) {
				return errRecordFull
			}
			return refused(players, a, err)
		}
	}
	if rc.Match().Game().Phase() == nardy.PhaseOver {
		return nil
	}
	return errRecordFull
}

func refused(players [2]Player, a nardy.Action, err error) error {
	name := "dice"
	if a.Kind != nardy.ActOpening && a.Player.IsValid() {
		name = players[a.Player].Name()
	}
	return &PlayerError{Bot: name, Action: a, Err: err, Side: a.Player, Named: name != "dice"}
}

// Names returns the names [New] knows.
func Names() []string {
	return []string{"random", "greedy", "expectimax", "neural0", "neural1", "neural2"}
}

// New returns a fresh player by name ("random", "greedy", "expectimax"
// with its default budget, "neural0", "neural1", "neural2" with the
// embedded networks) seeded with seed; only Random uses the seed, the
// others are deterministic without one. A player is not safe for
// concurrent use: build one per goroutine. Another name gives an
// [*UnknownBotError], matching [ErrUnknownBot].
func New(name string, seed uint64) (Player, error) {
	switch name {
	case "random":
		return NewRandom(seed), nil
	case "greedy":
		return NewGreedy(), nil
	case "expectimax":
		return NewExpectimax(DefaultBudget), nil
	case "neural0", "neural1", "neural2":
		return NewNeural(int(name[6] - '0')), nil
	}
	return nil, &UnknownBotError{Name: errtext.Shorten(name)}
}

// own reports whether *self is p, and makes it so. A player keeps its own
// address in self when it builds buffers; at a copy's first call self is
// still the original's address, and the copy must drop the buffers it
// shares with the original (own returns false) before using any.
func own[T any](self **T, p *T) bool {
	if *self == p {
		return true
	}
	*self = p
	return false
}
