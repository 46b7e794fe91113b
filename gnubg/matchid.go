package gnubg

import (
	"fmt"
	"math/bits"
	"unicode/utf8"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
	"github.com/nardylab/nardy/internal/gnubgkey"
)

// MatchIDLen is the length of a Match ID: 12 Base64 characters for a 66-bit
// key (67 bits used, see [MatchID.Bit67]) in 9 bytes.
const MatchIDLen = 12

// GameState is the state of the game in a GNU Backgammon Match ID (bits 9-11).
type GameState uint8

// The game states of the Match ID.
const (
	StateNone     GameState = 0 // no game started
	StatePlaying  GameState = 1 // a game is being played
	StateOver     GameState = 2 // the game is over
	StateResigned GameState = 3 // the game was resigned
	StateDropped  GameState = 4 // the game ended by dropping a cube
)

// String returns the state in words, such as "playing".
func (g GameState) String() string {
	switch g {
	case StateNone:
		return "none"
	case StatePlaying:
		return "playing"
	case StateOver:
		return "over"
	case StateResigned:
		return "resigned"
	case StateDropped:
		return "dropped"
	}
	return fmt.Sprintf("GameState(%d)", uint8(g))
}

// MatchID is the match and cube state that a GNU Backgammon Match ID holds
// (66 bits documented, 12 Base64 characters). gnubg's player 0 is
// [nardy.White] and player 1 is [nardy.Black]; fields of type Color and the
// Score index use that mapping. The zero MatchID is not valid (its
// CubeValue is 0): start from [NewMatchID] or set CubeValue to 1.
//
// The ranges below are those GNU Backgammon 1.07 accepts in "set matchid":
// the key has room for more (a 32768-cube, a 32767-point match), but gnubg
// refuses such IDs, so [ParseMatchID] and [FormatMatchID] refuse them too.
type MatchID struct {
	// CubeValue is the value of the cube, a power of two from 1 to
	// MaxCube (bits 1-4 hold its base-2 logarithm).
	CubeValue int
	// CubeCentred reports a centred cube (owner bits 11); CubeOwner is then
	// White (0).
	CubeCentred bool
	// CubeOwner is the player who owns the cube when it is not centred.
	CubeOwner nardy.Color
	// OnRoll is the player on roll or who rolled (bit 7, gnubg's dice
	// owner).
	OnRoll nardy.Color
	// Crawford reports that this game is the Crawford game (bit 8). Only a
	// match of 2 points or more in which a player's score is one short of
	// the length has a Crawford game, and its cube stays at 1.
	Crawford bool
	// State is the game state (bits 9-11).
	State GameState
	// ToAct is the player who must act now (bit 12, gnubg's "turn"):
	// OnRoll, or the opponent when a double or resignation awaits its
	// answer. After a beaver gnubg writes OnRoll with Doubled set and the
	// cube the double gave, owned by the beaverer: the doubler answers the
	// beaver (gnubg 1.07 takes "take", "drop", or "redouble" for a
	// raccoon; see [Game] for what package nardy's games make of it).
	ToAct nardy.Color
	// Doubled reports a double on offer (bit 13), and a double just
	// beavered (see ToAct).
	Doubled bool
	// Resigned is the resignation on offer (bits 14-15): 0 for none, or what
	// the resigning player, the other one than ToAct, gives up: [nardy.Oin]
	// (a single game, gnubg's 1), [nardy.Mars] (a gammon, 2) or [nardy.Koks]
	// (a backgammon, 3).
	Resigned nardy.ResultKind
	// Dice are the two dice rolled (bits 16-18 and 19-21), each 1..6, or
	// both 0 when the dice have not been rolled. GNU Backgammon writes the
	// larger die first; [FormatMatchID] does the same whatever the order
	// here, and [ParseMatchID] gives the larger die first, so one state has
	// one ID.
	Dice [2]int
	// MatchLength is the length of the match, 0 for a money game, at most
	// MaxMatchLength (bits 22-36).
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
	MaxCube        = 4096 // the largest cube value
	MaxMatchLength = 64   // the longest match
)

// NewMatchID returns the state of a new money game with a centred 1-cube,
// White on roll, the dice not rolled and the game being played.
func NewMatchID() MatchID {
	return MatchID{CubeValue: 1, CubeCentred: true, State: StatePlaying}
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

// resignCodes are the resignations of the key, by gnubg's code 0..3.
var resignCodes = [4]nardy.ResultKind{0, nardy.Oin, nardy.Mars, nardy.Koks}

// resignCode returns gnubg's code of the resignation k, false for a kind
// the Match ID cannot hold.
func resignCode(k nardy.ResultKind) (uint64, bool) {
	for c, kind := range resignCodes {
		if kind == k {
			return uint64(c), true
		}
	}
	return 0, false
}

// matchWon reports the ID of a match at its end, as GNU Backgammon writes
// it once the last game is over: the game over (resigned, dropped), one
// score at the length or past it (the last game's points are added
// whole), the other short of it, and the Crawford flag left as the last
// game had it.
func (m MatchID) matchWon() bool {
	return m.MatchLength > 0 && m.State >= StateOver && m.State <= StateDropped &&
		(m.Score[0] >= m.MatchLength) != (m.Score[1] >= m.MatchLength)
}

// validate checks every field against the ranges the Match ID can hold.
func (m MatchID) validate() error {
	_, resignOK := resignCode(m.Resigned)
	switch {
	case m.CubeValue < 1 || m.CubeValue > MaxCube || m.CubeValue&(m.CubeValue-1) != 0:
		return fmt.Errorf("cube value %d: want a power of two from 1 to %d", m.CubeValue, MaxCube)
	case !m.CubeOwner.IsValid() || !m.OnRoll.IsValid() || !m.ToAct.IsValid():
		return fmt.Errorf("a player is not White or Black")
	case m.CubeCentred && m.CubeOwner != nardy.White:
		return fmt.Errorf("a centred cube has no owner: CubeOwner must be White (0)")
	case m.State > StateDropped:
		return fmt.Errorf("game state %d: want 0..4", m.State)
	case !resignOK:
		return fmt.Errorf("resignation %v: want none, oin, mars or koks", m.Resigned)
	case (m.Dice[0] == 0) != (m.Dice[1] == 0):
		return fmt.Errorf("dice %d and %d: want both 0 (not rolled) or both 1..6", m.Dice[0], m.Dice[1])
	case m.Dice[0] < 0 || m.Dice[0] > 6 || m.Dice[1] < 0 || m.Dice[1] > 6:
		return fmt.Errorf("dice %d and %d: want both 0 (not rolled) or both 1..6", m.Dice[0], m.Dice[1])
	case m.MatchLength < 0 || m.MatchLength > MaxMatchLength:
		return fmt.Errorf("match length %d: want 0 (money) to %d", m.MatchLength, MaxMatchLength)
	case m.Score[0] < 0 || m.Score[0] > maxMatchNum || m.Score[1] < 0 || m.Score[1] > maxMatchNum:
		return fmt.Errorf("score %d-%d: want 0..%d each", m.Score[0], m.Score[1], maxMatchNum)
	case m.MatchLength > 0 && (m.Score[0] > m.MatchLength || m.Score[1] > m.MatchLength) && !m.matchWon():
		return fmt.Errorf("score %d-%d is past the match length %d (only the winner's, at the end)", m.Score[0], m.Score[1], m.MatchLength)
	case m.Crawford && !m.matchWon() && (m.MatchLength < 2 || m.Score[0] != m.MatchLength-1 && m.Score[1] != m.MatchLength-1):
		return fmt.Errorf("a Crawford game needs a match of 2 points or more and a score one short of the length; have length %d, score %d-%d", m.MatchLength, m.Score[0], m.Score[1])
	case m.Crawford && m.CubeValue != 1:
		return fmt.Errorf("cube value %d in the Crawford game, where no one doubles: want 1", m.CubeValue)
	}
	return nil
}

// FormatMatchID returns the 12-character GNU Backgammon Match ID of m, or an
// error matching [nardy.ErrSyntax] when a field is out of the range GNU
// Backgammon accepts (see the field comments of [MatchID]). The larger die
// is written first, as gnubg writes it.
func FormatMatchID(m MatchID) (string, error) {
	if err := m.validate(); err != nil {
		return "", formats.FieldsError("a Match ID", err)
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
	k.put(midTurn, 1, uint64(m.ToAct))
	k.put(midDoubled, 1, b2u(m.Doubled))
	resign, _ := resignCode(m.Resigned)
	k.put(midResign, 2, resign)
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
	return gnubgkey.Encode(k[:]), nil
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
// Called on a nil *MatchID it panics, as encoding/json never calls it.
func (m *MatchID) UnmarshalText(text []byte) error {
	if len(text) > utf8.UTFMax*MatchIDLen { // too many characters whatever they are: refused before a copy
		return formats.SyntaxError("Match ID", text, -1, "want %d characters, have %d", MatchIDLen, utf8.RuneCount(text))
	}
	v, err := ParseMatchID(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// ParseMatchID parses a 12-character GNU Backgammon Match ID, as GNU
// Backgammon 1.07's "set matchid" reads one: spaces, tabs and line ends
// around it, and up to two '=' after it (Base64 padding), are dropped;
// [SplitID] finds the IDs in a longer text. It refuses
// what GNU Backgammon 1.07 refuses or never writes, with errors matching
// [nardy.ErrSyntax]: a length other than 12 (refused before the ID is
// read; a text of more than 48 bytes, what is dropped around the ID
// counted, is refused unread, 4 bytes being the most a character takes),
// a character outside the Base64 alphabet, nonzero bits past the
// 67th of the key (see [MatchID.Bit67]), a cube above [MaxCube], a cube
// owner code of 2, a game state above 4, a die of 7 or only one die 0, a
// match longer than [MaxMatchLength], a score past the match length, and
// the Crawford flag in money play, in a 1-point match, when no score is one
// short of the length or with a cube above 1; but for the ID GNU Backgammon
// writes at a match's end (the game over, the winner's score at the length
// or past it, the Crawford flag as the last game had it), which its "set
// matchid" refuses and [Match] and [Game] refuse too ([nardy.ErrGameOver]).
//
// The dice of the result are larger first, as gnubg reads them. Every ID
// gnubg writes, and every ID with the larger die first that ParseMatchID
// accepts, is given back by [FormatMatchID] of the result; an ID with the
// smaller die first is given back in that canonical spelling.
func ParseMatchID(id string) (MatchID, error) {
	const what = "Match ID"
	if len(id) > utf8.UTFMax*MatchIDLen { // too long whatever its characters: refused unread (helper-104: 100 MB took 0.6 s)
		return MatchID{}, formats.SyntaxError(what, id, -1, "want %d characters, have more than %d bytes", MatchIDLen, utf8.UTFMax*MatchIDLen)
	}
	id = trimID(id, MatchIDLen)
	if n := utf8.RuneCountInString(id); n != MatchIDLen { // a character outside Base64 is refused by Decode
		return MatchID{}, formats.SyntaxError(what, id, -1, "want %d characters, have %d", MatchIDLen, n)
	}
	var k midKey
	if err := gnubgkey.Decode(k[:], id); err != nil {
		return MatchID{}, keyError(what, id, err)
	}
	if k[8]>>3 != 0 {
		return MatchID{}, formats.SyntaxError(what, id, -1, "nonzero bits after bit %d", midBits)
	}
	m := MatchID{
		CubeValue:   1 << k.get(midCube, 4),
		OnRoll:      nardy.Color(k.get(midOnRoll, 1)),
		Crawford:    k.get(midCrawford, 1) == 1,
		State:       GameState(k.get(midState, 3)),
		ToAct:       nardy.Color(k.get(midTurn, 1)),
		Doubled:     k.get(midDoubled, 1) == 1,
		Resigned:    resignCodes[k.get(midResign, 2)],
		Dice:        [2]int{int(k.get(midDie1, 3)), int(k.get(midDie2, 3))},
		MatchLength: int(k.get(midLength, 15)),
		Score:       [2]int{int(k.get(midScore0, 15)), int(k.get(midScore1, 15))},
		Bit67:       k.get(midBit67, 1) == 1,
	}
	switch owner := k.get(midOwner, 2); owner {
	case 0, 1:
		m.CubeOwner = nardy.Color(owner)
	case 3:
		m.CubeCentred = true
	default:
		return MatchID{}, formats.SyntaxError(what, id, -1, "cube owner code 2: want 0, 1 or 3 (centred)")
	}
	if m.Dice[1] > m.Dice[0] {
		m.Dice[0], m.Dice[1] = m.Dice[1], m.Dice[0]
	}
	if err := m.validate(); err != nil {
		return MatchID{}, formats.SyntaxError(what, id, -1, "%v", err)
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
