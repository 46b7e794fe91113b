package fair_test

// Seeds, salts and proofs built by hand: each call must return, without a
// panic, within a time bound.

import (
	"strings"
	"testing"

	"github.com/nardylab/nardy/fair"
	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// TestHandBuiltFair: dice from any seed and salt (also the zero and a nil
// *Dice), and proofs with any fields: nothing panics, a die is 1..6 (0 only
// for a Dice without a seed), a salt past MaxSalt is refused by New (it
// was taken, and the dice could not be proved fair afterwards), and
// Proof.Dice's errors match ErrBadCommitment.
func TestHandBuiltFair(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var seed [fair.SeedSize]byte
		copy(seed[:], rapid.SliceOfN(rapid.Byte(), 0, fair.SeedSize).Draw(t, "seed"))
		salt := rapid.OneOf(rapid.String(), rapid.Just(strings.Repeat("x", fair.MaxSalt+1))).Draw(t, "salt")
		p := fair.Proof{Commitment: rapid.OneOf(rapid.Just(fair.Commitment(seed)), rapid.String()).Draw(t, "commitment"),
			Seed: rapid.OneOf(rapid.String(), rapid.StringMatching("[0-9a-f]{64}")).Draw(t, "hex"), Salt: salt}
		assert.NotPanics(t, func() {
			d, err := fair.New(seed, salt)
			if len(salt) > fair.MaxSalt { // no proof could carry it
				assert.ErrorIs(t, err, fair.ErrBadCommitment)
				assert.Nil(t, d)
			} else {
				assert.NoError(t, err)
				for range 100 {
					v := d.Die()
					assert.True(t, v >= 1 && v <= 6, "die %d", v)
				}
				assert.Equal(t, 100, d.Thrown())
			}
			for _, none := range []*fair.Dice{nil, {}} {
				assert.Zero(t, none.Die(), "a Dice without a seed")
				assert.Zero(t, none.Thrown())
			}
			pd, err := p.Dice()
			if err != nil {
				assert.ErrorIs(t, err, fair.ErrBadCommitment)
			} else if pd != nil {
				v := pd.Die()
				assert.True(t, v >= 1 && v <= 6, "die %d", v)
			}
		})
	})
}
