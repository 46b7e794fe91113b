package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHintPlayAfterAStep: a hint's plays are whole plays from the start of
// the roll, and once a step of the roll is taken, play takes one of them
// when the steps taken can still become it (C8: a play is its resulting
// position), as if it had been posted before the step; one they cannot
// become is refused (409 wrong_phase) with the steps taken named. A
// client that took a step, asked a hint and posted its play was refused
// whatever the play (helper-154's Python client, 587 refusals in 24
// games), and the README said to undo the steps first.
func TestHintPlayAfterAStep(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(readme)), " ")
	for _, old := range []string{"undo the steps first", "once the steps taken are undone"} {
		assert.False(t, strings.Contains(text, old), "README.md still says %q", old)
	}
	for _, want := range []string{
		"or play it whole: from the roll's start even after steps, taken when the steps taken can still become it (once every step is taken, the play they make; else 409 `wrong_phase`, naming them)",
		"after a step, the hint is the hint of the game with the steps taken (C8), listing only the plays the steps taken can still become, each of which `play` takes",
	} {
		assert.True(t, strings.Contains(text, want), "README.md does not say %q", want)
	}

	c := newClient(t, Config{})
	st, mover, _ := hintOpen(c)
	require.Equal(t, "play", st.Phase)
	h, preset, start, turn := hintedTurn(t, st, mover)

	// A first step after which some of the hint's plays can still be
	// made and some cannot: the turn's own walk says which.
	var step nardy.Step
	var can, cannot []hintPlayJSON
	for s := range turn.NextSteps() {
		u, err := turn.Step(s)
		require.NoError(t, err)
		ends := endsOf(u)
		can, cannot = nil, nil
		for _, p := range h.Plays {
			pl, err := preset.Rules.ParsePlay(start, turn.Roll(), p.Play)
			require.NoError(t, err)
			if ends[pl.Result()] {
				can = append(can, p)
			} else {
				cannot = append(cannot, p)
			}
		}
		if len(can) > 0 && len(cannot) > 0 {
			step = s
			break
		}
	}
	require.NotZero(t, step, "a step some hint plays follow and some do not")
	st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, step.From, step.Die))
	require.Len(t, st.Taken, 1)
	after := mover.hintOK()
	require.NotEmpty(t, after.Plays)

	body := func(p hintPlayJSON) string {
		b, err := json.Marshal(map[string]any{"steps": p.Steps})
		require.NoError(t, err)
		return string(b)
	}
	e := mover.refused(http.StatusConflict, "wrong_phase", "POST", "play", withVersion(st.Version, body(cannot[0])))
	taken := fmt.Sprintf("%d/%d", step.From, step.To)
	assert.Contains(t, e.Error, taken, "the refusal of %s names the step taken", cannot[0].Play)
	assert.Contains(t, e.Error, cannot[0].Play, "and the play")
	require.Equal(t, st.Taken, mover.state().Taken, "the step is kept")

	st = mover.act("play", st, body(can[0]))
	require.NotNil(t, st.LastPlay)
	assert.Equal(t, can[0].Play, st.LastPlay.Notation, "the hint's play was taken, whole")
	assert.Empty(t, st.Taken)
	pl, err := preset.Rules.ParsePlay(start, turn.Roll(), can[0].Play)
	require.NoError(t, err)
	assert.Equal(t, pl.Result(), nardy.MustParsePosition(st.Position), "the board of the play made whole")
}

// endsOf returns the boards each way of finishing t leaves, the next
// player on roll.
func endsOf(t nardy.Turn) map[nardy.Position]bool {
	ends := map[nardy.Position]bool{}
	if t.Done() {
		if p, err := t.Play(); err == nil {
			ends[p.Result()] = true
		}
		return ends
	}
	for s := range t.NextSteps() {
		if u, err := t.Step(s); err == nil {
			for k := range endsOf(u) {
				ends[k] = true
			}
		}
	}
	return ends
}

// TestHintAfterAStepIsTheSteppedGames: once a step of the roll is taken,
// the hint is the hint of the game with the step taken (C8): its plays
// are exactly the whole plays from the roll's start the turn can still
// become (the turn's own walk says which), best first, led by the advice,
// and play takes each; the hint of the roll's start led with a play the
// step cannot become, which the hint after it no longer lists (it listed
// it first, and play refused it). Once the steps make a whole play
// (complete, not yet posted), the hint lists that play alone, which play
// takes whole too, as it takes it without steps.
func TestHintAfterAStepIsTheSteppedGames(t *testing.T) {
	c := newClient(t, Config{})
	st, mover, other := hintOpen(c)
	for turn := 0; ; turn++ {
		require.Less(t, turn, 40, "a turn where a step rules out the hint's first play")
		require.Equal(t, "play", st.Phase)
		h, preset, start, tn := hintedTurn(t, st, mover)
		best, err := preset.Rules.ParsePlay(start, tn.Roll(), h.Plays[0].Play)
		require.NoError(t, err)
		var step nardy.Step
		for s := range tn.NextSteps() {
			u, err := tn.Step(s)
			require.NoError(t, err)
			if !u.Done() && !endsOf(u)[best.Result()] {
				step = s
				break
			}
		}
		if step == (nardy.Step{}) { // every step can still become it: the next turn
			st = mover.act("play", st, fmt.Sprintf(`{"steps":%s}`, mustJSON(t, h.Plays[0].Steps)))
			st = other.act("roll", st, "")
			st = other.act("play", st, fmt.Sprintf(`{"steps":%s}`, mustJSON(t, other.hintOK().Plays[0].Steps)))
			st = mover.act("roll", st, "")
			continue
		}

		st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, step.From, step.Die))
		u, err := tn.Step(step)
		require.NoError(t, err)
		ends := endsOf(u)
		legal, err := preset.Rules.Legal(start, tn.Roll())
		require.NoError(t, err)
		can := 0
		for _, p := range legal {
			if ends[p.Result()] {
				can++
			}
		}
		after := mover.hintOK()
		require.NotEmpty(t, after.Plays)
		assert.Equal(t, st.Version, after.Version)
		assert.Equal(t, after.Plays[0].Play, after.Advice, "the advice is the first play")
		assert.NotEqual(t, h.Plays[0].Play, after.Advice, "the play the step rules out is not the advice")
		assert.Equal(t, can, len(after.Plays)+after.MorePlays, "the plays listed and counted are those the step can become")
		for i, p := range after.Plays {
			pl, err := preset.Rules.ParsePlay(start, tn.Roll(), p.Play)
			require.NoError(t, err, p.Play)
			assert.True(t, ends[pl.Result()], "%s: a play the step %d/%d can become", p.Play, step.From, step.To)
			if i > 0 {
				assert.GreaterOrEqual(t, p.Loss, after.Plays[i-1].Loss, "best first")
			}
		}

		// The steps of a whole play other than the advice, taken one by
		// one: the play is complete, and the hint is that play alone.
		var rest []nardy.Step
		for _, p := range legal {
			if ends[p.Result()] && p.String() != after.Advice {
				if rest = restOf(u, p.Result()); rest != nil {
					break
				}
			}
		}
		require.NotNil(t, rest, "the step leaves another play than the advice")
		for _, s := range rest {
			st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, s.From, s.Die))
		}
		require.Contains(t, st.Allowed[mover.color], "play", "the play is complete")
		done := mover.hintOK()
		require.Len(t, done.Plays, 1, "the one play the steps make")
		assert.Zero(t, done.MorePlays)
		made, err := preset.Rules.ParsePlay(start, tn.Roll(), done.Advice)
		require.NoError(t, err)
		var taken []nardy.Step
		for _, tr := range st.Taken {
			taken = append(taken, nardy.Step{From: tr[0], To: tr[1], Die: tr[2]})
		}
		steps, err := preset.Rules.PlayOf(start, tn.Roll(), taken...)
		require.NoError(t, err)
		assert.Equal(t, steps.Result(), made.Result(), "the hint's play is the steps' play")
		assert.Equal(t, done.Advice, done.Plays[0].Play)
		assert.Zero(t, done.Plays[0].Loss)
		e := mover.refused(http.StatusConflict, "wrong_phase", "POST", "play",
			withVersion(st.Version, fmt.Sprintf(`{"steps":%s}`, mustJSON(t, after.Plays[0].Steps))))
		assert.Contains(t, e.Error, after.Plays[0].Play, "a play the complete steps are not is refused, named")
		st = mover.act("play", st, fmt.Sprintf(`{"steps":%s}`, mustJSON(t, done.Plays[0].Steps)))
		require.NotNil(t, st.LastPlay)
		assert.Equal(t, done.Advice, st.LastPlay.Notation, "the complete play, posted whole")
		return
	}
}

// restOf returns steps that finish turn t at end, or nil when none do.
func restOf(t nardy.Turn, end nardy.Position) []nardy.Step {
	for s := range t.NextSteps() {
		u, err := t.Step(s)
		if err != nil {
			continue
		}
		if u.Done() {
			if p, err := u.Play(); err == nil && p.Result() == end {
				return []nardy.Step{s}
			}
			continue
		}
		if more := restOf(u, end); more != nil {
			return append([]nardy.Step{s}, more...)
		}
	}
	return nil
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// hintedTurn asks the mover's hint at st, a game in its play phase, and
// returns it with the game's preset, its position and the turn of its roll
// (no step taken).
func hintedTurn(t *testing.T, st stateJSON, mover *seat) (hintJSON, variants.Preset, nardy.Position, nardy.Turn) {
	t.Helper()
	h := mover.hintOK()
	require.NotEmpty(t, h.Plays)
	preset, err := variants.Lookup(st.Preset)
	require.NoError(t, err)
	start := nardy.MustParsePosition(st.Position)
	turn, err := preset.Rules.NewTurn(start, nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	return h, preset, start, turn
}
