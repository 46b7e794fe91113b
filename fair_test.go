package nardy

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// vectorSeed is the seed of the test vectors: the bytes 0, 1, ..., 31.
func vectorSeed() [FairSeedSize]byte {
	var s [FairSeedSize]byte
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
	assert.Equal(t, "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd", FairCommitment(vectorSeed()))
	for _, c := range []struct{ salt, dice string }{
		{"white:abc|black:xyz", "44523552446656412261513325165463365632332314341336335345326355564332533155144162" +
			"35254533261115332236153663246662663523462124553346261413421256233425624615233114" +
			"5441213456123426463326445616411424665631"},
		{"", "41265226242616344122462411231545336415266436316133344561535354152225326333635631" +
			"62246563434136332461331513245366132511366613645354261316445642555264152126366622" +
			"3222152615213446655631641223423126324356"},
	} {
		d := NewFairDice(vectorSeed(), c.salt)
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
		seed := [FairSeedSize]byte(rapid.SliceOfN(rapid.Byte(), FairSeedSize, FairSeedSize).Draw(t, "seed"))
		salt := rapid.String().Draw(t, "salt")
		a, b, c := NewFairDice(seed, salt), NewFairDice(seed, salt), NewFairDice(seed, salt+"x")
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
	d := NewFairDice(vectorSeed(), "uniform")
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

// fairMatch plays a short match to 3 with fair dice and returns its record
// with the seed revealed.
func fairMatch(t *testing.T, seed [FairSeedSize]byte, salt string) Record {
	rc, err := NewRecorder(DefaultRules(Short), 3, nil)
	require.NoError(t, err)
	playRecorded(t, rc, NewFairDice(seed, salt), rand.New(rand.NewPCG(7, 7)))
	rec := rc.Record()
	rec.Fair = &FairProof{Commitment: FairCommitment(seed), Seed: hex.EncodeToString(seed[:]), Salt: salt}
	return rec
}

// TestReplayFair: Replay checks a fair record's commitment and every die;
// an unrevealed seed replays without the dice check.
func TestReplayFair(t *testing.T) {
	seed := vectorSeed()
	rec := fairMatch(t, seed, "w|b")
	m, err := Replay(rec)
	require.NoError(t, err)
	assert.True(t, m.IsOver())

	// Through JSON, as a player would download it.
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"fair":{"commitment":"630dcd29`)
	var back Record
	require.NoError(t, json.Unmarshal(b, &back))
	_, err = Replay(back)
	require.NoError(t, err)

	firstRoll := -1
	for i, a := range rec.Actions {
		if a.Kind == ActRoll {
			firstRoll = i
			break
		}
	}
	require.GreaterOrEqual(t, firstRoll, 0)
	edit := func(f func(r *Record)) Record {
		r := rec
		p := *rec.Fair
		r.Fair = &p
		r.Actions = append([]Action(nil), rec.Actions...)
		f(&r)
		return r
	}
	other := seed
	other[0] ^= 1
	for _, c := range []struct {
		name  string
		r     Record
		index int
		why   error
	}{
		{"a die changed", edit(func(r *Record) {
			d := r.Actions[firstRoll].Dice
			r.Actions[firstRoll].Dice = [2]int{d[0]%6 + 1, d[0]}
		}), firstRoll, errDiceMismatch},
		{"another seed revealed", edit(func(r *Record) { r.Fair.Seed = hex.EncodeToString(other[:]) }), -1, ErrBadCommitment},
		{"another salt", edit(func(r *Record) { r.Fair.Salt = "w|B" }), 0, errDiceMismatch},
		{"a short seed", edit(func(r *Record) { r.Fair.Seed = r.Fair.Seed[:62] }), -1, ErrBadCommitment},
		{"a seed not hex", edit(func(r *Record) { r.Fair.Seed = strings.Repeat("zz", 32) }), -1, ErrBadCommitment},
		{"a commitment not hex", edit(func(r *Record) { r.Fair.Commitment = "sha256:" + r.Fair.Commitment }), -1, ErrBadCommitment},
		{"a long salt", edit(func(r *Record) { r.Fair.Salt = strings.Repeat("s", MaxFairSalt+1) }), -1, ErrBadCommitment},
		{"a seed too", edit(func(r *Record) { s := uint64(1); r.Seed = &s }), -1, ErrBadCommitment},
	} {
		_, err := Replay(c.r)
		require.Error(t, err, c.name)
		assert.ErrorIs(t, err, ErrBadRecord, c.name)
		assert.ErrorIs(t, err, c.why, c.name)
		var re *RecordError
		require.True(t, errors.As(err, &re), c.name)
		if c.index != 0 {
			assert.Equal(t, c.index, re.Index, c.name)
		}
	}

	// Before the reveal the commitment is checked for form only.
	hidden := edit(func(r *Record) {
		r.Fair.Seed = ""
		d := r.Actions[firstRoll].Dice
		r.Actions[firstRoll].Dice = [2]int{d[1], d[0]} // the same roll, dice swapped
	})
	_, err = Replay(hidden)
	assert.NoError(t, err)
}

// FuzzFairProof: any proof either fails with ErrBadCommitment or gives the
// dice of a seed whose commitment it carries; it never panics.
func FuzzFairProof(f *testing.F) {
	s := vectorSeed()
	f.Add(FairCommitment(s), hex.EncodeToString(s[:]), "salt")
	f.Add(FairCommitment(s), "", "")
	f.Add("00", "11", "")
	f.Fuzz(func(t *testing.T, commitment, seed, salt string) {
		p := FairProof{Commitment: commitment, Seed: seed, Salt: salt}
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
		if FairCommitment([FairSeedSize]byte(b)) != strings.ToLower(commitment) {
			t.Fatalf("seed %s accepted for commitment %s", seed, commitment)
		}
		if v := d.Die(); v < 1 || v > 6 {
			t.Fatalf("die %d", v)
		}
	})
}
