package nardy

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	mrand "math/rand/v2"

	"github.com/nardylab/nardy/internal/errtext"
)

// Roll is a throw of two dice (C1, C3). It is stored with the larger die
// first, so Roll values of the same throw compare equal. The zero Roll is
// invalid.
type Roll struct{ hi, lo uint8 }

// NewRoll returns the roll of dice a and b, each 1..6, in any order. A die
// out of range gives an error matching [ErrInvalidRoll].
func NewRoll(a, b int) (Roll, error) {
	if a < 1 || a > 6 || b < 1 || b > 6 {
		return Roll{}, fmt.Errorf("%w: dice %d and %d, each must be 1..6", ErrInvalidRoll, a, b)
	}
	if a < b {
		a, b = b, a
	}
	return Roll{uint8(a), uint8(b)}, nil
}

// MustRoll is like NewRoll but panics on error; for tests and literals.
func MustRoll(a, b int) Roll {
	r, err := NewRoll(a, b)
	if err != nil {
		panic(err)
	}
	return r
}

// IsValid reports whether r is a roll of two dice 1..6.
func (r Roll) IsValid() bool { return r.lo >= 1 && r.hi <= 6 && r.lo <= r.hi }

// High returns the larger die (0 for the zero Roll).
func (r Roll) High() int { return int(r.hi) }

// Low returns the smaller die (0 for the zero Roll).
func (r Roll) Low() int { return int(r.lo) }

// IsDouble reports whether both dice show the same number (false for the
// zero Roll, which is no roll).
func (r Roll) IsDouble() bool { return r.hi == r.lo && r.lo != 0 }

// Steps returns how many steps the roll gives: 4 for a double, else 2 (C3);
// 0 for the zero Roll.
func (r Roll) Steps() int {
	switch {
	case r.lo == 0:
		return 0
	case r.hi == r.lo:
		return 4
	}
	return 2
}

// String returns the roll as "6-5" (larger die first), and "invalid" for
// the zero Roll.
func (r Roll) String() string {
	if !r.IsValid() {
		return "invalid"
	}
	return string([]byte{'0' + r.hi, '-', '0' + r.lo})
}

// MarshalText implements encoding.TextMarshaler with the form of String.
// The zero Roll, no roll, is an error matching [ErrInvalidRoll].
func (r Roll) MarshalText() ([]byte, error) {
	if !r.IsValid() {
		return nil, fmt.Errorf("%w: dice %d and %d (the zero Roll is no roll)", ErrInvalidRoll, r.hi, r.lo)
	}
	return []byte(r.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler via ParseRoll.
func (r *Roll) UnmarshalText(b []byte) error {
	if err := checkText("roll", b); err != nil {
		return err
	}
	q, err := ParseRoll(string(b))
	if err != nil {
		return err
	}
	*r = q
	return nil
}

// ParseRoll parses a roll written as two digits 1..6, optionally separated
// by '-', ' ', ',', ':' or 'x', or an en dash, em dash or minus sign: "65",
// "6-5", "5 6", "3x3", "6:5". It reads at most [MaxTextLen] bytes.
func ParseRoll(s string) (Roll, error) {
	if err := checkText("roll", s); err != nil {
		return Roll{}, err
	}
	var d []int
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '1' && c <= '6':
			d = append(d, int(c-'0'))
		case c == '-' || c == ' ' || c == ',' || c == ':' || c == 'x' || c == 'X' || dashLen(s[i:]) > 1:
			if len(d) != 1 {
				return Roll{}, syntaxError("roll", s, i, "separator %s out of place", errtext.CharAt(s, i))
			}
			i += max(dashLen(s[i:]), 1) - 1
		default:
			return Roll{}, syntaxError("roll", s, i, "%s is not a die 1..6", errtext.CharAt(s, i))
		}
		if len(d) > 2 {
			return Roll{}, syntaxError("roll", s, i, "more than two dice")
		}
	}
	if len(d) != 2 {
		return Roll{}, syntaxError("roll", s, -1, "want two dice 1..6, such as 6-5")
	}
	return NewRoll(d[0], d[1])
}

// WeightedRoll is one of the 21 distinct rolls with its chance out of 36.
type WeightedRoll struct {
	Roll   Roll
	Weight int // 1 for a double, 2 for a mixed roll: the chance is Weight/36
}

// Probability returns the chance of the roll, Weight/36.
func (w WeightedRoll) Probability() float64 { return float64(w.Weight) / 36 }

// AllRolls returns the 21 distinct rolls, doubles first from 1-1 to 6-6,
// then the mixed rolls from 2-1 to 6-5, with their weights out of 36.
func AllRolls() [21]WeightedRoll {
	var out [21]WeightedRoll
	i := 0
	for d := 1; d <= 6; d++ {
		out[i] = WeightedRoll{Roll{uint8(d), uint8(d)}, 1}
		i++
	}
	for hi := 2; hi <= 6; hi++ {
		for lo := 1; lo < hi; lo++ {
			out[i] = WeightedRoll{Roll{uint8(hi), uint8(lo)}, 2}
			i++
		}
	}
	return out
}

// DiceSource throws dice. Implementations: [SeededDice] (deterministic,
// for replays and tests) and [CryptoDice] (for play with real stakes). A
// game server can also implement it to feed physical dice. A DiceSource is
// not safe for concurrent use unless it says so.
type DiceSource interface {
	// Die returns one die, uniformly 1..6.
	Die() int
}

// errBadSource: a DiceSource gave a die outside 1..6, or tied the opening
// throw maxOpeningTies times in a row. It matches ErrInvalidRoll.
var errBadSource = fmt.Errorf("%w: the dice source gave an impossible throw", ErrInvalidRoll)

// errNoSource: a nil DiceSource. It matches ErrInvalidRoll.
var errNoSource = fmt.Errorf("%w: no dice source (nil)", ErrInvalidRoll)

// maxOpeningTies bounds the rerolls of equal opening dice; a fair source
// reaches it with probability (1/6)^1000.
const maxOpeningTies = 1000

// Throw throws two dice from src. A nil src returns ErrInvalidRoll.
func Throw(src DiceSource) (Roll, error) {
	if src == nil {
		return Roll{}, errNoSource
	}
	a, b := src.Die(), src.Die()
	r, err := NewRoll(a, b)
	if err != nil {
		return Roll{}, fmt.Errorf("%w: %d and %d", errBadSource, a, b)
	}
	return r, nil
}

// SeededDice is a deterministic dice source: the same seed gives the same
// throws on every machine and Go version (it uses the PCG generator of
// math/rand/v2, whose output is specified). The zero SeededDice throws as
// NewSeededDice(0) does; a nil *SeededDice throws 0, an impossible die
// that every function throwing from a source refuses ([ErrInvalidRoll]).
// Each throw advances its generator, so a *SeededDice is not safe for
// concurrent use: give each goroutine its own (a copy of a SeededDice
// shares the generator, but for a copy of the zero SeededDice made before
// its first throw, which gets a generator of its own there and throws the
// same dice as the original).
type SeededDice struct{ rng *mrand.Rand }

// NewSeededDice returns a deterministic dice source for seed.
func NewSeededDice(seed uint64) *SeededDice {
	return &SeededDice{rng: seededRand(seed)}
}

// seededRand returns the generator of NewSeededDice(seed).
func seededRand(seed uint64) *mrand.Rand {
	return mrand.New(mrand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// Die returns one die 1..6 (0 for a nil s).
func (s *SeededDice) Die() int {
	if s == nil {
		return 0
	}
	if s.rng == nil {
		s.rng = seededRand(0) // the zero SeededDice
	}
	return 1 + s.rng.IntN(6)
}

// CryptoDice throws dice with crypto/rand. Its zero value is ready to use,
// and it is safe for concurrent use.
type CryptoDice struct{}

// Die returns one die 1..6, uniformly (rejection sampling, no modulo bias).
func (CryptoDice) Die() int {
	var b [8]byte
	for {
		_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
		v := binary.LittleEndian.Uint64(b[:])
		const limit = (1<<64 - 1) / 6 * 6
		if v < limit {
			return int(v%6) + 1
		}
	}
}

// Opening is the outcome of the opening throw (C2).
type Opening struct {
	WhiteDie, BlackDie int   // the last, unequal, opening dice
	Rerolls            int   // how many times equal dice were thrown again
	First              Color // who moves first: the higher die
	Roll               Roll  // the first turn's roll
}

// ThrowOpening plays the opening (C2): each player throws one die, equal
// dice are thrown again, the higher die moves first. With UseOpeningDice the
// two opening dice are the first roll; with Reroll the winner throws both
// dice afresh. A source giving impossible dice, or a nil src, returns
// ErrInvalidRoll; a mode that is neither, ErrInvalidRules.
func ThrowOpening(src DiceSource, mode OpeningRoll) (Opening, error) {
	var o Opening
	if src == nil {
		return o, errNoSource
	}
	if mode > UseOpeningDice {
		return o, rulesError("opening_roll", "opening roll mode %d (C2)", mode)
	}
	for {
		o.WhiteDie, o.BlackDie = src.Die(), src.Die()
		if _, err := NewRoll(o.WhiteDie, o.BlackDie); err != nil {
			return Opening{}, fmt.Errorf("%w: opening dice %d and %d", errBadSource, o.WhiteDie, o.BlackDie)
		}
		if o.WhiteDie != o.BlackDie {
			break
		}
		if o.Rerolls++; o.Rerolls >= maxOpeningTies {
			return Opening{}, fmt.Errorf("%w: %d equal opening throws", errBadSource, o.Rerolls)
		}
	}
	if o.BlackDie > o.WhiteDie {
		o.First = Black
	}
	var err error
	if mode == UseOpeningDice {
		o.Roll, err = NewRoll(o.WhiteDie, o.BlackDie)
	} else {
		o.Roll, err = Throw(src)
	}
	if err != nil {
		return Opening{}, err
	}
	return o, nil
}
