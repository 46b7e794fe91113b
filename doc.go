// Package nardy knows the rules of long nardy (длинные нарды, uzun tavla) and
// short nardy (backgammon) exactly, and generates and checks their moves fast.
// The rules it implements are those of RULES.md in the project's shared
// folder; rule ids such as L4 or C5 in the documentation refer to it.
//
// # The board
//
// Each player has 15 checkers and travels the 24 points of the board along
// its own route. Every point number in this package is in the own numbering
// of one player: its checkers enter the route at its point 24 and leave the
// board past its point 1; its home is its points 1..6. Two extra places
// complete the numbering: [Off] (0), where borne-off checkers go, and [Bar]
// (25), where hit checkers wait to enter again in short nardy.
//
// In long nardy ([Long]) all 15 checkers of a player start on its point 24,
// the [Head] (L1). Both players travel the board the same way round, so the
// opponent's own point q is the mover's point q-12 (q > 12) or q+12 (q <= 12)
// and the opponent's head is the mover's point 12. Nothing is ever hit: a
// single checker holds a point (L2). In short nardy ([Short], standard
// backgammon) the players travel in opposite directions and the opponent's
// point q is the mover's 25-q. [OpponentPoint] converts a point number from
// one numbering to the other.
//
// # Positions
//
// A [Position] is a small comparable value: both players' checkers, each side
// in its own numbering ([Side]), and whose turn it is. It holds no dice and no
// rule options; == compares positions and a Position can be a map key. The
// methods see the board from the player on roll, the mover:
// [Position.Mover] and [Position.Opponent] return the two sides, and
// [Position.Side] returns the side of a [Color].
//
// Make positions with [StartPosition], [NewPosition] (from counts, checked:
// a position that breaks the rules is an error, never repaired) or
// [ParsePosition], which reads the text form of [Position.String]:
//
//	long w 00000000000000000000000f00/00000000000000000000000f00
//
// that is the variant, the player on roll (w or b) and the key of
// [Position.Key]: the mover's 24 point counts, bar and off in hexadecimal,
// a slash and the same for the opponent. [ParseKey] reads a bare key,
// [MustParsePosition] is for tests and literals, and [Position.MarshalText]
// and [Position.UnmarshalText] give JSON the same form. [Position.Drawing]
// draws the board for people. [Position.Winner], [Position.IsOver] and
// [Position.Pips] answer the usual questions.
//
// # Rules and plays
//
// A [Rules] value is the game and its options: [HeadException] (L4: [Classic],
// [Doubles] or [Literal]), TransientBlock (L5), [BlockAhead] (L5: [OnRoute]
// or [OpponentHome]) and [OpeningRoll] (C2: [Reroll] or [UseOpeningDice]).
// [DefaultRules] gives the defaults of a variant; package variants holds the
// named presets. [Rules.Validate] checks a rule set and [Rules.CheckPosition]
// checks a position under it (a long-nardy mover may not already hold a
// forbidden six-block).
//
// A [Roll] is two dice ([NewRoll], [MustRoll], [ParseRoll]); [AllRolls] lists
// the 21 distinct rolls with their weights. A play is the whole turn made with
// one roll: a [Play] holds up to four [Step] values (from, to, die, hit) and
// the position they give. Two step sequences that give the same position are
// the same play (C8), so [Rules.Legal] and [Rules.AppendLegal] list each
// resulting position once, with one canonical step sequence, in a documented
// order. Every listed play uses as many dice as the rules demand and the
// larger die when only one can be played (C5). [Play.Result] is the position
// after the play with the opponent on roll.
// [Rules.AppendLegal] does not allocate when its buffer has room for
// [MaxPlays] plays.
//
// [Rules.Apply] plays a play on a position and returns the new position;
// [Rules.PlayOf] turns a step sequence made elsewhere into a Play. Both check
// every rule and return a [*RuleError] naming the rule a refused play breaks.
//
// A user interface that moves one checker at a time uses [Rules.NewTurn]: a
// [Turn] offers only the single steps that extend to a legal whole play
// ([Turn.NextSteps], [Turn.AppendNextSteps]), takes a step ([Turn.Step],
// [Turn.Move]), takes it back ([Turn.Undo]), knows when the play is complete
// ([Turn.Done]) and which dice are lost ([Turn.Forfeited]), and returns the
// finished [Turn.Play].
//
// The package-level [Legal], [AppendLegal], [Apply] and [NewTurn] use the
// default rules of the position's variant. [Perft] and [PerftParallel] count
// the leaves of the tree of all 21 rolls and all plays to a given depth, a
// check of the generator against published figures.
//
// # Notation and exchange formats
//
// [Play.String] and [Play.AppendNotation] write a play in the standard
// notation ("24/18 13/11", "bar/22*", "6/off", "8/5(2)"; long nardy uses the
// mover's own point numbers), and [ParsePlay] reads such text tolerantly
// into the legal play of a position and roll it means ([errNoSuchPlay],
// [errAmbiguousPlay] otherwise). [NoPlay] is the text of the empty play.
// The exchange formats of other programs live in their own packages, built
// on this one: package gnubg (github.com/nardylab/nardy/gnubg) for GNU
// Backgammon's Position ID, Match ID and the .mat match file, package xgid
// for eXtreme Gammon's XGID.
//
// # Games and matches
//
// On top of positions and plays, a [Game] is one game as a state machine
// value: the opening throw, rolls from a [DiceSource] or set by a server,
// plays whole or step by step, the doubling [Cube] (S6) and resignations,
// each an [Action] checked against the phase and the rules ([Game.Do]),
// until the [Result]. [Classify] names the [ResultKind] of a finished game
// (oin, mars, home mars, koks; L8, L9, S5) and a [Scoring] table gives its
// points. A [Match] adds games up to a length (L10, the Crawford rule).
// A Game and a Match write their whole state as JSON, for a server to keep;
// [Recorder] writes a [Record] of the actions and [Replay] checks one again.
//
// # Dice
//
// Nothing in the package reads a global random source: randomness is an
// input. A [DiceSource] throws dice: [NewSeededDice] gives a deterministic
// [SeededDice] for replays and tests, [CryptoDice] uses crypto/rand. [Throw]
// throws a roll and [ThrowOpening] plays the opening throw of C2 and returns
// an [Opening].
//
// # Errors
//
// Errors never come as panics for user data. Every error matches a sentinel
// with errors.Is: [ErrInvalidPosition], [ErrInvalidRoll], [ErrInvalidRules],
// [ErrVariantMismatch], [ErrSyntax], [ErrIllegalPlay] or [ErrGameOver]. The
// typed errors [*PositionError], [*RuleError] and [*SyntaxError] carry the
// details (errors.As): a RuleError says which rule (such as "L3") a play
// breaks and its Reason matches a sentinel such as [errHeadRule],
// [errSixBlock], [errPointClosed], [errMaxDice] or [errLargerDie].
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
