package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// hintOK asks the seat's hint, which must succeed.
func (s *seat) hintOK() hintJSON {
	var h hintJSON
	s.ok("GET", "hint", "", &h)
	return h
}

// TestHintRefused: the hint is a private read like the others (no token,
// a made-up token or another game's token: 401), a read only (POST: 405),
// and only for the seat that must act (409 otherwise, and in the opening
// throw and after the game).
func TestHintRefused(t *testing.T) {
	c := newClient(t, Config{})
	st, white, black := c.create(`{"preset":"short-standard","opponent":"human","seed":5,"hints":true}`)
	_, other, _ := c.create(`{"preset":"short-standard","seed":6}`)
	path := white.path("hint")
	c.refused(401, "no_token", "GET", path, "")
	for name, tok := range map[string]string{"made-up token": "Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbg", "another game's token": other.token} {
		status, b := c.request("GET", path, tok, "")
		refusedWith(t, 401, "bad_token", status, b, name)
	}
	white.refused(405, "method_not_allowed", "POST", "hint", withVersion(st.Version, ""))
	white.refused(409, "wrong_phase", "GET", "hint", "")

	st = white.act("roll", st, "") // the opening throw: one of them is on roll
	toAct, waiting := white, black
	if st.ToAct == "black" {
		toAct, waiting = black, white
	}
	e := waiting.refused(409, "not_your_turn", "GET", "hint", "")
	assert.Contains(t, e.Error, st.ToAct)
	h := toAct.hintOK()
	assert.Equal(t, st.ToAct, h.Player)
	assert.Equal(t, st.Version, h.Version)
	assert.Equal(t, st.Version, toAct.state().Version, "a hint changes nothing")

	st = toAct.act("resign", st, `{"kind":"oin"}`)
	st = waiting.act("accept", st, "")
	require.True(t, st.MatchOver)
	white.refused(409, "game_over", "GET", "hint", "")
}

// TestHintsOff: a game between two people has no hints unless its creator
// asks for them, since one player's hints would be secret help; a game
// against the bot has them unless asked otherwise. The state shows both
// players whether there are hints, and a game stored with them off keeps
// them off.
func TestHintsOff(t *testing.T) {
	c := newClient(t, Config{CacheSize: 1})
	for _, tc := range []struct {
		body  string
		hints bool
	}{
		{`{"preset":"short-standard","opponent":"human","seed":5}`, false},
		{`{"preset":"short-standard","opponent":"human","seed":5,"hints":true}`, true},
		{`{"preset":"short-standard","seed":5}`, true},
		{`{"preset":"short-standard","seed":5,"hints":false}`, false},
	} {
		st, a, b := c.create(tc.body)
		assert.Equal(t, tc.hints, st.Hints, tc.body)
		if b != nil {
			assert.Equal(t, tc.hints, b.state().Hints, "the other player sees it too: %s", tc.body)
		}
		st = a.act("roll", st, "")
		toAct := byColor(st.ToAct, a, b)
		if toAct == nil { // the bot won the opening and played; now a is on roll
			toAct = a
		}
		c.create(`{"seed":1}`) // the game leaves the cache: read back from the store
		if tc.hints {
			toAct.hintOK()
		} else {
			toAct.refused(403, "no_hints", "GET", "hint", "")
		}
	}
}

// TestHintPlays: in the play of a roll the hint lists legal whole plays
// best first (the first one is the advice, losses grow from 0), its
// chances add up to its equity under the game's scoring table, and the
// advised play, posted as it is, is accepted. Played through whole games
// of short and long nardy against the bot.
func TestHintPlays(t *testing.T) {
	c := newClient(t, Config{})
	for _, preset := range []string{"short-standard", "long-moscow"} {
		hints, cube, _ := playWithHints(t, c, preset, 11)
		assert.Greater(t, hints, 10, preset)
		if preset == "short-standard" {
			assert.Positive(t, cube, "the cube was judged")
		}
	}
}

// TestHintExactCube: a hint's verdict on a double says it is exact where
// the bear-off database decides it (money play, both sides bearing off
// with at most five checkers) and nowhere else. Short-nardy games against
// the bot, seed after seed, until one reaches such a verdict.
func TestHintExactCube(t *testing.T) {
	c := newClient(t, Config{})
	exact := 0
	for seed := 1; seed <= 40 && exact == 0; seed++ {
		_, _, exact = playWithHints(t, c, "short-standard", seed)
	}
	assert.Positive(t, exact, "no game of 40 reached a bear-off the database decides exactly")
}

// playWithHints plays a game of preset from seed against the bot, taking
// the hint's advice at every play and checking every hint; it returns
// the hints taken, the verdicts on a double and those of them exact.
func playWithHints(t *testing.T, c *client, preset string, seed int) (hints, cube, exact int) {
	t.Helper()
	st, me, _ := c.create(fmt.Sprintf(`{"preset":%q,"seed":%d}`, preset, seed))
	for i := 0; i < 2000 && !st.MatchOver; i++ {
		allowed := st.Allowed[me.color]
		switch {
		case st.ToAct == me.color && st.Phase == "play" && has(allowed, "step"):
			h := me.hintOK()
			checkPlays(t, st, h)
			checkChances(t, st, h)
			var steps [][3]int
			if len(h.Plays) > 0 {
				steps = h.Plays[0].Steps
			}
			body, _ := json.Marshal(map[string]any{"version": st.Version, "steps": steps})
			me.ok("POST", "play", string(body), &st)
			hints++
		case st.ToAct == me.color && st.Phase == "roll":
			h := me.hintOK()
			checkChances(t, st, h)
			if st.Cube != nil && has(allowed, "double") {
				require.NotNil(t, h.Cube, "%s: a double is allowed: the hint judges it", preset)
				assert.Equal(t, h.Cube.Double, h.Advice == "double")
				assert.Equal(t, exactCube(st), h.Cube.Exact, "%s %s", preset, st.Position)
				if h.Cube.Exact {
					exact++
				}
				cube++
			} else {
				assert.Equal(t, "roll", h.Advice)
			}
			st = me.act("roll", st, "")
		default:
			var ok bool
			st, ok = me.move(st, i)
			require.True(t, ok, "%+v", st)
		}
	}
	require.True(t, st.MatchOver, preset)
	return hints, cube, exact
}

// exactCube reports whether the cube verdict of a hint in st must be exact:
// a money game of short nardy whose two sides bear off with at most five
// checkers left each, all home.
func exactCube(st stateJSON) bool {
	pos := nardy.MustParsePosition(st.Position)
	if st.Length != 0 || st.Variant != "short" || !neural.IsBearoffRace(pos) {
		return false
	}
	m, o := pos.Mover(), pos.Opponent()
	return m.Total()-m[nardy.Off] <= 5 && o.Total()-o[nardy.Off] <= 5
}

// checkPlays checks the plays of a hint against the library's legal plays.
func checkPlays(t *testing.T, st stateJSON, h hintJSON) {
	pos := nardy.MustParsePosition(st.Position)
	preset, err := variants.Lookup(st.Preset)
	require.NoError(t, err)
	r := preset.Rules
	legal, err := r.AppendLegal(nil, pos, nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	texts := map[string]bool{}
	for _, p := range legal {
		texts[p.String()] = true
	}
	require.NotEmpty(t, h.Plays)
	assert.Equal(t, h.Plays[0].Play, h.Advice)
	assert.GreaterOrEqual(t, len(h.Plays), min(len(legal), 2), "the best few are listed")
	assert.LessOrEqual(t, len(h.Plays), maxHintPlays)
	assert.Equal(t, len(legal)-len(h.Plays), h.MorePlays)
	assert.Zero(t, h.Plays[0].Loss)
	for i, p := range h.Plays {
		assert.True(t, texts[p.Play], "%s is not a legal play of %s %v", p.Play, st.Position, st.Dice)
		assert.InDelta(t, h.Plays[0].Equity-p.Equity, p.Loss, 1e-9)
		if i > 0 {
			assert.GreaterOrEqual(t, p.Loss, h.Plays[i-1].Loss-1e-12, "best first")
		}
		assert.True(t, p.Win >= 0 && p.Win <= 1)
		if len(legal) > 1 {
			assert.Equal(t, hintPly, p.Ply, "every play listed was judged at the hint's depth")
		}
	}
	assert.Equal(t, h.Plays[0].Equity, h.Equity)
}

// hintTables are the scoring tables of presets as docs/rules.md writes
// them: the points of each kind of win a table counts, by the name the
// hint gives it, and "oin" (or "single") for a win that is none of them.
// The Moscow table (L8) counts mars but not koks and home mars, which
// score as a mars (L9); the Azerbaijani (L9) all three; backgammon's (S5)
// gammon and backgammon; tavla's (S7) no backgammon.
var hintTables = map[string]map[string]float64{
	"long-moscow":      {"oin": 1, "mars": 2},
	"long-azerbaijani": {"oin": 1, "mars": 2, "home_mars": 3, "koks": 4},
	"short-standard":   {"oin": 1, "gammon": 2, "backgammon": 3},
	"short-tavla":      {"oin": 1, "gammon": 2},
}

// checkChances checks that the chances are chances, nested, that they
// name the kinds of win the game's scoring table (hintTables) counts and
// no other, and that the equity is what they are worth under it: a kind
// the table does not count scores as mars (gammon), whose chance holds it.
func checkChances(t *testing.T, st stateJSON, h hintJSON) {
	t.Helper()
	points, ok := hintTables[st.Preset]
	require.True(t, ok, "no table for %s", st.Preset)
	ch := h.Chances
	want := map[string]bool{"win": true}
	for k := range points {
		if k != "oin" {
			want["win_"+k], want["lose_"+k] = true, true
		}
	}
	got := map[string]bool{}
	for k, v := range ch {
		got[k] = true
		assert.True(t, v >= 0 && v <= 1, "%s %v", k, v)
	}
	require.Equal(t, want, got, "%s: the kinds its table counts: %v", st.Preset, ch)
	value := func(side string, all float64) float64 {
		mars := ch[side+"_mars"] + ch[side+"_gammon"]
		higher := ch[side+"_koks"] + ch[side+"_home_mars"] + ch[side+"_backgammon"]
		assert.LessOrEqual(t, higher, mars+1e-12, "%s: nested", side)
		assert.LessOrEqual(t, mars, all+1e-12, "%s: nested", side)
		return points["oin"]*(all-mars) + (points["mars"]+points["gammon"])*(mars-higher) +
			points["koks"]*ch[side+"_koks"] + points["home_mars"]*ch[side+"_home_mars"] +
			points["backgammon"]*ch[side+"_backgammon"]
	}
	assert.False(t, math.IsNaN(h.Equity))
	assert.InDelta(t, value("win", ch["win"])-value("lose", 1-ch["win"]), h.Equity, 1e-9, "%s: %v", st.Preset, ch)
}

// TestHintScoredKinds (L8, L9, S5, S7): a hint's chances name the kinds of
// win the game's scoring table counts and no other (no koks or home mars
// under the Moscow table, no backgammon in tavla), and its equity is what
// they are worth under that table (checkChances). The first hint of a game
// of each preset against the bot.
func TestHintScoredKinds(t *testing.T) {
	c := newClient(t, Config{})
	for preset := range hintTables {
		t.Run(preset, func(t *testing.T) {
			st, me, _ := c.create(fmt.Sprintf(`{"preset":%q,"seed":3}`, preset))
			st = me.act("roll", st, "") // the opening; if the bot wins it, it plays and me is on roll
			require.Equal(t, me.color, st.ToAct)
			checkChances(t, st, me.hintOK())
		})
	}
}

// hintOpen creates a game between two people of short nardy with hints,
// throws its opening, and returns its state and the seat to act and the
// other.
func hintOpen(c *client) (stateJSON, *seat, *seat) {
	st, white, black := c.create(`{"preset":"short-standard","opponent":"human","seed":5,"hints":true}`)
	st = white.act("roll", st, "")
	if st.ToAct == "black" {
		return st, black, white
	}
	return st, white, black
}

// hintAnswer is the status and the body of a hint's answer.
type hintAnswer struct {
	status int
	body   []byte
}

// hintAsync asks s's hint in the background: its answer comes on the
// channel.
func hintAsync(s *seat) chan hintAnswer {
	done := make(chan hintAnswer, 1)
	go func() {
		status, b := s.do("GET", "hint", "")
		done <- hintAnswer{status, b}
	}()
	return done
}

// holdBotSlots takes every bot slot of c's server (BotSlots 1) and returns
// the function that gives it back, once.
func holdBotSlots(t *testing.T, c *client) func() {
	c.srv.bots.slots <- struct{}{}
	free := sync.OnceFunc(func() { <-c.srv.bots.slots })
	t.Cleanup(free)
	return free
}

// TestHintUnlocked: a hint waiting for a bot slot (or thinking) does not
// hold its game: the other seat reads the state, and the seat that asked
// acts, meanwhile; the hint then answers for the version it was asked on.
func TestHintUnlocked(t *testing.T) {
	c := newClient(t, Config{BotSlots: 1})
	st, toAct, other := hintOpen(c)
	free := holdBotSlots(t, c)
	defer free() // before the server's cleanup, which waits for the hint
	done := hintAsync(toAct)
	require.Eventually(t, func() bool { return c.srv.hints.running("127.0.0.1") == 1 }, 5*time.Second, time.Millisecond,
		"the hint waits for a slot")
	read := make(chan int, 1)
	go func() {
		status, _ := other.do("GET", "", "")
		read <- status
	}()
	select {
	case status := <-read:
		assert.Equal(t, http.StatusOK, status)
	case <-time.After(5 * time.Second):
		t.Fatal("the other seat's read waited for the hint")
	}
	next := toAct.act("resign", st, `{"kind":"oin"}`) // the seat acts while its hint waits
	free()
	a := <-done
	require.Equal(t, http.StatusOK, a.status, "%s", a.body)
	var h hintJSON
	require.NoError(t, json.Unmarshal(a.body, &h))
	assert.Equal(t, st.Version, h.Version, "the hint is for the version it was asked on")
	assert.Equal(t, st.Version+1, next.Version)
}

// TestHintBusy: a client has at most 2 hints under way (the README's
// figure); one more is refused at once with 429 hint_busy and
// Retry-After, not left waiting for a slot, and once they are answered it
// may ask again (helper-112: with the bound at 3 the third waited).
func TestHintBusy(t *testing.T) {
	const readmeHints = 2 // "at most 2 hints under way at once"
	c := newClient(t, Config{BotSlots: 1})
	_, toAct, _ := hintOpen(c)
	free := holdBotSlots(t, c)
	defer free()
	var waiting []chan hintAnswer
	for range readmeHints {
		waiting = append(waiting, hintAsync(toAct))
	}
	require.Eventually(t, func() bool { return c.srv.hints.running("127.0.0.1") == readmeHints }, 5*time.Second, time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", c.url+toAct.path("hint"), nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+toAct.token)
	resp, err := c.hc.Do(req)
	require.NoError(t, err, "one hint too many is answered at once, not left waiting for a slot")
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	refusedWith(t, http.StatusTooManyRequests, "hint_busy", resp.StatusCode, b, "one hint too many")
	assert.Equal(t, "1", resp.Header.Get("Retry-After"))
	free()
	for _, w := range waiting {
		a := <-w
		assert.Equal(t, http.StatusOK, a.status, "%s", a.body)
	}
	toAct.hintOK()
}
