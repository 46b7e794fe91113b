// Package fair throws provably fair dice: dice a game server draws from a
// secret seed it committed to in advance, so that anyone can check every
// die once the seed is revealed (see [Dice]). It is the standard library
// only; package nardy's records carry a [Proof] and nardy.Replay checks it.
//
// A [Proof] and a [ProofError] are plain values, safe to share between
// goroutines; a [Dice]
// holds the state of its throws and belongs to one goroutine.
package fair

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"

	"github.com/nardylab/nardy/internal/errwrap"
)

// Dice is a dice source for provably fair play: a server draws a
// secret seed, publishes its commitment ([Commitment], the SHA-256 of
// the seed) before the first die, throws every die from the seed, and
// reveals the seed when the game is over. Anyone can then check the
// commitment and re-derive every die, in any language, as follows
// (version 1):
//
//	for n = 0, 1, 2, ...:
//	    block_n = HMAC-SHA256(key = seed (32 bytes),
//	                          message = uint64_big_endian(n) || salt)
//	    for each byte b of block_n, in order:
//	        if b < 252: the next die is b mod 6 + 1
//	        else:       b is skipped (252 = 42 * 6, so no die is favoured)
//
// The salt is public: typically the players' own seeds, chosen after the
// commitment was published, so that neither the server nor a player alone
// fixes the dice. A nardy.Record carries the commitment, the revealed seed
// and the salt in its Fair field, and nardy.Replay checks them.
//
// A Dice not made by [New] or [Proof.Dice] (the zero Dice, or a nil
// *Dice) has no seed to throw from: it throws 0, an impossible die that
// package nardy's functions throwing from a source refuse
// (nardy.ErrInvalidRoll), and counts no throw.
//
// A Dice is not safe for concurrent use, and a copy of one (d2 := *d)
// shares its HMAC state: copies used at once race. Give each goroutine
// its own, built by New or Proof.Dice.
type Dice struct {
	mac   hash.Hash
	salt  []byte
	n     uint64
	block [sha256.Size]byte
	used  int // bytes of block consumed
	dice  int // dice thrown so far
}

// SeedSize is the size in bytes of the seed of [Dice].
const SeedSize = 32

// New returns the dice of seed and salt, from the first die. A salt of
// more than MaxSalt bytes is an error matching [ErrBadCommitment]: no
// [Proof] could carry it, so the dice could not be shown fair afterwards.
func New(seed [SeedSize]byte, salt string) (*Dice, error) {
	if len(salt) > MaxSalt {
		return nil, proofError("salt", "salt of %d bytes, at most %d", len(salt), MaxSalt)
	}
	return newDice(seed, salt), nil
}

func newDice(seed [SeedSize]byte, salt string) *Dice {
	return &Dice{mac: hmac.New(sha256.New, seed[:]), salt: []byte(salt), used: sha256.Size}
}

// Die returns the next die, 1..6 (0 for a Dice without a seed).
func (d *Dice) Die() int {
	if d == nil || d.mac == nil {
		return 0
	}
	for {
		if d.used == len(d.block) {
			var ctr [8]byte
			binary.BigEndian.PutUint64(ctr[:], d.n)
			d.n++
			d.mac.Reset()
			d.mac.Write(ctr[:])
			d.mac.Write(d.salt)
			d.mac.Sum(d.block[:0])
			d.used = 0
		}
		b := d.block[d.used]
		d.used++
		if b < 252 {
			d.dice++
			return int(b%6) + 1
		}
	}
}

// Thrown returns how many dice d has thrown (0 for a nil d).
func (d *Dice) Thrown() int {
	if d == nil {
		return 0
	}
	return d.dice
}

// Commitment returns the commitment to seed: its SHA-256 in lower-case
// hexadecimal (64 characters).
func Commitment(seed [SeedSize]byte) string {
	h := sha256.Sum256(seed[:])
	return hex.EncodeToString(h[:])
}

// Proof is what a record of a provably fair game carries about its
// dice (see [Dice]): the commitment published before the first die,
// the salt, and, once the game is over, the seed. While Seed is empty the
// dice cannot be checked yet.
type Proof struct {
	Commitment string `json:"commitment"`     // hex SHA-256 of the seed
	Seed       string `json:"seed,omitempty"` // hex, 32 bytes; empty until revealed
	Salt       string `json:"salt,omitempty"` // public, at most MaxSalt bytes
}

// MaxSalt bounds the salt of a [Proof].
const MaxSalt = 1024

// ErrBadCommitment: a record's fair-dice proof is malformed (its JSON
// included), its seed is not the one committed to, or a salt is longer
// than MaxSalt. The errors of this package that match it are
// [*ProofError]s.
var ErrBadCommitment = errors.New("fair: bad dice proof")

// ProofError says what is wrong with a [Proof] or with the salt given to
// [New]. It matches [ErrBadCommitment] with [errors.Is], and Err, when
// set, too.
// A nil *ProofError is no error: its methods panic, as a nil *os.PathError's do.
type ProofError struct {
	// Field names the proof's field at fault by its JSON key
	// ("commitment", "seed", "salt"), or is "" for JSON that is not a
	// proof's.
	Field string
	Msg   string // what is wrong, such as "salt of 2000 bytes, at most 1024"
	Err   error  // the JSON decoder's error, if that was the reason
}

// Error implements the error interface.
func (e *ProofError) Error() string { return "fair: bad dice proof: " + e.Msg }

// Unwrap makes errors.Is match ErrBadCommitment, and Err when set.
func (e *ProofError) Unwrap() []error { return errwrap.Chain(ErrBadCommitment, e.Err) }

// proofError returns a *ProofError for field.
func proofError(field, format string, args ...any) error {
	return &ProofError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Dice checks the proof and returns the dice source it fixes, or nil when
// the seed is not revealed yet (the commitment is still checked for form).
// Errors match [ErrBadCommitment].
func (p Proof) Dice() (*Dice, error) {
	c, err := hex.DecodeString(p.Commitment)
	if err != nil || len(c) != sha256.Size {
		return nil, proofError("commitment", "commitment %.80q is not 64 hex digits", p.Commitment)
	}
	if len(p.Salt) > MaxSalt {
		return nil, proofError("salt", "salt of %d bytes, at most %d", len(p.Salt), MaxSalt)
	}
	if p.Seed == "" {
		return nil, nil
	}
	s, err := hex.DecodeString(p.Seed)
	if err != nil || len(s) != SeedSize {
		return nil, proofError("seed", "seed %.80q is not %d hex digits", p.Seed, 2*SeedSize)
	}
	seed := [SeedSize]byte(s)
	if h := sha256.Sum256(seed[:]); !hmac.Equal(h[:], c) {
		return nil, proofError("seed", "the seed does not match its commitment (its SHA-256 is %x)", h)
	}
	return newDice(seed, p.Salt), nil
}

// maxProofJSON bounds the JSON of a Proof (its salt has at most MaxSalt
// bytes).
const maxProofJSON = 8 << 10

// UnmarshalJSON reads a proof in the form of its fields' JSON tags,
// refusing more than 8 KiB unread, JSON that is not a proof's, and a commitment or seed of more than
// 64 characters or a salt of more than MaxSalt bytes (errors matching
// [ErrBadCommitment]), so that what it reads is written again within the
// bound; [Proof.Dice] checks the rest.
// Called on a nil *Proof it panics, as encoding/json never calls it.
func (p *Proof) UnmarshalJSON(b []byte) error {
	if len(b) > maxProofJSON {
		return proofError("", "proof JSON of %d bytes, more than %d", len(b), maxProofJSON)
	}
	type plain Proof // without this method
	q := plain(*p)   // fields left out keep their values, and null changes nothing
	if err := json.Unmarshal(b, &q); err != nil {
		return &ProofError{Msg: "proof JSON: " + err.Error(), Err: err}
	}
	switch {
	case len(q.Commitment) > 2*sha256.Size:
		return proofError("commitment", "commitment of %d characters, want 64 hex digits", len(q.Commitment))
	case len(q.Seed) > 2*SeedSize:
		return proofError("seed", "seed of %d characters, want %d hex digits", len(q.Seed), 2*SeedSize)
	case len(q.Salt) > MaxSalt:
		return proofError("salt", "salt of %d bytes, at most %d", len(q.Salt), MaxSalt)
	}
	*p = Proof(q)
	return nil
}
