package nardy

// A whole play posted while the turn is being played step by step (C8: a
// play is its resulting position): taken when the turn can still become
// it, finishing the turn as if it had been posted from the start; refused,
// the game unchanged, with the steps taken named, when it cannot.

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestC8_GamePlayAfterAStepTheTurnCanBecome: White opens 3-1 in short
// nardy. After the step 8/5 (or 6/5, the other die first), the whole play
// 8/5 6/5, which the turn can still become, is taken by Play and by Do of
// its ActPlay: the game is the one where the play was posted whole from
// the start.
func TestC8_GamePlayAfterAStepTheTurnCanBecome(t *testing.T) {
	r := DefaultRules(Short)
	playing := gmOpen(t, r, 3, 1) // White plays 3-1
	p := mustParse(t, playing.Position(), MustRoll(3, 1), "8/5 6/5")
	whole, err := playing.Play(p)
	require.NoError(t, err)
	for _, first := range []Step{st(8, 5, 3), st(6, 5, 1)} {
		stepped, err := playing.Step(first)
		require.NoError(t, err)
		require.Equal(t, PhasePlay, stepped.Phase())
		assert.Contains(t, stepped.Allowed(White), ActPlay, "after %v", first)

		got, err := stepped.Play(p)
		require.NoError(t, err, "Play after %v", first)
		assert.Equal(t, whole, got, "Play after %v", first)
		got, err = stepped.Do(p.Action())
		require.NoError(t, err, "Do after %v", first)
		assert.Equal(t, whole, got, "Do after %v", first)
		assert.Equal(t, PhaseRoll, got.Phase())
		assert.Equal(t, Black, got.Position().OnRoll())
		assert.Equal(t, 1, got.PlayCount())
	}
}

// TestC8_GamePlayAfterAStepTheTurnCannotBecome: after the step 24/21 of
// 3-1, the whole play 8/5 6/5 (legal from the turn's start) is refused
// with ErrWrongPhase, naming the step taken; the remainder 6/5 alone (a
// whole play uses both dice, C5) is refused as the illegal play it is,
// naming the step taken too. The game is unchanged either way.
func TestC8_GamePlayAfterAStepTheTurnCannotBecome(t *testing.T) {
	r := DefaultRules(Short)
	playing := gmOpen(t, r, 3, 1)
	p := mustParse(t, playing.Position(), MustRoll(3, 1), "8/5 6/5")
	stepped, err := playing.Step(st(24, 21, 3))
	require.NoError(t, err)

	got, err := stepped.Play(p)
	require.ErrorIs(t, err, ErrActionRefused)
	assert.ErrorIs(t, err, ErrWrongPhase)
	assert.NotErrorIs(t, err, ErrIllegalPlay, "the play is legal from the turn's start")
	assert.ErrorContains(t, err, "24/21", "names the step taken")
	assert.ErrorContains(t, err, "8/5 6/5", "names the play")
	assert.Equal(t, stepped, got, "the game is unchanged")
	_, derr := stepped.Do(p.Action())
	assert.Equal(t, err, derr, "Do refuses it as Play does")

	eight := gmDo(t, playing, Action{Kind: ActStep, Player: White, Steps: []Step{st(8, 5, 3)}})
	rest := Action{Kind: ActPlay, Player: White, Steps: []Step{st(6, 5, 1)}}
	got, err = eight.Do(rest)
	require.ErrorIs(t, err, ErrIllegalPlay)
	var ae *ActionError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "C5", ae.Rule)
	assert.ErrorContains(t, err, "8/5", "names the step taken")
	assert.ErrorContains(t, err, "start", "says a whole play goes from the turn's start")
	assert.Equal(t, eight, got, "the game is unchanged")
}

// TestC8_RecordOfStepsThenAWholePlay: a Recorder takes steps and then a
// whole play the turn can still become; the record (and its JSON read
// back) replays to the match the Recorder holds, which is the match where
// the play was posted whole.
func TestC8_RecordOfStepsThenAWholePlay(t *testing.T) {
	r := DefaultRules(Short)
	rc, err := NewRecorder(r, 0, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}}))
	require.NoError(t, rc.Do(Action{Kind: ActStep, Player: White, Steps: []Step{st(6, 5, 1)}}))
	p := mustParse(t, rc.Match().Game().Position(), MustRoll(3, 1), "8/5 6/5")
	require.NoError(t, rc.Do(p.Action()))
	require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}}))

	rec := rc.Record()
	require.Len(t, rec.Actions, 4)
	m, err := Replay(rec)
	require.NoError(t, err)
	assert.Equal(t, rc.Match(), m)
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	var back Record
	require.NoError(t, json.Unmarshal(b, &back))
	m, err = Replay(back)
	require.NoError(t, err)
	assert.Equal(t, rc.Match().Game().Position(), m.Game().Position())

	whole := gmDo(t, gmOpen(t, r, 3, 1), p.Action())
	whole = gmDo(t, whole, Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}})
	assert.Equal(t, whole, m.Game(), "the game of the play posted whole")
}

// TestPropertyGamePlayMidTurn_C8: in a random position with a random roll,
// a random number of the turn's steps taken (not the last): a random legal
// play of the roll from the turn's start is taken when the turn can still
// end at its result (a walk of the turn's next steps finds it), and the
// game is then the one where the play was posted whole; any other play is
// refused with the game unchanged, matching ErrWrongPhase when it is
// legal from the start and ErrIllegalPlay when not.
func TestPropertyGamePlayMidTurn_C8(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c, g := rolledGameAt(t)
		if g.Phase() != PhasePlay {
			return // C5: the roll passed
		}
		start := g
		turn, _ := g.Turn()
		k := rapid.IntRange(1, max(1, turn.Required()-1)).Draw(t, "steps taken")
		for range k {
			turn, _ = g.Turn()
			next := slices.Collect(turn.NextSteps())
			s := rapid.SampledFrom(next).Draw(t, "step")
			n, err := g.Step(s)
			if err != nil {
				t.Fatalf("%v: offered step %v refused: %v", c, s, err)
			}
			if n.Phase() != PhasePlay {
				t.Skip("the step ended the turn")
			}
			g = n
		}
		turn, _ = g.Turn()
		reach := reachableEnds(turn)
		plays := legalOf(t, c)
		var steps []Step
		switch rapid.IntRange(0, 5).Draw(t, "source") {
		case 0: // arbitrary steps of the roll's dice
			steps = genSteps(c.Roll).Draw(t, "steps")
		case 1: // the rest of a way to finish the turn, without the steps taken
			u := turn
			for !u.Done() {
				s := rapid.SampledFrom(slices.Collect(u.NextSteps())).Draw(t, "rest")
				u, _ = u.Step(s)
				steps = append(steps, s)
			}
		default: // a legal play of the roll from the turn's start
			p := rapid.SampledFrom(plays).Draw(t, "play")
			steps = slices.Collect(p.Steps())
		}
		a := Action{Kind: ActPlay, Player: c.Pos.OnRoll(), Steps: steps}
		want, werr := start.Do(a)
		got, err := g.Do(a)
		switch {
		case werr == nil && reach[want.Position()]:
			if err != nil {
				t.Fatalf("%v: after %v, play %v the turn can become refused: %v", c, slices.Collect(turn.Steps()), steps, err)
			}
			if got != want {
				t.Fatalf("%v: after %v, play %v: not the game of the play posted whole", c, slices.Collect(turn.Steps()), steps)
			}
		case err == nil:
			t.Fatalf("%v: after %v, play %v taken (legal from the start: %v)", c, slices.Collect(turn.Steps()), steps, werr == nil)
		case got != g:
			t.Fatalf("%v: play %v refused (%v) but the game changed", c, steps, err)
		case werr == nil && !(errors.Is(err, ErrWrongPhase) && !errors.Is(err, ErrIllegalPlay)):
			t.Fatalf("%v: play %v legal from the start, refused with %v", c, steps, err)
		case werr != nil && !errors.Is(err, ErrIllegalPlay) && errors.Is(werr, ErrIllegalPlay):
			t.Fatalf("%v: play %v illegal from the start (%v), refused with %v", c, steps, werr, err)
		}
	})
}

// reachableEnds returns the positions after each way of finishing t, the
// next player on roll, by walking its next steps.
func reachableEnds(t Turn) map[Position]bool {
	ends := map[Position]bool{}
	var walk func(t Turn)
	walk = func(t Turn) {
		if t.Done() {
			p, err := t.Play()
			if err == nil {
				ends[p.Result()] = true
			}
			return
		}
		for s := range t.NextSteps() {
			if u, err := t.Step(s); err == nil {
				walk(u)
			}
		}
	}
	walk(t)
	return ends
}
