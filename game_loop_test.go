package nardy

// A self-play loop over Game allocates nothing: rolling from a source,
// generating into a buffer, playing a Play, and asking Can whether a
// double would be accepted (the question a player asks every turn).

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loopGame plays one game under r from src, always the last legal play,
// asking Can(ActDouble) before each roll; it returns the plays made.
func loopGame(r Rules, src DiceSource, buf []Play) (int, error) {
	g, err := NewGame(r)
	if err != nil {
		return 0, err
	}
	for !g.IsOver() {
		switch g.Phase() {
		case PhaseOpening, PhaseRoll:
			if g.Phase() == PhaseRoll {
				_ = g.Can(Action{Kind: ActDouble, Player: g.Position().OnRoll()})
			}
			g, _, err = g.Roll(src)
		case PhasePlay:
			roll, _ := g.Dice()
			buf, err = r.AppendLegal(buf[:0], g.Position(), roll)
			if err == nil {
				g, err = g.Play(buf[len(buf)-1])
			}
		}
		if err != nil {
			return 0, err
		}
	}
	return g.PlayCount(), nil
}

func TestGameLoopAllocs(t *testing.T) {
	for name, r := range gmPresets() {
		src, buf := NewSeededDice(3), make([]Play, 0, MaxPlays)
		plays := 0
		allocs := testing.AllocsPerRun(5, func() {
			n, err := loopGame(r, src, buf)
			if err != nil {
				t.Fatal(err)
			}
			plays += n
		})
		assert.Zero(t, allocs, "%s: a game of Roll, AppendLegal, Play and Can allocates", name)
		assert.Positive(t, plays, name)
	}
}

// TestCanRefusalAllocs: a refused double (no cube under the rules, the
// cube the other side's) builds no error.
func TestCanRefusalAllocs(t *testing.T) {
	g := gmOpen(t, DefaultRules(Long), 5, 2) // long nardy plays without the cube by default (S6)
	g, _, err := g.Roll(NewSeededDice(1))
	require.NoError(t, err)
	g, err = g.Play(mustLegal(t, g)[0])
	require.NoError(t, err)
	require.Equal(t, PhaseRoll, g.Phase())
	dbl := Action{Kind: ActDouble, Player: g.Position().OnRoll()}
	_, doErr := g.Do(dbl)
	require.Error(t, doErr)
	assert.False(t, g.Can(dbl))
	assert.Zero(t, testing.AllocsPerRun(20, func() { g.Can(dbl) }))
}

// TestCanRefusedRollAllocs: a refused roll (no dice, dice out of 1..6),
// opening throw or undo builds no error in Can (helper-110: a roll
// refused for its dice built NewRoll's error, and an undo with no step
// Undo's, to drop them), and Do's refusal says which dice.
func TestCanRefusedRollAllocs(t *testing.T) {
	g := gmOpen(t, DefaultRules(Short), 5, 2) // white to play 5-2
	var first Step
	for s := range mustLegal(t, g)[0].Steps() {
		first = s
		break
	}
	mid, err := g.Step(first) // a step taken: undo allowed
	require.NoError(t, err)
	g, err = g.Play(mustLegal(t, g)[0])
	require.NoError(t, err)
	require.Equal(t, PhaseRoll, g.Phase())
	me := g.Position().OnRoll()
	for _, d := range [][2]int{{}, {0, 9}, {7, 1}, {-1, 3}} {
		a := Action{Kind: ActRoll, Player: me, Dice: d}
		assert.False(t, g.Can(a), d)
		assert.Zero(t, testing.AllocsPerRun(20, func() { g.Can(a) }), d)
	}
	_, err = g.Do(Action{Kind: ActRoll, Player: me, Dice: [2]int{0, 9}})
	assert.ErrorIs(t, err, ErrInvalidRoll)
	assert.Contains(t, err.Error(), "dice 0 and 9, each must be 1..6")

	undo := Action{Kind: ActUndo, Player: me}
	assert.Zero(t, testing.AllocsPerRun(20, func() { g.Can(undo) }))
	play := Action{Kind: ActUndo, Player: mid.Position().OnRoll()}
	next, err := mid.Do(play)
	require.NoError(t, err, "an undo of the step taken")
	assert.False(t, next.Can(play), "nothing left to undo")
	_, err = next.Do(play)
	var re *RuleError
	assert.ErrorAs(t, err, &re, "the error Turn.Undo gives")
	assert.True(t, hasReason(err, errNothingToUndo), "%v", err)

	open, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	for _, d := range [][2]int{{0, 7}, {3, 9}} {
		a := Action{Kind: ActOpening, Dice: d}
		assert.Zero(t, testing.AllocsPerRun(20, func() { open.Can(a) }), d)
	}
	_, err = open.Do(Action{Kind: ActOpening, Dice: [2]int{0, 7}})
	assert.ErrorIs(t, err, ErrInvalidRoll)
	assert.Contains(t, err.Error(), "dice 0 and 7")
}

func mustLegal(t *testing.T, g Game) []Play {
	t.Helper()
	plays, err := g.Legal()
	require.NoError(t, err)
	require.NotEmpty(t, plays)
	return plays
}

// recordGame records one game under r from src, playing the first legal
// play each time with steps in the caller's array (reused: the recorder
// must copy them); it returns the recorder.
func recordGame(r Rules, src DiceSource, buf []Play, steps *[4]Step) (*Recorder, error) {
	rc, err := NewRecorder(r, 0, nil)
	if err != nil {
		return nil, err
	}
	for !rc.Match().IsOver() {
		g := rc.Match().Game()
		if g.Phase() != PhasePlay {
			if err := rc.Roll(src); err != nil {
				return nil, err
			}
			continue
		}
		roll, _ := g.Dice()
		if buf, err = r.AppendLegal(buf[:0], g.Position(), roll); err != nil {
			return nil, err
		}
		st := steps[:0]
		for s := range buf[0].Steps() {
			st = append(st, s)
		}
		if err := rc.Do(Action{Kind: ActPlay, Player: g.Position().OnRoll(), Steps: st}); err != nil {
			return nil, err
		}
	}
	return rc, nil
}

// TestRecorderAllocs: recording a game costs a few allocations as the
// arrays of actions and steps grow (about 2·log2 of the actions), not one
// a play; and the recorder copies the steps, so the caller may reuse its
// array.
func TestRecorderAllocs(t *testing.T) {
	r, buf := DefaultRules(Long), make([]Play, 0, MaxPlays)
	var steps [4]Step
	var rc *Recorder
	allocs := testing.AllocsPerRun(5, func() {
		var err error
		if rc, err = recordGame(r, NewSeededDice(3), buf, &steps); err != nil {
			t.Fatal(err)
		}
	})
	rec := rc.Record()
	assert.Greater(t, len(rec.Actions), 150)
	assert.Less(t, allocs, 30.0, "a recorded game of %d actions", len(rec.Actions))
	m, err := Replay(rec)
	require.NoError(t, err, "the steps of each play are its own, not the last play's")
	assert.Equal(t, rc.Match(), m)
}
