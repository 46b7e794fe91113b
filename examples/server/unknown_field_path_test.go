package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUnknownFieldNamedWithItsPath: an unknown key inside a nested object
// of a request ("setup", its "cube", "start") is named with its path, as
// checkKeys names a key in another case ("setup.Position"), where Go's
// decoder said the key alone (`unknown field "bogus"`); the first unknown
// key in the text is the one named, as the decoder refuses it.
func TestUnknownFieldNamedWithItsPath(t *testing.T) {
	c := newClient(t, Config{})
	pos := `"short w 02000000000500000000030005/02000000000500000000030005"`
	for body, field := range map[string]string{
		`{"bogus":1}`:           "bogus",
		`{"setup":{"bogus":1}}`: "setup.bogus",
		`{"setup":{"position":` + pos + `,"cube":{"value":1,"bogus":2}}}`: "setup.cube.bogus",
		`{"length":3,"start":{"score":[1,0],"bogus":true}}`:               "start.bogus",
		`{"setup":{"cube":{"x":1}},"start":{"y":1}}`:                      "setup.cube.x",
		`{"start":{"y":1},"setup":{"cube":{"x":1}}}`:                      "start.y",
	} {
		e := c.refused(http.StatusBadRequest, "bad_json", "POST", "/api/games", body)
		assert.Equal(t, fmt.Sprintf("bad JSON body: unknown field %q", field), e.Error, body)
	}
	st, me, _ := c.create(`{"preset":"short-standard","seed":3}`)
	e := me.refused(http.StatusBadRequest, "bad_json", "POST", "roll", withVersion(st.Version, `{"colour":"white"}`))
	assert.Equal(t, `bad JSON body: unknown field "colour"`, e.Error)
}
