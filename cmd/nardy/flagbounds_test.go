package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// applyMatRules parses args with nardy analyze's .mat rule flags and
// applies them to r.
func applyMatRules(t *testing.T, r nardy.Rules, args ...string) (nardy.Rules, error) {
	t.Helper()
	var f matRuleFlags
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f.define(fs)
	require.NoError(t, fs.Parse(args))
	f.given(fs)
	return f.apply(r)
}

// TestMatRuleFlags (S6): the flags' help: -max-cube 1 is no cube, and
// then no Jacoby, beaver or Crawford rule, nor a cube limit (which the
// rules allow only with the cube), the rules being otherwise the preset's; -max-cube takes powers of two up to 1048576;
// -beavers and -crawford-rule=false set their option. Kills
// matrules.go:56 (MaxCube 1 left), :57 (the Crawford rule kept), :58 (>=
// maxCubeFlag), :67 (-beavers negated), :71 (Crawford always true).
func TestMatRuleFlags(t *testing.T) {
	std := variants.ShortStandard()
	require.True(t, std.Cube && std.Crawford, "precondition: the preset has the cube and the Crawford rule")

	r, err := applyMatRules(t, std, "-max-cube", "1")
	require.NoError(t, err)
	want := std
	want.Cube, want.Jacoby, want.Beavers, want.Crawford = false, false, false, false
	want.MaxCube = 0 // Rules.Validate: max_cube needs the cube
	assert.Equal(t, want, r, "the preset without the cube")
	assert.Equal(t, 1, cubeLimit(r))

	r, err = applyMatRules(t, std, "-max-cube", "1048576")
	require.NoError(t, err)
	assert.Equal(t, 1048576, cubeLimit(r))

	r, err = applyMatRules(t, std, "-beavers")
	require.NoError(t, err)
	assert.True(t, r.Beavers)
	want = std
	want.Beavers = true
	assert.Equal(t, want, r)

	r, err = applyMatRules(t, std, "-crawford-rule=false")
	require.NoError(t, err)
	assert.False(t, r.Crawford)

	r, err = applyMatRules(t, std)
	require.NoError(t, err)
	assert.Equal(t, std, r, "no flag: the preset's rules")
}

// TestCubeFlagBounds (S6): -cube other than 1 needs -cubeful (or
// -double) even without -owner; the Crawford game refuses a cube above 1,
// 2 included; an owned cube must be a power of two; 64-away (MaxAway) is
// a score. Kills cubeflags.go:68 (value != 1 dropped), :112 (cube > 2),
// :168 (power of two unchecked), :104 (>= MaxAway).
func TestCubeFlagBounds(t *testing.T) {
	_, err := cubeFlags(false, 2, "")
	assert.Error(t, err, "-cube 2 without -cubeful")
	_, err = cubeFlags(false, 1, "")
	assert.NoError(t, err)

	_, err = matchFlags("1,3", true, nardy.White, 2)
	assert.ErrorContains(t, err, "Crawford")
	m, err := matchFlags("1,3", true, nardy.White, 1)
	require.NoError(t, err)
	assert.True(t, m.Crawford)

	std := variants.ShortStandard()
	for _, v := range []int{3, 6, 12, 48} {
		assert.Error(t, checkCube(std, nardy.Cube{Value: v, Owned: true, Owner: nardy.Black}), "cube %d", v)
	}
	for _, v := range []int{2, 4, 64} {
		assert.NoError(t, checkCube(std, nardy.Cube{Value: v, Owned: true, Owner: nardy.Black}), "cube %d", v)
	}

	top := strconv.Itoa(neural.MaxAway)
	m, err = matchFlags(top+","+top, false, nardy.White, 1)
	require.NoError(t, err, "%d-away", neural.MaxAway)
	assert.Equal(t, [2]int{neural.MaxAway, neural.MaxAway}, m.Away)
	_, err = matchFlags(strconv.Itoa(neural.MaxAway+1)+",1", false, nardy.White, 1)
	assert.Error(t, err)
}

// TestEvalCubeBelowItsLimit (S6): an owned cube of 32 under a limit of 64
// may still be doubled (to 64, the limit): eval gives the cube verdict,
// not "at its limit". Kills eval.go:96 (2*cube > limit -> >=).
func TestEvalCubeBelowItsLimit(t *testing.T) {
	code, out, stderr := runCmd("eval", "-position", lastRoll, "-cube", "32", "-owner", "white")
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, out, "at its limit")
	assert.Contains(t, out, "\nproper cube action: ")
}

// TestHintPly2: -ply's help gives 0..2 (neural.MaxPly): -ply 2 is
// searched, -ply 3 refused. Kills hint.go:46 (> MaxPly -> >=).
func TestHintPly2(t *testing.T) {
	const xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
	code, out, stderr := runCmd("hint", "-xgid", xgid, "-ply", "2", "-top", "1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "at 2-ply")
	code, _, stderr = runCmd("hint", "-xgid", xgid, "-ply", "3")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "-ply 3 not in 0..2")
}

// TestRolloutDoubleNotWithRoll: rollout's -double rolls out the cube
// decision before the roll, so -double with -roll is refused (exit 2,
// naming both). Kills rollout.go:62 (the check dropped).
func TestRolloutDoubleNotWithRoll(t *testing.T) {
	code, out, stderr := runCmd("rollout", "-position", lastRoll, "-double", "-roll", "2-1", "-trials", "36")
	assert.Equal(t, 2, code, out)
	assert.Contains(t, stderr, "-double")
	assert.Contains(t, stderr, "-roll")
	assert.Empty(t, out)
}

// TestAnalyzeOneMatchRecord: analysing one record (a 5-point match of
// Greedy against Random, several games and errors) keeps each
// decision's game number within the match, as analysis.Analyze gives
// it; the text report marks every error, and only errors, with "ERROR"
// (all of its lines without -all, the error lines with -all). Kills
// analyze.go:234 (len(recs) > 1 -> > 0: every decision numbered game 1)
// and :201 (the ERROR mark deleted).
func TestAnalyzeOneMatchRecord(t *testing.T) {
	_, rec, err := bot.PlayMatch(variants.ShortStandard(), 5, bot.NewGreedy(), bot.NewRandom(2), nardy.NewSeededDice(1))
	require.NoError(t, err)
	data, err := json.Marshal(rec)
	require.NoError(t, err)
	analyzeRecordFile := filepath.Join(t.TempDir(), "match.json")
	require.NoError(t, os.WriteFile(analyzeRecordFile, data, 0o600))
	direct, err := analysis.Analyze(t.Context(), rec, analysis.Options{Ply: 0, Threshold: analysis.DefaultThreshold})
	require.NoError(t, err)
	games, errs := map[int]bool{}, 0
	for _, d := range direct.Decisions {
		games[d.Game] = true
		if d.Error {
			errs++
		}
	}
	require.Greater(t, len(games), 1, "precondition: a match of several games")
	require.Positive(t, errs, "precondition: some errors")

	var out, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"analyze", "-ply", "0", "-json", "-all", analyzeRecordFile}, strings.NewReader(""), &out, &errOut), errOut.String())
	var rep analysis.Report
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	require.Len(t, rep.Decisions, len(direct.Decisions))
	for i, d := range rep.Decisions {
		assert.Equal(t, direct.Decisions[i].Game, d.Game, "decision %d", i)
	}

	for _, all := range []bool{false, true} {
		args := []string{"analyze", "-ply", "0", analyzeRecordFile}
		if all {
			args = []string{"analyze", "-ply", "0", "-all", analyzeRecordFile}
		}
		out.Reset()
		require.Equal(t, 0, run(args, strings.NewReader(""), &out, &errOut), errOut.String())
		lines, marked, ends := 0, 0, 0
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, "game ") && !strings.Contains(l, " action ") {
				ends++ // "game 2: white wins (...), bore off"
			} else if strings.HasPrefix(l, "game ") {
				lines++
				if strings.HasSuffix(l, "  ERROR") {
					marked++
				}
			}
		}
		assert.Equal(t, errs, marked, "-all %v: the errors marked", all)
		assert.Equal(t, len(direct.Results), ends, "-all %v: each game's end", all)
		assert.Positive(t, ends)
		if all {
			assert.Equal(t, len(direct.Decisions), lines)
		} else {
			assert.Equal(t, errs, lines, "only errors listed")
		}
	}
}

// TestTopAndWorkersBounds: -top takes 1..MaxPlays (hint, eval, rollout),
// rollout's -workers 1..MaxWorkers, both ends included; hint -top 1
// prints one play. Kills hint.go:48 (top <= 1), hint.go:84 (top+1 plays
// printed), eval.go:46, rollout.go:50 and :56 (> -> >=).
func TestTopAndWorkersBounds(t *testing.T) {
	code, out, stderr := runCmd("hint", "-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "-ply", "0", "-top", "1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "\n 1. ")
	assert.NotContains(t, out, "\n 2. ")

	top := strconv.Itoa(nardy.MaxPlays)
	code, out, stderr = runCmd("eval", "-variant", "short", "-roll", "3-1", "-ply", "0", "-top", top)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "\n16. ", "docs/rules.md §5: the 16 plays of 3-1 at the start")

	code, out, stderr = runCmd("rollout", "-position", lastRoll, "-roll", "2-1", "-trials", "36", "-top", top, "-workers", strconv.Itoa(neural.MaxWorkers))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "(36 trials)")
	code, _, stderr = runCmd("rollout", "-position", lastRoll, "-trials", "36", "-workers", strconv.Itoa(neural.MaxWorkers+1))
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "-workers")
}

// TestEvalForcedPlayNote: a forced play is not searched (Rank's doc), so
// eval says so at 1-ply; at 0-ply its evaluation is the 0-ply one asked
// for, and nothing is said. lastRoll with 6-6 has one play, 3/off 1/off.
// Kills eval.go:115 (the note at every ply).
func TestEvalForcedPlayNote(t *testing.T) {
	code, out, stderr := runCmd("eval", "-position", lastRoll, "-roll", "6-6", "-ply", "0")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "at 0-ply: 1 legal play\n")
	code, out, stderr = runCmd("eval", "-position", lastRoll, "-roll", "6-6", "-ply", "1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "at 1-ply: 1 legal play, forced: not searched, its 0-ply evaluation\n")
}

// TestHintLongPresetListsTheShortOnes: hint reads -gnubg under a
// short-nardy preset; a long one is refused with the list of the
// short-nardy presets of package variants, and no long one. Kills
// hint.go:155 (the long presets listed).
func TestHintLongPresetListsTheShortOnes(t *testing.T) {
	code, _, stderr := runCmd("hint", "-gnubg", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "-preset", "long-moscow")
	assert.Equal(t, 2, code)
	var short []string
	for _, p := range variants.All() {
		if p.Rules.Variant == nardy.Short {
			short = append(short, p.Name)
		} else {
			assert.NotContains(t, stderr, p.Name+",", p.Name)
			assert.NotContains(t, stderr, p.Name+")", p.Name)
		}
	}
	require.NotEmpty(t, short)
	assert.Contains(t, stderr, "("+strings.Join(short, ", ")+")")
}

// TestWorkersUsedOne: perft runs one goroutine below depth 2 (no ply is
// handed out) or with one worker asked, never more than asked, and one
// for a position that Perft refuses (it has no first ply to hand out).
// Kills perft.go:97 (return 2 when Perft fails).
func TestWorkersUsedOne(t *testing.T) {
	r := variants.ShortStandard()
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	pos := g.Position()
	assert.Equal(t, 1, workersUsed(r, pos, 1, 8))
	assert.Equal(t, 1, workersUsed(r, pos, 0, 8))
	assert.Equal(t, 1, workersUsed(r, pos, 3, 1))
	assert.Equal(t, 1, workersUsed(r, pos, 3, 0))
	assert.LessOrEqual(t, workersUsed(r, pos, 2, 4), 4)
	_, err = r.Perft(nardy.Position{}, 1, 1)
	require.Error(t, err, "precondition: the zero Position is refused")
	assert.Equal(t, 1, workersUsed(r, nardy.Position{}, 3, 8))
}

// TestHintXGIDPrefixAlone: -xgid takes an XGID with or without its
// "XGID=" prefix (any case): "XGID=" alone is the empty XGID, refused as
// -xgid "" is (xgid.Parse reads the prefix since helper-183, and the
// error quotes the text given).
func TestHintXGIDPrefixAlone(t *testing.T) {
	for _, text := range []string{"", "XGID=", "xgid=", ` "XGID=" `} {
		code, _, stderr := runCmd("hint", "-xgid", text)
		assert.Equal(t, 2, code, text)
		assert.Contains(t, stderr, "want 10 fields separated by ':', have 1", text)
	}
}

// TestAnalyzeMatSizeBound: a .mat file "larger than" gnubg.MaxMatBytes is
// refused by its size before it is read; one of exactly MaxMatBytes is
// not (it is read, and refused here for what it holds). Kills
// analyze.go:313 (> -> >=).
func TestAnalyzeMatSizeBound(t *testing.T) {
	for _, size := range []int64{gnubg.MaxMatBytes, gnubg.MaxMatBytes + 1} {
		code, stderr := analyzeZeros(t, ".mat", size)
		assert.NotEqual(t, 0, code)
		if size > gnubg.MaxMatBytes {
			assert.Contains(t, stderr, "larger than", size)
		} else {
			assert.NotContains(t, stderr, "larger than", size)
		}
	}
}

// TestRolloutTrialsBound: -trials takes 1..neural.MaxTrials (its help:
// 1..1048576), the top included (with -stop the most, and here the stop
// comes after 72 trials); one more is refused. Kills rollout.go:53 (> ->
// >=).
func TestRolloutTrialsBound(t *testing.T) {
	code, out, stderr := runCmd("rollout", "-position", lastRoll, "-trials", strconv.Itoa(neural.MaxTrials), "-stop", "0.1", "-workers", "1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, " trials)")
	code, _, stderr = runCmd("rollout", "-position", lastRoll, "-trials", strconv.Itoa(neural.MaxTrials+1))
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "-trials")
}

// analyzeZeros runs nardy analyze on a file of size zero bytes (sparse)
// named with ext, and returns its exit status and standard error.
func analyzeZeros(t *testing.T, ext string, size int64) (int, string) {
	t.Helper()
	name := filepath.Join(t.TempDir(), strconv.FormatInt(size, 10)+ext)
	f, err := os.Create(name)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(size))
	require.NoError(t, f.Close())
	code, _, stderr := runCmd("analyze", "-ply", "0", name)
	return code, stderr
}
