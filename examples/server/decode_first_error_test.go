package main

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBadJSONSaysTheDecodersOwnError: a body the decoder refuses for
// another reason than an unknown key (a value of the wrong type, JSON cut
// short) is refused with that reason, even when an unknown key follows in
// the text: the unknown key is named (with its path) only when it is what
// the decoder refused. Found by a mutation round (helper 171): naming an
// unknown key for any refusal went unnoticed.
func TestBadJSONSaysTheDecodersOwnError(t *testing.T) {
	c := newClient(t, Config{})
	for body, want := range map[string]string{
		`{"length":"three","bogus":1}`: "length",
		`{"bogus":1,"length":`:         "EOF",
	} {
		e := c.refused(http.StatusBadRequest, "bad_json", "POST", "/api/games", body)
		assert.NotContains(t, e.Error, "unknown field", body)
		assert.NotContains(t, e.Error, "bogus", body)
		assert.Contains(t, e.Error, want, body)
	}
}
