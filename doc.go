// Package nardy knows the rules of long nardy (длинные нарды, uzun tavla) and
// short nardy (backgammon) exactly, and generates and checks their moves fast.
// The rules are those of the project's rule book, docs/rules.md in the
// repository (https://github.com/nardylab/nardy/blob/main/docs/rules.md);
// rule ids such as L4 or C5 in this documentation and in errors refer to it.
//
// A first program:
//
//	r := nardy.DefaultRules(nardy.Long) // or a preset: variants.LongMoscow()
//	pos, _ := nardy.StartPosition(nardy.Long, nardy.White)
//	plays, err := r.Legal(pos, nardy.MustRoll(6, 6)) // 1 play: 24/18(2)
//	next := plays[0].Result()                        // Black on roll
//
// # The board
//
// Each player has 15 checkers and travels the 24 points of the board along
// its own route. Every point number in this package is in the own numbering
// of one player: its checkers enter the route at its point 24 and leave the
// board past its point 1; its home is its points 1..6. Two more places
// complete the numbering: [Off] (0), where borne-off checkers go, and [Bar]
// (25), where hit checkers wait to enter again in short nardy.
//
// In long nardy ([Long]) all 15 checkers of a player start on its point 24,
// the [Head] (L1). Both players go round the same way, so the opponent's own
// point q is the mover's point q-12 (q > 12) or q+12 (q <= 12), and the
// opponent's head is the mover's point 12. Nothing is ever hit: a single
// checker holds a point (L2). In short nardy ([Short], standard backgammon)
// the players go opposite ways and the opponent's point q is the mover's
// 25-q. [OpponentPoint] converts a point number between the numberings.
//
// # Positions
//
// A [Position] is a small comparable value: both players' checkers and whose
// turn it is ([Position.OnRoll]). It holds no dice and no rule options; ==
// compares positions and a Position can be a map key. [Position.Mover] and
// [Position.Opponent] return the two sides seen from the player on roll, and
// [Position.Side] the side of a [Color]. A [Side] is indexed by point
// number in its owner's numbering: s[1] to s[24], s[Off] and s[Bar].
//
// Make positions with [StartPosition], [NewPosition] (from two Sides,
// checked: a position that breaks the rules of §4 is an error, never
// repaired) or [ParsePosition], which reads the text of [Position.String]:
//
//	long w 00000000000000000000000f00/00000000000000000000000f00
//
// that is the variant, the player on roll (w or b) and the key of
// [Position.Key]: the mover's 24 point counts, bar and off in hexadecimal, a
// slash, and the same for the opponent. [ParseKey] reads a bare key,
// [MustParsePosition] is for tests and literals, and MarshalText gives JSON
// the same form. [Position.Drawing] draws the board for people;
// [Position.Winner] and [Position.Pips] answer the usual questions.
//
// # Rules and plays
//
// A [Rules] value is the game and its options: [HeadException] (L4: [Classic],
// [Doubles] or [Literal]), TransientBlock (L5), [BlockAhead] (L5: [OnRoute]
// or [OpponentHome]) for the moves; [OpeningRoll] (C2: [Reroll] or
// [UseOpeningDice]), the cube, the [Scoring] table, the [NextGameStarter]
// and the L11 last-roll draw for games. [DefaultRules] gives the defaults of a
// variant; package variants holds the named presets of the rule books.
// [Rules.Validate] checks a rule set and [Rules.CheckPosition] a position
// under it.
//
// A [Roll] is two dice ([NewRoll], [MustRoll], [ParseRoll]); [AllRolls] lists
// the 21 distinct rolls with their weights. A play is the whole turn made
// with one roll: a [Play] holds up to four [Step] values (from, to, die,
// hit) and the position they give ([Play.Result], the opponent on roll).
// Two step sequences that give the same position are the same play (C8), so
// [Rules.Legal], [Rules.AppendLegal] and [Rules.Plays] list each resulting
// position once, with one canonical step sequence, in a documented order.
// Every listed play uses as many dice as the rules demand and the larger die
// when only one can be played (C5). AppendLegal does not allocate when its
// buffer has room for [MaxPlays] plays.
//
// [Rules.Apply] plays a play on a position and returns the new position;
// [Rules.PlayOf] turns a step sequence made elsewhere into a Play. Both
// check every rule and return a [*RuleError] naming the rule a refused play
// breaks.
//
// A user interface that moves one checker at a time uses [Rules.NewTurn]: a
// [Turn] offers only the single steps that extend to a legal whole play
// ([Turn.NextSteps]), takes a step ([Turn.Step], or [Turn.Move] from one
// point to another, one die or several), takes it back ([Turn.Undo]), knows
// when the play is complete ([Turn.Done]) and which dice are lost
// ([Turn.Forfeited]), and gives the finished [Turn.Play].
//
// [Rules.Perft] counts the leaves of the tree of all 21 rolls and all plays
// to a depth, a check of the generator against published figures.
//
// # Notation and exchange formats
//
// [Play.String] and [Play.AppendNotation] write a play in the standard
// notation ("24/18 13/11", "bar/22*", "6/off", "8/5(2)"; long nardy uses the
// mover's own point numbers), and [Rules.ParsePlay] reads such text
// tolerantly into the legal play it means. [NoPlay] is the text of the
// empty play. The formats of other programs live in their own packages,
// built on this one: package gnubg for GNU Backgammon's Position ID, Match
// ID and .mat match files, package xgid for eXtreme Gammon's XGID.
//
// # Games and matches
//
// A [Game] is one game as a state machine value: the opening throw, rolls
// from a [DiceSource] or set by a server, plays whole or step by step, the
// doubling [Cube] (S6) and resignations, each an [Action] checked against
// the phase and the rules ([Game.Do]), until the [Result]. [Classify] names
// the [ResultKind] of a finished position and a [Scoring] table gives its
// points; results are written in each game's words ([ResultKind.Name]: oin,
// mars, koks in long nardy; single, gammon, backgammon in short). A [Match]
// plays games to a length (L10, the Crawford rule). A Game and a Match
// write their whole state as JSON, for a server to keep; a [Recorder] keeps
// the [Record] of a game or match as it is played and [Replay] checks one
// again. [NewGameAt] sets up a game in progress at a position read from
// elsewhere (an XGID, a board drawn by hand), for a hint or a bot's action
// there. Package bot has computer players and drivers that play whole games.
//
// # Dice
//
// Nothing in the package reads a global random source: randomness is an
// input. A [DiceSource] throws dice: [NewSeededDice] gives a deterministic
// [SeededDice] for replays and tests, [CryptoDice] uses crypto/rand, and
// package fair throws provably fair dice from a committed seed. [Throw]
// throws a roll and [ThrowOpening] the opening throw of C2.
//
// # Errors
//
// Errors never come as panics for user data. Every error matches one of a
// few sentinels with errors.Is: [ErrInvalidPosition], [ErrInvalidRoll],
// [ErrInvalidRules], [ErrVariantMismatch], [ErrSyntax], [ErrIllegalPlay],
// [ErrGameOver], [ErrActionRefused] (with [ErrNotYourTurn],
// [ErrWrongPhase] and [ErrRecordFull]), [ErrBadRecord] or [ErrInvalidDepth]. The typed errors
// [*PositionError], [*RuleError], [*InvalidRulesError], [*SyntaxError],
// [*ActionError] and [*RecordError] carry the details (errors.As); where a rule decides, they
// name it by its id:
//
//	var re *nardy.RuleError
//	if errors.As(err, &re) && re.Rule == "L5" { ... } // a forbidden six-block
//
// That is every error of the package's functions and methods, its
// MarshalJSON, UnmarshalJSON, MarshalText and UnmarshalText among them.
// A nil pointer is no value to read or fill: the methods of a nil typed
// error panic, as a nil *os.PathError's do, and UnmarshalJSON or
// UnmarshalText called on a nil pointer may (encoding/json never calls
// them so). A nil [*Recorder] and a nil [*SeededDice] are usable, as
// their docs say.
// [Cube], [Scoring], [MatchStart], [Setup], [Step] and [Result] are plain
// structs to encoding/json when it reads them (they have no UnmarshalJSON),
// so that a caller's decoder reaches into them with its field paths and
// its DisallowUnknownFields, as into its own structs: one decoded alone from
// JSON of the wrong type gives encoding/json's *json.UnmarshalTypeError,
// which matches no sentinel (a value its enumerated or text fields refuse
// is still the package's error). Inside a [Rules], [Game], [Match] or
// [Record] their errors are those types' ([ErrInvalidRules],
// [ErrBadRecord]).
//
// # Concurrency
//
// Every value of the package (Position, Rules, Play, Turn, Game, Match,
// and the small values and enumerations they are made of: Roll, Step,
// Side, Cube, Scoring, Result, Setup, MatchStart, Opening, WeightedRoll,
// Color, Variant, Phase...) is immutable in use: methods return new
// values. They hold no pointer or slice, so a copy is a value of its own
// (a Game copied in the middle of a turn and acted on twice gives two
// games that know nothing of each other), and they can be shared between
// goroutines freely. A [Record] and
// an [Action] are plain structs whose slices and pointers (the actions and
// their steps, a record's setup, seed and fair proof) a copy of one
// shares with its original: the package only reads them, so one value can
// be read from many goroutines at once ([Replay], [Record.Recorder],
// [Game.Do]), and it keeps copies of its own of what it is given
// ([Recorder.Do], [Record.Recorder]) and gives copies of what it keeps
// ([Recorder.Record]). A slice a method returns is new, the caller's to
// change. The methods of the typed errors only read them, so an error
// value can be shared too. Only a [SeededDice] and a [Recorder] hold state
// and belong to one goroutine at a time; [CryptoDice] is safe for
// concurrent use.
//
// # Untrusted input
//
// Every reader of text or JSON has a size bound far above any valid input
// and refuses a longer input at once, so that hostile input costs a small,
// fixed amount of memory and time:
//
//   - [MaxTextLen] (256 bytes): the one-line parsers and UnmarshalText
//     methods;
//   - JSON: a [Rules] 4 KiB, an [Action] 4 KiB, a [Game] 16 KiB, a [Match]
//     17 KiB, a [Record] 16 MiB with at most [MaxRecordActions] actions;
//   - the readers of packages gnubg and xgid have their own.
//
// A [*SyntaxError] keeps at most 64 bytes of its input.
package nardy
