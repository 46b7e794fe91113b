package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// client talks to a test server.
type client struct {
	t   require.TestingT
	url string
	hc  *http.Client
}

func newClient(t *testing.T, cfg Config) *client {
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	ts := httptest.NewServer(NewServer(cfg))
	t.Cleanup(ts.Close)
	return &client{t: t, url: ts.URL, hc: ts.Client()}
}

// do sends a request and returns the status and the body.
func (c *client) do(method, path, body string) (int, []byte) {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, c.url+path, r)
	require.NoError(c.t, err)
	resp, err := c.hc.Do(req)
	require.NoError(c.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(c.t, err)
	return resp.StatusCode, b
}

// ok sends a request that must succeed and decodes its JSON answer.
func (c *client) ok(method, path, body string, v any) {
	status, b := c.do(method, path, body)
	require.Less(c.t, status, 300, "%s %s %s: %s", method, path, body, b)
	if v != nil {
		rv := reflect.ValueOf(v).Elem()
		rv.Set(reflect.Zero(rv.Type())) // fields left out of the answer are zero
		require.NoError(c.t, json.Unmarshal(b, v), "%s", b)
	}
}

// refused sends a request that must fail with status and code.
func (c *client) refused(status int, code, method, path, body string) apiError {
	got, b := c.do(method, path, body)
	var e apiError
	require.NoError(c.t, json.Unmarshal(b, &e), "%s %s: not a JSON error: %s", method, path, b)
	assert.Equal(c.t, status, got, "%s %s %s: %s", method, path, body, b)
	assert.Equal(c.t, code, e.Code, "%s %s %s: %s", method, path, body, b)
	assert.NotEmpty(c.t, e.Error)
	return e
}

func (c *client) create(body string) stateJSON {
	var st stateJSON
	status, b := c.do("POST", "/api/games", body)
	require.Equal(c.t, http.StatusCreated, status, "%s", b)
	require.NoError(c.t, json.Unmarshal(b, &st))
	return st
}

func (c *client) state(id string) stateJSON {
	var st stateJSON
	c.ok("GET", "/api/games/"+id, "", &st)
	return st
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// move makes one action for person color in a game: roll, a legal step
// (the pick-th of the next steps), finish, take, accept. It reports false
// when the person has nothing to do.
func (c *client) move(id, color string, st stateJSON, pick int) (stateJSON, bool) {
	allowed := st.Allowed[color]
	body := fmt.Sprintf(`{"player":%q}`, color)
	var next stateJSON
	switch {
	case has(allowed, "roll"):
		c.ok("POST", "/api/games/"+id+"/roll", body, &next)
	case has(allowed, "step"):
		var sj stepsJSON
		c.ok("GET", "/api/games/"+id+"/steps", "", &sj)
		require.NotEmpty(c.t, sj.Next)
		s := sj.Next[pick%len(sj.Next)]
		c.ok("POST", "/api/games/"+id+"/step", fmt.Sprintf(`{"player":%q,"from":%d,"to":%d}`, color, s.From, s.To), &next)
	case has(allowed, "play"):
		c.ok("POST", "/api/games/"+id+"/play", body, &next)
	case has(allowed, "take"):
		c.ok("POST", "/api/games/"+id+"/take", body, &next)
	case has(allowed, "accept"):
		c.ok("POST", "/api/games/"+id+"/accept", body, &next)
	default:
		return st, false
	}
	return next, true
}

// playOut plays the game to its end through the API, the people choosing
// steps by pick, and returns the final state.
func (c *client) playOut(st stateJSON, pick func() int) stateJSON {
	for i := 0; i < 5000 && !st.MatchOver; i++ {
		moved := false
		for _, color := range []string{"white", "black"} {
			if st.Players[color] != "human" {
				continue
			}
			var ok bool
			if st, ok = c.move(st.ID, color, st, pick()); ok {
				moved = true
				break
			}
		}
		require.True(c.t, moved, "nobody can act: %+v", st)
	}
	require.True(c.t, st.MatchOver, "game did not end")
	return st
}

func TestPresets(t *testing.T) {
	c := newClient(t, Config{})
	var got []presetJSON
	c.ok("GET", "/api/presets", "", &got)
	var names []string
	for _, p := range got {
		names = append(names, p.Name)
	}
	assert.Equal(t, variants.Names(), names)
}

// TestWholeGames plays a game of every preset against the bot through the
// API, and checks that the record replays to the same end.
func TestWholeGames(t *testing.T) {
	c := newClient(t, Config{})
	for i, p := range variants.All() {
		for _, color := range []string{"white", "black"} {
			st := c.create(fmt.Sprintf(`{"preset":%q,"color":%q,"seed":%d}`, p.Name, color, i))
			assert.Equal(t, "opening", st.Phase)
			assert.Equal(t, "human", st.Players[color])
			n := 0
			st = c.playOut(st, func() int { n++; return n * 7 })
			require.NotNil(t, st.Result)
			assert.Equal(t, "bore_off", st.Result.End)
			assert.Empty(t, st.Allowed)
			assert.Positive(t, st.Score[st.Result.Winner])
			var rec nardy.Record
			c.ok("GET", "/api/games/"+st.ID+"/record", "", &rec)
			assert.Equal(t, p.Name, rec.Preset)
			require.NotNil(t, st.Seed, "the seed is shown once the game is over")
			assert.Equal(t, uint64(i), *st.Seed)
			require.NotNil(t, rec.Seed)
			assert.Equal(t, uint64(i), *rec.Seed)
			m, err := nardy.Replay(rec)
			require.NoError(t, err)
			assert.Equal(t, st.Position, m.Game().Position().String())
			assert.True(t, m.IsOver())
		}
	}
}

// TestStepUndoFinish: the step API offers exactly the library's next steps,
// steps are taken and undone on the pending play, and finishing sends the
// play to the game and lets the bot answer.
func TestStepUndoFinish(t *testing.T) {
	c := newClient(t, Config{})
	st := c.create(`{"preset":"short-standard","seed":3}`)
	id := st.ID
	c.ok("POST", "/api/games/"+id+"/roll", "", &st)
	for st.Phase != "play" || st.ToAct != "white" {
		st, _ = c.move(id, "white", st, 0)
		require.False(t, st.MatchOver)
	}
	pos := nardy.MustParsePosition(st.Position)
	roll := nardy.MustRoll(st.Dice[0], st.Dice[1])
	turn, err := nardy.NewTurn(pos, roll)
	require.NoError(t, err)
	var sj stepsJSON
	c.ok("GET", "/api/games/"+id+"/steps", "", &sj)
	var want []stepJSON
	for _, s := range turn.NextSteps() {
		want = append(want, stepJSON{int(s.From), int(s.To), int(s.Die), s.Hit})
	}
	assert.Equal(t, want, sj.Next)
	assert.Equal(t, roll.String(), sj.Roll)
	assert.Empty(t, sj.Taken)

	first := sj.Next[0]
	c.ok("POST", "/api/games/"+id+"/step", fmt.Sprintf(`{"from":%d,"die":%d}`, first.From, first.Die), &st)
	assert.Equal(t, [][3]int{{first.From, first.To, first.Die}}, st.Taken)
	assert.Contains(t, st.Allowed["white"], "undo")
	turn1, err := turn.Step(nardy.Step{From: int8(first.From), Die: int8(first.Die)})
	require.NoError(t, err)
	assert.Equal(t, turn1.Position().String(), st.Position, "the state shows the board after the step")
	c.ok("POST", "/api/games/"+id+"/undo", "", &st)
	assert.Empty(t, st.Taken)
	assert.Equal(t, pos.String(), st.Position)

	for !has(st.Allowed["white"], "play") {
		c.ok("GET", "/api/games/"+id+"/steps", "", &sj)
		s := sj.Next[len(sj.Next)-1]
		c.ok("POST", "/api/games/"+id+"/step", fmt.Sprintf(`{"from":%d,"to":%d}`, s.From, s.To), &st)
	}
	taken := st.Taken
	c.ok("POST", "/api/games/"+id+"/play", "", &st)
	require.NotNil(t, st.LastPlay)
	if st.LastPlay.Player == "white" { // the bot may have passed or the game ended
		assert.Equal(t, taken, st.LastPlay.Steps)
	} else {
		assert.Contains(t, strings.Join(st.Log, "\n"), "white plays")
		assert.Equal(t, "black", st.LastPlay.Player, "the bot played after white")
	}
	assert.Empty(t, st.Taken)

	// The board picture shows the dice and the steps of a play.
	status, svg := c.do("GET", "/api/games/"+id+"/board.svg", "")
	assert.Equal(t, http.StatusOK, status)
	assert.True(t, bytes.HasPrefix(svg, []byte("<svg ")), "%.80s", svg)
	status, _ = c.do("GET", "/api/games/"+id+"/board.svg?viewer=black", "")
	assert.Equal(t, http.StatusOK, status)
}

// TestWholePlay: a play can also be posted whole, as [from, to, die]
// triples.
func TestWholePlay(t *testing.T) {
	c := newClient(t, Config{})
	st := c.create(`{"preset":"long-moscow","opponent":"human","seed":5}`)
	c.ok("POST", "/api/games/"+st.ID+"/roll", "", &st)
	require.Equal(t, "roll", st.Phase)
	c.ok("POST", "/api/games/"+st.ID+"/roll", fmt.Sprintf(`{"player":%q}`, st.ToAct), &st)
	require.Equal(t, "play", st.Phase)
	plays, err := nardy.Legal(nardy.MustParsePosition(st.Position), nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	p := plays[len(plays)-1]
	mover := st.ToAct
	body, err := json.Marshal(map[string]any{"player": mover, "steps": stepTriples(p.Steps())})
	require.NoError(t, err)
	c.ok("POST", "/api/games/"+st.ID+"/play", string(body), &st)
	assert.Equal(t, p.Result().String(), st.Position)
	assert.Equal(t, "roll", st.Phase)
	assert.NotEqual(t, mover, st.ToAct)
	assert.Equal(t, p.String(), st.LastPlay.Notation)
}

// TestCubeAndResign: double, take, drop and resign against a person.
func TestCubeAndResign(t *testing.T) {
	c := newClient(t, Config{})
	st := c.create(`{"preset":"short-standard","opponent":"human","seed":8}`)
	id := st.ID
	c.ok("POST", "/api/games/"+id+"/roll", "", &st)
	// Short nardy plays the opening dice: finish that play.
	for st.Phase == "play" {
		st, _ = c.move(id, st.ToAct, st, 0)
	}
	roller := st.ToAct
	other := map[string]string{"white": "black", "black": "white"}[roller]
	assert.Contains(t, st.Allowed[roller], "double")
	c.ok("POST", "/api/games/"+id+"/double", fmt.Sprintf(`{"player":%q}`, roller), &st)
	assert.Equal(t, "cube", st.Phase)
	assert.Equal(t, other, st.ToAct)
	c.refused(http.StatusConflict, "not_your_turn", "POST", "/api/games/"+id+"/take", fmt.Sprintf(`{"player":%q}`, roller))
	// short-standard has no beavers (S6).
	c.refused(http.StatusConflict, "cube", "POST", "/api/games/"+id+"/beaver", fmt.Sprintf(`{"player":%q}`, other))
	c.ok("POST", "/api/games/"+id+"/take", fmt.Sprintf(`{"player":%q}`, other), &st)
	assert.Equal(t, &cubeJSON{Value: 2, Owner: other}, st.Cube)
	c.refused(http.StatusConflict, "cube", "POST", "/api/games/"+id+"/double", fmt.Sprintf(`{"player":%q}`, roller))

	c.ok("POST", "/api/games/"+id+"/resign", fmt.Sprintf(`{"player":%q,"kind":"mars"}`, roller), &st)
	assert.Equal(t, "resign", st.Phase)
	assert.Equal(t, &offerJSON{Kind: "mars", By: roller}, st.Offer)
	c.ok("POST", "/api/games/"+id+"/reject", fmt.Sprintf(`{"player":%q}`, other), &st)
	assert.Equal(t, "roll", st.Phase)
	c.ok("POST", "/api/games/"+id+"/resign", fmt.Sprintf(`{"player":%q}`, roller), &st)
	c.ok("POST", "/api/games/"+id+"/accept", fmt.Sprintf(`{"player":%q}`, other), &st)
	assert.True(t, st.MatchOver)
	require.NotNil(t, st.Result)
	assert.Equal(t, resultJSON{Game: 1, Winner: other, Kind: "oin", End: "resigned", Cube: 2, Points: 2}, *st.Result)

	// A double dropped ends the game for the cube's value.
	st = c.create(`{"preset":"short-standard","opponent":"human","seed":8}`)
	c.ok("POST", "/api/games/"+st.ID+"/roll", "", &st)
	for st.Phase == "play" {
		st, _ = c.move(st.ID, st.ToAct, st, 0)
	}
	roller = st.ToAct
	c.ok("POST", "/api/games/"+st.ID+"/double", "", &st)
	c.ok("POST", "/api/games/"+st.ID+"/drop", "", &st)
	require.NotNil(t, st.Result)
	assert.Equal(t, resultJSON{Game: 1, Winner: roller, Kind: "oin", End: "dropped", Cube: 1, Points: 1}, *st.Result)
}

// TestMatch: a match goes on to the next game and keeps the score.
func TestMatch(t *testing.T) {
	c := newClient(t, Config{})
	st := c.create(`{"preset":"long-moscow","length":3,"seed":11}`)
	assert.Equal(t, 3, st.Length)
	n := 0
	st = c.playOut(st, func() int { n++; return n })
	assert.GreaterOrEqual(t, st.Score[st.Winner], 3)
	assert.Greater(t, st.GameNumber, 1)
}

func TestDelete(t *testing.T) {
	c := newClient(t, Config{})
	st := c.create(`{}`)
	status, _ := c.do("DELETE", "/api/games/"+st.ID, "")
	assert.Equal(t, http.StatusNoContent, status)
	c.refused(http.StatusNotFound, "no_game", "GET", "/api/games/"+st.ID, "")
}

// TestStaticPage: the board page and its script are served.
func TestStaticPage(t *testing.T) {
	c := newClient(t, Config{})
	status, b := c.do("GET", "/", "")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(b), "<html")
	status, b = c.do("GET", "/static/app.js", "")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, string(b), "/api/games")
}

// TestPendingKeptOverResign: the steps taken survive a resignation offered
// in the middle of a play and rejected.
func TestPendingKeptOverResign(t *testing.T) {
	c := newClient(t, Config{})
	st := c.create(`{"preset":"short-tavla","opponent":"human","seed":4}`)
	api := "/api/games/" + st.ID
	c.ok("POST", api+"/roll", "", &st)
	require.Equal(t, "play", st.Phase)
	mover := st.ToAct
	other := map[string]string{"white": "black", "black": "white"}[mover]
	var sj stepsJSON
	c.ok("GET", api+"/steps", "", &sj)
	s := sj.Next[0]
	c.ok("POST", api+"/step", fmt.Sprintf(`{"from":%d,"to":%d}`, s.From, s.To), &st)
	taken, pos := st.Taken, st.Position
	c.ok("POST", api+"/resign", fmt.Sprintf(`{"player":%q}`, other), &st)
	assert.Equal(t, "resign", st.Phase)
	c.ok("POST", api+"/reject", fmt.Sprintf(`{"player":%q}`, mover), &st)
	assert.Equal(t, "play", st.Phase)
	assert.Equal(t, taken, st.Taken)
	assert.Equal(t, pos, st.Position)
}
