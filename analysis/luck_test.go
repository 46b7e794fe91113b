package analysis

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

// lastCheckers is a money game of short nardy set up with White on roll,
// two checkers on its 6-point and 13 off, and Black one checker on its
// 1-point and 14 off: a double of 3 or more bears White's two off (C7), a
// single win (+1); any other roll leaves Black, who bears its last checker
// off with any roll, a single win (−1). White's rolls average
// (4·1 − 32·1)/36 = −28/36.
func lastCheckers(t *testing.T, rolls ...[2]int) nardy.Record {
	t.Helper()
	var me, opp nardy.Side
	me[6], me[nardy.Off] = 2, 13
	opp[1], opp[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, me, opp)
	require.NoError(t, err)
	rc, err := nardy.ResumeRecorder(variants.ShortStandard(), 0, nardy.MatchStart{}, nardy.Setup{Position: pos}, nil)
	require.NoError(t, err)
	for _, d := range rolls {
		g := rc.Match().Game()
		require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActRoll, Player: g.Position().OnRoll(), Dice: d}))
		g = rc.Match().Game()
		if g.Phase() != nardy.PhasePlay {
			continue
		}
		roll, _ := g.Dice()
		legal, err := g.Rules().AppendLegal(nil, g.Position(), roll)
		require.NoError(t, err)
		require.NoError(t, rc.Do(legal[0].Action()))
	}
	return rc.Record()
}

// TestLuckOfTheLastRolls: the luck of a roll is its equity less the
// average roll's, values worked out from the rules by hand (lastCheckers):
// 6-6 wins, 1 + 28/36; 2-1 loses, −1 + 28/36; Black's roll after it wins
// whatever it is, luck 0.
func TestLuckOfTheLastRolls(t *testing.T) {
	for _, ply := range []int{0, 2} { // luck is measured at 0-ply whatever the ply
		rep, err := Analyze(t.Context(), lastCheckers(t, [2]int{6, 6}), Options{Ply: ply})
		require.NoError(t, err)
		require.Len(t, rep.Rolls, 1)
		l := rep.Rolls[0]
		assert.Equal(t, Luck{Action: 0, Game: 1, Player: nardy.White, Position: l.Position, Roll: "6-6", Luck: l.Luck}, l)
		assert.InDelta(t, 1+28/36.0, l.Luck, 1e-9)
		assert.Equal(t, PlayerStats{Rolls: 1, Luck: l.Luck, LuckRate: l.Luck}, rep.Players[nardy.White])
		assert.Equal(t, PlayerStats{}, rep.Players[nardy.Black])
	}
	rep, err := Analyze(t.Context(), lastCheckers(t, [2]int{2, 1}, [2]int{1, 2}), Options{})
	require.NoError(t, err)
	require.Len(t, rep.Rolls, 2)
	assert.Equal(t, [2]nardy.Color{nardy.White, nardy.Black}, [2]nardy.Color{rep.Rolls[0].Player, rep.Rolls[1].Player})
	assert.Equal(t, [2]int{0, 2}, [2]int{rep.Rolls[0].Action, rep.Rolls[1].Action})
	assert.Equal(t, "2-1", rep.Rolls[0].Roll)
	assert.InDelta(t, -1+28/36.0, rep.Rolls[0].Luck, 1e-9)
	assert.InDelta(t, 0, rep.Rolls[1].Luck, 1e-9)
	assert.Equal(t, 1, rep.Players[nardy.Black].Rolls)
}

// TestLuckEveryRoll: a report has the luck of every roll of its record, in
// order, each at the action that threw it, by its player, with its dice:
// the rolls counted from the record's actions themselves (in short nardy
// the opening throw's dice are the first roll, C2; in long nardy the
// starter throws again). Each player's totals sum its rolls.
func TestLuckEveryRoll(t *testing.T) {
	for _, tc := range []struct {
		name   string
		r      nardy.Rules
		length int
		steps  bool
	}{
		{"short money, step by step", variants.ShortStandard(), 0, true},
		{"short 5-point match", variants.ShortStandard(), 5, false},
		{"long money", variants.LongMoscow(), 0, false},
		{"long 3-point match", variants.LongMoscow(), 3, false},
	} {
		rec := record(t, tc.r, tc.length, bot.NewGreedy(), bot.NewRandom(2), 9, tc.steps)
		rep, err := Analyze(t.Context(), rec, Options{})
		require.NoError(t, err)
		var want []Luck
		for i, a := range rec.Actions {
			switch {
			case a.Kind == nardy.ActRoll:
				roll, err := nardy.NewRoll(a.Dice[0], a.Dice[1])
				require.NoError(t, err)
				want = append(want, Luck{Action: i, Player: a.Player, Roll: roll.String()})
			case a.Kind == nardy.ActOpening && a.Dice[0] != a.Dice[1] && tc.r.OpeningRoll == nardy.UseOpeningDice:
				starter := nardy.White
				if a.Dice[1] > a.Dice[0] {
					starter = nardy.Black
				}
				roll, err := nardy.NewRoll(a.Dice[0], a.Dice[1])
				require.NoError(t, err)
				want = append(want, Luck{Action: i, Player: starter, Roll: roll.String()})
			}
		}
		require.Len(t, rep.Rolls, len(want), tc.name)
		var sum [2]float64
		var n [2]int
		for k, l := range rep.Rolls {
			assert.Equal(t, want[k], Luck{Action: l.Action, Player: l.Player, Roll: l.Roll}, "%s: roll %d", tc.name, k)
			assert.Equal(t, l.Player, l.Position.OnRoll(), tc.name)
			assert.Less(t, l.Luck, 3.0, tc.name)
			assert.Greater(t, l.Luck, -3.0, tc.name)
			sum[l.Player] += l.Luck
			n[l.Player]++
		}
		for c := range 2 {
			ps := rep.Players[c]
			assert.Equal(t, n[c], ps.Rolls, tc.name)
			assert.InDelta(t, sum[c], ps.Luck, 1e-9, tc.name)
			assert.InDelta(t, sum[c]/float64(n[c]), ps.LuckRate, 1e-9, tc.name)
		}
	}
}

// TestLuckOfTheOpening_C2: in short nardy the opening throw decides the
// starter and is its first roll, so its luck is measured from before the
// throw. In money play that equity is 0 by symmetry: an opening roll's
// luck is the equity of its best play. At any score, the luck White
// expects from the throw, its own when it starts less Black's when Black
// does, averaged over the 30 throws, is 0.
func TestLuckOfTheOpening_C2(t *testing.T) {
	r := variants.ShortStandard()
	for _, length := range []int{0, 7} {
		start := nardy.MatchStart{}
		if length > 0 {
			start.Score = [2]int{5, 1} // White 2 away, Black 6 away
		}
		expect := 0.0
		for w := 1; w <= 6; w++ {
			for b := 1; b <= 6; b++ {
				if w == b {
					continue
				}
				rc, err := nardy.NewRecorderAt(r, length, start, nil)
				require.NoError(t, err)
				require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{w, b}}))
				rep, err := Analyze(t.Context(), rc.Record(), Options{})
				require.NoError(t, err)
				require.Len(t, rep.Rolls, 1)
				l := rep.Rolls[0]
				if l.Player == nardy.White {
					expect += l.Luck / 30
				} else {
					expect -= l.Luck / 30
				}
				if length == 0 {
					hint, err := HintFor(rc.Match().Game(), [2]int{}, Options{})
					require.NoError(t, err)
					assert.InDelta(t, hint.Equity, l.Luck, 1e-9, "%d-%d", w, b)
				}
			}
		}
		assert.InDelta(t, 0, expect, 1e-9, "length %d", length)
	}
}

// TestLuckLeavesOutTheLastRoll_L11: a long-nardy game under LastRollDraw
// whose starter bears off first gives the other player a last roll; its
// luck is left out, and the game is analysed (it failed: "roll equities
// of a finished game", helper-89).
func TestLuckLeavesOutTheLastRoll_L11(t *testing.T) {
	r := variants.LongMoscow()
	r.LastRollDraw = true
	var w, b nardy.Side
	w[1], w[nardy.Off] = 1, 14
	b[1], b[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Long, nardy.White, w, b)
	require.NoError(t, err)
	rc, err := nardy.ResumeRecorder(r, 0, nardy.MatchStart{}, nardy.Setup{Position: pos, Starter: nardy.White}, nil)
	require.NoError(t, err)
	for _, p := range []nardy.Color{nardy.White, nardy.Black} {
		require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActRoll, Player: p, Dice: [2]int{2, 1}}))
		if g := rc.Match().Game(); g.Phase() == nardy.PhasePlay {
			plays, err := g.Legal()
			require.NoError(t, err)
			require.NoError(t, rc.Do(plays[0].Action()))
		}
	}
	res, over := rc.Match().Game().Result()
	require.True(t, over)
	require.Equal(t, nardy.Draw, res.Kind, "black's last roll bore its checker off")
	rep, err := Analyze(t.Context(), rc.Record(), Options{})
	require.NoError(t, err)
	require.Len(t, rep.Rolls, 1, "white's roll; black's last roll left out")
	assert.Equal(t, nardy.White, rep.Rolls[0].Player)
	assert.InDelta(t, 0, rep.Rolls[0].Luck, 1e-9, "any roll bears white's last checker off")
}
