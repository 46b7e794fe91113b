package nardy

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesJSONRefusesInvalid: rules read from JSON that Validate refuses
// are an error matching ErrInvalidRules, and the rules given are left as
// they were (they were read: a cube limit of 3, no variant, a table out
// of range).
func TestRulesJSONRefusesInvalid(t *testing.T) {
	for _, c := range []struct {
		name string
		onto Rules
		json string
	}{
		{"cube limit 3", DefaultRules(Long), `{"variant":"long","max_cube":3}`},
		{"no variant", Rules{}, `{"a":1}`},
		{"no variant, an option", Rules{}, `{"cube":true}`},
		{"scoring out of range", DefaultRules(Short), `{"scoring":{"oin":-1,"mars":2,"koks":3}}`},
	} {
		r := c.onto
		err := json.Unmarshal([]byte(c.json), &r)
		assert.ErrorIs(t, err, ErrInvalidRules, c.name)
		assert.Equal(t, c.onto, r, c.name)
	}
	// null changes nothing (encoding/json's convention; a struct with
	// "rules": null decodes), even onto the zero Rules.
	for _, onto := range []Rules{{}, DefaultRules(Long)} {
		r := onto
		require.NoError(t, json.Unmarshal([]byte("null"), &r))
		assert.Equal(t, onto, r)
	}
	var holder struct{ R Rules }
	require.NoError(t, json.Unmarshal([]byte(`{"R":null}`), &holder))

	// Options left out keep the values given: a valid overlay reads.
	r := DefaultRules(Short)
	require.NoError(t, json.Unmarshal([]byte(`{"max_cube":16}`), &r))
	want := DefaultRules(Short)
	want.MaxCube = 16
	assert.Equal(t, want, r)
}

// TestRulesErrorNamesTheOption: a refused rule set is an *InvalidRulesError
// naming the setting at fault by its JSON key, matching ErrInvalidRules.
func TestRulesErrorNamesTheOption(t *testing.T) {
	long, short := DefaultRules(Long), DefaultRules(Short)
	with := func(r Rules, f func(*Rules)) Rules { f(&r); return r }
	for _, c := range []struct {
		option string
		err    error
	}{
		{"variant", Rules{}.Validate()},
		{"variant", Rules{Variant: 3}.Validate()},
		{"head_exception", with(long, func(r *Rules) { r.HeadException = 7 }).Validate()},
		{"head_exception", with(short, func(r *Rules) { r.HeadException = Literal }).Validate()},
		{"transient_block", with(short, func(r *Rules) { r.TransientBlock = true }).Validate()},
		{"block_ahead", with(short, func(r *Rules) { r.BlockAhead = OpponentHome }).Validate()},
		{"block_ahead", with(long, func(r *Rules) { r.BlockAhead = 5 }).Validate()},
		{"opening_roll", with(long, func(r *Rules) { r.OpeningRoll = 9 }).Validate()},
		{"next_game_starter", with(long, func(r *Rules) { r.NextGameStarter = 9 }).Validate()},
		{"max_cube", with(short, func(r *Rules) { r.MaxCube = 3 }).Validate()},
		{"cube", with(long, func(r *Rules) { r.Jacoby = true }).Validate()},
		{"cube", with(long, func(r *Rules) { r.MaxCube = 8 }).Validate()}, // S6: a cube limit needs the cube
		{"cube", json.Unmarshal([]byte(`{"variant":"long","cube":false,"max_cube":8}`), new(Rules))},
		{"scoring", with(short, func(r *Rules) { r.Scoring = Scoring{Oin: -1} }).Validate()},
		{"last_roll_draw", with(short, func(r *Rules) { r.LastRollDraw = true }).Validate()},
		// L11: the ½-½ draw is a way of scoring the last roll's draw
		{"scoring", with(long, func(r *Rules) { r.Scoring.DrawHalf = true }).Validate()},
		{"scoring", json.Unmarshal([]byte(`{"variant":"long","scoring":{"oin":1,"mars":2,"koks":3,"draw_half":true}}`), new(Rules))},
		{"length", func() error { _, err := NewMatch(long, 0); return err }()},
		{"opening_roll", func() error { _, err := ThrowOpening(NewSeededDice(1), 9); return err }()},
		{"transient_block", json.Unmarshal([]byte(`{"variant":"short","transient_block":true}`), new(Rules))},
	} {
		var re *InvalidRulesError
		require.ErrorAs(t, c.err, &re, c.option)
		assert.Equal(t, c.option, re.Option, "%v", c.err)
		assert.ErrorIs(t, c.err, ErrInvalidRules)
		assert.Equal(t, "nardy: invalid rules: "+re.Msg, c.err.Error())
	}
}

// TestRulesJSONUnreadableValueNamesTheOption: a value the Rules JSON
// cannot read is an *InvalidRulesError naming its key too (it matched
// ErrInvalidRules with no option), and still matches the reason beneath
// (ErrSyntax for a word no option has).
func TestRulesJSONUnreadableValueNamesTheOption(t *testing.T) {
	for _, c := range []struct {
		json, option string
		syntax       bool // the reason beneath is a SyntaxError
	}{
		{`{"variant":"medium"}`, "variant", true},
		{`{"variant":"long","HEAD_EXCEPTION":"sometimes"}`, "head_exception", true},
		{`{"variant":"short","max_cube":"16"}`, "max_cube", false},
		{`{"variant":"short","scoring":{"oin":"one"}}`, "scoring", false},
		{`{"variant":"short","cube":1}`, "cube", false},
		{`{"variant":"short","next_game_starter":"loser"}`, "next_game_starter", true},
		{`{"variant":"short","max_cube":16,"opening_roll":7}`, "opening_roll", false},
		{`[1]`, "", false},
		{`{"variant":`, "", false},
		// The decoder notes a type error and goes on, but stops at a
		// word no option has: the key named is the one the message is
		// about (it was the first key that failed either way).
		{`{"cube":"yes","variant":"medium"}`, "variant", true},
		{`{"scoring":{"oin":"x"},"variant":"medium"}`, "variant", true},
		// encoding/json does not match the Kelvin sign to k: that key is
		// ignored, and the variant is at fault.
		{"{\"bloc\u212a_ahead\":\"nonsense\",\"variant\":\"medium\"}", "variant", true},
	} {
		r := DefaultRules(Long)
		err := r.UnmarshalJSON([]byte(c.json)) // not json.Unmarshal, which checks the syntax first
		require.ErrorIs(t, err, ErrInvalidRules, c.json)
		var re *InvalidRulesError
		if assert.ErrorAs(t, err, &re, c.json) {
			assert.Equal(t, c.option, re.Option, c.json)
		}
		if c.syntax {
			assert.ErrorIs(t, err, ErrSyntax, c.json)
		}
		assert.Equal(t, DefaultRules(Long), r, "%s: the rules given are left as they were", c.json)
	}
}

// TestRulesJSONNotAnObjectKeepsItsSentinel: rules that are not a JSON
// object in a record, a game or a match stay an invalid-rules error (the
// JSON type error kept beneath them made the record's reader say a syntax
// error instead).
func TestRulesJSONNotAnObjectKeepsItsSentinel(t *testing.T) {
	for _, rules := range []string{`"x"`, `[1]`, `1`} {
		var rec Record
		err := json.Unmarshal([]byte(`{"rules":`+rules+`,"length":0,"actions":[]}`), &rec)
		assert.ErrorIs(t, err, ErrInvalidRules, rules)
		assert.ErrorIs(t, err, ErrBadRecord, rules)
		assert.NotErrorIs(t, err, ErrSyntax, rules)
	}
}

// TestRulesJSONIntoZeroTakesDefaults_L5_S6: options left out of rules JSON
// read into the zero Rules take the variant's defaults (L5's
// TransientBlock true, standard backgammon's cube, Crawford, Jacoby and
// opening dice), not the zero values of their fields; read into set rules
// they keep the values there.
func TestRulesJSONIntoZeroTakesDefaults_L5_S6(t *testing.T) {
	for _, c := range []struct {
		json string
		want Rules
	}{
		{`{"variant":"long"}`, DefaultRules(Long)},
		{`{"variant":"short"}`, DefaultRules(Short)},
		{`{"variant":"long","transient_block":false}`, func() Rules { r := DefaultRules(Long); r.TransientBlock = false; return r }()},
		{`{"variant":"short","jacoby":false}`, func() Rules { r := DefaultRules(Short); r.Jacoby = false; return r }()},
	} {
		var r Rules
		require.NoError(t, json.Unmarshal([]byte(c.json), &r), c.json)
		assert.Equal(t, c.want, r, c.json)
		var rec Record
		require.NoError(t, json.Unmarshal([]byte(`{"rules":`+c.json+`,"actions":[]}`), &rec), c.json)
		assert.Equal(t, c.want, rec.Rules, "in a record: %s", c.json)
	}
	set := DefaultRules(Long)
	set.TransientBlock, set.HeadException = false, Literal
	require.NoError(t, json.Unmarshal([]byte(`{"variant":"long","block_ahead":"opponent_home"}`), &set))
	assert.False(t, set.TransientBlock, "set rules keep their values")
	assert.Equal(t, Literal, set.HeadException)
	assert.Equal(t, OpponentHome, set.BlockAhead)

	// As DefaultRules(Short) with the cube turned off alone: its cube
	// options need the cube, and the error says so.
	var r Rules
	err := json.Unmarshal([]byte(`{"variant":"short","cube":false}`), &r)
	require.ErrorIs(t, err, ErrInvalidRules)
	assert.Contains(t, err.Error(), "need the cube")
	assert.Equal(t, Rules{}, r)
}

// TestRulesJSONScoringWords: short nardy's scoring table is written in its
// own words (single, gammon, backgammon: helper-109 found {"oin":1,
// "mars":2,"koks":3} in a backgammon rule set), long nardy's in its own;
// either game's words are read, the kinds not given keep their values, and
// one kind named twice is refused naming "scoring".
func TestRulesJSONScoringWords(t *testing.T) {
	b, err := json.Marshal(DefaultRules(Short))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"scoring":{"single":1,"gammon":2,"backgammon":3}`)
	b, err = json.Marshal(DefaultRules(Long))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"scoring":{"oin":1,"mars":2,"home_mars":0,"koks":0}`)

	r := DefaultRules(Short)
	require.NoError(t, json.Unmarshal([]byte(`{"scoring":{"gammon":1}}`), &r))
	assert.Equal(t, Scoring{Oin: 1, Mars: 1, Koks: 3}, r.Scoring, "gammon is mars; the others kept")
	require.NoError(t, json.Unmarshal([]byte(`{"scoring":{"oin":1,"mars":2,"home_mars":0,"koks":2}}`), &r))
	assert.Equal(t, Scoring{Oin: 1, Mars: 2, Koks: 2}, r.Scoring, "the long words, as records of version 0.2 wrote them")

	r = DefaultRules(Short)
	err = json.Unmarshal([]byte(`{"scoring":{"single":1,"oin":1}}`), &r)
	var re *InvalidRulesError
	if assert.ErrorAs(t, err, &re) {
		assert.Equal(t, "scoring", re.Option)
		assert.Contains(t, re.Error(), `"oin" and "single"`)
	}
	assert.Equal(t, DefaultRules(Short), r, "left as it was")
	err = json.Unmarshal([]byte(`{"scoring":{"backgammon":"three"}}`), &r)
	if assert.ErrorAs(t, err, &re) {
		assert.Equal(t, "scoring", re.Option)
		assert.Contains(t, re.Error(), "scoring.backgammon")
	}
}

// TestRulesJSONShortOntoLongRules_L5_L11: short nardy read onto long-nardy
// rules has the neutral values of the long-nardy options (classic head
// exception, no transient block, blocks on the route, no last-roll draw),
// whatever the rules held, as UnmarshalJSON says: they have no meaning in
// short nardy; the options left out that both games have keep their values.
func TestRulesJSONShortOntoLongRules_L5_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.HeadException, r.TransientBlock, r.BlockAhead, r.LastRollDraw = Literal, true, OpponentHome, true
	r.OpeningRoll, r.NextGameStarter = Reroll, AlternateStarts
	require.NoError(t, json.Unmarshal([]byte(`{"variant":"short","scoring":{"single":1,"gammon":2,"backgammon":3}}`), &r))
	assert.Equal(t, Rules{Variant: Short, HeadException: Classic, TransientBlock: false, BlockAhead: OnRoute,
		OpeningRoll: Reroll, Scoring: Scoring{Oin: 1, Mars: 2, Koks: 3}, NextGameStarter: AlternateStarts}, r)
	require.NoError(t, r.Validate())
}
