package nardy

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// TestRecordSeedJSONRefusalNamesTheValue: a seed that is no whole number
// in 0..2^64−1 is refused naming the JSON value given by its type, with
// its text for a number, a string or true/false; a long string is
// shortened as errors shorten input (cut at a character's start, "..."
// after the cut), not copied whole, and the message stays UTF-8.
func TestRecordSeedJSONRefusalNamesTheValue(t *testing.T) {
	read := func(seed string) error {
		var r Record
		return json.Unmarshal([]byte(`{"rules":{"variant":"long"},"length":0,"seed":`+seed+`,"actions":[]}`), &r)
	}
	for seed, want := range map[string]string{
		`true`:  "not the JSON true",
		`false`: "not the JSON false",
		`[]`:    "not the JSON array",
		`[1]`:   "not the JSON array",
		`{}`:    "not the JSON object",
		`1.5`:   "not the JSON number 1.5",
		`"x7"`:  `not the JSON string "x7"`,
	} {
		err := read(seed)
		assert.ErrorIs(t, err, ErrSyntax, seed)
		assert.ErrorContains(t, err, want, seed)
	}
	long := `"` + strings.Repeat("é", 100) + `"`
	err := read(long)
	if assert.ErrorIs(t, err, ErrSyntax) {
		msg := err.Error()
		assert.Contains(t, msg, `not the JSON string "éé`)
		assert.NotContains(t, msg, long, "the whole string copied")
		assert.Contains(t, msg, "...", "the cut is marked")
		assert.True(t, utf8.ValidString(msg), "cut inside a character: %q", msg)
		assert.Less(t, len(msg), len(long)+100, "the string is shortened")
	}
}

// TestRecordJSONWithoutASeedLeavesItOut: a record without a seed (dice
// thrown by a caller, or a fair proof in its place) is written without a
// "seed" key, as its Go field's omitempty and every optional key of the
// record ("setup", "fair") are, not as "seed":null beside them (a client
// asking whether the key is there would take it for a seed given); it
// reads back without a seed.
func TestRecordJSONWithoutASeedLeavesItOut(t *testing.T) {
	rec := Record{Rules: DefaultRules(Long), Actions: []Action{{Kind: ActOpening, Dice: [2]int{3, 1}}}}
	b, err := json.Marshal(rec)
	if !assert.NoError(t, err) {
		return
	}
	var keys map[string]json.RawMessage
	if assert.NoError(t, json.Unmarshal(b, &keys)) {
		assert.NotContains(t, keys, "seed", "%s", b)
		assert.NotContains(t, keys, "fair", "%s", b)
	}
	var back Record
	if assert.NoError(t, json.Unmarshal(b, &back)) {
		assert.Nil(t, back.Seed)
	}
}
