package main

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestActionOnAnyOtherVersion: an action made on any version other than
// the game's, an older one or one the game has not reached, changes
// nothing and is answered 409 stale with the current state (README,
// "Exactly once").
func TestActionOnAnyOtherVersion(t *testing.T) {
	c := newClient(t, Config{})
	st, me, _ := c.create(`{}`)
	for _, v := range []int{st.Version - 1, st.Version + 1, st.Version + 100} {
		e := me.refused(http.StatusConflict, "stale", "POST", "roll", withVersion(v, ""))
		if assert.NotNil(t, e.State, "version %d", v) {
			assert.Equal(t, st.Version, e.State.Version, "version %d: nothing was done", v)
		}
	}
	assert.Equal(t, st.Version, me.state().Version)
	me.act("roll", st, "")
}
