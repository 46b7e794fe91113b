package nardy

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mDo(t *testing.T, m Match, a Action) Match {
	t.Helper()
	n, err := m.Do(a)
	require.NoError(t, err, "%+v", a)
	return n
}

// mLose makes loser resign the current game as kind k (after the opening
// throw if there is one: white wins it 2-1), and the other accept.
func mLose(t *testing.T, m Match, loser Color, k ResultKind) Match {
	t.Helper()
	if m.Game().Phase() == PhaseOpening {
		m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{2, 1}})
	}
	m = mDo(t, m, Action{Kind: ActResign, Player: loser, Resign: k})
	return mDo(t, m, Action{Kind: ActAccept, Player: loser.Other()})
}

// TestCrawford_S6: in a match to 3, the first game after a player reaches 2
// is the Crawford game (no doubling); the game after it doubles again.
func TestCrawford_S6(t *testing.T) {
	m, err := NewMatch(DefaultRules(Short), 3)
	require.NoError(t, err)
	assert.False(t, m.IsCrawford())
	m = mLose(t, m, Black, Oin) // 1-0
	assert.False(t, m.IsCrawford(), "1-0 in a match to 3")
	m = mLose(t, m, Black, Oin) // 2-0
	assert.True(t, m.IsCrawford(), "white reached match point - 1")
	w, b := m.Score()
	assert.Equal(t, [2]int{2, 0}, [2]int{w, b})
	m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{1, 2}}) // black plays 2-1
	m = mDo(t, m, Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 13, To: 11, Die: 2}, {From: 6, To: 5, Die: 1}}})
	_, err = m.Do(Action{Kind: ActDouble, Player: White})
	assert.ErrorIs(t, err, errCubeOff, "no doubling in the Crawford game")
	assert.Contains(t, err.Error(), "in the Crawford game", "the refusal says why (it said only: the cube is not in use)")
	m = mLose(t, m, White, Oin) // 2-1
	assert.False(t, m.IsCrawford(), "post-Crawford")
	m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{2, 1}})
	m = mDo(t, m, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 13, To: 11, Die: 2}, {From: 6, To: 5, Die: 1}}})
	m = mDo(t, m, Action{Kind: ActDouble, Player: Black})
	m = mDo(t, m, Action{Kind: ActTake, Player: White})
	m = mLose(t, m, White, Oin) // 2-3: black wins 2 with the cube
	assert.True(t, m.IsOver())
	winner, ok := m.Winner()
	assert.True(t, ok)
	assert.Equal(t, Black, winner)
	w, b = m.Score()
	assert.Equal(t, [2]int{2, 3}, [2]int{w, b})
	res, _ := m.LastResult()
	assert.Equal(t, Result{Variant: Short, Winner: Black, Kind: Oin, End: Resigned, Cube: 2, Points: 2}, res)
	assert.Equal(t, 4, m.GameNumber())
}

// TestMatchAway_S6: Away counts the points each side still needs, the
// asked side first; a gammon past the length leaves 0, not less; money
// play has no score to count.
func TestMatchAway_S6(t *testing.T) {
	m, err := NewMatch(DefaultRules(Short), 5)
	require.NoError(t, err)
	assert.Equal(t, [2]int{5, 5}, m.Away(White))
	m = mLose(t, m, Black, Oin)  // 1-0
	m = mLose(t, m, White, Mars) // 1-2
	assert.Equal(t, [2]int{4, 3}, m.Away(White))
	assert.Equal(t, [2]int{3, 4}, m.Away(Black))
	assert.Equal(t, [2]int{}, m.Away(Color(7)), "not a colour")
	m = mLose(t, m, Black, Koks) // 4-2
	m = mLose(t, m, Black, Mars) // 6-2: over
	require.True(t, m.IsOver())
	assert.Equal(t, [2]int{0, 3}, m.Away(White))
	money, err := Replay(Record{Rules: DefaultRules(Short)})
	require.NoError(t, err)
	assert.Equal(t, [2]int{}, money.Away(White))
}

// TestCrawfordOnce: the Crawford game is played once, not again when the
// other player reaches match point - 1 later.
func TestCrawfordOnce(t *testing.T) {
	m, err := NewMatch(DefaultRules(Short), 5)
	require.NoError(t, err)
	m = mLose(t, m, Black, Koks) // 3-0 (no Jacoby in a match)
	w, _ := m.Score()
	assert.Equal(t, 3, w)
	m = mLose(t, m, Black, Oin) // 4-0
	assert.True(t, m.IsCrawford())
	m = mLose(t, m, White, Koks) // 4-3
	assert.False(t, m.IsCrawford())
	m = mLose(t, m, White, Oin) // 4-4
	assert.False(t, m.IsCrawford(), "the Crawford game was played")
	off := DefaultRules(Short)
	off.Crawford = false
	m, err = NewMatch(off, 2)
	require.NoError(t, err)
	m = mLose(t, m, Black, Oin)
	assert.False(t, m.IsCrawford(), "Crawford rule off")
}

// TestNextGameStarter_L10 checks who is on roll when the next game starts.
func TestNextGameStarter_L10(t *testing.T) {
	for _, c := range []struct {
		starter NextGameStarter
		phase   Phase
		turn    Color
	}{
		// Game 1: white wins the opening (2-1), black resigns: white won.
		{WinnerStarts, PhaseRoll, White},
		{AlternateStarts, PhaseRoll, Black}, // white started game 1
		{OpeningRollStarts, PhaseOpening, White},
	} {
		r := DefaultRules(Long)
		r.NextGameStarter = c.starter
		m, err := NewMatch(r, 7)
		require.NoError(t, err)
		m = mLose(t, m, Black, Oin)
		assert.Equal(t, c.phase, m.Game().Phase(), c.starter.String())
		if c.phase == PhaseRoll {
			assert.Equal(t, c.turn, m.Game().Position().OnRoll(), c.starter.String())
			st, ok := m.Game().Starter()
			assert.True(t, ok)
			assert.Equal(t, c.turn, st)
		}
	}
	// Winner starts: black wins game 2 and starts game 3.
	m, err := NewMatch(DefaultRules(Long), 7)
	require.NoError(t, err)
	m = mLose(t, m, Black, Oin)
	m = mLose(t, m, White, Mars)
	assert.Equal(t, Black, m.Game().Position().OnRoll())
	w, b := m.Score()
	assert.Equal(t, [2]int{1, 2}, [2]int{w, b})
	// Alternate: game 3 is started by white again.
	r := DefaultRules(Long)
	r.NextGameStarter = AlternateStarts
	m, err = NewMatch(r, 7)
	require.NoError(t, err)
	m = mLose(t, m, Black, Oin)
	m = mLose(t, m, Black, Oin)
	assert.Equal(t, White, m.Game().Position().OnRoll())
	assert.Equal(t, 3, m.GameNumber())
}

// TestFederationMatch: long nardy to 7 without a cube; a mars counts 2.
func TestFederationMatch(t *testing.T) {
	m, err := NewMatch(DefaultRules(Long), 7)
	require.NoError(t, err)
	m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{5, 3}})
	_, err = m.Do(Action{Kind: ActDouble, Player: White})
	assert.True(t, hasReason(err, errCubeOff), "want %v, got %v", errCubeOff, err)
	for i := 0; i < 3; i++ {
		m = mLose(t, m, Black, Mars)
	}
	w, b := m.Score()
	assert.Equal(t, [2]int{6, 0}, [2]int{w, b})
	assert.False(t, m.IsOver())
	m = mLose(t, m, Black, Mars)
	assert.True(t, m.IsOver())
	w, _ = m.Score()
	assert.Equal(t, 8, w, "the score may pass the match length")
	_, err = m.Do(Action{Kind: ActOpening, Dice: [2]int{5, 3}})
	assert.ErrorIs(t, err, errMatchOver)
}

// TestOnePointMatch: N = 1, one game decides.
func TestOnePointMatch(t *testing.T) {
	m, err := NewMatch(DefaultRules(Short), 1)
	require.NoError(t, err)
	m = mLose(t, m, White, Oin)
	assert.True(t, m.IsOver())
	w, ok := m.Winner()
	assert.True(t, ok)
	assert.Equal(t, Black, w)
	assert.Equal(t, 1, m.Length())
}

// ExampleMatch plays a 3-point match of short nardy with seeded dice,
// always choosing the first legal play and never doubling, and prints the
// results.
func ExampleMatch() {
	m, err := NewMatch(DefaultRules(Short), 3)
	if err != nil {
		panic(err)
	}
	src := NewSeededDice(1)
	for !m.IsOver() {
		number := m.GameNumber()
		switch m.Game().Phase() {
		case PhaseOpening, PhaseRoll:
			m, _, err = m.Roll(src) // its second result is the throw, for a record
		case PhasePlay:
			plays, _ := m.Game().Legal()
			m, err = m.Do(plays[0].Action())
		}
		if err != nil {
			panic(err)
		}
		if m.GameNumber() != number || m.IsOver() {
			res, _ := m.LastResult()
			w, b := m.Score()
			fmt.Printf("game %d: %s; score %d-%d\n", number, res, w, b)
		}
	}
	winner, _ := m.Winner()
	fmt.Println("match:", winner)
	// Output:
	// game 1: black wins (single, 1 point); score 0-1
	// game 2: white wins (single, 1 point); score 1-1
	// game 3: white wins (single, 1 point); score 2-1
	// game 4: black wins (single, 1 point); score 2-2
	// game 5: black wins (single, 1 point); score 2-3
	// match: black
}

// mDraw plays the end of the current game of m to the L11 last roll: the
// game is put at a bear-off where White, who moved first, bears off its
// last checker with 6-5 while Black has two checkers left (on 5 and 6);
// Black's last roll is then 6-5, which bears both off (a draw), or 2-1,
// which does not (White wins an oin). The cube is left as it is.
func mDraw(t *testing.T, m Match, last [2]int) Match {
	t.Helper()
	g := m.game
	g.pos, g.phase, g.started, g.first, g.starter = lastRollPos(t, loserSide(13, 0, 5, 1, 6, 1)), PhaseRoll, true, White, White
	m.game = g
	m = mDo(t, m, Action{Kind: ActRoll, Player: White, Dice: [2]int{6, 5}})
	m = mDo(t, m, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 1, To: Off, Die: 6}}})
	require.True(t, m.Game().IsLastRoll())
	m = mDo(t, m, Action{Kind: ActRoll, Player: Black, Dice: last})
	if last == [2]int{6, 5} {
		return mDo(t, m, Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 6, To: Off, Die: 6}, {From: 5, To: Off, Die: 5}}})
	}
	return mDo(t, m, Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 6, To: 4, Die: 2}, {From: 4, To: 3, Die: 1}}})
}

func drawRules() Rules {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	return r
}

// TestMatchDraw_L11: in a match a drawn game scores 1–1 (the tournament
// table of L11, the default, which keeps scores whole); the next game
// starts with the opening throw (no winner to start it, L10); a draw that
// takes the leader to the length wins the match; one that takes both to
// the length with equal scores does not, and the next game decides.
func TestMatchDraw_L11(t *testing.T) {
	m, err := NewMatch(drawRules(), 3)
	require.NoError(t, err)
	m = mDraw(t, m, [2]int{6, 5})
	res, ok := m.LastResult()
	require.True(t, ok)
	assert.Equal(t, Result{Variant: Long, Kind: Draw, End: BoreOff, Cube: 1, Points: 1}, res)
	w, b := m.Score()
	assert.Equal(t, [2]int{1, 1}, [2]int{w, b}, "1-1")
	assert.False(t, m.IsOver())
	assert.Equal(t, 2, m.GameNumber())
	assert.Equal(t, PhaseOpening, m.Game().Phase(), "no winner to start the next game")

	m = mLose(t, m, Black, Oin) // 2-1
	m = mDraw(t, m, [2]int{6, 5})
	w, b = m.Score()
	assert.Equal(t, [2]int{3, 2}, [2]int{w, b})
	assert.True(t, m.IsOver(), "the draw takes White to 3, ahead")
	winner, ok := m.Winner()
	assert.True(t, ok)
	assert.Equal(t, White, winner)

	// 2-2, then a draw: 3-3 in a match to 3 is no result; the next game
	// decides.
	m, err = NewMatch(drawRules(), 3)
	require.NoError(t, err)
	m = mDraw(t, m, [2]int{6, 5})
	m = mDraw(t, m, [2]int{6, 5})
	m = mDraw(t, m, [2]int{6, 5})
	w, b = m.Score()
	assert.Equal(t, [2]int{3, 3}, [2]int{w, b})
	assert.False(t, m.IsOver(), "3-3: nobody is ahead")
	_, ok = m.Winner()
	assert.False(t, ok)
	assert.Equal(t, 4, m.GameNumber())
	m = mLose(t, m, White, Oin)
	assert.True(t, m.IsOver())
	winner, ok = m.Winner()
	assert.True(t, ok)
	assert.Equal(t, Black, winner)

	// A last roll that does not bear off all: White wins as it finished.
	m, err = NewMatch(drawRules(), 3)
	require.NoError(t, err)
	m = mDraw(t, m, [2]int{2, 1})
	w, b = m.Score()
	assert.Equal(t, [2]int{1, 0}, [2]int{w, b})
}

// TestMatchDrawCube_L11: like every entry of the scoring table, a draw's
// points are multiplied by the cube: 2-2 with the cube at 2.
func TestMatchDrawCube_L11(t *testing.T) {
	r := drawRules()
	r.Cube = true
	m, err := NewMatch(r, 5)
	require.NoError(t, err)
	m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{6, 5}})
	m = mDo(t, m, Action{Kind: ActRoll, Player: White, Dice: [2]int{6, 5}})
	m = mDo(t, m, Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 24, To: 18, Die: 6}, {From: 18, To: 13, Die: 5}}})
	m = mDo(t, m, Action{Kind: ActDouble, Player: Black})
	m = mDo(t, m, Action{Kind: ActTake, Player: White})
	m = mDraw(t, m, [2]int{6, 5})
	res, _ := m.LastResult()
	assert.Equal(t, Result{Variant: Long, Kind: Draw, End: BoreOff, Cube: 2, Points: 2}, res)
	w, b := m.Score()
	assert.Equal(t, [2]int{2, 2}, [2]int{w, b})
}

// TestMoneyDrawHalf_L11: ½–½ is expressible for money play with
// Scoring.DrawHalf: the result carries each player's half point (Points 0,
// Half), or 1 each with the cube at 2; the default table gives 1 each. A
// match refuses a ½–½ table, since its scores are whole points.
func TestMoneyDrawHalf_L11(t *testing.T) {
	half := drawRules()
	half.Scoring.DrawHalf = true
	require.NoError(t, half.Validate())
	_, err := NewMatch(half, 7)
	assert.ErrorIs(t, err, ErrInvalidRules)

	for _, c := range []struct {
		r    Rules
		cube bool
		want Result
	}{
		{half, false, Result{Variant: Long, Kind: Draw, End: BoreOff, Cube: 1, Points: 0, Half: true}},
		{half, true, Result{Variant: Long, Kind: Draw, End: BoreOff, Cube: 2, Points: 1}},
		{drawRules(), false, Result{Variant: Long, Kind: Draw, End: BoreOff, Cube: 1, Points: 1}},
	} {
		r := c.r
		r.Cube = c.cube
		m, err := newMatch(r, 0, MatchStart{}) // money play, as Replay makes it
		require.NoError(t, err)
		if c.cube {
			m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{6, 5}})
			m = mDo(t, m, Action{Kind: ActDouble, Player: White})
			m = mDo(t, m, Action{Kind: ActTake, Player: Black})
		}
		m = mDraw(t, m, [2]int{6, 5})
		res, ok := m.LastResult()
		require.True(t, ok)
		assert.Equal(t, c.want, res)
		assert.True(t, m.IsOver())
		_, ok = m.Winner()
		assert.False(t, ok, "a drawn money game has no winner")
		w, b := m.Score()
		assert.Equal(t, [2]int{c.want.Points, c.want.Points}, [2]int{w, b})
		g, ok := m.Game().Result()
		require.True(t, ok)
		assert.Equal(t, res, g)
	}

	short := DefaultRules(Short)
	short.Scoring.DrawHalf = true
	assert.ErrorIs(t, short.Validate(), ErrInvalidRules, "no draw in short nardy")
}

// TestNewMatchOfNoLengthSaysWhereMoneyPlayIs: the Match doc speaks of a
// match of length 0 (money play, from Replay or a Recorder), but NewMatch
// and NewMatchAt start matches of 1 point or more: their refusal of
// length 0 says where money play is (NewGame, or NewRecorder with length
// 0), a stranger's review having tried NewMatch(r, 0); a negative length
// is refused as before.
func TestNewMatchOfNoLengthSaysWhereMoneyPlayIs(t *testing.T) {
	r := DefaultRules(Short)
	for _, f := range []func(int) error{
		func(n int) error { _, err := NewMatch(r, n); return err },
		func(n int) error { _, err := NewMatchAt(r, n, MatchStart{}); return err },
	} {
		err := f(0)
		require.ErrorIs(t, err, ErrInvalidRules)
		assert.ErrorContains(t, err, "match length 0, want 1 or more (money play is one game: NewGame, or NewRecorder with length 0)")
		err = f(-3)
		require.ErrorIs(t, err, ErrInvalidRules)
		assert.ErrorContains(t, err, "match length -3, want 1 or more")
		assert.NotContains(t, err.Error(), "money play")
	}
	rc, err := NewRecorder(r, 0, nil)
	require.NoError(t, err)
	assert.Zero(t, rc.Match().Length(), "the recorder's money play")
}
