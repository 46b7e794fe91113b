package main

// The state's "mat": whether GET .../record.mat serves the game's record
// now, which the board page offers the download by.

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stateMat reads the state's "mat" as the JSON says it (the field must be
// there, true or false) and asks for the .mat file, returning both.
func stateMat(t *testing.T, s *seat) (mat bool, served int) {
	t.Helper()
	status, b := s.do("GET", "", "")
	require.Equal(t, http.StatusOK, status, "%s", b)
	var raw map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &raw))
	field, ok := raw["mat"]
	require.True(t, ok, "the state has no \"mat\": %s", b)
	require.NoError(t, json.Unmarshal(field, &mat), "%s", field)
	served, body := s.do("GET", "record.mat", "")
	if served != http.StatusOK {
		refusedWith(t, http.StatusConflict, "no_mat", served, body, "GET record.mat")
	}
	return mat, served
}

// TestStateSaysMat: the state's "mat" is true exactly when GET
// .../record.mat serves the record (200) and false when the route refuses
// it (409 no_mat): long nardy, short-tavla (S5's backgammon of 2), a game
// set up at a position; and, all through short-standard matches played
// through the API (a person against the bot, two people), at every
// version.
func TestStateSaysMat(t *testing.T) {
	c := newClient(t, Config{})
	for _, k := range []struct {
		body string
		want bool
	}{
		{`{"preset":"short-standard","seed":1}`, true},
		{`{"preset":"short-standard","opponent":"human","length":5,"seed":2}`, true},
		{`{"preset":"long-moscow","seed":3}`, false},
		{`{"preset":"long-moscow","opponent":"human","seed":4}`, false},
		{`{"preset":"short-tavla","seed":5}`, false},
		{`{"preset":"short-standard","setup":{"position":"short w 00000503000050000000000200/00000503000050000000000200"},"seed":6}`, false},
	} {
		_, a, _ := c.create(k.body)
		mat, served := stateMat(t, a)
		assert.Equal(t, k.want, mat, k.body)
		assert.Equal(t, k.want, served == http.StatusOK, "record.mat of %s: %d", k.body, served)
	}

	// Played through: at every version the state and the route agree.
	versions := 0
	for i, body := range []string{
		`{"preset":"short-standard","bot":"greedy","length":3,"seed":8}`,
		`{"preset":"short-standard","opponent":"human","length":3,"seed":9}`,
		`{"preset":"short-standard","opponent":"human","seed":10}`,
	} {
		st, a, b := c.create(body)
		ss := seats(a, b)
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		offered := map[string]string{}
		for n := 0; !st.MatchOver; n++ {
			require.Less(t, n, 5000, "%s did not end", body)
			var ok bool
			if st, ok = actRandomly(t, rng, st, ss, offered); !ok {
				st, ok = a.awaitBot(st)
				require.True(t, ok, "nobody can act: %+v", st)
			}
			for _, s := range ss {
				mat, served := stateMat(t, s)
				require.Equal(t, mat, served == http.StatusOK, "%s, version %d, seat %s: mat %v, record.mat %d", body, st.Version, s.color, mat, served)
			}
			versions++
		}
	}
	t.Logf("%d versions of 3 matches: the state's mat and the route agreed", versions)
	assert.Positive(t, versions)
}
