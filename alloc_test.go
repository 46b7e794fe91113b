package nardy

// Allocation guards (issue 2 item 11, issue 5 item 2): with caller buffers
// AppendLegal, Apply and the step API allocate nothing.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allocCases are positions of both games that take every path of the
// generator: starts, first-turn doubles (L4), a long game position under
// TransientBlock false with a double (every order judged), a bear-off,
// short positions with the bar, and the worst cases (worstCases: up to
// 2,226 plays).
func allocCases(t *testing.T) []pair {
	long, short := DefaultRules(Long), DefaultRules(Short)
	classic := long
	classic.TransientBlock = false
	literal := long
	literal.HeadException = Literal
	midLong, err := randomGame(long, 3, 40)
	require.NoError(t, err)
	midClassic, err := randomGame(classic, 5, 30)
	require.NoError(t, err)
	midShort, err := randomGame(short, 11, 20)
	require.NoError(t, err)
	bar := mkPos(t, Short, sd(Bar, 2, 24, 1, 13, 4, 8, 3, 6, 5), sd(24, 2, 13, 5, 8, 3, 6, 5))
	bearOff := mkPos(t, Long, sd(6, 3, 5, 2, 3, 4, 1, 1, Off, 5), sd(24, 15))
	return append([]pair{
		{long, longStart, MustRoll(6, 6)},
		{long, longStart, MustRoll(3, 3)},
		{literal, longStart, MustRoll(6, 5)},
		{long, midLong, MustRoll(2, 2)},
		{long, midLong, MustRoll(6, 1)},
		{classic, midClassic, MustRoll(1, 1)},
		{classic, midClassic, MustRoll(4, 2)},
		{long, bearOff, MustRoll(6, 6)},
		{long, bearOff, MustRoll(4, 1)},
		{short, shortStart, MustRoll(1, 1)},
		{short, shortStart, MustRoll(3, 1)},
		{short, midShort, MustRoll(5, 5)},
		{short, bar, MustRoll(6, 4)},
	}, worstPairs(t)...)
}

func TestAppendLegalAllocs(t *testing.T) {
	buf := make([]Play, 0, MaxPlays)
	for _, c := range allocCases(t) {
		var n int
		allocs := testing.AllocsPerRun(20, func() {
			out, err := c.rules.AppendLegal(buf[:0], c.pos, c.roll)
			if err != nil {
				t.Fatal(err)
			}
			n = len(out)
		})
		assert.Zero(t, allocs, "AppendLegal %v %v (%d plays) allocates", c.pos, c.roll, n)
		assert.Positive(t, n)
	}
}

func TestApplyAllocs(t *testing.T) {
	for _, c := range allocCases(t) {
		plays, err := c.rules.Legal(c.pos, c.roll)
		require.NoError(t, err)
		play := plays[len(plays)-1]
		var got Position
		allocs := testing.AllocsPerRun(20, func() {
			got, err = c.rules.Apply(c.pos, play)
			if err != nil {
				t.Fatal(err)
			}
		})
		assert.Zero(t, allocs, "Apply %v %v allocates", c.pos, c.roll)
		assert.Equal(t, play.Result(), got)
	}
}

func TestTurnAllocs(t *testing.T) {
	buf := make([]Step, 0, 64)
	for _, c := range allocCases(t) {
		var n int
		allocs := testing.AllocsPerRun(20, func() {
			tn, err := c.rules.NewTurn(c.pos, c.roll)
			if err != nil {
				t.Fatal(err)
			}
			buf = tn.AppendNextSteps(buf[:0])
			n = len(buf)
			for !tn.Done() {
				next := tn.AppendNextSteps(buf[:0])
				if tn, err = tn.Step(next[0]); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := tn.Undo(); err != nil && tn.Len() > 0 {
				t.Fatal(err)
			}
			if _, err := tn.Play(); err != nil {
				t.Fatal(err)
			}
		})
		assert.Zero(t, allocs, "NewTurn/AppendNextSteps/Step/Play %v %v allocates", c.pos, c.roll)
		tn, err := c.rules.NewTurn(c.pos, c.roll)
		require.NoError(t, err)
		assert.Len(t, tn.AppendNextSteps(nil), n)
	}
}

// TestPlayOfAndKeyAllocs: building a play from its steps (PlayOf, how a
// server checks a client's steps), playing it in a game (Game.Play) and
// writing a position's key allocate nothing.
func TestPlayOfAndKeyAllocs(t *testing.T) {
	key := make([]byte, 0, 128)
	var steps [4]Step
	ran := 0
	for _, c := range allocCases(t) {
		plays, err := c.rules.Legal(c.pos, c.roll)
		require.NoError(t, err)
		play := plays[len(plays)-1]
		n := play.Len()
		for i := range n {
			steps[i] = play.Step(i)
		}
		g, err := NewGameAt(c.rules, Setup{Position: c.pos, Starter: c.pos.OnRoll()})
		if err != nil {
			continue // a position no game is at (the L5 block held off roll, a finished side)
		}
		g, err = g.SetDice(c.roll)
		require.NoError(t, err)
		var got Play
		allocs := testing.AllocsPerRun(20, func() {
			if got, err = c.rules.PlayOf(c.pos, c.roll, steps[:n]...); err != nil {
				t.Fatal(err)
			}
			if _, err := g.Play(got); err != nil {
				t.Fatal(err)
			}
			key = c.pos.AppendKey(key[:0])
		})
		assert.Zero(t, allocs, "PlayOf, Game.Play, AppendKey %v %v allocate", c.pos, c.roll)
		assert.Equal(t, play.Result(), got.Result())
		ran++
	}
	assert.GreaterOrEqual(t, ran, len(allocCases(t))/2, "most cases are positions of a game")
}
