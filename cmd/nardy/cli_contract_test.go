package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTopLevelHelp: "nardy" prints its usage on stdout with exit status 0
// for help asked every way a command takes it (-h, -help, --help, as the
// flag package reads them) and as the word help; nothing on stderr.
func TestTopLevelHelp(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help", "help"} {
		code, out, stderr := runCmd(h)
		assert.Equal(t, 0, code, h)
		assert.Contains(t, out, "usage: nardy COMMAND", h)
		assert.Empty(t, stderr, h)
	}
}

// TestRefusedBeforeAnyWork: a bad value is refused with exit status 2, a
// message on stderr that names what is wrong, and nothing on stdout
// (README): legal without -roll says -roll is required; eval's and
// rollout's -top 0 is below its range 1..MaxPlays; a position of one
// variant with a preset of the other names the preset; rollout's -owner,
// like -cube, needs -cubeful or -double (its help says the flags are for
// those); an owned cube of 1 and a centred cube above 1 are cubes no game
// has (S6: the cube starts centred at 1, and a double makes it 2 and its
// taker's); -away takes exactly two numbers; rules without the cube
// (short-tavla, S7) take no cube flags.
func TestRefusedBeforeAnyWork(t *testing.T) {
	const shortStart = "4HPwATDgc/ABMA" // GNU Backgammon's Position ID of the short start
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"legal", "-variant", "short"}, "-roll is required"},
		{[]string{"eval", "-variant", "short", "-roll", "3-1", "-ply", "0", "-top", "0"}, "-top 0 not in 1.."},
		{[]string{"eval", "-variant", "short", "-roll", "3-1", "-ply", "0", "-top", "-1"}, "-top -1 not in 1.."},
		{[]string{"rollout", "-variant", "short", "-roll", "3-1", "-trials", "36", "-top", "0"}, "-top 0 not in 1.."},
		{[]string{"legal", "-gnubg", shortStart, "-preset", "long-moscow", "-roll", "3-1"}, "preset long-moscow"},
		{[]string{"eval", "-gnubg", shortStart, "-preset", "long-classic", "-ply", "0"}, "preset long-classic"},
		{[]string{"rollout", "-variant", "short", "-owner", "white", "-trials", "36"}, "need -cubeful or -double"},
		{[]string{"rollout", "-variant", "short", "-owner", "", "-cube", "2", "-trials", "36"}, "need -cubeful or -double"},
		{[]string{"eval", "-variant", "short", "-ply", "0", "-cube", "1", "-owner", "black"}, "-cube 1"},
		{[]string{"eval", "-variant", "short", "-ply", "0", "-cube", "2"}, "-cube 2"},
		{[]string{"eval", "-variant", "short", "-ply", "0", "-cube", "4"}, "-cube 4"},
		{[]string{"eval", "-variant", "short", "-ply", "0", "-away", "3,5,7"}, `-away "3,5,7"`},
		{[]string{"eval", "-variant", "short", "-ply", "0", "-away", "3"}, `-away "3"`},
		{[]string{"eval", "-preset", "short-tavla", "-ply", "0", "-cube", "2", "-owner", "white"}, "without the cube"},
	} {
		code, out, stderr := runCmd(c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Contains(t, stderr, c.want, "%v", c.args)
	}
}

// TestChancesTextZeroTable: chancesText's doc reads the zero scoring
// table as the variant's default, so the zero table prints the chances of
// every kind of win the default counts (the mars chance, 12.0% here), as
// the default table itself does.
func TestChancesTextZeroTable(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		p := neural.Probs{Variant: v, Win: 0.6, WinMars: 0.12, WinKoks: 0.03, WinHomeMars: 0.01, LoseMars: 0.07, LoseKoks: 0.02, LoseHomeMars: 0.005}
		got := chancesText(p, nardy.Scoring{})
		assert.Equal(t, chancesText(p, nardy.DefaultRules(v).Scoring), got, "%s", v)
		assert.Contains(t, got, " 12.0%", "%s", v)
	}
}

// TestMaxCubeZero: -max-cube's help takes 1 (no cube) or a power of two
// from 2; 0 is neither, and is refused, not read as the default limit.
func TestMaxCubeZero(t *testing.T) {
	for _, v := range []string{"0", "-2", "3"} {
		_, err := applyMatRules(t, variants.ShortStandard(), "-max-cube", v)
		assert.ErrorContains(t, err, "-max-cube "+v, v)
	}
}

// TestHintPlyAndTopEnds: hint's -ply takes 0..MaxPly and -top
// 1..MaxPlays, both ends included and nothing past them: -ply -1 is
// refused, -top MaxPlays answers.
func TestHintPlyAndTopEnds(t *testing.T) {
	const xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
	code, out, stderr := runCmd("hint", "-xgid", xgid, "-ply", "-1")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "-ply -1 not in 0..")
	code, out, stderr = runCmd("hint", "-xgid", xgid, "-ply", "0", "-top", strconv.Itoa(nardy.MaxPlays))
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "\n 1. ")
}

// TestAnalyzeRolloutEnds: analyze's -rollout takes 0..MaxTrials, the top
// included (a threshold no loss reaches leaves no play to roll out, so
// the run is quick), and refuses one more.
func TestAnalyzeRolloutEnds(t *testing.T) {
	const mat = "../../gnubg/testdata/mat/gnubg-unfinished.mat"
	code, out, stderr := runCmd("analyze", "-ply", "0", "-threshold", "1e9", "-rollout", strconv.Itoa(neural.MaxTrials), mat)
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "short nardy, judged at 0-ply")
	code, out, stderr = runCmd("analyze", "-ply", "0", "-rollout", strconv.Itoa(neural.MaxTrials+1), mat)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "-rollout")
}

// TestAnalyzeRecordSizeBound: MaxRecordSize's doc lets a record's file
// hold fileSlack bytes beyond it; a file of exactly MaxRecordSize +
// fileSlack bytes is read (and refused here for what it holds: zeros,
// binary data), one byte more is refused by its size.
func TestAnalyzeRecordSizeBound(t *testing.T) {
	for _, size := range []int64{MaxRecordSize + fileSlack, MaxRecordSize + fileSlack + 1} {
		code, stderr := analyzeZeros(t, ".json", size)
		assert.Equal(t, 1, code, size)
		if size > MaxRecordSize+fileSlack {
			assert.Contains(t, stderr, "larger than", size)
		} else {
			assert.Contains(t, stderr, "binary data", size)
		}
	}
}

// TestReadRecordsUnsizedBound: a record read from a file whose size is
// not known in advance (a pipe) may also be MaxRecordSize + fileSlack
// bytes, read to its end (a '{' and blanks: refused as a JSON record cut
// short, not for its size); one byte more is refused as larger.
func TestReadRecordsUnsizedBound(t *testing.T) {
	for _, size := range []int{MaxRecordSize + fileSlack, MaxRecordSize + fileSlack + 1} {
		src := strings.NewReader("{" + strings.Repeat(" ", size-1))
		_, _, err := readRecordsFrom("pipe.json", src, "", false, nardy.Rules{})
		require.Error(t, err, size)
		if size > MaxRecordSize+fileSlack {
			assert.Contains(t, err.Error(), "larger than", size)
		} else {
			assert.NotContains(t, err.Error(), "larger than", size)
		}
	}
}
