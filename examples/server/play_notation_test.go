package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// notationBody is the JSON body of a play posted as text.
func notationBody(text string) string {
	b, err := json.Marshal(map[string]string{"notation": text})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// playText writes play p of roll r in one of the forms a person or a chat
// bot types, by form: the library's own ("24/18 13/11"), with the roll
// first ("6-5: 24/18 13/11"), in capitals with dashes ("BAR-22 6-OFF"),
// with commas between the moves. The empty play is written as the library
// writes it.
func playText(p nardy.Play, r nardy.Roll, form int) string {
	s := p.String()
	if p.IsEmpty() {
		return s
	}
	switch form % 4 {
	case 1:
		return fmt.Sprintf("%d-%d: %s", r.High(), r.Low(), s)
	case 2:
		return strings.ToUpper(strings.ReplaceAll(s, "/", "-"))
	case 3:
		return strings.ReplaceAll(s, " ", ", ")
	}
	return s
}

// TestPlayNotationWholeGame: a whole one-point match between two people is
// played with every play posted as text ("notation"), in short and long
// nardy, the texts written in the forms people type (the roll first,
// capitals and dashes, commas). Each text is one of the library's legal
// plays of the roll (Rules.Legal at the state's position and dice), drawn
// at random, and the board after it is that play's (C8: a play is its
// resulting position); the last play is named as the library writes it.
// Before the field existed, the server refused it as an unknown field
// (400 bad_json).
func TestPlayNotationWholeGame(t *testing.T) {
	for _, preset := range []string{"short-standard", "long-moscow"} {
		t.Run(preset, func(t *testing.T) {
			c := newClient(t, Config{})
			st, a, b := c.create(fmt.Sprintf(`{"preset":%q,"opponent":"human","seed":3,"length":1}`, preset))
			require.NotNil(t, b)
			bySide := map[string]*seat{a.color: a, b.color: b}
			r := rulesOf(t, preset)
			rng := rand.New(rand.NewPCG(1, 2))
			plays := 0
			for i := 0; !st.MatchOver; i++ {
				require.Less(t, i, 2000, "the game did not end")
				s := bySide[st.ToAct]
				if s == nil { // the opening: either seat throws
					s = a
				}
				allowed := st.Allowed[s.color]
				switch {
				case has(allowed, "roll"):
					st = s.act("roll", st, "")
				case has(allowed, "play") || has(allowed, "step"):
					pos := nardy.MustParsePosition(st.Position)
					roll := nardy.MustRoll(st.Dice[0], st.Dice[1])
					legal, err := r.Legal(pos, roll)
					require.NoError(t, err)
					p := legal[rng.IntN(len(legal))]
					text := playText(p, roll, plays)
					st = s.act("play", st, notationBody(text))
					plays++
					assert.Equal(t, p.Result(), nardy.MustParsePosition(st.Position), "%s: the board of %q", preset, text)
					require.NotNil(t, st.LastPlay)
					assert.Equal(t, p.String(), st.LastPlay.Notation, "the play of %q", text)
				default:
					t.Fatalf("%s cannot roll or play: %+v", s.color, st)
				}
			}
			assert.Greater(t, plays, 10, "a whole game of plays")
		})
	}
}

// toPlay creates a game of preset between two people and throws the
// opening (in long nardy the starter's first roll too): it returns the
// state, in the play of a roll, and the seat to play.
func toPlay(t *testing.T, c *client, preset string, seed int) (stateJSON, *seat) {
	t.Helper()
	st, a, b := c.create(fmt.Sprintf(`{"preset":%q,"opponent":"human","seed":%d}`, preset, seed))
	st = a.act("roll", st, "")
	s := a
	if st.ToAct == b.color {
		s = b
	}
	if st.Phase == "roll" { // long nardy: the opening throw chose the starter, who rolls
		st = s.act("roll", st, "")
	}
	require.Equal(t, "play", st.Phase)
	return st, s
}

// TestPlayNotationRefusedAsSteps: a text the rules refuse is refused as the
// same play posted as steps is: 422 illegal with the rule, here a checker
// moved backward (C3), 13 to 13 plus the larger die; a text from a point
// the mover has no checker on is 422 illegal too, its refusal quoting the
// text and listing the legal plays; in long nardy two checkers off the
// head on a first roll that is no double are refused by the head rule
// (L3), text and steps alike. Nothing is done.
func TestPlayNotationRefusedAsSteps(t *testing.T) {
	c := newClient(t, Config{})
	st, s := toPlay(t, c, "short-standard", 4)
	hi := max(st.Dice[0], st.Dice[1])
	back := fmt.Sprintf("13/%d", 13+hi)
	es := s.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play",
		withVersion(st.Version, fmt.Sprintf(`{"steps":[[13,%d,%d]]}`, 13+hi, hi)))
	et := s.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play", withVersion(st.Version, notationBody(back)))
	assert.Equal(t, "C3", es.Rule, "the steps' rule: %s", es.Error)
	assert.Equal(t, es.Rule, et.Rule, "the text's rule, as the steps': %s", et.Error)
	assert.Contains(t, et.Error, `"`+back+`"`, "names the text")
	refusedPlay := "action refused: play by " + s.color // the library's ActionError of the play
	assert.Contains(t, es.Error, refusedPlay, "the steps' refusal names the action")
	assert.Contains(t, et.Error, refusedPlay, "the text's refusal names the action as the steps' does")

	// No checker of the mover on 23 at the start (C3).
	none := fmt.Sprintf("23/%d", 23-hi)
	e := s.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play", withVersion(st.Version, notationBody(none)))
	assert.NotEmpty(t, e.Rule)
	assert.Contains(t, e.Error, `"`+none+`"`, "names the text")
	assert.Contains(t, e.Error, "legal plays: ", "lists the plays it could have been")
	assert.Equal(t, st.Version, s.state().Version, "nothing was done")

	// Long nardy's head rule (L3): two checkers off the head, "24/18
	// 24/21", on a first roll that is no double: refused with the rule,
	// as the same steps are.
	for seed := 1; ; seed++ {
		require.Less(t, seed, 50, "a first roll of long nardy that is no double")
		st, s := toPlay(t, c, "long-moscow", seed)
		hi, lo := max(st.Dice[0], st.Dice[1]), min(st.Dice[0], st.Dice[1])
		if hi == lo {
			continue
		}
		head := fmt.Sprintf("24/%d 24/%d", 24-hi, 24-lo)
		es := s.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play",
			withVersion(st.Version, fmt.Sprintf(`{"steps":[[24,%d,%d],[24,%d,%d]]}`, 24-hi, hi, 24-lo, lo)))
		et := s.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play", withVersion(st.Version, notationBody(head)))
		assert.Equal(t, "L3", es.Rule, "the steps' rule: %s", es.Error)
		assert.Equal(t, es.Rule, et.Rule, "the text's rule, as the steps': %s", et.Error)
		assert.Contains(t, et.Error, `"`+head+`"`, "names the text")
		assert.Equal(t, st.Version, s.state().Version, "nothing was done")
		break
	}
}

// TestPlayNotationMalformed: a text that is not notation at all is 400
// bad_request, saying that notation is wanted and how it is written; a
// text longer than the library reads (nardy.MaxTextLen) too. Nothing is
// done.
func TestPlayNotationMalformed(t *testing.T) {
	c := newClient(t, Config{})
	st, s := toPlay(t, c, "long-moscow", 2)
	for _, text := range []string{"hello", "24:13", "24/", strings.Repeat("24/18 ", 50)} {
		e := s.refused(http.StatusBadRequest, "bad_request", "POST", "play", withVersion(st.Version, notationBody(text)))
		assert.Contains(t, e.Error, "notation: ", "names the field: %s", e.Error)
		assert.Contains(t, e.Error, `"24/18 13/11"`, "says the form wanted: %s", e.Error)
	}
	assert.Equal(t, st.Version, s.state().Version, "nothing was done")
	s.refused(http.StatusBadRequest, "bad_json", "POST", "play", withVersion(st.Version, `{"notation":5}`))
}

// TestPlayNotationAmbiguous: "24/13" of 6-5 where the checker hits on the
// mover's 18 by way of the 6 or on its 19 by way of the 5 is two plays
// (C8): 422 illegal, rule C8, naming both; "24/18*/13" is one, and taken.
// The position is the library's own ambiguous example (ParsePlay's test);
// the game is set up there and thrown until white's roll is 6-5.
func TestPlayNotationAmbiguous(t *testing.T) {
	c := newClient(t, Config{})
	amb := "short w 00000503000050000000000200/00003113000050000000000200"
	for seed := 1; seed < 200; seed++ {
		st, a, b := c.create(fmt.Sprintf(`{"preset":"short-standard","opponent":"human","seed":%d,"setup":{"position":%q}}`, seed, amb))
		s := a
		if b.color == "white" {
			s = b
		}
		st = s.act("roll", st, "")
		if st.Phase != "play" || max(st.Dice[0], st.Dice[1]) != 6 || min(st.Dice[0], st.Dice[1]) != 5 {
			continue
		}
		e := s.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play", withVersion(st.Version, notationBody("24/13")))
		assert.Equal(t, "C8", e.Rule, "%s", e.Error)
		assert.Contains(t, e.Error, `"24/13" could be`, "names the text")
		st = s.act("play", st, notationBody("24/18*/13"))
		assert.Equal(t, "24/18*/13", st.LastPlay.Notation)
		return
	}
	t.Fatal("no seed of 200 throws white 6-5")
}

// TestPlayNotationWithSteps: "notation" and "steps" are one play in two
// forms: both given is 400 bad_request naming both, nothing done; the
// field belongs to play alone (400 on another action), as steps do.
func TestPlayNotationWithSteps(t *testing.T) {
	c := newClient(t, Config{})
	st, s := toPlay(t, c, "short-standard", 4)
	legal := legalOfState(t, "short-standard", st)
	p := legal[0]
	both := withVersion(st.Version, `{"notation":`+mustJSON(t, p.String())+`,`+strings.TrimPrefix(stepsBody(p), "{"))
	e := s.refused(http.StatusBadRequest, "bad_request", "POST", "play", both)
	assert.Contains(t, e.Error, `"steps"`)
	assert.Contains(t, e.Error, `"notation"`)
	assert.Equal(t, st.Version, s.state().Version, "nothing was done")
	e = s.refused(http.StatusBadRequest, "bad_request", "POST", "undo", withVersion(st.Version, notationBody(p.String())))
	assert.Contains(t, e.Error, "notation belongs to play")
}

// TestPlayNotationVersionAndPhase: a text is checked as steps are: posted
// on an old version it is 409 stale and nothing is done; posted by the
// seat not on roll 409 not_your_turn; posted before the roll 409
// wrong_phase; in a body past the bound 413 too_large.
func TestPlayNotationVersionAndPhase(t *testing.T) {
	c := newClient(t, Config{})
	st, a, b := c.create(`{"preset":"short-standard","opponent":"human","seed":4}`)
	a.refused(http.StatusConflict, "wrong_phase", "POST", "play", withVersion(st.Version, notationBody("24/18 13/11")))
	old := st.Version
	st = a.act("roll", st, "")
	s, other := a, b
	if st.ToAct == b.color {
		s, other = b, a
	}
	legal := legalOfState(t, "short-standard", st)
	text := legal[0].String()
	e := s.refused(http.StatusConflict, "stale", "POST", "play", withVersion(old, notationBody(text)))
	assert.Contains(t, e.Error, "nothing was done")
	assert.Equal(t, st.Version, s.state().Version)
	other.refused(http.StatusConflict, "not_your_turn", "POST", "play", withVersion(st.Version, notationBody(text)))
	s.refused(http.StatusRequestEntityTooLarge, "too_large", "POST", "play",
		withVersion(st.Version, notationBody(strings.Repeat(" ", maxBody)+text)))
	st = s.act("play", st, notationBody(text))
	assert.Equal(t, legal[0].Result(), nardy.MustParsePosition(st.Position))
}

// TestPlayNotationAfterSteps: after a step, a text is the whole play from
// the roll's start, taken when the step taken can still become it (C8),
// and 409 wrong_phase when not: as steps posted whole. The plays the step
// can become are found with the library (Rules.PlayOf of the step and a
// step of the other die), not with the server.
func TestPlayNotationAfterSteps(t *testing.T) {
	c := newClient(t, Config{})
	st, s := toPlay(t, c, "short-standard", 4)
	r := rulesOf(t, "short-standard")
	start := nardy.MustParsePosition(st.Position)
	roll := nardy.MustRoll(st.Dice[0], st.Dice[1])
	require.False(t, roll.IsDouble(), "an opening roll")
	legal, err := r.Legal(start, roll)
	require.NoError(t, err)
	p := legal[0]
	first := p.Step(0)
	d2 := roll.High() + roll.Low() - first.Die
	reachable := map[nardy.Position]bool{}
	for from := nardy.Off; from <= nardy.Bar; from++ {
		for to := nardy.Off; to <= nardy.Bar; to++ {
			if pl, err := r.PlayOf(start, roll, first, nardy.Step{From: from, To: to, Die: d2}); err == nil {
				reachable[pl.Result()] = true
			}
		}
	}
	require.True(t, reachable[p.Result()])
	var other nardy.Play // a play the first step cannot become
	for _, q := range legal {
		if !reachable[q.Result()] {
			other = q
			break
		}
	}
	require.False(t, other.IsEmpty(), "a play the step cannot become")
	st = s.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, first.From, first.Die))
	s.refused(http.StatusConflict, "wrong_phase", "POST", "play", withVersion(st.Version, notationBody(other.String())))
	assert.NotEmpty(t, s.state().Taken, "the step is kept")
	st = s.act("play", st, notationBody(p.String()))
	assert.Empty(t, st.Taken)
	assert.Equal(t, p.Result(), nardy.MustParsePosition(st.Position))
}

// TestPlayNotationEmptyIsTheEmptyPlay: "" is the empty play (README: `""`
// or `"(no play)"` for the empty play), read as a whole play from the
// roll's start even after steps: on a roll with legal plays it is refused
// 422 illegal with the legal plays listed (C5, the dice that can be
// played are played), before a step and once every step is taken alike, nothing done and
// the steps kept; "play" without a text then finishes the steps' play. A
// server that read "" as "no text" finished the pending play with it.
func TestPlayNotationEmptyIsTheEmptyPlay(t *testing.T) {
	c := newClient(t, Config{})
	st, s := toPlay(t, c, "short-standard", 4)
	legal := legalOfState(t, "short-standard", st)
	p := legal[0]
	require.Equal(t, 2, p.Len(), "an opening roll plays both dice")
	e := s.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play", withVersion(st.Version, notationBody("")))
	assert.Contains(t, e.Error, "legal plays: ", "the empty play refused as a play: %s", e.Error)
	assert.Equal(t, "C5", e.Rule, "the dice that can be played are played")
	for i := range p.Len() {
		step := p.Step(i)
		st = s.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, step.From, step.Die))
	}
	require.Contains(t, st.Allowed[s.color], "play", "every step taken")
	e = s.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play", withVersion(st.Version, notationBody("")))
	assert.Contains(t, e.Error, "legal plays: ", "after the steps too: %s", e.Error)
	assert.Equal(t, st.Version, s.state().Version, "nothing was done")
	assert.Len(t, s.state().Taken, 2, "the steps are kept")
	st = s.act("play", st, "")
	assert.Equal(t, p.Result(), nardy.MustParsePosition(st.Position))
}

// rulesOf returns the rules of the preset named name.
func rulesOf(t *testing.T, name string) nardy.Rules {
	t.Helper()
	p, err := variants.Lookup(name)
	require.NoError(t, err)
	return p.Rules
}

// legalOfState returns the legal plays of st's position and dice under
// the preset's rules.
func legalOfState(t *testing.T, preset string, st stateJSON) []nardy.Play {
	t.Helper()
	legal, err := rulesOf(t, preset).Legal(nardy.MustParsePosition(st.Position), nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	return legal
}
