package nardy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecordSeedJSONSurvivesFloatReaders: a record's seed is written as a
// string of digits, so a reader that holds JSON numbers as float64 (as
// JavaScript's JSON.parse does, exact only up to 2^53) reads it exactly;
// written back by such a reader it replays to the same match.
func TestRecordSeedJSONSurvivesFloatReaders(t *testing.T) {
	for _, seed := range []uint64{0, 179, 1<<53 + 1, 18446744073709551557, ^uint64(0)} {
		rec := seededMatch(t, seed).Record()
		b, err := json.Marshal(rec)
		require.NoError(t, err)
		var generic map[string]any // numbers as float64, as JSON.parse
		require.NoError(t, json.Unmarshal(b, &generic))
		assert.Equal(t, uintText(seed), generic["seed"], "seed %d", seed)
		again, err := json.Marshal(generic)
		require.NoError(t, err)
		var back Record
		require.NoError(t, json.Unmarshal(again, &back), "seed %d", seed)
		require.NotNil(t, back.Seed)
		assert.Equal(t, seed, *back.Seed)
		_, err = Replay(back)
		assert.NoError(t, err, "seed %d", seed)
	}
}

// uintText writes n in decimal digits without strconv, for the test's
// expectation.
func uintText(n uint64) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

// TestRecordSeedJSONForms: a seed is read as a JSON number (the records
// written before seeds were strings, the kept file among them) or as a
// string of digits, both exact to 2^64−1; anything else is refused.
func TestRecordSeedJSONForms(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "records", "v0.2-seed-number-short-standard-3p-seed179.json"))
	require.NoError(t, err)
	require.Contains(t, string(b), `"seed":179,`)
	var old, cur Record
	require.NoError(t, json.Unmarshal(b, &old))
	b, err = os.ReadFile(filepath.Join("testdata", "records", "short-standard-3p-seed179.json"))
	require.NoError(t, err)
	require.Contains(t, string(b), `"seed":"179",`)
	require.NoError(t, json.Unmarshal(b, &cur))
	assert.Equal(t, cur, old)

	read := func(seed string) (Record, error) {
		var r Record
		err := json.Unmarshal([]byte(`{"rules":{"variant":"long"},"length":0,"seed":`+seed+`,"actions":[]}`), &r)
		return r, err
	}
	for seed, want := range map[string]uint64{
		`18446744073709551615`: ^uint64(0), `"18446744073709551615"`: ^uint64(0),
		`9007199254740993`: 1<<53 + 1, `"0"`: 0, `0`: 0,
	} {
		r, err := read(seed)
		if assert.NoError(t, err, seed) && assert.NotNil(t, r.Seed, seed) {
			assert.Equal(t, want, *r.Seed, seed)
		}
	}
	r, err := read(`null`)
	assert.NoError(t, err)
	assert.Nil(t, r.Seed)
	for _, seed := range []string{`"18446744073709551616"`, `18446744073709551616`, `-1`, `"-1"`, `1.5`, `1e3`, `"1e3"`, `""`, `" 7"`, `"+7"`, `"0x10"`, `true`, `[]`, `{}`} {
		_, err := read(seed)
		assert.ErrorIs(t, err, ErrBadRecord, seed)
		assert.ErrorIs(t, err, ErrSyntax, seed)
	}
	_, err = read(`"-1"`)
	assert.ErrorContains(t, err, `seed: want a whole number in 0..18446744073709551615, as a number or a string of digits, not the JSON string "-1"`)
}
