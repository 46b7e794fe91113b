package fair

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// referenceDice is the derivation of the Dice doc (version 1), written
// again from crypto/hmac alone: block n = HMAC-SHA256(seed,
// uint64_big_endian(n) || salt), each byte b < 252 of it, in order, the
// die b mod 6 + 1, the bytes 252..255 skipped.
func referenceDice(seed [SeedSize]byte, salt string, count int) []int {
	var dice []int
	for n := uint64(0); len(dice) < count; n++ {
		mac := hmac.New(sha256.New, seed[:])
		mac.Write(binary.BigEndian.AppendUint64(nil, n))
		mac.Write([]byte(salt))
		for _, b := range mac.Sum(nil) {
			if b < 252 && len(dice) < count {
				dice = append(dice, int(b%6)+1)
			}
		}
	}
	return dice
}

// TestProofDiceUseTheSalt: the dice of a revealed proof are those of its
// seed and its salt, as the documented derivation gives them (a second
// implementation, referenceDice), for several salts, the empty one and
// one of MaxSalt bytes included. Kills fair.go:177 (Proof.Dice throwing
// from the seed without the salt), which only the root package's record
// tests caught.
func TestProofDiceUseTheSalt(t *testing.T) {
	var seed [SeedSize]byte
	for i := range seed {
		seed[i] = byte(0xA0 ^ i*7)
	}
	for _, salt := range []string{"", "white:abc|black:xyz", "game 2", strings.Repeat("é", MaxSalt/2)} {
		d, err := Proof{Commitment: Commitment(seed), Seed: hex.EncodeToString(seed[:]), Salt: salt}.Dice()
		require.NoError(t, err)
		want := referenceDice(seed, salt, 300)
		got := make([]int, len(want))
		for i := range got {
			got[i] = d.Die()
		}
		assert.Equal(t, want, got, "salt of %d bytes", len(salt))
		assert.Equal(t, len(want), d.Thrown())
	}
	// The commitment is the SHA-256 of the seed in lower-case hex.
	h := sha256.Sum256(seed[:])
	assert.Equal(t, hex.EncodeToString(h[:]), Commitment(seed))
}

// TestProofCommitmentOf64HexDigits: a commitment is the hex SHA-256 of the
// seed, 64 hex digits; Proof.Dice checks its form even before the seed is
// revealed ("the commitment is still checked for form"), so hex of
// another length is refused, naming the commitment. Kills fair.go:160
// (the length check dropped: "00" was taken as a commitment).
func TestProofCommitmentOf64HexDigits(t *testing.T) {
	var seed [SeedSize]byte
	c := Commitment(seed)
	for _, bad := range []string{"00", c[:62], c + "00", ""} {
		d, err := Proof{Commitment: bad, Salt: "s"}.Dice()
		assert.Nil(t, d, "%q", bad)
		require.ErrorIs(t, err, ErrBadCommitment, "%q", bad)
		var pe *ProofError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, "commitment", pe.Field, "%q", bad)
	}
	d, err := Proof{Commitment: strings.ToUpper(c)}.Dice()
	assert.NoError(t, err, "hex digits in either case")
	assert.Nil(t, d, "not revealed yet")
}

// TestProofSeedOf32Bytes: a proof's seed is "hex, 32 bytes": 33 bytes
// whose first 32 are the committed seed are not that seed, and are refused
// naming the seed. Kills fair.go:170 (len(s) != SeedSize -> < SeedSize,
// which took the 32 bytes and ignored the rest).
func TestProofSeedOf32Bytes(t *testing.T) {
	var seed [SeedSize]byte
	seed[5] = 9
	for _, extra := range []string{"00", "ff", strings.Repeat("ab", 32)} {
		p := Proof{Commitment: Commitment(seed), Seed: hex.EncodeToString(seed[:]) + extra}
		d, err := p.Dice()
		assert.Nil(t, d)
		require.ErrorIs(t, err, ErrBadCommitment)
		var pe *ProofError
		require.ErrorAs(t, err, &pe)
		assert.Equal(t, "seed", pe.Field)
	}
}

// TestProofErrorMatchesDecoderError: ProofError's doc: it matches
// ErrBadCommitment with errors.Is, "and Err, when set, too"; a proof's
// JSON that does not parse keeps the decoder's error, reachable with
// errors.Is and errors.As. Kills fair.go:148 (Unwrap dropping Err).
func TestProofErrorMatchesDecoderError(t *testing.T) {
	var p Proof
	err := p.UnmarshalJSON([]byte(`{"seed":`))
	require.ErrorIs(t, err, ErrBadCommitment)
	var pe *ProofError
	require.ErrorAs(t, err, &pe)
	require.Error(t, pe.Err)
	assert.ErrorIs(t, err, pe.Err)
	var se *json.SyntaxError
	assert.True(t, errors.As(err, &se), "a *json.SyntaxError: %v", err)

	err = p.UnmarshalJSON([]byte(`{"salt":1}`))
	var te *json.UnmarshalTypeError
	assert.True(t, errors.As(err, &te), "a *json.UnmarshalTypeError: %v", err)
	assert.ErrorIs(t, err, ErrBadCommitment)
}
