package nardy

import (
	"fmt"
	"strconv"
	"strings"
)

// XGID, the position and match text of eXtreme Gammon (XG):
//
//	XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10
//
// Ten fields separated by ':' after the optional "XGID=" prefix:
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
//  5. the dice: "00" not rolled yet, two digits 1..6 as rolled, or a cube
//     action awaiting an answer: "D" doubled, "B" beavered, "R" raccooned;
//  6. and 7. the scores of the bottom and of the top player;
//  8. in match play 1 for the Crawford game; in money play the sum of 1
//     (Jacoby rule) and 2 (beavers allowed);
//  9. the match length, 0 for money play;
//  10. the largest cube value as a power of two.
//
// In nardy the bottom player is [White] and the top player [Black].
//
// Sources: the field list of XG's XGID help page as restated by tools that
// read XGIDs (for example the ankigammon project's parser documentation),
// checked against GNU Backgammon 1.07, which reads XGIDs with "set xgid"
// (see xgid_test.go).

// XGAction is a cube action awaiting an answer, written in the dice field
// of an XGID.
type XGAction uint8

// The cube actions of the XGID dice field.
const (
	XGNoAction  XGAction = iota // the dice field holds dice or "00"
	XGDoubled                   // "D": doubled, the opponent must take or drop
	XGBeavered                  // "B": doubled and beavered
	XGRaccooned                 // "R": doubled, beavered and raccooned
)

// XGID is the content of an eXtreme Gammon XGID (see the field list above
// [XGAction]). Fields indexed by Color use White for the bottom player and
// Black for the top player.
type XGID struct {
	// Position holds the checkers (short nardy). Its Turn is the player
	// that the turn field names: White for 1, Black for -1. With a cube
	// action pending (Action not XGNoAction), XG names there the player
	// who must answer it.
	Position Position
	// CubeValue is the value of the cube, a power of two from 1 to MaxCube.
	CubeValue int
	// CubeCentred reports a centred cube (cube position 0); CubeOwner is
	// then White.
	CubeCentred bool
	// CubeOwner is the player who owns the cube when it is not centred.
	CubeOwner Color
	// Dice are the dice as written (in that order), each 1..6, or both 0
	// when they are not rolled ("00", or a cube action).
	Dice [2]int
	// Action is a cube action awaiting an answer; Dice are then zero.
	Action XGAction
	// Score is each player's score, indexed by Color (White is the bottom
	// player, the first score of the XGID).
	Score [2]int
	// Crawford reports the Crawford game; match play only.
	Crawford bool
	// Jacoby reports the Jacoby rule; money play only.
	Jacoby bool
	// Beaver reports that beavers are allowed; money play only.
	Beaver bool
	// MatchLength is the match length, 0 for money play.
	MatchLength int
	// MaxCube is the largest cube value, a power of two from 1 to 32768.
	MaxCube int
}

// xgMaxLog2 bounds the cube exponents this package reads: 2^15 = 32768, the
// largest cube a GNU Backgammon Match ID can hold.
const xgMaxLog2 = 15

// xgPrefix starts an XGID as XG writes it.
const xgPrefix = "XGID="

// validate checks the fields; the Position is checked by appendXGIDPosition.
func (x XGID) validate() error {
	log2 := func(v int) int {
		for e := 0; e <= xgMaxLog2; e++ {
			if v == 1<<e {
				return e
			}
		}
		return -1
	}
	switch {
	case log2(x.MaxCube) < 0:
		return fmt.Errorf("max cube %d: want a power of two from 1 to %d", x.MaxCube, 1<<xgMaxLog2)
	case log2(x.CubeValue) < 0 || x.CubeValue > x.MaxCube:
		return fmt.Errorf("cube value %d: want a power of two from 1 to the max cube %d", x.CubeValue, x.MaxCube)
	case !x.CubeOwner.IsValid() || x.CubeCentred && x.CubeOwner != White:
		return fmt.Errorf("cube owner %d: want White or Black, White when centred", x.CubeOwner)
	case x.Action > XGRaccooned:
		return fmt.Errorf("cube action %d: want 0..3", x.Action)
	case x.Action != XGNoAction && x.Dice != [2]int{}:
		return fmt.Errorf("dice %v with a cube action: want none", x.Dice)
	case x.Dice != [2]int{} && (x.Dice[0] < 1 || x.Dice[0] > 6 || x.Dice[1] < 1 || x.Dice[1] > 6):
		return fmt.Errorf("dice %v: want both 1..6 or both 0", x.Dice)
	case x.MatchLength < 0:
		return fmt.Errorf("match length %d: want 0 (money) or more", x.MatchLength)
	case x.Score[0] < 0 || x.Score[1] < 0:
		return fmt.Errorf("score %d-%d: want 0 or more", x.Score[0], x.Score[1])
	case x.MatchLength > 0 && (x.Score[0] >= x.MatchLength || x.Score[1] >= x.MatchLength):
		return fmt.Errorf("score %d-%d: want each below the match length %d", x.Score[0], x.Score[1], x.MatchLength)
	case x.MatchLength > 0 && (x.Jacoby || x.Beaver):
		return fmt.Errorf("the Jacoby and beaver flags belong to money play")
	case x.MatchLength == 0 && x.Crawford:
		return fmt.Errorf("the Crawford flag belongs to match play")
	}
	return nil
}

// FormatXGID returns the XGID text of x with the "XGID=" prefix. It fails
// (with an error matching [ErrSyntax], or [ErrInvalidPosition] or
// [ErrVariantMismatch] for the position) when a field cannot be written:
// see the field comments of [XGID].
func FormatXGID(x XGID) (string, error) {
	b, err := x.AppendText(make([]byte, 0, 64))
	return string(b), err
}

// AppendText implements encoding.TextAppender with the form of FormatXGID.
func (x XGID) AppendText(b []byte) ([]byte, error) {
	if !x.Position.IsValid() {
		return b, positionError(errZeroPosition, "no XGID")
	}
	if x.Position.variant != Short {
		return b, fmt.Errorf("%w: an XGID describes short nardy only, not %v", ErrVariantMismatch, x.Position.variant)
	}
	if err := x.validate(); err != nil {
		type fields XGID // without the String method
		return b, syntaxError("XGID fields", fmt.Sprintf("%+v", fields(x)), -1, "%v", err)
	}
	b = append(b, xgPrefix...)
	b = appendXGIDPosition(b, x.Position)
	exp := func(v int) int {
		e := 0
		for v > 1 {
			v >>= 1
			e++
		}
		return e
	}
	sign := func(c Color) int { return 1 - 2*int(c) } // White 1, Black -1
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
	case x.Action != XGNoAction:
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
	for _, v := range [...]int{x.Score[White], x.Score[Black], cj, x.MatchLength, exp(x.MaxCube)} {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return b, nil
}

// appendXGIDPosition appends the 26 checker characters of a short position.
func appendXGIDPosition(b []byte, p Position) []byte {
	w, k := p.Side(White), p.Side(Black)
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
	put(k.Bar, false)
	for i := 1; i <= 24; i++ {
		// A place holds checkers of one side only (NewPosition checks it).
		if n := w.Points[i-1]; n > 0 {
			put(n, true)
		} else {
			put(k.Points[25-i-1], false)
		}
	}
	put(w.Bar, true)
	return b
}

// String returns the XGID text (see [FormatXGID]), or a text that starts
// with "invalid XGID" when a field cannot be written.
func (x XGID) String() string {
	s, err := FormatXGID(x)
	if err != nil {
		return "invalid XGID: " + err.Error()
	}
	return s
}

// MarshalText implements encoding.TextMarshaler.
func (x XGID) MarshalText() ([]byte, error) { return x.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseXGID].
func (x *XGID) UnmarshalText(text []byte) error {
	if err := checkText("XGID", text); err != nil {
		return err
	}
	v, err := ParseXGID(string(text))
	if err != nil {
		return err
	}
	*x = v
	return nil
}

// ParseXGID parses an XGID, with or without the "XGID=" prefix. Numbers must
// be written as XG writes them (no sign but '-', no leading zeros), so that
// [FormatXGID] of the result gives the same text back (with the prefix).
// Malformed text gives an error matching [ErrSyntax]; checkers that make no
// position (more than 15 for a side, a point held by both) an error
// matching [ErrSyntax] or [ErrInvalidPosition]. It reads at most
// [MaxTextLen] bytes.
func ParseXGID(s string) (XGID, error) {
	const what = "XGID"
	if err := checkText(what, s); err != nil {
		return XGID{}, err
	}
	body := strings.TrimPrefix(s, xgPrefix)
	base := len(s) - len(body)
	fields := strings.SplitN(body, ":", 11) // one more than wanted, to see it
	if len(fields) != 10 {
		return XGID{}, syntaxError(what, s, -1, "want 10 fields separated by ':', have %d", strings.Count(body, ":")+1)
	}
	offs := make([]int, 10)
	for i, off := 1, base; i < 10; i++ {
		off += len(fields[i-1]) + 1
		offs[i] = off
	}
	offs[0] = base
	var x XGID
	num := func(i, lo, hi int, name string) (int, error) {
		f := fields[i]
		v, err := strconv.Atoi(f)
		if err != nil || strconv.Itoa(v) != f || v < lo || v > hi {
			return 0, syntaxError(what, s, offs[i], "%s %q: want an integer %d..%d", name, f, lo, hi)
		}
		return v, nil
	}

	// Field 1: the checkers.
	pos := fields[0]
	if len(pos) != 26 {
		return XGID{}, syntaxError(what, s, base, "the checkers field has %d characters, want 26", len(pos))
	}
	var w, k Side
	for i := 0; i < 26; i++ {
		c := pos[i]
		n, upper := 0, false
		switch {
		case c == '-':
		case c >= 'A' && c <= 'O':
			n, upper = int(c-'A')+1, true
		case c >= 'a' && c <= 'o':
			n = int(c-'a') + 1
		default:
			return XGID{}, syntaxError(what, s, base+i, "%q: want '-', A-O or a-o", c)
		}
		switch {
		case n == 0:
		case i == 0 && upper, i == 25 && !upper:
			return XGID{}, syntaxError(what, s, base+i, "%q on the other player's bar", c)
		case i == 0:
			k.Bar = n
		case i == 25:
			w.Bar = n
		case upper:
			w.Points[i-1] = n
		default:
			k.Points[25-i-1] = n
		}
	}
	for _, sd := range [2]*Side{&w, &k} {
		n := sd.Total()
		if n > Checkers {
			return XGID{}, syntaxError(what, s, base, "a player has %d checkers, more than %d", n, Checkers)
		}
		sd.Off = Checkers - n
	}

	cube, err := num(1, 0, xgMaxLog2, "cube exponent")
	if err != nil {
		return XGID{}, err
	}
	x.CubeValue = 1 << cube
	owner, err := num(2, -1, 1, "cube position")
	if err != nil {
		return XGID{}, err
	}
	switch owner {
	case 1:
		x.CubeOwner = White
	case -1:
		x.CubeOwner = Black
	default:
		x.CubeCentred = true
	}
	turn, err := num(3, -1, 1, "turn")
	if err != nil {
		return XGID{}, err
	}
	if turn == 0 {
		return XGID{}, syntaxError(what, s, offs[3], "turn 0: want 1 or -1")
	}
	switch d := fields[4]; {
	case d == "00":
	case d == "D":
		x.Action = XGDoubled
	case d == "B":
		x.Action = XGBeavered
	case d == "R":
		x.Action = XGRaccooned
	case len(d) == 2 && d[0] >= '1' && d[0] <= '6' && d[1] >= '1' && d[1] <= '6':
		x.Dice = [2]int{int(d[0] - '0'), int(d[1] - '0')}
	default:
		return XGID{}, syntaxError(what, s, offs[4], "dice %q: want 00, two dice 1-6, D, B or R", d)
	}
	if x.Score[White], err = num(5, 0, 1<<30, "score"); err != nil {
		return XGID{}, err
	}
	if x.Score[Black], err = num(6, 0, 1<<30, "score"); err != nil {
		return XGID{}, err
	}
	cj, err := num(7, 0, 3, "Crawford/Jacoby")
	if err != nil {
		return XGID{}, err
	}
	if x.MatchLength, err = num(8, 0, 1<<30, "match length"); err != nil {
		return XGID{}, err
	}
	maxCube, err := num(9, 0, xgMaxLog2, "max cube exponent")
	if err != nil {
		return XGID{}, err
	}
	x.MaxCube = 1 << maxCube
	if x.MatchLength > 0 {
		if cj > 1 {
			return XGID{}, syntaxError(what, s, offs[7], "Crawford flag %d in match play: want 0 or 1", cj)
		}
		x.Crawford = cj == 1
	} else {
		x.Jacoby, x.Beaver = cj&1 != 0, cj&2 != 0
	}
	if err := x.validate(); err != nil {
		return XGID{}, syntaxError(what, s, -1, "%v", err)
	}
	mover := White
	if turn == -1 {
		mover = Black
	}
	me, opp := w, k
	if mover == Black {
		me, opp = k, w
	}
	if x.Position, err = NewPosition(Short, mover, me, opp); err != nil {
		return XGID{}, err
	}
	return x, nil
}
