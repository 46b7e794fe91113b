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
