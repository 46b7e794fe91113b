package nardy

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math/bits"
)

// GNU Backgammon Position ID and Match ID, with the bit layouts of the GNU
// Backgammon manual ("A technical description of the Position ID" and "A
// technical description of the Match ID", Technical Notes of the manual).
// Both are the unpadded standard Base64 encoding of a little-endian bit
// string: the first bit of the string is the least significant bit of the
// first byte.

// gnubgBase64 is the alphabet of both IDs: standard Base64 without padding.
// Strict decoding refuses nonzero bits in the unused tail of the last
// character, so every ID that decodes has exactly one spelling.
var gnubgBase64 = base64.RawStdEncoding.Strict()

// Lengths of the IDs and of their binary keys.
const (
	PositionIDLen = 14 // characters of a Position ID (80-bit key)
	MatchIDLen    = 12 // characters of a Match ID (66-bit key in 9 bytes)
)

// PositionID returns the GNU Backgammon Position ID of a short-nardy
// position: 14 Base64 characters encoding the 80-bit key. The key lists, for
// the player NOT on roll and then for the player on roll, each in its own
// numbering from point 1 to point 24 and then the bar, a 1 bit per checker
// followed by a 0 bit; borne-off checkers are not written; the string is
// padded with 0 bits to 80. The start position is "4HPwATDgc/ABMA".
//
// The ID does not say which colour is on roll. A long-nardy position has no
// Position ID: the error matches [ErrVariantMismatch]; the zero Position
// gives an error matching [ErrInvalidPosition].
func PositionID(p Position) (string, error) {
	if !p.IsValid() {
		return "", positionError(errZeroPosition, "no Position ID")
	}
	if p.variant != Short {
		return "", fmt.Errorf("%w: a Position ID describes short nardy only, not %v", ErrVariantMismatch, p.variant)
	}
	var key [10]byte
	n := 0 // next bit
	for _, h := range [2]half{p.opp, p.mover} {
		for q := 1; q <= 25; q++ { // points 1..24, then the bar (25)
			for c := h.get(q); c > 0; c-- {
				key[n>>3] |= 1 << (n & 7)
				n++
			}
			n++ // the 0 that ends the point
		}
	}
	return gnubgBase64.EncodeToString(key[:]), nil
}

// ParsePositionID parses a GNU Backgammon Position ID into a short-nardy
// position with White on roll: the second half of the key (the player on
// roll, in gnubg's reading) becomes White, the mover. Use
// [ParsePositionIDTurn] to put Black on roll.
func ParsePositionID(id string) (Position, error) {
	return ParsePositionIDTurn(id, White)
}

// ParsePositionIDTurn parses a GNU Backgammon Position ID (see [PositionID])
// into a short-nardy position whose player on roll, the second half of the
// key, has colour mover.
//
// Malformed IDs give an error matching [ErrSyntax]: a length other than 14
// (refused before the ID is read),
// a character outside the Base64 alphabet, nonzero unused bits at the end,
// more than 15 checkers for one side, or fewer than the 50 point-ending 0
// bits. Checker counts that no position has (a point held by both sides)
// give an error matching [ErrInvalidPosition]. Checkers a side does not have
// on the board or the bar are borne off.
func ParsePositionIDTurn(id string, mover Color) (Position, error) {
	const what = "Position ID"
	if len(id) != PositionIDLen {
		return Position{}, syntaxError(what, id, -1, "want %d characters, have %d", PositionIDLen, len(id))
	}
	var key [10]byte
	if err := decodeID(key[:], what, id); err != nil {
		return Position{}, err
	}
	var sides [2]Side // not on roll, on roll
	n := 0
	for i := range sides {
		s := &sides[i]
		total := 0
		for q := 1; q <= 25; q++ {
			c := 0
			for {
				if n >= 80 {
					return Position{}, syntaxError(what, id, -1, "the key ends inside the checkers of %s", idSideName(i))
				}
				bit := key[n>>3] >> (n & 7) & 1
				n++
				if bit == 0 {
					break
				}
				c++
			}
			total += c
			if total > Checkers {
				return Position{}, syntaxError(what, id, -1, "%s has more than %d checkers", idSideName(i), Checkers)
			}
			if q == 25 {
				s.Bar = c
			} else {
				s.Points[q-1] = c
			}
		}
		s.Off = Checkers - total
	}
	// The rest of the 80 bits is padding and must be zero.
	for ; n < 80; n++ {
		if key[n>>3]>>(n&7)&1 != 0 {
			return Position{}, syntaxError(what, id, -1, "nonzero padding bit %d after the last point", n+1)
		}
	}
	return NewPosition(Short, mover, sides[1], sides[0])
}

func idSideName(i int) string {
	if i == 0 {
		return "the player not on roll"
	}
	return "the player on roll"
}

// decodeID decodes the Base64 text id into key, which has the length id
// encodes. The Base64 decoder skips newlines; an ID may not hold them, so
// every character is checked first.
func decodeID(key []byte, what, id string) error {
	for i := 0; i < len(id); i++ {
		if !isBase64Char(id[i]) {
			return syntaxError(what, id, i, "%q is not a Base64 character (A-Z a-z 0-9 + /)", id[i])
		}
	}
	if _, err := gnubgBase64.Decode(key, []byte(id)); err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return syntaxError(what, id, int(ce), "the last character has nonzero unused bits")
		}
		return syntaxError(what, id, -1, "%v", err)
	}
	return nil
}

func isBase64Char(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
}

// GameState is the state of the game in a GNU Backgammon Match ID (bits 9-11).
type GameState uint8

// The game states of the Match ID.
const (
	GameNone     GameState = 0 // no game started
	GamePlaying  GameState = 1 // a game is being played
	GameOver     GameState = 2 // the game is over
	GameResigned GameState = 3 // the game was resigned
	GameDropped  GameState = 4 // the game ended by dropping a cube
)

// String returns the state in words, such as "playing".
func (g GameState) String() string {
	switch g {
	case GameNone:
		return "none"
	case GamePlaying:
		return "playing"
	case GameOver:
		return "over"
	case GameResigned:
		return "resigned"
	case GameDropped:
		return "dropped"
	}
	return fmt.Sprintf("GameState(%d)", uint8(g))
}

// Resignation is a resignation on offer in a GNU Backgammon Match ID
// (bits 14-15): what the resigning player gives up.
type Resignation uint8

// The resignations of the Match ID (RULES.md S5 names: oin, mars, koks).
const (
	ResignNone       Resignation = 0 // no resignation on offer
	ResignSingle     Resignation = 1 // a single game (oin)
	ResignGammon     Resignation = 2 // a gammon (mars)
	ResignBackgammon Resignation = 3 // a backgammon (koks)
)

// MatchID is the match and cube state that a GNU Backgammon Match ID holds
// (66 bits documented, 12 Base64 characters). gnubg's player 0 is [White] and player 1
// is [Black]; fields of type Color and the Score index use that mapping.
// The zero MatchID is not valid (its CubeValue is 0): start from
// [NewMatchID] or set CubeValue to 1.
//
// The ranges below are those GNU Backgammon 1.07 accepts in "set matchid":
// the key has room for more (a 32768-cube, a 32767-point match), but gnubg
// refuses such IDs, so [ParseMatchID] and [FormatMatchID] refuse them too.
type MatchID struct {
	// CubeValue is the value of the cube, a power of two from 1 to
	// MaxMatchIDCube (bits 1-4 hold its base-2 logarithm).
	CubeValue int
	// CubeCentred reports a centred cube (owner bits 11); CubeOwner is then
	// White (0).
	CubeCentred bool
	// CubeOwner is the player who owns the cube when it is not centred.
	CubeOwner Color
	// OnRoll is the player on roll or who rolled (bit 7, gnubg's dice
	// owner).
	OnRoll Color
	// Crawford reports that this game is the Crawford game (bit 8). Only a
	// match of 2 points or more in which a player's score is one short of
	// the length has a Crawford game, and its cube stays at 1.
	Crawford bool
	// State is the game state (bits 9-11).
	State GameState
	// Turn is the player who must act now (bit 12): OnRoll, or the
	// opponent when a double or resignation awaits its answer.
	Turn Color
	// Doubled reports a double on offer (bit 13).
	Doubled bool
	// Resigned is the resignation on offer, if any (bits 14-15); the
	// resigning player is the other one than Turn.
	Resigned Resignation
	// Dice are the two dice rolled (bits 16-18 and 19-21), each 1..6, or
	// both 0 when the dice have not been rolled. GNU Backgammon writes the
	// larger die first; [FormatMatchID] does the same whatever the order
	// here, and [ParseMatchID] gives the larger die first, so one state has
	// one ID.
	Dice [2]int
	// MatchLength is the length of the match, 0 for a money game, at most
	// MaxMatchIDLength (bits 22-36).
	MatchLength int
	// Score is the score of each player, indexed by Color (White is gnubg's
	// player 0) (bits 37-51 and 52-66): in a match at most MatchLength
	// each, in money play at most 32767.
	Score [2]int
	// Bit67 is the 67th bit of the key, one past the 66 the manual
	// documents. GNU Backgammon 1.07 sets it when the Jacoby rule is not in
	// force: always in match play, where the rule does not apply, and in
	// money sessions played without it; it clears it in money sessions
	// played with the Jacoby rule (observed, not documented). It is kept so
	// that every ID round-trips.
	Bit67 bool
}

// Limits of the Match ID fields that GNU Backgammon 1.07 accepts.
const (
	MaxMatchIDCube   = 4096 // the largest cube value
	MaxMatchIDLength = 64   // the longest match
)

// NewMatchID returns the state of a new money game with a centred 1-cube,
// White on roll, the dice not rolled and the game being played.
func NewMatchID() MatchID {
	return MatchID{CubeValue: 1, CubeCentred: true, State: GamePlaying}
}

// Bit offsets of the Match ID fields in the 66-bit key (0-based: the manual
// counts from 1).
const (
	midCube     = 0  // 4 bits: log2 of the cube value
	midOwner    = 4  // 2 bits: 0, 1, or 3 for centred
	midOnRoll   = 6  // 1 bit
	midCrawford = 7  // 1 bit
	midState    = 8  // 3 bits
	midTurn     = 11 // 1 bit
	midDoubled  = 12 // 1 bit
	midResign   = 13 // 2 bits
	midDie1     = 15 // 3 bits
	midDie2     = 18 // 3 bits
	midLength   = 21 // 15 bits
	midScore0   = 36 // 15 bits
	midScore1   = 51 // 15 bits
	midBit67    = 66 // 1 bit, undocumented (see MatchID.Bit67)
	midBits     = 67
	maxMatchNum = 1<<15 - 1
)

// validate checks every field against the ranges the Match ID can hold.
func (m MatchID) validate() error {
	switch {
	case m.CubeValue < 1 || m.CubeValue > MaxMatchIDCube || m.CubeValue&(m.CubeValue-1) != 0:
		return fmt.Errorf("cube value %d: want a power of two from 1 to %d", m.CubeValue, MaxMatchIDCube)
	case !m.CubeOwner.IsValid() || !m.OnRoll.IsValid() || !m.Turn.IsValid():
		return fmt.Errorf("a player is not White or Black")
	case m.CubeCentred && m.CubeOwner != White:
		return fmt.Errorf("a centred cube has no owner: CubeOwner must be White (0)")
	case m.State > GameDropped:
		return fmt.Errorf("game state %d: want 0..4", m.State)
	case m.Resigned > ResignBackgammon:
		return fmt.Errorf("resignation %d: want 0..3", m.Resigned)
	case (m.Dice[0] == 0) != (m.Dice[1] == 0):
		return fmt.Errorf("dice %d and %d: want both 0 (not rolled) or both 1..6", m.Dice[0], m.Dice[1])
	case m.Dice[0] < 0 || m.Dice[0] > 6 || m.Dice[1] < 0 || m.Dice[1] > 6:
		return fmt.Errorf("dice %d and %d: want both 0 (not rolled) or both 1..6", m.Dice[0], m.Dice[1])
	case m.MatchLength < 0 || m.MatchLength > MaxMatchIDLength:
		return fmt.Errorf("match length %d: want 0 (money) to %d", m.MatchLength, MaxMatchIDLength)
	case m.Score[0] < 0 || m.Score[0] > maxMatchNum || m.Score[1] < 0 || m.Score[1] > maxMatchNum:
		return fmt.Errorf("score %d-%d: want 0..%d each", m.Score[0], m.Score[1], maxMatchNum)
	case m.MatchLength > 0 && (m.Score[0] > m.MatchLength || m.Score[1] > m.MatchLength):
		return fmt.Errorf("score %d-%d is past the match length %d", m.Score[0], m.Score[1], m.MatchLength)
	case m.Crawford && (m.MatchLength < 2 || m.Score[0] != m.MatchLength-1 && m.Score[1] != m.MatchLength-1):
		return fmt.Errorf("a Crawford game needs a match of 2 points or more and a score one short of the length; have length %d, score %d-%d", m.MatchLength, m.Score[0], m.Score[1])
	case m.Crawford && m.CubeValue != 1:
		return fmt.Errorf("cube value %d in the Crawford game, where no one doubles: want 1", m.CubeValue)
	}
	return nil
}

// FormatMatchID returns the 12-character GNU Backgammon Match ID of m, or an
// error matching [ErrSyntax] when a field is out of the range GNU Backgammon
// accepts (see the field comments of [MatchID]). The larger die is written
// first, as gnubg writes it.
func FormatMatchID(m MatchID) (string, error) {
	if err := m.validate(); err != nil {
		type fields MatchID // without the String method, which calls FormatMatchID
		return "", syntaxError("Match ID fields", fmt.Sprintf("%+v", fields(m)), -1, "%v", err)
	}
	var k midKey
	k.put(midCube, 4, uint64(bits.TrailingZeros(uint(m.CubeValue))))
	owner := uint64(m.CubeOwner)
	if m.CubeCentred {
		owner = 3
	}
	k.put(midOwner, 2, owner)
	k.put(midOnRoll, 1, uint64(m.OnRoll))
	k.put(midCrawford, 1, b2u(m.Crawford))
	k.put(midState, 3, uint64(m.State))
	k.put(midTurn, 1, uint64(m.Turn))
	k.put(midDoubled, 1, b2u(m.Doubled))
	k.put(midResign, 2, uint64(m.Resigned))
	hi, lo := m.Dice[0], m.Dice[1]
	if lo > hi {
		hi, lo = lo, hi
	}
	k.put(midDie1, 3, uint64(hi))
	k.put(midDie2, 3, uint64(lo))
	k.put(midLength, 15, uint64(m.MatchLength))
	k.put(midScore0, 15, uint64(m.Score[0]))
	k.put(midScore1, 15, uint64(m.Score[1]))
	k.put(midBit67, 1, b2u(m.Bit67))
	return gnubgBase64.EncodeToString(k[:]), nil
}

// String returns the Match ID of m (see [FormatMatchID]), or a text that
// starts with "invalid MatchID" when a field is out of range.
func (m MatchID) String() string {
	s, err := FormatMatchID(m)
	if err != nil {
		return "invalid MatchID: " + err.Error()
	}
	return s
}

// MarshalText implements encoding.TextMarshaler with the Match ID.
func (m MatchID) MarshalText() ([]byte, error) {
	s, err := FormatMatchID(m)
	return []byte(s), err
}

// UnmarshalText implements encoding.TextUnmarshaler with [ParseMatchID].
func (m *MatchID) UnmarshalText(text []byte) error {
	if len(text) != MatchIDLen {
		return syntaxError("Match ID", text, -1, "want %d characters, have %d", MatchIDLen, len(text))
	}
	v, err := ParseMatchID(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// ParseMatchID parses a 12-character GNU Backgammon Match ID. It refuses
// what GNU Backgammon 1.07 refuses or never writes, with errors matching
// [ErrSyntax]: a length other than 12 (refused before the ID is read), a
// character outside the Base64 alphabet, nonzero bits past the 67th of the
// key (see [MatchID.Bit67]), a cube above [MaxMatchIDCube], a cube owner
// code of 2, a game state above 4, a die of 7 or only one die 0, a match
// longer than [MaxMatchIDLength], a score past the match length, and the
// Crawford flag in money play, in a 1-point match, when no score is one
// short of the length or with a cube above 1.
//
// The dice of the result are larger first, as gnubg reads them. Every ID
// gnubg writes, and every ID with the larger die first that ParseMatchID
// accepts, is given back by [FormatMatchID] of the result; an ID with the
// smaller die first is given back in that canonical spelling.
func ParseMatchID(id string) (MatchID, error) {
	const what = "Match ID"
	if len(id) != MatchIDLen {
		return MatchID{}, syntaxError(what, id, -1, "want %d characters, have %d", MatchIDLen, len(id))
	}
	var k midKey
	if err := decodeID(k[:], what, id); err != nil {
		return MatchID{}, err
	}
	if k[8]>>3 != 0 {
		return MatchID{}, syntaxError(what, id, -1, "nonzero bits after bit %d", midBits)
	}
	m := MatchID{
		CubeValue:   1 << k.get(midCube, 4),
		OnRoll:      Color(k.get(midOnRoll, 1)),
		Crawford:    k.get(midCrawford, 1) == 1,
		State:       GameState(k.get(midState, 3)),
		Turn:        Color(k.get(midTurn, 1)),
		Doubled:     k.get(midDoubled, 1) == 1,
		Resigned:    Resignation(k.get(midResign, 2)),
		Dice:        [2]int{int(k.get(midDie1, 3)), int(k.get(midDie2, 3))},
		MatchLength: int(k.get(midLength, 15)),
		Score:       [2]int{int(k.get(midScore0, 15)), int(k.get(midScore1, 15))},
		Bit67:       k.get(midBit67, 1) == 1,
	}
	switch owner := k.get(midOwner, 2); owner {
	case 0, 1:
		m.CubeOwner = Color(owner)
	case 3:
		m.CubeCentred = true
	default:
		return MatchID{}, syntaxError(what, id, -1, "cube owner code 2: want 0, 1 or 3 (centred)")
	}
	if m.Dice[1] > m.Dice[0] {
		m.Dice[0], m.Dice[1] = m.Dice[1], m.Dice[0]
	}
	if err := m.validate(); err != nil {
		return MatchID{}, syntaxError(what, id, -1, "%v", err)
	}
	return m, nil
}

// midKey is the 9-byte match key, bit i being bit i&7 of byte i>>3.
type midKey [9]byte

func (k *midKey) put(off, width int, v uint64) {
	for i := 0; i < width; i++ {
		if v>>i&1 != 0 {
			n := off + i
			k[n>>3] |= 1 << (n & 7)
		}
	}
}

func (k *midKey) get(off, width int) uint64 {
	var v uint64
	for i := 0; i < width; i++ {
		n := off + i
		v |= uint64(k[n>>3]>>(n&7)&1) << i
	}
	return v
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
