package nardy

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gmPresets are the rule sets the whole-game tests play. The presets of
// package variants cannot be imported here (it imports this package), so
// they are rebuilt from the options; variants tests check they agree.
func gmPresets() map[string]Rules {
	lm := DefaultRules(Long)
	lc := DefaultRules(Long)
	lc.TransientBlock, lc.NextGameStarter = false, AlternateStarts
	lcd := lc
	lcd.LastRollDraw = true
	l001 := DefaultRules(Long)
	l001.BlockAhead, l001.Scoring = OpponentHome, Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}
	lcube := DefaultRules(Long)
	lcube.Cube, lcube.Beavers, lcube.Scoring = true, true, Scoring{Oin: 1, Mars: 2, Koks: 3, HomeMars: 4}
	lcubed := lcube
	lcubed.LastRollDraw = true
	ss := DefaultRules(Short)
	sb := ss
	sb.Beavers, sb.MaxCube, sb.NextGameStarter = true, 8, WinnerStarts
	st := DefaultRules(Short)
	st.Cube, st.MaxCube, st.Jacoby, st.Crawford, st.Scoring = false, 0, false, false, Scoring{Oin: 1, Mars: 2}
	return map[string]Rules{"long-moscow": lm, "long-classic": lc, "long-classic-draw": lcd,
		"long-azerbaijani": l001, "long-cube": lcube, "long-cube-draw": lcubed, "short-standard": ss, "short-beavers": sb, "short-tavla": st}
}

// TestWholeGamesAndMatches plays whole money games and matches of every
// preset with random actions, checking the invariants after each action
// and that each record replays to the same state.
func TestWholeGamesAndMatches(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 4
	}
	seen := map[string]bool{}
	games := 0
	for name, r := range gmPresets() {
		t.Run(name, func(t *testing.T) {
			for i := range n {
				seed := uint64(i)
				rng := rand.New(rand.NewPCG(seed, 7))
				length := []int{0, 1, 3, 7}[i%4]
				rc, err := NewRecorder(r, length, nil)
				require.NoError(t, err)
				for steps := 0; !rc.Match().IsOver(); steps++ {
					require.Less(t, steps, 20000, "match does not end")
					num := rc.Match().GameNumber()
					gmStep(t, rc, randPicker(rng))
					if m := rc.Match(); m.GameNumber() != num || m.IsOver() {
						res, _ := m.LastResult()
						seen[res.End.String()+"/"+res.Kind.String()] = true
						games++
					}
				}
				gmReplays(t, rc)
			}
		})
	}
	t.Logf("%d games played", games)
	if !testing.Short() {
		for _, k := range []string{"bore_off/oin", "bore_off/mars", "bore_off/koks", "bore_off/home_mars",
			"bore_off/draw", "dropped/oin", "resigned/oin", "resigned/mars", "resigned/koks"} {
			assert.True(t, seen[k], "no game ended %s", k)
		}
	}
}

// gmOpen starts a money game under r and plays the opening throw w, b.
func gmOpen(t *testing.T, r Rules, w, b int) Game {
	t.Helper()
	g, err := NewGame(r)
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{w, b}})
	require.NoError(t, err)
	return g
}

// gmAt returns a money game under r at pos, in PhaseRoll, as if first had
// made the first play. It sets unexported fields: the tests of endings need
// positions a game from the start would take long to reach.
func gmAt(t *testing.T, r Rules, pos Position, first Color) Game {
	t.Helper()
	g, err := NewGame(r)
	require.NoError(t, err)
	g.pos, g.phase, g.started, g.first, g.starter = pos, PhaseRoll, true, first, first
	return g
}

func gmDo(t *testing.T, g Game, a Action) Game {
	t.Helper()
	n, err := g.Do(a)
	require.NoError(t, err, "%+v", a)
	return n
}

func TestOpening_C2(t *testing.T) {
	// Short: the opening dice are the first roll; the higher die moves.
	g := gmOpen(t, DefaultRules(Short), 3, 5)
	assert.Equal(t, PhasePlay, g.Phase())
	roll, ok := g.Dice()
	assert.True(t, ok)
	assert.Equal(t, MustRoll(5, 3), roll)
	assert.Equal(t, Black, g.Position().OnRoll())
	st, _ := g.Starter()
	assert.Equal(t, Black, st)
	// Long: the winner throws both dice afresh.
	g = gmOpen(t, DefaultRules(Long), 6, 2)
	assert.Equal(t, PhaseRoll, g.Phase())
	assert.Equal(t, White, g.Position().OnRoll())
	// Equal dice are thrown again.
	g, err := NewGame(DefaultRules(Long))
	require.NoError(t, err)
	g = gmDo(t, g, Action{Kind: ActOpening, Dice: [2]int{4, 4}})
	g = gmDo(t, g, Action{Kind: ActOpening, Dice: [2]int{2, 2}})
	assert.Equal(t, PhaseOpening, g.Phase())
	g = gmDo(t, g, Action{Kind: ActOpening, Dice: [2]int{1, 2}})
	w, b, rr := g.Opening()
	assert.Equal(t, [3]int{1, 2, 2}, [3]int{w, b, rr})
	assert.Equal(t, Black, g.Position().OnRoll())
}

func TestRollFromSourceAndBlockedRoll(t *testing.T) {
	src := NewSeededDice(9)
	g, err := NewGame(DefaultRules(Long))
	require.NoError(t, err)
	for g.Phase() == PhaseOpening {
		var a Action
		g, a, err = g.Roll(src)
		require.NoError(t, err)
		assert.Equal(t, ActOpening, a.Kind)
	}
	g, a, err := g.Roll(src)
	require.NoError(t, err)
	assert.Equal(t, ActRoll, a.Kind)
	assert.Equal(t, PhasePlay, g.Phase())
	// C5: a roll with no legal step passes at once. Black's last two
	// checkers on its 1 point cannot be blocked, so use short nardy: White
	// on the bar against a closed board.
	pos, err := NewPosition(Short, White, loserSide(0, 1, 13, 14), loserSide(0, 0, 1, 2, 2, 2, 3, 2, 4, 2, 5, 2, 6, 2, 13, 3))
	require.NoError(t, err)
	g = gmAt(t, DefaultRules(Short), pos, White)
	g, err = g.SetDice(MustRoll(6, 6))
	require.NoError(t, err)
	assert.Equal(t, PhaseRoll, g.Phase(), "the dance passes the turn")
	assert.Equal(t, Black, g.Position().OnRoll())
	assert.Equal(t, 1, g.PlayCount())
}

func TestStepByStep(t *testing.T) {
	g := gmOpen(t, DefaultRules(Short), 1, 3) // black plays 3-1
	g, err := g.Step(Step{From: 8, To: 5, Die: 3})
	require.NoError(t, err)
	tu, ok := g.Turn()
	require.True(t, ok)
	assert.Equal(t, 1, tu.Len())
	g, err = g.Act(ActUndo)
	require.NoError(t, err)
	g = gmDo(t, g, Action{Kind: ActStep, Player: Black, Steps: []Step{{From: 8, To: 5, Die: 3}}})
	g = gmDo(t, g, Action{Kind: ActStep, Player: Black, Steps: []Step{{From: 6, To: 5, Die: 1}}})
	assert.Equal(t, PhaseRoll, g.Phase(), "the completing step ends the turn")
	assert.Equal(t, White, g.Position().OnRoll())
	assert.Equal(t, 2, g.Position().Opponent()[5], "black made its 5 point")
	// The whole-play form gives the same position.
	h := gmOpen(t, DefaultRules(Short), 1, 3)
	plays, err := h.Legal()
	require.NoError(t, err)
	for _, p := range plays {
		if p.Result() == g.Position() {
			h, err = h.Play(p)
			require.NoError(t, err)
		}
	}
	assert.Equal(t, g.Position(), h.Position())
}

// benchGame plays one whole money game under r with seeded dice and the
// first legal play, returning the number of plays.
func benchGame(b *testing.B, r Rules, src DiceSource, buf []Play) int {
	g, err := NewGame(r)
	if err != nil {
		b.Fatal(err)
	}
	for !g.IsOver() {
		switch g.Phase() {
		case PhaseOpening, PhaseRoll:
			g, _, err = g.Roll(src)
		case PhasePlay:
			roll, _ := g.Dice()
			buf, err = r.AppendLegal(buf[:0], g.Position(), roll)
			if err == nil {
				g, err = g.Play(buf[0])
			}
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	return g.PlayCount()
}

func BenchmarkGameLong(b *testing.B) {
	src, buf := NewSeededDice(1), make([]Play, 0, MaxPlays)
	plays := 0
	for b.Loop() {
		plays += benchGame(b, DefaultRules(Long), src, buf)
	}
	b.ReportMetric(float64(plays)/float64(b.N), "plays/game")
}

func BenchmarkGameShort(b *testing.B) {
	src, buf := NewSeededDice(1), make([]Play, 0, MaxPlays)
	plays := 0
	for b.Loop() {
		plays += benchGame(b, DefaultRules(Short), src, buf)
	}
	b.ReportMetric(float64(plays)/float64(b.N), "plays/game")
}

// TestWinning_C7: whoever first bears off all fifteen checkers wins, and
// the game ends there: with one checker left on its point 1, the position
// is not over; after any roll bears it off, the mover has won, as the
// position and the game say.
func TestWinning_C7(t *testing.T) {
	for _, v := range []Variant{Long, Short} {
		var me, opp Side
		me[Off], me[1] = 14, 1
		opp[18] = 15 // clear of the mover's point 1 in both games
		pos, err := NewPosition(v, White, me, opp)
		require.NoError(t, err)
		_, over := pos.Winner()
		require.False(t, over, "%v: a checker is left", v)
		g, err := NewGameAt(DefaultRules(v), Setup{Position: pos})
		require.NoError(t, err)
		for _, roll := range []Roll{MustRoll(1, 1), MustRoll(6, 5), MustRoll(2, 1)} {
			g, err := g.SetDice(roll)
			require.NoError(t, err)
			plays, err := g.Legal()
			require.NoError(t, err)
			require.Len(t, plays, 1, "%v %v: one play, the checker off", v, roll)
			winner, over := plays[0].Result().Winner()
			assert.True(t, over, "%v %v", v, roll)
			assert.Equal(t, White, winner, "%v %v", v, roll)
			g, err = g.Play(plays[0])
			require.NoError(t, err)
			res, ok := g.Result()
			require.True(t, ok, "%v %v: the game is over", v, roll)
			assert.Equal(t, White, res.Winner, "%v %v", v, roll)
			assert.Equal(t, BoreOff, res.End)
		}
	}
}
