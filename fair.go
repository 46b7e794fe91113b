package nardy

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
)

// FairDice is a dice source for provably fair play: a server draws a
// secret seed, publishes its commitment ([FairCommitment], the SHA-256 of
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
// fixes the dice. A [Record] carries the commitment, the revealed seed and
// the salt in its Fair field, and [Replay] checks them.
//
// A FairDice is not safe for concurrent use.
type FairDice struct {
	mac   hash.Hash
	salt  []byte
	n     uint64
	block [sha256.Size]byte
	used  int // bytes of block consumed
	dice  int // dice thrown so far
}

// FairSeedSize is the size in bytes of the seed of [FairDice].
const FairSeedSize = 32

// NewFairDice returns the dice of seed and salt, from the first die.
func NewFairDice(seed [FairSeedSize]byte, salt string) *FairDice {
	return &FairDice{mac: hmac.New(sha256.New, seed[:]), salt: []byte(salt), used: sha256.Size}
}

// Die returns the next die, 1..6.
func (d *FairDice) Die() int {
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

// Thrown returns how many dice d has thrown.
func (d *FairDice) Thrown() int { return d.dice }

// FairCommitment returns the commitment to seed: its SHA-256 in lower-case
// hexadecimal (64 characters).
func FairCommitment(seed [FairSeedSize]byte) string {
	h := sha256.Sum256(seed[:])
	return hex.EncodeToString(h[:])
}

// FairProof is what a record of a provably fair game carries about its
// dice (see [FairDice]): the commitment published before the first die,
// the salt, and, once the game is over, the seed. While Seed is empty the
// dice cannot be checked yet.
type FairProof struct {
	Commitment string `json:"commitment"`     // hex SHA-256 of the seed
	Seed       string `json:"seed,omitempty"` // hex, 32 bytes; empty until revealed
	Salt       string `json:"salt,omitempty"` // public, at most MaxFairSalt bytes
}

// MaxFairSalt bounds the salt of a [FairProof].
const MaxFairSalt = 1024

// ErrBadCommitment: a record's fair-dice proof is malformed, or its seed
// is not the one committed to.
var ErrBadCommitment = errors.New("dice seed does not match its commitment")

// Dice checks the proof and returns the dice source it fixes, or nil when
// the seed is not revealed yet (the commitment is still checked for form).
// Errors match [ErrBadCommitment].
func (p FairProof) Dice() (*FairDice, error) {
	c, err := hex.DecodeString(p.Commitment)
	if err != nil || len(c) != sha256.Size {
		return nil, fmt.Errorf("%w: commitment %.80q is not 64 hex digits", ErrBadCommitment, p.Commitment)
	}
	if len(p.Salt) > MaxFairSalt {
		return nil, fmt.Errorf("%w: salt of %d bytes, at most %d", ErrBadCommitment, len(p.Salt), MaxFairSalt)
	}
	if p.Seed == "" {
		return nil, nil
	}
	s, err := hex.DecodeString(p.Seed)
	if err != nil || len(s) != FairSeedSize {
		return nil, fmt.Errorf("%w: seed %.80q is not %d hex digits", ErrBadCommitment, p.Seed, 2*FairSeedSize)
	}
	seed := [FairSeedSize]byte(s)
	if h := sha256.Sum256(seed[:]); !hmac.Equal(h[:], c) {
		return nil, fmt.Errorf("%w: SHA-256 of the seed is %x", ErrBadCommitment, h)
	}
	return NewFairDice(seed, p.Salt), nil
}
