package nardy_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestPlainStructsStayPlainToDecoders: Cube, Scoring, MatchStart, Setup,
// Step and Result have no UnmarshalJSON, as the package doc says, so a
// caller's decoder reaches into them as into its own structs: its
// DisallowUnknownFields refuses an unknown key inside them, and a value of
// the wrong JSON type is a *json.UnmarshalTypeError with the whole path
// (an UnmarshalJSON of theirs would hide both, as the example server's
// strict request bodies would find). Alone, such JSON gives
// encoding/json's error, which matches no sentinel; inside a Game or Rules
// the same fields give those types' errors.
func TestPlainStructsStayPlainToDecoders(t *testing.T) {
	for _, v := range []any{&nardy.Cube{}, &nardy.Scoring{}, &nardy.MatchStart{}, &nardy.Setup{}, &nardy.Step{}, &nardy.Result{}} {
		_, ok := v.(json.Unmarshaler)
		assert.False(t, ok, "%T reads its own JSON", v)
	}
	var req struct {
		Start nardy.MatchStart `json:"start"`
		Setup *nardy.Setup     `json:"setup"`
	}
	for _, c := range []struct{ body, field string }{
		{`{"start":{"score":"x"}}`, "start.score"},
		{`{"setup":{"cube":{"value":"x"}}}`, "setup.cube.value"},
		{`{"setup":{"cube":{"owned":1}}}`, "setup.cube.owned"},
		{`{"setup":{"cube":{"owner":5}}}`, "setup.cube.owner"},
	} {
		err := json.Unmarshal([]byte(c.body), &req)
		var te *json.UnmarshalTypeError
		if assert.ErrorAs(t, err, &te, c.body) {
			assert.Equal(t, c.field, te.Field, c.body)
		}
	}
	for _, body := range []string{`{"start":{"bogus":1}}`, `{"setup":{"cube":{"bogus":1}}}`} {
		dec := json.NewDecoder(bytes.NewReader([]byte(body)))
		dec.DisallowUnknownFields()
		err := dec.Decode(&req)
		assert.ErrorContains(t, err, `unknown field "bogus"`, body)
	}

	// Alone: encoding/json's error; a text field's refusal is the package's.
	var c nardy.Cube
	err := json.Unmarshal([]byte(`{"value":"x"}`), &c)
	var te *json.UnmarshalTypeError
	assert.ErrorAs(t, err, &te)
	assert.False(t, errors.Is(err, nardy.ErrBadRecord))
	assert.ErrorIs(t, json.Unmarshal([]byte(`{"owner":"green"}`), &c), nardy.ErrSyntax)

	// Inside a game and a rule set: the sentinels of those types.
	g, err := nardy.NewGame(nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	b, err := json.Marshal(g)
	require.NoError(t, err)
	bad := bytes.Replace(b, []byte(`"cube":{"value":1,"owned":false}`), []byte(`"cube":{"value":"x"}`), 1)
	require.NotEqual(t, b, bad)
	var re *nardy.RecordError
	err = json.Unmarshal(bad, &g)
	assert.ErrorIs(t, err, nardy.ErrBadRecord)
	assert.ErrorAs(t, err, &re)
	r := nardy.DefaultRules(nardy.Long)
	var ie *nardy.InvalidRulesError
	err = json.Unmarshal([]byte(`{"scoring":{"oin":"x"}}`), &r)
	if assert.ErrorAs(t, err, &ie) {
		assert.Equal(t, "scoring", ie.Option)
	}
}
