package main

import (
	"bytes"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
)

// TestLearnerTeachesOpponentPositions: in games against a fixed player the
// network learns only positions with that player on roll, one for each
// of its own plays, and the last one it learns that is not over learns
// the game's result for that player.
func TestLearnerTeachesOpponentPositions(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		net, err := neural.Default(v) // the recorder below learns nothing
		require.NoError(t, err)
		tr := newTrainer(net, nardy.DefaultRules(v), 5, targetTD0)
		won, lost := 0, 0
		for game := range 40 {
			var learned []nardy.Position
			var targets []neural.Probs
			plies := tr.plies
			g, err := tr.playAgainst(bot.NewGreedy(), func(pos nardy.Position, target neural.Probs) {
				learned = append(learned, pos)
				targets = append(targets, target)
			})
			require.NoError(t, err)
			require.NotEmpty(t, learned, "%v game %d", v, game)
			assert.Len(t, learned, tr.plies-plies, "one position for each of its plays")
			opp := learned[0].OnRoll()
			for i, pos := range learned {
				assert.Equal(t, opp, pos.OnRoll(), "%v game %d position %d: the opponent on roll", v, game, i)
			}
			// The last position learned may be over (Learn skips those);
			// the last one that is not learns the result.
			last := len(learned) - 1
			if learned[last].IsOver() {
				last--
			}
			require.GreaterOrEqual(t, last, 0)
			res, _ := g.Result()
			switch res.Winner {
			case opp:
				assert.Equal(t, 1.0, targets[last].Win, "%v game %d: the opponent won", v, game)
				lost++
			case opp.Other():
				assert.Equal(t, 0.0, targets[last].Win, "%v game %d: the opponent lost", v, game)
				assert.Equal(t, 1.0, targets[last].Flip().Win, "%v game %d: the network won", v, game)
				won++
			}
		}
		assert.Positive(t, won, "%v: games won, to check", v)
		assert.Positive(t, lost, "%v: games lost, to check", v)
	}
}

// TestTrainAgainst: -against runs, records itself in the log and the
// weights' info, is deterministic, and refuses unknown players and
// -target 1ply.
func TestTrainAgainst(t *testing.T) {
	dir := t.TempDir()
	var w [2][]byte
	for i := range 2 {
		out := filepath.Join(dir, string(rune('a'+i)))
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, run([]string{"-variant", "short", "-games", "40", "-hidden", "8", "-every", "20",
			"-eval", "2", "-opponent", "random", "-against", "greedy", "-out", out}, &stdout, &stderr), stderr.String())
		net := readNetFile(t, out+".nn")
		assert.Contains(t, net.Info(), "-against greedy")
		assert.Equal(t, []string{"0", "20", "40"}, logGames(t, out+".log"))
		w[i] = weightsOnly(t, net)
	}
	assert.Equal(t, w[0], w[1], "same seed, same weights")
	for _, bad := range [][]string{{"-against", "nobody"}, {"-against", "greedy", "-target", "1ply"},
		{"-mix", "0.5"}, {"-against", "greedy", "-mix", "0"}, {"-against", "greedy", "-mix", "1.5"}} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(append([]string{"-out", filepath.Join(dir, "x")}, bad...), &stdout, &stderr), "%v", bad)
	}
}

// TestAgainstGameMix: -mix F plays the share F of the games against the
// fixed player, spread evenly; without -against none is.
func TestAgainstGameMix(t *testing.T) {
	picked := func(c config, n int) []int {
		var gs []int
		for g := 1; g <= n; g++ {
			if c.againstGame(g) {
				gs = append(gs, g)
			}
		}
		return gs
	}
	assert.Equal(t, []int{4, 8, 12}, picked(config{against: "greedy", mix: 0.25}, 12))
	assert.Equal(t, []int{1, 2, 3, 4, 5}, picked(config{against: "greedy", mix: 1}, 5))
	assert.Empty(t, picked(config{mix: 1}, 5))
	assert.Len(t, picked(config{against: "greedy", mix: 0.3}, 1000), 300)
	third := picked(config{against: "greedy", mix: 1.0 / 3}, 30)
	assert.Len(t, third, 10)
	for i := 1; i < len(third); i++ {
		assert.Equal(t, 3, third[i]-third[i-1], "evenly spread: %v", third)
	}
}

// TestTrainMix: a run with -mix writes it into the weights' info and
// trains other weights than the run against the player alone.
func TestTrainMix(t *testing.T) {
	dir := t.TempDir()
	var w [2][]byte
	for i, mix := range []string{"1", "0.5"} {
		out := filepath.Join(dir, string(rune('a'+i)))
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, run([]string{"-variant", "short", "-games", "20", "-hidden", "8", "-every", "20",
			"-eval", "0", "-against", "greedy", "-mix", mix, "-out", out}, &stdout, &stderr), stderr.String())
		net := readNetFile(t, out+".nn")
		if mix == "1" {
			assert.NotContains(t, net.Info(), "-mix")
		} else {
			assert.Contains(t, net.Info(), "-against greedy -mix 0.5")
		}
		w[i] = weightsOnly(t, net)
	}
	assert.NotEqual(t, w[0], w[1], "half the games by self-play train other weights")
}

// zeroPly is the test's own 0-ply player: it makes the play after which
// the network's chances for it have the best cubeless equity (the first
// of equals), keeps the position after each of its plays, and leaves the
// rest (rolls) to bot.Neural.
type zeroPly struct {
	net   *neural.Net
	after []nardy.Position
}

// Name returns "zeroPly".
func (z *zeroPly) Name() string { return "zeroPly" }

// Act makes the play of the best cubeless equity, and leaves the rest to
// bot.Neural.
func (z *zeroPly) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	t, ok := g.Turn()
	if g.Phase() != nardy.PhasePlay || !ok || t.Len() > 0 {
		return (&bot.Neural{Net: z.net}).Act(g, me)
	}
	plays, err := g.Legal()
	if err != nil {
		return nardy.Action{}, err
	}
	best, bestE := 0, math.Inf(-1)
	for i, pl := range plays {
		if e := z.net.Evaluate(pl.Result()).Flip().Equity(g.Rules().Scoring); e > bestE {
			best, bestE = i, e
		}
	}
	z.after = append(z.after, plays[best].Result())
	return plays[best].Action(), nil
}

// TestAgainstGameLearnsTowardThePlayMade: a game against a fixed player
// (-against) is replayed here with the trainer's generator: the network's
// colour first, then the seed of the game's dice, the game cubeless. The
// positions learned are those after each of the network's plays, the
// play with the best cubeless equity (the opponent on roll there), in
// order; each learns toward the network's evaluation of the next one
// learned (for the opponent on roll in both), and the last toward the
// game's outcome for the opponent.
func TestAgainstGameLearnsTowardThePlayMade(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		r := nardy.DefaultRules(v)
		net, err := neural.Default(v) // the recorder below learns nothing
		require.NoError(t, err)
		colours := map[nardy.Color]int{}
		tr := newTrainer(net, r, 11, targetTD0)
		gen := newTrainer(nil, r, 11, targetTD0) // the same generator
		for game := range 6 {
			var learned []nardy.Position
			var targets []neural.Probs
			_, err := tr.playAgainst(bot.NewGreedy(), func(pos nardy.Position, target neural.Probs) {
				learned = append(learned, pos)
				targets = append(targets, target)
			})
			require.NoError(t, err)

			me := nardy.Color(gen.rng.IntN(2))
			colours[me]++
			replay := &zeroPly{net: net}
			players := [2]bot.Player{}
			players[me], players[me.Other()] = replay, bot.NewGreedy()
			cubeless := r
			cubeless.Cube, cubeless.MaxCube, cubeless.Jacoby, cubeless.Beavers, cubeless.Crawford = false, 0, false, false, false
			g, _, err := bot.PlayGame(cubeless, players[nardy.White], players[nardy.Black], nardy.NewSeededDice(gen.rng.Uint64()))
			require.NoError(t, err)
			res, over := g.Result()
			require.True(t, over)

			require.Equal(t, replay.after, learned, "%s game %d: the positions after the network's plays", v, game)
			last := len(learned) - 1
			for i, pos := range learned[:last] {
				require.Equal(t, me.Other(), pos.OnRoll(), "%s game %d position %d", v, game, i)
				a, b := fields(targets[i]), fields(net.Evaluate(learned[i+1]))
				for k := range a {
					require.InDelta(t, b[k], a[k], 1e-6, "%s game %d position %d field %d", v, game, i, k)
				}
			}
			won := 0.0
			if res.Winner == me.Other() {
				won = 1
			}
			assert.Equal(t, won, targets[last].Win, "%s game %d: the outcome for the opponent", v, game)
		}
		assert.Len(t, colours, 2, "%s: the network plays both colours: %v", v, colours)
	}
}
