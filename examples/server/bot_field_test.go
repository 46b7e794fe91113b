package main

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBotFieldChecked: "bot" names a known bot or is refused, 400
// bad_game naming the field, also in a game between two people, where it
// was ignored whatever it said; and a game between two people refuses a
// bot name at all, where no seat would use it. Left out (or null) it is
// the default, greedy, against the bot, and nothing between people.
func TestBotFieldChecked(t *testing.T) {
	c := newClient(t, Config{})
	for body, want := range map[string]string{
		`{"opponent":"human","bot":"nonexistent"}`: `bot: want one of [`,
		`{"opponent":"human","bot":""}`:            `bot: want one of [`,
		`{"opponent":"bot","bot":"nonexistent"}`:   `bot: want one of [`,
		`{"opponent":"human","bot":"greedy"}`:      `bot: "greedy" given for a game between two people`,
		`{"opponent":"human","bot":"neural1"}`:     `bot: "neural1" given for a game between two people`,
	} {
		e := c.refused(http.StatusBadRequest, "bad_game", "POST", "/api/games", body)
		assert.Contains(t, e.Error, want, body)
	}
	st, _, _ := c.create(`{"opponent":"human"}`)
	assert.Empty(t, st.Bot, "no bot between people")
	st, _, _ = c.create(`{"opponent":"human","bot":null}`)
	assert.Empty(t, st.Bot)
	st, _, _ = c.create(`{}`)
	assert.Equal(t, "greedy", st.Bot, "the default against the bot")
	st, _, _ = c.create(`{"bot":"random"}`)
	assert.Equal(t, "random", st.Bot)
	// The bot's seat either colour: the creator playing black, the bot white.
	st, _, _ = c.create(`{"color":"black","bot":"random"}`)
	assert.Equal(t, "random", st.Bot, "a bot named for the white seat")
}
