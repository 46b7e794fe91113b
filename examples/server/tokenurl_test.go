package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTokensStayOutOfURLs: the server hands out and takes seat tokens and
// invitations only outside the URLs that reach servers: the invitation's
// link puts its token in the fragment (/#g=ID&i=TOKEN), which a browser
// never sends; a token in a query holds no seat (401 no_token); and every
// answer, the page's included, says Referrer-Policy: no-referrer, so that
// no address of the page reaches another site as a Referer.
func TestTokensStayOutOfURLs(t *testing.T) {
	c := newClient(t, Config{})
	status, b := c.request("POST", "/api/games", "", `{"preset":"short-standard","opponent":"human"}`)
	require.Equal(t, http.StatusCreated, status, "%s", b)
	var out createdJSON
	require.NoError(t, json.Unmarshal(b, &out))
	require.NotNil(t, out.Invite)
	assert.Equal(t, "/#g="+out.Game.ID+"&i="+out.Invite.Token, out.Invite.URL)
	assert.False(t, strings.Contains(strings.SplitN(out.Invite.URL, "#", 2)[0], out.Invite.Token))
	for _, q := range []string{"token", "access_token", "t", "i"} {
		got, body := c.request("GET", "/api/games/"+out.Game.ID+"?"+q+"="+out.Token, "", "")
		refusedWith(t, http.StatusUnauthorized, "no_token", got, body, "a token in ?"+q)
	}
	for _, p := range []string{"/", "/static/app.js", "/api/presets", "/api/games/" + out.Game.ID, "/nope"} {
		req, err := http.NewRequest("GET", c.url+p, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+out.Token)
		resp, err := c.hc.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, "no-referrer", resp.Header.Get("Referrer-Policy"), p)
	}
}
