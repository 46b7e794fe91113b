// Package xgid reads and writes the XGID of eXtreme Gammon (XG), the text
// that holds a short-nardy (backgammon) position with its cube, dice and
// match score, built on the public API of package nardy:
//
//	XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10
//
// Ten fields separated by ':' after the optional "XGID=" prefix ([Parse]
// reads it in any case, and an XGID as pasted, with spaces or quotes
// around it and text after it, as GNU Backgammon 1.07 does; text before it,
// such as "Position: XGID=...", is refused):
//
//  1. the checkers, 26 characters: character 0 is the top player's bar,
//     characters 1..24 are the points 1..24 numbered from the bottom
//     player's side, character 25 is the bottom player's bar; '-' is an
//     empty place, 'A'..'O' are 1..15 checkers of the bottom player and
//     'a'..'o' 1..15 of the top player;
//  2. the cube value as a power of two (0 is 1, 1 is 2, ...);
//  3. the cube position: 1 the bottom player owns it, -1 the top player, 0
//     centred;
//  4. the turn: 1 the bottom player, -1 the top player;
//  5. the dice: "00" the player on turn is to roll or double, two digits
//     1..6 as that player rolled them, or a cube action of that player
//     awaiting an answer: "D" the player on turn doubled and the other
//     must take or pass, "B" the other beavered, "R" the player on turn
//     raccooned the beaver; with an action the cube fields hold the cube
//     as it was before the double;
//  6. and 7. the scores of the bottom and of the top player;
//  8. in match play 1 for the Crawford game (a match of 2 points or more,
//     a score one short of the length, the cube at 1, no double); in money
//     play the sum of 1 (Jacoby rule) and 2 (beavers allowed);
//  9. the match length, 0 for money play;
//  10. the largest cube value as a power of two.
//
// Here the bottom player is [nardy.White] and the top player
// [nardy.Black]. [Parse] reads an XGID into an [ID], [Format] and
// [ID.String] write one; [ID.Game] is the game it describes, for a hint
// or a bot's action at its position.
//
// Sources: the field list of XG's XGID help page as restated by tools that
// read XGIDs (for example the ankigammon project's parser documentation),
// checked against GNU Backgammon 1.07, which reads XGIDs with "set xgid"
// (see the tests, and the differential test of package nardy). With a
// cube action, gnubg 1.07 steps back to the offer and gives the cube
// decision to the player on turn: the doubler, as the help page's "D:
// player has doubled, opponent must take or drop" says.
//
// Errors match the sentinels of package nardy with errors.Is: malformed
// text [nardy.ErrSyntax] (a [*nardy.SyntaxError] keeps at most 64 bytes of
// the input), checkers that make no position [nardy.ErrInvalidPosition], a
// position of long nardy [nardy.ErrVariantMismatch]. [Parse] reads at most
// [nardy.MaxTextLen] bytes.
//
// An [ID] is a plain value, safe to share between goroutines, and the
// functions keep no state: calls from several goroutines at once are safe.
package xgid

import (
	"fmt"
	"strconv"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
)

// CubeAction is a cube action awaiting an answer, written in the dice field
// of an XGID.
type CubeAction uint8

// The cube actions of the XGID dice field.
const (
	NoAction  CubeAction = iota // the dice field holds dice or "00"
	Doubled                     // "D": the player on turn doubled, the opponent must take or pass
	Beavered                    // "B": doubled, and the opponent beavered
	Raccooned                   // "R": doubled, beavered, and the player on turn raccooned
)

// ID is the content of an XGID (see the field list of the package
// documentation). Fields indexed by Color use White for the bottom player
// and Black for the top player.
type ID struct {
	// Position holds the checkers (short nardy). Its player on roll is
	// the one the turn field names: White for 1, Black for -1. With a cube
	// action pending (Action not NoAction) it is the player who doubled,
	// who rolls next if the double is taken; the other player must answer.
	Position nardy.Position
	// CubeValue is the value of the cube, a power of two from 1 to MaxCube.
	// With a cube action pending it is the value before the double, and
	// the cube the action gives (twice it, four times it for a beaver,
	// eight times for a raccoon) must not pass MaxCube.
	CubeValue int
	// CubeCentred reports a centred cube (cube position 0); CubeOwner is
	// then White.
	CubeCentred bool
	// CubeOwner is the player who owns the cube when it is not centred.
	// With a cube action pending the cube is centred or the doubler's.
	CubeOwner nardy.Color
	// Dice are the dice as written (in that order), each 1..6, or both 0
	// when they are not rolled ("00", or a cube action).
	Dice [2]int
	// Action is a cube action awaiting an answer; Dice are then zero. A
	// beaver or raccoon needs money play with beavers allowed, and no
	// action is pending in the Crawford game.
	Action CubeAction
	// Score is each player's score, indexed by Color (White is the bottom
	// player, the first score of the XGID), each 0 to
	// [nardy.MaxMatchLength].
	Score [2]int
	// Crawford reports the Crawford game: match play of 2 points or more,
	// one player's score one short of the length, the cube at 1 and no
	// cube action, as for a GNU Backgammon Match ID.
	Crawford bool
	// Jacoby reports the Jacoby rule; money play only.
	Jacoby bool
	// Beaver reports that beavers are allowed; money play only.
	Beaver bool
	// MatchLength is the match length, 0 for money play, at most
	// [nardy.MaxMatchLength] (what Parse reads).
	MatchLength int
	// MaxCube is the largest cube value, a power of two from 1 to 32768.
	MaxCube int
}

// maxLog2 bounds the cube exponents this package reads: 2^15 = 32768, the
// largest cube a GNU Backgammon Match ID can hold.
const maxLog2 = 15

// prefix starts an XGID as XG writes it.
const prefix = "XGID="

// validate checks the fields; the Position is checked by AppendText, and
// only its player on roll is read here.
func (x ID) validate() error {
	log2 := func(v int) int {
		for e := 0; e <= maxLog2; e++ {
			if v == 1<<e {
				return e
			}
		}
		return -1
	}
	switch {
	case log2(x.MaxCube) < 0:
		return fmt.Errorf("max cube %d: want a power of two from 1 to %d", x.MaxCube, 1<<maxLog2)
	case log2(x.CubeValue) < 0 || x.CubeValue > x.MaxCube:
		return fmt.Errorf("cube value %d: want a power of two from 1 to the max cube %d", x.CubeValue, x.MaxCube)
	case !x.CubeOwner.IsValid() || x.CubeCentred && x.CubeOwner != nardy.White:
		return fmt.Errorf("cube owner %d: want White or Black, White when centred", x.CubeOwner)
	case x.Action > Raccooned:
		return fmt.Errorf("cube action %d: want 0..3", x.Action)
	case x.Action != NoAction && x.Dice != [2]int{}:
		return fmt.Errorf("dice %v with a cube action: want none", x.Dice)
	case x.Dice != [2]int{} && (x.Dice[0] < 1 || x.Dice[0] > 6 || x.Dice[1] < 1 || x.Dice[1] > 6):
		return fmt.Errorf("dice %v: want both 1..6 or both 0", x.Dice)
	case x.MatchLength < 0 || x.MatchLength > nardy.MaxMatchLength:
		return fmt.Errorf("match length %d: want 0 (money) to %d", x.MatchLength, nardy.MaxMatchLength)
	case x.Score[0] < 0 || x.Score[1] < 0 || x.Score[0] > nardy.MaxMatchLength || x.Score[1] > nardy.MaxMatchLength:
		return fmt.Errorf("score %d-%d: want each 0 to %d", x.Score[0], x.Score[1], nardy.MaxMatchLength)
	case x.MatchLength > 0 && (x.Score[0] >= x.MatchLength || x.Score[1] >= x.MatchLength):
		return fmt.Errorf("score %d-%d: want each below the match length %d", x.Score[0], x.Score[1], x.MatchLength)
	case x.MatchLength > 0 && (x.Jacoby || x.Beaver):
		return fmt.Errorf("the Jacoby and beaver flags belong to money play")
	case x.MatchLength == 0 && x.Crawford:
		return fmt.Errorf("the Crawford flag belongs to match play")
	case x.Crawford && (x.MatchLength < 2 || x.Score[0] != x.MatchLength-1 && x.Score[1] != x.MatchLength-1):
		return fmt.Errorf("a Crawford game needs a match of 2 points or more and a score one short of the length; have length %d, score %d-%d", x.MatchLength, x.Score[0], x.Score[1])
	case x.Crawford && (x.CubeValue != 1 || x.Action != NoAction):
		return fmt.Errorf("cube %d with action %s in the Crawford game, where no one doubles: want cube 1, no action", x.CubeValue, actionText(x.Action))
	case x.Action >= Beavered && (x.MatchLength > 0 || !x.Beaver):
		return fmt.Errorf("a beaver or raccoon (action %d) needs money play with beavers allowed", x.Action)
	case x.Action != NoAction && x.CubeValue<<x.Action > x.MaxCube:
		return fmt.Errorf("cube action %s on cube %d goes past the max cube %d", actionText(x.Action), x.CubeValue, x.MaxCube)
	case x.Action != NoAction && !x.CubeCentred && x.CubeOwner != x.Position.OnRoll():
		return fmt.Errorf("a double by %v, who does not hold the cube: the player on turn doubles", x.Position.OnRoll())
	}
	return nil
}

// Format returns the XGID text of x with the "XGID=" prefix. It fails
// (with an error matching [nardy.ErrSyntax], or [nardy.ErrInvalidPosition]
// or [nardy.ErrVariantMismatch] for the position) when a field cannot be
// written: see the field comments of [ID].
func Format(x ID) (string, error) {
	b, err := x.AppendText(make([]byte, 0, 64))
	return string(b), err
}

// AppendText implements encoding.TextAppender with the form of [Format].
func (x ID) AppendText(b []byte) ([]byte, error) {
	if err := formats.CheckShort(x.Position, "an XGID"); err != nil {
		return b, err
	}
	if err := x.validate(); err != nil {
		return b, formats.FieldsError("an XGID", err)
	}
	b = append(b, prefix...)
	b = appendPosition(b, x.Position)
	exp := func(v int) int {
		e := 0
		for v > 1 {
			v >>= 1
			e++
		}
		return e
	}
	sign := func(c nardy.Color) int { return 1 - 2*int(c) } // White 1, Black -1
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(exp(x.CubeValue)), 10)
	b = append(b, ':')
	if x.CubeCentred {
		b = append(b, '0')
	} else {
		b = strconv.AppendInt(b, int64(sign(x.CubeOwner)), 10)
	}
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(sign(x.Position.OnRoll())), 10)
	b = append(b, ':')
	switch {
	case x.Action != NoAction:
		b = append(b, " DBR"[x.Action])
	default:
		b = append(b, byte('0'+x.Dice[0]), byte('0'+x.Dice[1]))
	}
	cj := 0
	switch {
	case x.Crawford:
		cj = 1
	case x.Jacoby || x.Beaver:
		cj = int(b2u(x.Jacoby) + 2*b2u(x.Beaver))
	}
	for _, v := range [...]int{x.Score[nardy.White], x.Score[nardy.Black], cj, x.MatchLength, exp(x.MaxCube)} {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return b, nil
}

// appendPosition appends the 26 checker characters of a short position.
func appendPosition(b []byte, p nardy.Position) []byte {
	w, k := formats.Counts(p.Side(nardy.White)), formats.Counts(p.Side(nardy.Black))
	put := func(n int, upper bool) {
		switch {
		case n == 0:
			b = append(b, '-')
		case upper:
			b = append(b, byte('A'+n-1))
		default:
			b = append(b, byte('a'+n-1))
		}
	}
	put(k[nardy.Bar], false)
	for i := 1; i <= 24; i++ {
		// A place holds checkers of one side only (NewPosition checks it).
		if n := w[i]; n > 0 {
			put(n, true)
		} else {
			put(k[25-i], false)
		}
	}
	put(w[nardy.Bar], true)
	return b
}

// String returns the XGID text (see [Format]), or a text that starts with
// "invalid XGID" when a field cannot be written.
func (x ID) String() string {
	s, err := Format(x)
	if err != nil {
		return "invalid XGID: " + err.Error()
	}
	return s
}

// MarshalText implements encoding.TextMarshaler.
func (x ID) MarshalText() ([]byte, error) { return x.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with [Parse].
// Called on a nil *ID it panics, as encoding/json never calls it.
func (x *ID) UnmarshalText(text []byte) error {
	if err := checkLen(text); err != nil {
		return err
	}
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*x = v
	return nil
}

// checkLen refuses a text longer than nardy.MaxTextLen, unread.
func checkLen[T string | []byte](s T) error {
	if len(s) > nardy.MaxTextLen {
		return formats.SyntaxError("XGID", s, nardy.MaxTextLen, "longer than %d bytes", nardy.MaxTextLen)
	}
	return nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// actionText names a cube action as the XGID's dice field writes it.
func actionText(a CubeAction) string {
	switch a {
	case NoAction:
		return "none"
	case Doubled:
		return "D (doubled)"
	case Beavered:
		return "B (beavered)"
	case Raccooned:
		return "R (raccooned)"
	}
	return fmt.Sprintf("%d", a)
}
