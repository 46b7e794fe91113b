package main

// GET /api/games/{id}/record.mat: the record of a game played through the
// API, as gnubg.WriteMat writes it, read back with gnubg.ReadMat and, where
// GNU Backgammon is installed, imported by gnubg and compared with the
// JSON record game by game and event by event (recordmat_gnubg_test.go).

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

// servedMat is a .mat file the server gave and the JSON record it gave
// for the same version of the game.
type servedMat struct {
	name string
	mat  []byte
	rec  nardy.Record
	seed string // the server's dice seed in hex, as the record shows it once the match is over
}

// fetchMat asks for the game's record and its .mat file, which must be
// served as a download, and returns both.
func fetchMat(t *testing.T, s *seat, name string) servedMat {
	t.Helper()
	var rec nardy.Record
	s.ok("GET", "record", "", &rec)
	req, err := http.NewRequest("GET", s.c.url+s.path("record.mat"), nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := s.c.hc.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, err = buf.ReadFrom(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", name, buf.Bytes())
	assert.Equal(t, "text/plain; charset=utf-8", resp.Header.Get("Content-Type"))
	assert.Equal(t, `attachment; filename="nardy-`+s.id+`.mat"`, resp.Header.Get("Content-Disposition"))
	assert.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	return servedMat{name: name, mat: buf.Bytes(), rec: rec}
}

// actRandomly makes one action of whichever person may act in st, chosen
// by rng among those allowed: a double now and then, takes and drops,
// resignations offered, accepted and rejected, steps, a step taken back.
// A seat offers to resign at most once a roll (an offer rejected is made
// again only once the game has moved on: offered keeps the position and
// dice of its last). It reports false when no person may act (the bot owes
// a move).
func actRandomly(t *testing.T, rng *rand.Rand, st stateJSON, ss []*seat, offered map[string]string) (stateJSON, bool) {
	t.Helper()
	at := fmt.Sprint(st.Position, st.Dice)
	for _, s := range ss {
		allowed := st.Allowed[s.color]
		if len(allowed) == 0 {
			continue
		}
		p := rng.Float64()
		switch {
		case has(allowed, "accept"):
			if p < 0.6 {
				return s.act("accept", st, ""), true
			}
			return s.act("reject", st, ""), true
		case has(allowed, "take"):
			if p < 0.7 {
				return s.act("take", st, ""), true
			}
			return s.act("drop", st, ""), true
		case has(allowed, "resign") && st.Phase == "play" && p < 0.02 && offered[s.color] != at:
			offered[s.color] = at
			kind := []string{"single", "gammon", "backgammon"}[rng.IntN(3)]
			return s.act("resign", st, fmt.Sprintf(`{"kind":%q}`, kind)), true
		case has(allowed, "double") && p < 0.15:
			return s.act("double", st, ""), true
		case has(allowed, "roll"):
			return s.act("roll", st, ""), true
		case has(allowed, "undo") && has(allowed, "step") && p < 0.1:
			return s.act("undo", st, ""), true
		case has(allowed, "step"):
			var sj stepsJSON
			s.ok("GET", "steps", "", &sj)
			require.NotEmpty(t, sj.Next)
			n := sj.Next[rng.IntN(len(sj.Next))]
			return s.act("step", st, fmt.Sprintf(`{"from":%d,"to":%d,"die":%d}`, n.From, n.To, n.Die)), true
		case has(allowed, "play"):
			return s.act("play", st, ""), true
		}
	}
	return st, false
}

// playedMats plays short-nardy matches and money games through the API,
// between two people and against the bot, and returns the .mat files the
// server gave at a few moments of each (matches in progress) and at its
// end, each with the JSON record of the same moment.
func playedMats(t *testing.T, c *client) []servedMat {
	t.Helper()
	var out []servedMat
	for i, m := range []struct {
		length   int
		opponent string
	}{{3, "human"}, {5, "human"}, {0, "human"}, {7, "human"}, {1, "human"}, {5, "bot"}, {0, "bot"}, {3, "human"},
		{9, "human"}, {11, "bot"}, {0, "human"}, {3, "bot"}} {
		body := fmt.Sprintf(`{"preset":"short-standard","opponent":%q,"length":%d,"seed":%d}`, m.opponent, m.length, 100+i)
		if m.opponent == "bot" {
			body = fmt.Sprintf(`{"preset":"short-standard","bot":"greedy","length":%d,"seed":%d}`, m.length, 100+i)
		}
		st, a, b := c.create(body)
		seed := fmt.Sprintf("%x", sha256.Sum256([]byte(fmt.Sprintf("nardy dev seed %d", 100+i)))) // as create derives it
		ss := seats(a, b)
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		offered := map[string]string{}
		for n := 0; !st.MatchOver; n++ {
			require.Less(t, n, 20000, "match %d did not end", i)
			var ok bool
			if st, ok = actRandomly(t, rng, st, ss, offered); !ok {
				st, ok = a.awaitBot(st)
				require.True(t, ok, "nobody can act: %+v", st)
			}
			if rng.IntN(60) == 0 && !st.MatchOver {
				f := fetchMat(t, ss[rng.IntN(len(ss))], fmt.Sprintf("match %d, version %d", i, st.Version))
				f.seed = seed
				out = append(out, f)
			}
		}
		f := fetchMat(t, a, fmt.Sprintf("match %d, over", i))
		f.seed = seed
		require.Equal(t, seed, f.rec.Fair.Seed, "the record shows the seed once the match is over")
		out = append(out, f)
	}
	return out
}

// TestRecordMatOfPlayedGames: the .mat file of a short-nardy match or money
// game played through the API (between people and against the bot, with
// doubles, takes, drops, resignations offered, accepted and rejected,
// steps taken back; whole and in progress) is served as a download, reads
// back with gnubg.ReadMat as the match of the JSON record served with it,
// game by game and event by event (the score at its start, the Crawford
// game, each roll and its play as the Position IDs before and after, each
// cube action and resignation, the winner and the points), and holds
// nothing the JSON record hides: no seed before the match is over.
func TestRecordMatOfPlayedGames(t *testing.T) {
	c := newClient(t, Config{})
	files := playedMats(t, c)
	counts := map[string]int{}
	for _, f := range files {
		back, info, err := gnubg.ReadMat(bytes.NewReader(f.mat), f.rec.Rules)
		require.NoError(t, err, "%s:\n%s", f.name, f.mat)
		assert.Equal(t, f.rec.Length, back.Length, f.name)
		assert.Len(t, info.Players, 2)
		compareMatGames(t, counts, f.name, matForms().GamesOfRecord(t, f.rec), matForms().GamesOfRecord(t, back))
		// The JSON record shows the seed once the match is over, and the
		// .mat file never (it has no place for the proof): in a match in
		// progress neither shows it.
		if f.rec.Fair.Seed == "" {
			counts["in progress"]++
		}
		assert.NotContains(t, string(f.mat), f.seed, f.name)
	}
	t.Logf("read back with ReadMat: %d files, %v", len(files), counts)
	for _, k := range []string{"in progress", "doubles", "takes", "drops", "resigns", "dances"} {
		assert.Positive(t, counts[k], k)
	}
}

// TestRecordMatRefused: long nardy, which a .mat file cannot hold, and a
// short-nardy game WriteMat refuses (short-tavla scores a backgammon 2, S5,
// which gnubg would read as 3; a game set up at a position, where a .mat
// game starts at the opening) are 409 no_mat, saying why; the route asks
// for a seat's token as the JSON record does (401 without one, with
// another game's); it is a GET.
func TestRecordMatRefused(t *testing.T) {
	c := newClient(t, Config{})
	_, long, _ := c.create(`{"preset":"long-moscow","seed":1}`)
	e := long.refused(http.StatusConflict, "no_mat", "GET", "record.mat", "")
	assert.Contains(t, e.Error, "long nardy")
	assert.Contains(t, e.Error, "short nardy")
	_, tavla, _ := c.create(`{"preset":"short-tavla","seed":1}`)
	e = tavla.refused(http.StatusConflict, "no_mat", "GET", "record.mat", "")
	assert.Contains(t, e.Error, "backgammon")
	_, setup, _ := c.create(`{"preset":"short-standard","setup":{"position":"short w 00000503000050000000000200/00000503000050000000000200"},"seed":1}`)
	e = setup.refused(http.StatusConflict, "no_mat", "GET", "record.mat", "")
	assert.Contains(t, e.Error, "set up")

	_, short, _ := c.create(`{"preset":"short-standard","seed":1}`)
	c.refused(http.StatusUnauthorized, "no_token", "GET", short.path("record.mat"), "")
	other := &seat{c: c, id: short.id, token: long.token}
	got, b := other.do("GET", "record.mat", "")
	assert.Equal(t, http.StatusUnauthorized, got, "another game's token: %s", b)
	short.refused(http.StatusMethodNotAllowed, "method_not_allowed", "POST", "record.mat", `{"version":1}`)
	status, body := short.do("GET", "record.mat", "")
	require.Equal(t, http.StatusOK, status, "%s", body)
	_, info, err := gnubg.ReadMat(bytes.NewReader(body), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err, "a game not begun: %s", body)
	assert.Equal(t, [2]string{"White", "greedy"}, info.Players, "a person by its colour, the bot by its name")
}
