package main

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// TestCalibrationSmoke: a few self-play games of each network give a
// table of tenths and the whole, the same whatever the workers, whose
// predicted win chances lie in their tenths; bad flags are refused.
func TestCalibrationSmoke(t *testing.T) {
	for _, v := range []string{"short", "long"} {
		out := runOK(t, "calibration", "-variant", v, "-games", "12", "-workers", "1", "-seed", "3")
		assert.Equal(t, out, runOK(t, "calibration", "-variant", v, "-games", "12", "-workers", "3", "-seed", "3"), "the workers change nothing")
		assert.Contains(t, out, "calibration of the "+v+" network at 0-ply: 12 self-play games, ")
		kinds := `gammon [0-9.]+ / [0-9.]+   backgammon`
		if v == "long" {
			kinds = `mars [0-9.]+ / [0-9.]+   koks [0-9.]+ / [0-9.]+   home mars`
		}
		assert.Regexp(t, `(?m)^all +\d+   win 0\.[0-9]{4} / 0\.[0-9]{4}   `+kinds, out)
		tenth := regexp.MustCompile(`(?m)^win (0\.\d)-(\d\.\d) +\d+   win ([0-9.]+) /`)
		rows := tenth.FindAllStringSubmatch(out, -1)
		require.NotEmpty(t, rows)
		for _, m := range rows {
			lo, _ := strconv.ParseFloat(m[1], 64)
			hi, _ := strconv.ParseFloat(m[2], 64)
			p, _ := strconv.ParseFloat(m[3], 64)
			assert.True(t, p >= lo && p <= hi, "%s: mean predicted win %v outside its tenth", v, p)
		}
		assert.Regexp(t, `(?m)^  win: mean \|observed − predicted\| over the tenths 0\.\d{4}$`, out)
		assert.Regexp(t, `(?m)^  (gammon|mars): mean \|observed − predicted\| over the tenths 0\.\d{4}; over all positions, observed − predicted [+-]0\.\d{4} \([+-]0\.\d{4}\.\.[+-]0\.\d{4}\)$`, out)
	}
	for _, bad := range [][]string{{"-games", "0"}, {"-workers", "0"}, {"-variant", "tavla"}, {"-net", "no-such-file.nn"}} {
		var stdout, stderr bytes.Buffer
		assert.NotEqual(t, 0, run(append([]string{"calibration"}, bad...), &stdout, &stderr), "%v", bad)
	}
}

// TestClusterMean: the whole's difference and its interval, with each
// game one unit, worked out by hand for two games of two positions each:
// one won both times at a predicted 0.5 (difference +1), one lost both
// times at 0.5 (−1). The mean is 0; the games' deviations are +1 and −1,
// so the variance of the sum is 2/(2−1)·2 = 4 and the half-width
// 1.96·√4/4 = 0.98.
func TestClusterMean(t *testing.T) {
	var won, lost calibGame
	won[5] = calibSums{n: 2, pred: [calKinds]float64{calWin: 1}, won: [calKinds]float64{calWin: 2}}
	lost[5] = calibSums{n: 2, pred: [calKinds]float64{calWin: 1}}
	mean, half := clusterMean([]calibGame{won, lost}, calWin)
	assert.InDelta(t, 0, mean, 1e-12)
	assert.InDelta(t, 0.98, half, 1e-12)
	// one game alone has no interval
	_, half = clusterMean([]calibGame{won}, calWin)
	assert.True(t, math.IsInf(half, 1))
}

// TestFullScoringNamesTheBoard (L9): a long-nardy game won while the
// loser still has a checker on its points 19..24 and none borne off is a
// koks on the board, which the Moscow table (the default) scores as a
// mars; calibration counts the board's kind.
func TestFullScoringNamesTheBoard(t *testing.T) {
	var winner, loser nardy.Side
	winner[nardy.Off] = 15
	loser[20], loser[1] = 1, 14
	pos, err := nardy.NewPosition(nardy.Long, nardy.Black, loser, winner)
	require.NoError(t, err)
	k, err := nardy.Classify(pos, nardy.White, nardy.DefaultRules(nardy.Long).Scoring)
	require.NoError(t, err)
	assert.Equal(t, nardy.Mars, k, "the default table")
	k, err = nardy.Classify(pos, nardy.White, fullScoring(nardy.Long))
	require.NoError(t, err)
	assert.Equal(t, nardy.Koks, k)
	loser[20], loser[1] = 0, 15 // all home: a home mars
	pos, err = nardy.NewPosition(nardy.Long, nardy.Black, loser, winner)
	require.NoError(t, err)
	k, err = nardy.Classify(pos, nardy.White, fullScoring(nardy.Long))
	require.NoError(t, err)
	assert.Equal(t, nardy.HomeMars, k)
}

// TestCalibGameCountsTheOutcome: one game's sums are those of the game
// replayed here (the 0-ply network against itself on the seed's dice):
// each position before a roll, in the tenth of its player's predicted
// win, adds the network's chances and what that player went on to win:
// a win, a mars or more (a gammon: koks counted too), a koks and a home
// mars, each kind the board's own at the end (L8, L9, S5). Calibration
// prints the sums of its games, game i on the dice of SplitMix64(seed ^
// SplitMix64(i)).
func TestCalibGameCountsTheOutcome(t *testing.T) {
	for _, c := range []struct {
		v    nardy.Variant
		seed uint64
	}{{nardy.Short, 4}, {nardy.Long, 20}} { // the long game ends in a koks
		net, err := neural.Default(c.v)
		require.NoError(t, err)
		s := neural.NewSearcher(net, cubeless(c.v))
		got, err := calibGameOf(s, c.seed)
		require.NoError(t, err)

		g, err := nardy.NewGame(s.Rules)
		require.NoError(t, err)
		dice := nardy.NewSeededDice(c.seed)
		type before struct {
			mover nardy.Color
			p     neural.Probs
		}
		var seen []before
		for !g.IsOver() {
			if g.Phase() == nardy.PhasePlay {
				roll, _ := g.Dice()
				plays, err := s.Rules.Legal(g.Position(), roll)
				require.NoError(t, err)
				i, _ := s.Choose(plays, 0)
				g, err = g.Play(plays[i])
				require.NoError(t, err)
				continue
			}
			if g.Phase() == nardy.PhaseRoll {
				seen = append(seen, before{g.Position().OnRoll(), s.Eval(g.Position(), 0)})
			}
			g, _, err = g.Roll(dice)
			require.NoError(t, err)
		}
		res, _ := g.Result()
		kind, err := nardy.Classify(g.Position(), res.Winner, fullScoring(c.v))
		require.NoError(t, err)
		var want calibGame
		for _, x := range seen {
			b := &want[min(9, int(10*x.p.Win))]
			b.n++
			b.pred[calWin] += x.p.Win
			b.pred[calMars] += x.p.WinMars
			b.pred[calKoks] += x.p.WinKoks
			b.pred[calHome] += x.p.WinHomeMars
			if res.Winner != x.mover {
				continue
			}
			b.won[calWin]++
			switch kind {
			case nardy.Koks:
				b.won[calKoks]++
				b.won[calMars]++
			case nardy.HomeMars:
				b.won[calHome]++
				b.won[calMars]++
			case nardy.Mars:
				b.won[calMars]++
			}
		}
		if c.v == nardy.Long {
			require.Equal(t, nardy.Koks, kind, "the game of seed %d", c.seed)
		}
		for i := range want {
			assert.Equal(t, want[i].n, got[i].n, "%s seed %d, tenth %d", c.v, c.seed, i)
			for k := range calKinds {
				assert.InDelta(t, want[i].pred[k], got[i].pred[k], 1e-9, "%s seed %d, tenth %d, kind %d", c.v, c.seed, i, k)
				assert.Equal(t, want[i].won[k], got[i].won[k], "%s seed %d, tenth %d, kind %d (the game ended %s by %s)", c.v, c.seed, i, k, kind, res.Winner)
			}
		}
	}
}

// TestPrintCalibration: two games of two positions each, worked by hand.
// Game A, both positions in the tenth 0.7-0.8: predicted win 1.5 in all,
// gammon 0.4, backgammon 0.1; both won, one by a gammon. Game B, in
// 0.2-0.3: predicted 0.5, 0.2, 0; both lost. The tenths' mean differences
// are (|2 − 1.5| + |0 − 0.5|)/4 = 0.25 for the win, (0.6 + 0.2)/4 = 0.2
// for the gammon, 0.1/4 = 0.025 for the backgammon. The gammon's whole:
// (0.6 − 0.2)/4 = +0.1, the games' deviations 0.6 − 0.2 = 0.4 and
// −0.2 − 0.2 = −0.4, so the half-width is 1.96·√(2·0.32)/4 = 0.392; the
// backgammon's: −0.1/4 = −0.025, deviations ∓0.05, 1.96·√(2·0.005)/4 =
// 0.049.
func TestPrintCalibration(t *testing.T) {
	var a, b calibGame
	a[7] = calibSums{n: 2, pred: [calKinds]float64{1.5, 0.4, 0.1, 0}, won: [calKinds]float64{2, 1, 0, 0}}
	b[2] = calibSums{n: 2, pred: [calKinds]float64{0.5, 0.2, 0, 0}}
	var out bytes.Buffer
	printCalibration(&out, nardy.Short, []calibGame{a, b})
	assert.Equal(t, "calibration of the short network at 0-ply: 2 self-play games, 4 positions before a roll, chances of the player on roll (predicted / observed)\n"+
		"win 0.2-0.3        2   win 0.2500 / 0.0000   gammon 0.1000 / 0.0000   backgammon 0.0000 / 0.0000\n"+
		"win 0.7-0.8        2   win 0.7500 / 1.0000   gammon 0.2000 / 0.5000   backgammon 0.0500 / 0.0000\n"+
		"all               4   win 0.5000 / 0.5000   gammon 0.1500 / 0.2500   backgammon 0.0250 / 0.0000\n"+
		"  win: mean |observed − predicted| over the tenths 0.2500\n"+
		"  gammon: mean |observed − predicted| over the tenths 0.2000; over all positions, observed − predicted +0.1000 (-0.2920..+0.4920)\n"+
		"  backgammon: mean |observed − predicted| over the tenths 0.0250; over all positions, observed − predicted -0.0250 (-0.0740..+0.0240)\n",
		out.String())
}

// TestCalibrationSeedsEachGame: calibration's report is that of its games,
// game i played on the dice of SplitMix64(seed ^ SplitMix64(i)).
func TestCalibrationSeedsEachGame(t *testing.T) {
	net, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	s := neural.NewSearcher(net, cubeless(nardy.Short))
	var per []calibGame
	for i := range uint64(2) {
		g, err := calibGameOf(s, vigna(5^vigna(i)))
		require.NoError(t, err)
		per = append(per, g)
	}
	var want bytes.Buffer
	printCalibration(&want, nardy.Short, per)
	assert.Equal(t, want.String(), runOK(t, "calibration", "-games", "2", "-seed", "5", "-workers", "1"))
}
