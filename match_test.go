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
	assert.ErrorIs(t, err, ErrCubeOff, "no doubling in the Crawford game")
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
	assert.Equal(t, Result{Winner: Black, Kind: Oin, End: Resigned, Cube: 2, Points: 2}, res)
	assert.Equal(t, 4, m.GameNumber())
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
			assert.Equal(t, c.turn, m.Game().Position().Turn(), c.starter.String())
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
	assert.Equal(t, Black, m.Game().Position().Turn())
	w, b := m.Score()
	assert.Equal(t, [2]int{1, 2}, [2]int{w, b})
	// Alternate: game 3 is started by white again.
	r := DefaultRules(Long)
	r.NextGameStarter = AlternateStarts
	m, err = NewMatch(r, 7)
	require.NoError(t, err)
	m = mLose(t, m, Black, Oin)
	m = mLose(t, m, Black, Oin)
	assert.Equal(t, White, m.Game().Position().Turn())
	assert.Equal(t, 3, m.GameNumber())
}

// TestFederationMatch: long nardy to 7 without a cube; a mars counts 2.
func TestFederationMatch(t *testing.T) {
	m, err := NewMatch(DefaultRules(Long), 7)
	require.NoError(t, err)
	m = mDo(t, m, Action{Kind: ActOpening, Dice: [2]int{5, 3}})
	_, err = m.Do(Action{Kind: ActDouble, Player: White})
	assert.ErrorIs(t, err, ErrCubeOff)
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
	assert.ErrorIs(t, err, ErrMatchOver)
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
		g := m.Game()
		var a Action
		switch g.Phase() {
		case PhaseOpening, PhaseRoll:
			_, a, _ = g.Roll(src) // a is the throw, for a record
		case PhasePlay:
			plays, _ := g.Legal()
			a = Action{Kind: ActPlay, Player: g.Position().Turn(), Steps: plays[0].Steps()}
		}
		number := m.GameNumber()
		if m, err = m.Do(a); err != nil {
			panic(err)
		}
		if m.GameNumber() != number || m.IsOver() {
			res, _ := m.LastResult()
			w, b := m.Score()
			fmt.Printf("game %d: %s wins %s, %d point(s); score %d-%d\n", number, res.Winner, res.Kind, res.Points, w, b)
		}
	}
	winner, _ := m.Winner()
	fmt.Println("match:", winner)
	// Output:
	// game 1: black wins oin, 1 point(s); score 0-1
	// game 2: white wins oin, 1 point(s); score 1-1
	// game 3: white wins oin, 1 point(s); score 2-1
	// game 4: black wins oin, 1 point(s); score 2-2
	// game 5: black wins oin, 1 point(s); score 2-3
	// match: black
}
