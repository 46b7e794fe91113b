package fair

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSaltOfMaxSaltBytes: a salt of exactly MaxSalt bytes is allowed ("at
// most MaxSalt bytes"), by New and by Proof.Dice; one byte more is
// refused. Kills fair.go:63 and :163 (> MaxSalt -> >=).
func TestSaltOfMaxSaltBytes(t *testing.T) {
	var seed [SeedSize]byte
	seed[0] = 7
	salt := strings.Repeat("s", MaxSalt)
	d, err := New(seed, salt)
	require.NoError(t, err)
	require.NotNil(t, d)
	_, err = New(seed, salt+"s")
	assert.ErrorIs(t, err, ErrBadCommitment)

	p := Proof{Commitment: Commitment(seed), Seed: hex.EncodeToString(seed[:]), Salt: salt}
	d, err = p.Dice()
	require.NoError(t, err)
	assert.NotNil(t, d)
	p.Salt += "s"
	_, err = p.Dice()
	assert.ErrorIs(t, err, ErrBadCommitment)
}

// TestUnrevealedProofDice: Dice's doc: nil (and no error) when the seed
// is not revealed yet, the commitment still checked for form. Kills
// fair.go:167 (return nil, nil deleted: the empty seed read as a bad one).
func TestUnrevealedProofDice(t *testing.T) {
	var seed [SeedSize]byte
	d, err := Proof{Commitment: Commitment(seed), Salt: "game 1"}.Dice()
	assert.NoError(t, err)
	assert.Nil(t, d)

	_, err = Proof{Commitment: "abc"}.Dice()
	assert.ErrorIs(t, err, ErrBadCommitment, "the commitment's form is checked")
}

// TestProofJSONOf8KiB: UnmarshalJSON refuses "more than 8 KiB": a proof's
// JSON of exactly 8192 bytes (white space making up the size) is read.
// Kills fair.go:190 (> maxProofJSON -> >=).
func TestProofJSONOf8KiB(t *testing.T) {
	var seed [SeedSize]byte
	head := `{"commitment":"` + Commitment(seed) + `","salt":"x"`
	b := []byte(head + strings.Repeat(" ", 8192-len(head)-1) + "}")
	require.Len(t, b, 8192)
	var p Proof
	require.NoError(t, p.UnmarshalJSON(b))
	assert.Equal(t, Proof{Commitment: Commitment(seed), Salt: "x"}, p)

	b = append(b[:len(b)-1], ' ', '}')
	assert.ErrorIs(t, p.UnmarshalJSON(b), ErrBadCommitment, "8193 bytes")
}

// TestProofJSONSeedTooLong: a seed of more than 64 characters is refused,
// and the message gives its length and the 64 hex digits wanted
// (2*SeedSize). Kills fair.go:202 (the wanted count misstated).
func TestProofJSONSeedTooLong(t *testing.T) {
	var p Proof
	err := p.UnmarshalJSON([]byte(`{"seed":"` + strings.Repeat("a", 65) + `"}`))
	require.ErrorIs(t, err, ErrBadCommitment)
	assert.Contains(t, err.Error(), "seed of 65 characters, want 64 hex digits")
}
