// Package gnubg reads and writes the exchange formats of GNU Backgammon
// for short nardy (backgammon), built on the public API of package nardy:
//
//   - the Position ID, 14 characters for the checkers ([PositionID],
//     [ParsePositionID]; the start is "4HPwATDgc/ABMA");
//   - the Match ID, 12 characters for the cube, the dice, the score and the
//     game state ([MatchID], [ParseMatchID], [FormatMatchID]); [Game] is
//     the game a Position ID and a Match ID describe, for a hint or a
//     bot's action at the position, [SplitID] finds the two in text
//     pasted from gnubg ("gnubg ID: 4HPwATDgc/ABMA:cAkAAAAAAAAA"), and
//     [FromMatch] and [FromGame] write the two IDs of a game as it stands;
//   - the .mat match file of Jellyfish, also written and read by GNU
//     Backgammon, eXtreme Gammon, Snowie and BGBlitz ([ReadMat], [WriteMat];
//     [ReadMatSession] for a money session of several games).
//
// The layouts of the IDs are those of the GNU Backgammon manual ("A
// technical description of the Position ID" and "... of the Match ID");
// the tests check IDs and .mat files against GNU Backgammon 1.07 itself.
// gnubg's player 0 (the left column of a .mat file, named "gnubg" by
// default) is [nardy.White] and its player 1 is [nardy.Black]. gnubg's
// letters for them differ by interface: its Python match() record calls
// player 0 X, but its text board ("show board") draws player 0 as O at
// the top and player 1 as X at the bottom, the reverse of
// [nardy.Position.Drawing], where White is X.
//
// Errors match the sentinels of package nardy with errors.Is: malformed
// text [nardy.ErrSyntax] (a [*nardy.SyntaxError] keeps at most 64 bytes of
// the input), a position that cannot be [nardy.ErrInvalidPosition], a
// position of long nardy [nardy.ErrVariantMismatch]; the content of a .mat
// file that the rules refuse [ErrMat] (and [nardy.ErrActionRefused] too for
// an illegal play or cube action), and
// also [ErrMatRules] where other rules may explain it, inside a
// [*MatError] that gives the line. Every reader has a size bound: the IDs
// have a fixed length (a text of more than 56 bytes for a Position ID, 48
// for a Match ID, [nardy.MaxTextLen] for [SplitID], is refused unread),
// and [ReadMat] and [ReadMatSession] stop at
// [MaxMatBytes], [MaxMatLine] and [MaxMatTags].
//
// A [MatchID], a [MatInfo] and a [MatError] are plain values (a MatInfo's
// tags only read), safe to share between goroutines, and the functions keep no
// state: calls from several goroutines at once are safe, each with its
// own reader or writer.
package gnubg
