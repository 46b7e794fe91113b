package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// TestStrictJSON: a body is read as the API documents it, or refused with
// 400 bad_json and a message in the API's words. A step of a whole play is
// exactly [from, to, die] (Go's decoder dropped a fourth number and took
// [from, to] as die 0); a value of the wrong type names the JSON field and
// the type it takes, never Go's struct and types; a field named in another
// case than its own, or twice, is refused (Go's decoder took them), and
// so is anything but blanks after the object (a stray "}" or "]" passed,
// FuzzDecodeAction found). The type errors read as the library's do
// ("dice: want an array, not a JSON string", errors.go).
func TestStrictJSON(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"long-moscow","opponent":"human","seed":5}`)
	st = a.act("roll", st, "")
	mover := byColor(st.ToAct, a, b)
	st = mover.act("roll", st, "")
	require.Equal(t, "play", st.Phase)
	plays, err := variants.LongMoscow().Legal(nardy.MustParsePosition(st.Position), nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	steps := triples(slices.Collect(plays[0].Steps()))
	body := func(extra func([][]int) [][]int) string {
		var ss [][]int
		for _, s := range steps {
			ss = append(ss, s[:])
		}
		b, err := json.Marshal(map[string]any{"version": st.Version, "steps": extra(ss)})
		require.NoError(t, err)
		return string(b)
	}
	for name, extra := range map[string]func([][]int) [][]int{
		"five numbers": func(ss [][]int) [][]int { ss[0] = append(ss[0], 99, 100); return ss },
		"four numbers": func(ss [][]int) [][]int { ss[0] = append(ss[0], 0); return ss },
		"two numbers":  func(ss [][]int) [][]int { ss[0] = ss[0][:2]; return ss },
		"no numbers":   func(ss [][]int) [][]int { ss[0] = []int{}; return ss },
	} {
		e := mover.refused(http.StatusBadRequest, "bad_json", "POST", "play", body(extra))
		assert.Contains(t, e.Error, "[from, to, die]", name)
	}
	for _, tc := range []struct{ what, body, want string }{
		{"play", `{"version":"7"}`, `version: want a whole number, not a JSON string`},
		{"play", fmt.Sprintf(`{"version":%d,"steps":[[24,"x",1]]}`, st.Version), `steps: a step is [from, to, die], three whole numbers, not [24,"x",1]`},
		{"step", fmt.Sprintf(`{"version":%d,"from":1.5,"to":3}`, st.Version), `from: want a whole number, not the JSON number 1.5`},
		{"resign", fmt.Sprintf(`{"version":%d,"kind":3}`, st.Version), `kind: want a string, not a JSON number`},
		{"play", fmt.Sprintf(`{"version":%d,"steps":{}}`, st.Version), `steps: want an array, not a JSON object`},
		{"play", `[1,2]`, `bad JSON body: want an object, not a JSON array`},
		{"play", fmt.Sprintf(`{"VERSION":%d}`, st.Version), `unknown field "VERSION" (names are case-sensitive: "version")`},
		{"play", fmt.Sprintf(`{"Version":%d,"version":%d}`, st.Version, st.Version), `unknown field "Version"`},
		{"play", fmt.Sprintf(`{"version":%d,"version":%d}`, st.Version+5, st.Version), `field "version" given twice`},
		{"step", fmt.Sprintf(`{"version":%d,"from":24,"tO":18}`, st.Version), `unknown field "tO"`},
		{"play", fmt.Sprintf(`{"version":%d,"colour":"white"}`, st.Version), `unknown field "colour"`},
		{"play", fmt.Sprintf(`{"version":%d}]`, st.Version), `data after the object`},
		{"play", fmt.Sprintf(`{"version":%d}}`, st.Version), `data after the object`},
		{"play", fmt.Sprintf(`{"version":%d} {}`, st.Version), `data after the object`},
	} {
		e := mover.refused(http.StatusBadRequest, "bad_json", "POST", tc.what, tc.body)
		assert.Contains(t, e.Error, tc.want, tc.body)
		for _, internal := range []string{"Go ", "actionRequest", "json:", "main."} {
			assert.NotContains(t, e.Error, internal, tc.body)
		}
	}
	got, raw := c.do("POST", "/api/games", `{"length":"seven"}`)
	e := refusedWith(t, http.StatusBadRequest, "bad_json", got, raw, "create")
	assert.Equal(t, `bad JSON body: length: want a whole number, not a JSON string`, e.Error)
	got, raw = c.do("POST", "/api/games", `{"Preset":"short-tavla"}`)
	refusedWith(t, http.StatusBadRequest, "bad_json", got, raw, "create with Preset")
	assert.Equal(t, st.Version, mover.state().Version, "the refused bodies changed nothing")
	assert.False(t, strings.Contains(string(raw), "createRequest"))

	// Inside a nested object too (helper-74: encoding/json took these).
	pos := `"short w 02000000000500000000030005/02000000000500000000030005"`
	for _, tc := range []struct{ body, want string }{
		{`{"preset":"short-standard","setup":{"position":` + pos + `,"position":` + pos + `}}`, `field "setup.position" given twice`},
		{`{"preset":"short-standard","setup":{"Position":` + pos + `}}`, `unknown field "setup.Position" (names are case-sensitive: "setup.position")`},
		{`{"preset":"short-standard","length":3,"start":{"Score":[1,0]}}`, `unknown field "start.Score"`},
		{`{"preset":"short-standard","length":3,"start":{"score":[1,0],"score":[2,0]}}`, `field "start.score" given twice`},
		{`{"preset":"short-standard","setup":{"position":` + pos + `,"cube":{"value":1,"value":1}}}`, `field "setup.cube.value" given twice`},
	} {
		got, raw := c.do("POST", "/api/games", tc.body)
		e := refusedWith(t, http.StatusBadRequest, "bad_json", got, raw, tc.body)
		assert.Contains(t, e.Error, tc.want, tc.body)
	}
	got, raw = c.do("POST", "/api/games", `{"preset":"short-standard","setup":{"position":`+pos+`,"cube":{"value":1}}}`)
	assert.Equal(t, http.StatusCreated, got, "%s", raw)
}
