package main

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// The forms the README gives a seat token a client chooses and a player's
// seed, checked character by character.

// base64url is the alphabet of a seat token and of a player's seed
// (README: "A-Z a-z 0-9 - _").
const base64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// TestSeatTokenAlphabet: a seat token a client chooses is 43 characters of
// A-Z a-z 0-9 - _ (README, "Seats and tokens"): every byte is tried as a
// token of 43 of it, and only those of the alphabet are of the form; a
// join with a token holding '-' and '_' takes the seat, one holding '.'
// is 400 bad_seat_token.
func TestSeatTokenAlphabet(t *testing.T) {
	for b := range 256 {
		tok := strings.Repeat(string([]byte{byte(b)}), 43)
		assert.Equal(t, strings.IndexByte(base64url, byte(b)) >= 0, validSeatToken(tok), "byte %d", b)
	}
	c := newClient(t, Config{})
	_, _, b := c.createInvite(`{"opponent":"human"}`)
	status, _, body := b.joinWith("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.A")
	refusedWith(t, http.StatusBadRequest, "bad_seat_token", status, body, "a '.' in the token")
	mine := "Zz09-_" + strings.Repeat("Q", 37)
	status, out, body := b.joinWith(mine)
	require.Equal(t, http.StatusOK, status, "%s", body)
	assert.Equal(t, mine, out.Token)
}

// TestClientSeedAlphabet: a player's seed is 1 to 64 characters of A-Z
// a-z 0-9 _ - (README, "Provably fair dice", 2.): every byte is tried as a
// seed of its own, and only those of the alphabet are taken (any other is
// a bad request); a seed of 64 characters with both '-' and '_' is taken
// through the API and is in the salt.
func TestClientSeedAlphabet(t *testing.T) {
	p, err := variants.Lookup("long-moscow")
	require.NoError(t, err)
	for b := range 256 {
		g, err := newGame(p, 0, nardy.MatchStart{}, nil, [2]string{"human", "bot"}, "greedy")
		require.NoError(t, err)
		err = g.setSeed(nardy.White, string([]byte{byte(b)}))
		if strings.IndexByte(base64url, byte(b)) >= 0 {
			assert.NoError(t, err, "byte %d", b)
		} else {
			assert.True(t, errors.Is(err, errBadRequest), "byte %d: %v", b, err)
		}
	}
	c := newClient(t, Config{})
	st, me, _ := c.create(`{}`)
	seed := "a-b_" + strings.Repeat("9", 60)
	st = me.act("seed", st, `{"client_seed":"`+seed+`"}`)
	assert.Equal(t, "white:"+seed+"|black:", st.Fair.Salt)
}
