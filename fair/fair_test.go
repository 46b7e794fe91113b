package fair

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// vectorSeed is the seed of the test vectors: the bytes 0, 1, ..., 31.
func vectorSeed() [SeedSize]byte {
	var s [SeedSize]byte
	for i := range s {
		s[i] = byte(i)
	}
	return s
}

// TestFairDiceVectors: the dice of the documented derivation, computed
// independently with Python's hmac and hashlib:
//
//	seed = bytes(range(32)); n = 0, 1, ...
//	block = hmac.new(seed, struct.pack(">Q", n) + salt, hashlib.sha256).digest()
//	dice: b % 6 + 1 for each byte b < 252
//
// The first 200 dice of both salts pass over skipped bytes (8 and 7 of
// them), so the rejection is checked too.
func TestFairDiceVectors(t *testing.T) {
	assert.Equal(t, "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd", Commitment(vectorSeed()))
	for _, c := range []struct{ salt, dice string }{
		{"white:abc|black:xyz", "44523552446656412261513325165463365632332314341336335345326355564332533155144162" +
			"35254533261115332236153663246662663523462124553346261413421256233425624615233114" +
			"5441213456123426463326445616411424665631"},
		{"", "41265226242616344122462411231545336415266436316133344561535354152225326333635631" +
			"62246563434136332461331513245366132511366613645354261316445642555264152126366622" +
			"3222152615213446655631641223423126324356"},
	} {
		d := mustNew(t, vectorSeed(), c.salt)
		var got strings.Builder
		for range len(c.dice) {
			got.WriteByte(byte('0' + d.Die()))
		}
		assert.Equal(t, c.dice, got.String(), "salt %q", c.salt)
		assert.Equal(t, len(c.dice), d.Thrown())
	}
}

// TestFairDiceProperties: every die is 1..6, the same seed and salt give
// the same dice, and another salt other dice.
func TestFairDiceProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := [SeedSize]byte(rapid.SliceOfN(rapid.Byte(), SeedSize, SeedSize).Draw(t, "seed"))
		salt := rapid.String().Draw(t, "salt")
		a, b, c := newDice(seed, salt), newDice(seed, salt), newDice(seed, salt+"x")
		same := true
		for range 64 {
			x, y, z := a.Die(), b.Die(), c.Die()
			if x < 1 || x > 6 || z < 1 || z > 6 {
				t.Fatalf("die %d, %d", x, z)
			}
			if x != y {
				t.Fatalf("same seed, different dice")
			}
			same = same && x == z
		}
		if same {
			t.Fatalf("another salt gave the same 64 dice")
		}
	})
}

// TestFairDiceUniform: 600,000 dice of one seed fall on each face within
// five standard deviations of 100,000, and the chi-square statistic of the
// six faces (5 degrees of freedom) is below 30 (p < 0.0001 for a fair die).
func TestFairDiceUniform(t *testing.T) {
	d := mustNew(t, vectorSeed(), "uniform")
	var n [7]int
	const total = 600_000
	for range total {
		n[d.Die()]++
	}
	expect := float64(total) / 6
	sd := math.Sqrt(total * (1.0 / 6) * (5.0 / 6))
	chi := 0.0
	for f := 1; f <= 6; f++ {
		assert.InDelta(t, expect, float64(n[f]), 5*sd, "face %d", f)
		chi += (float64(n[f]) - expect) * (float64(n[f]) - expect) / expect
	}
	assert.Less(t, chi, 30.0)
}

// FuzzFairProof: any proof either fails with ErrBadCommitment or gives the
// dice of a seed whose commitment it carries; it never panics.
func FuzzFairProof(f *testing.F) {
	s := vectorSeed()
	f.Add(Commitment(s), hex.EncodeToString(s[:]), "salt")
	f.Add(Commitment(s), "", "")
	f.Add("00", "11", "")
	f.Fuzz(func(t *testing.T, commitment, seed, salt string) {
		p := Proof{Commitment: commitment, Seed: seed, Salt: salt}
		d, err := p.Dice()
		if err != nil {
			if !errors.Is(err, ErrBadCommitment) {
				t.Fatalf("error %v does not match ErrBadCommitment", err)
			}
			return
		}
		if seed == "" {
			if d != nil {
				t.Fatal("dice without a seed")
			}
			return
		}
		b, _ := hex.DecodeString(seed)
		if Commitment([SeedSize]byte(b)) != strings.ToLower(commitment) {
			t.Fatalf("seed %s accepted for commitment %s", seed, commitment)
		}
		if v := d.Die(); v < 1 || v > 6 {
			t.Fatalf("die %d", v)
		}
	})
}

// TestZeroAndNilDice: a Dice not made by New or Proof.Dice has no seed to
// throw from, so it throws 0, an impossible die that package nardy's
// throwing functions refuse (ErrInvalidRoll), never a made-up die, and
// counts no throw. The zero Dice threw 32 ones and then panicked on its
// nil HMAC; a nil *Dice panicked in Die and Thrown.
func TestZeroAndNilDice(t *testing.T) {
	var zero Dice
	for i := range 40 {
		assert.Zero(t, zero.Die(), "die %d of the zero Dice", i+1)
	}
	assert.Zero(t, zero.Thrown())
	var none *Dice
	assert.Zero(t, none.Die())
	assert.Zero(t, none.Thrown())
}

// FuzzProofJSON: a Proof read from any JSON (records carry one from
// strangers) writes JSON that reads back to the same Proof; more than
// 8 KiB are refused unread with ErrBadCommitment. (Proof.UnmarshalJSON
// was fuzzed only inside records, whose fair ones FuzzReplayJSON checked
// for panics alone.)
func FuzzProofJSON(f *testing.F) {
	s := vectorSeed()
	for _, p := range []Proof{{Commitment: Commitment(s), Seed: hex.EncodeToString(s[:]), Salt: "salt"}, {Commitment: Commitment(s)}} {
		b, err := json.Marshal(p)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte(`{"commitment":1}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"salt":"` + strings.Repeat("x", maxProofJSON) + `"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Proof
		err := p.UnmarshalJSON(b) // json.Unmarshal scans the whole text first
		if len(b) > maxProofJSON {
			if !errors.Is(err, ErrBadCommitment) {
				t.Fatalf("%d bytes: error %v, want ErrBadCommitment", len(b), err)
			}
			return
		}
		if err != nil {
			if !errors.Is(err, ErrBadCommitment) {
				t.Fatalf("%q: error %v, want ErrBadCommitment", b, err)
			}
			return
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("an accepted proof does not marshal: %v", err)
		}
		var back Proof
		if err := json.Unmarshal(out, &back); err != nil || back != p {
			t.Fatalf("%s: read back as %+v, %v; want %+v", out, back, err, p)
		}
	})
}

// TestProofJSONBounds: a proof's JSON with a salt past MaxSalt, or a
// commitment or seed past 64 characters, is refused with
// ErrBadCommitment; at the bounds it reads and writes back the same. (A
// salt of 8,180 bytes was read, and its JSON written again, 8,201 bytes,
// was then refused: FuzzProofJSON's first finding.)
func TestProofJSONBounds(t *testing.T) {
	s := vectorSeed()
	ok := Proof{Commitment: Commitment(s), Seed: hex.EncodeToString(s[:]), Salt: strings.Repeat("<", MaxSalt)}
	b, err := json.Marshal(ok)
	require.NoError(t, err)
	var back Proof
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, ok, back)
	for name, p := range map[string]Proof{
		"salt":       {Commitment: ok.Commitment, Salt: strings.Repeat("x", MaxSalt+1)},
		"commitment": {Commitment: ok.Commitment + "0"},
		"seed":       {Commitment: ok.Commitment, Seed: ok.Seed + "0"},
	} {
		b, err := json.Marshal(p)
		require.NoError(t, err)
		back := Proof{Salt: "kept"}
		err = json.Unmarshal(b, &back)
		assert.ErrorIs(t, err, ErrBadCommitment, name)
		var pe *ProofError
		if assert.ErrorAs(t, err, &pe, name) {
			assert.Equal(t, name, pe.Field, "the field at fault")
		}
		assert.Equal(t, Proof{Salt: "kept"}, back, "%s: a refused proof leaves the value as it was", name)
	}
	// JSON that is no proof's matches the sentinel too (a json type error
	// came through alone).
	for _, text := range []string{`[1]`, `{"salt":1}`, `"x"`, `{`} {
		back := Proof{Salt: "kept"}
		err := back.UnmarshalJSON([]byte(text))
		assert.ErrorIs(t, err, ErrBadCommitment, text)
		var pe *ProofError
		if assert.ErrorAs(t, err, &pe, text) {
			assert.Empty(t, pe.Field, text)
			assert.Error(t, pe.Err, "%s: the decoder's error is kept", text)
		}
		assert.Equal(t, Proof{Salt: "kept"}, back, text)
	}
	back = ok
	require.NoError(t, json.Unmarshal([]byte("null"), &back))
	assert.Equal(t, ok, back, "null changes nothing, as encoding/json's convention is")
	require.NoError(t, json.Unmarshal([]byte(`{"salt":"s"}`), &back))
	assert.Equal(t, Proof{Commitment: ok.Commitment, Seed: ok.Seed, Salt: "s"}, back, "fields left out keep their values")
}

// mustNew returns New's dice, failing the test on an error.
func mustNew(t *testing.T, seed [SeedSize]byte, salt string) *Dice {
	t.Helper()
	d, err := New(seed, salt)
	require.NoError(t, err)
	return d
}

// TestProofErrorFields: every refusal of Proof.Dice and New is a
// *ProofError naming the field at fault, and a seed that is not the one
// committed to says so (the sentinel's text spoke of the seed for a salt
// too long as well).
func TestProofErrorFields(t *testing.T) {
	s := vectorSeed()
	var other [SeedSize]byte
	ok := Proof{Commitment: Commitment(s), Seed: hex.EncodeToString(s[:])}
	cases := map[string]struct {
		p     Proof
		field string
		text  string
	}{
		"commitment not hex": {Proof{Commitment: "zz"}, "commitment", `fair: bad dice proof: commitment "zz" is not 64 hex digits`},
		"salt too long":      {Proof{Commitment: ok.Commitment, Salt: strings.Repeat("s", MaxSalt+1)}, "salt", "fair: bad dice proof: salt of 1025 bytes, at most 1024"},
		"seed not hex":       {Proof{Commitment: ok.Commitment, Seed: "12"}, "seed", `fair: bad dice proof: seed "12" is not 64 hex digits`},
		"another seed":       {Proof{Commitment: ok.Commitment, Seed: hex.EncodeToString(other[:])}, "seed", "does not match its commitment"},
	}
	for name, c := range cases {
		_, err := c.p.Dice()
		require.ErrorIs(t, err, ErrBadCommitment, name)
		var pe *ProofError
		require.ErrorAs(t, err, &pe, name)
		assert.Equal(t, c.field, pe.Field, name)
		assert.Contains(t, err.Error(), c.text, name)
	}
	_, err := New(s, strings.Repeat("s", MaxSalt+1))
	var pe *ProofError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "salt", pe.Field)
	assert.NotContains(t, err.Error(), "seed", "a long salt is not the seed's fault")
}
