package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnalyzeMoneySession: a .mat file of a money session of four games,
// which GNU Backgammon exports (gnubg/testdata), is judged game by game as
// one report: each game's decisions are those of its own record, numbered
// by the game's place in the session, and each player's figures add up
// the four games'.
func TestAnalyzeMoneySession(t *testing.T) {
	const file = "../../gnubg/testdata/mat/gnubg-money-session.mat"
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"analyze", "-ply", "0", "-json", file}, strings.NewReader(""), &out, &errOut), errOut.String())
	var rep analysis.Report
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))

	data, err := os.ReadFile(file)
	require.NoError(t, err)
	recs, _, err := gnubg.ReadMatSession(bytes.NewReader(data), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	require.Len(t, recs, 4)
	perGame, rollsPerGame := map[int]int{}, map[int]int{}
	for _, d := range rep.Decisions {
		perGame[d.Game]++
	}
	for _, l := range rep.Rolls {
		rollsPerGame[l.Game]++
	}
	var plays, cube, errs, rolls [2]int
	var loss, luck [2]float64
	for k, rec := range recs {
		one, err := analysis.Analyze(t.Context(), rec, analysis.Options{Ply: 0, Threshold: analysis.DefaultThreshold})
		require.NoError(t, err)
		assert.Equal(t, len(one.Decisions), perGame[k+1], "game %d", k+1)
		assert.Positive(t, perGame[k+1], "game %d", k+1)
		assert.Equal(t, len(one.Rolls), rollsPerGame[k+1], "game %d", k+1)
		for c, ps := range one.Players {
			rolls[c] += ps.Rolls
			luck[c] += ps.Luck
			plays[c] += ps.Plays
			cube[c] += ps.Cube
			errs[c] += ps.Errors
			loss[c] += ps.Loss
		}
	}
	assert.Len(t, perGame, 4)
	var games []int // each game's result, numbered by its place in the session
	for k, r := range rep.Results {
		games = append(games, r.Game)
		want, err := recs[k].Results()
		require.NoError(t, err)
		assert.Equal(t, want, []nardy.Result{r.Result}, "game %d", k+1)
	}
	assert.Equal(t, []int{1, 2, 3, 4}, games)
	for c, ps := range rep.Players {
		assert.Equal(t, plays[c], ps.Plays)
		assert.Equal(t, cube[c], ps.Cube)
		assert.Equal(t, errs[c], ps.Errors)
		assert.InDelta(t, loss[c], ps.Loss, 1e-9)
		assert.Equal(t, rolls[c], ps.Rolls)
		assert.InDelta(t, luck[c], ps.Luck, 1e-9)
		if assert.Positive(t, ps.Rolls) {
			assert.InDelta(t, luck[c]/float64(rolls[c]), ps.LuckRate, 1e-12)
		}
		if n := ps.Plays + ps.Cube; assert.Positive(t, n) {
			assert.InDelta(t, float64(ps.Errors)/float64(n), ps.ErrorRate, 1e-12)
			assert.InDelta(t, loss[c]/float64(n), ps.MeanLoss, 1e-12)
		}
	}

	out.Reset()
	require.Equal(t, 0, run([]string{"analyze", "-ply", "0", "-all", file}, strings.NewReader(""), &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "\ngame 4 action ")
	assert.Contains(t, out.String(), "\nwhite (gnubg): ")
}

// TestAnalyzeSaysWhere: a JSON record whose syntax is broken is refused
// with the line and column of the byte at fault (helper-87: it said what,
// not where, even in 16 MiB); a file past its bound is refused by its
// size before it is read (a .mat file of 16 MiB and a byte was parsed
// whole first: 5.5 s and 223 MB).
func TestAnalyzeSaysWhere(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../testdata/records/short-standard-3p-seed179.json")
	require.NoError(t, err)
	data = append([]byte("\n\n"), data...) // the record starts on line 3
	i := bytes.Index(data, []byte(`"length":3,`))
	require.Positive(t, i)
	lineStart := bytes.LastIndexByte(data[:i], '\n') + 1
	col := i - lineStart + len(`"length":3`) + 1 // the byte after the 3, once the comma is gone
	broken := append(append([]byte{}, data[:i+len(`"length":3`)]...), data[i+len(`"length":3,`):]...)
	name := filepath.Join(dir, "broken.json")
	require.NoError(t, os.WriteFile(name, broken, 0o600))
	var out, errOut bytes.Buffer
	require.Equal(t, 1, run([]string{"analyze", name}, strings.NewReader(""), &out, &errOut))
	assert.Contains(t, errOut.String(), fmt.Sprintf("broken.json:3:%d: invalid character", col))
	// Counted in the bytes read, after a byte-order mark (it was counted in
	// the file read again: after a mark, two columns short and a line off
	// at a line's start; a FIFO read again hung, helper-91).
	bom := filepath.Join(dir, "bom.json")
	require.NoError(t, os.WriteFile(bom, []byte("\xef\xbb\xbf\n{\"a\":x}"), 0o600))
	errOut.Reset()
	require.Equal(t, 1, run([]string{"analyze", bom}, strings.NewReader(""), &out, &errOut))
	assert.Contains(t, errOut.String(), "bom.json:2:6: invalid character 'x'")

	for file, want := range map[string]string{
		"big.mat":  "big.mat: larger than the 16 MiB a .mat file may be",
		"big.json": "big.json: larger than the 16 MiB a record may be",
	} {
		path := filepath.Join(dir, file)
		f, err := os.Create(path)
		require.NoError(t, err)
		size := int64(gnubg.MaxMatBytes) + 1
		if strings.HasSuffix(file, ".json") {
			size = MaxRecordSize + fileSlack + 1
		}
		require.NoError(t, f.Truncate(size)) // zeros: binary data, if it were read
		require.NoError(t, f.Close())
		errOut.Reset()
		require.Equal(t, 1, run([]string{"analyze", path}, strings.NewReader(""), &out, &errOut))
		assert.Contains(t, errOut.String(), want)
	}
}

// TestSmallMessages: a record or .mat file that starts with a UTF-8
// byte-order mark reads as without it (it was "invalid character 'ï'");
// a rollout of one trial has no standard error ("± n/a", not ± 0.000); a
// Position ID given with its Match ID where only the Position ID is read
// says so (it was "want 14 characters, have 27"). helper-87.
func TestSmallMessages(t *testing.T) {
	dir := t.TempDir()
	for _, file := range []string{"../../testdata/records/short-standard-3p-seed179.json", "../../gnubg/testdata/mat/club-3p.mat"} {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		name := filepath.Join(dir, "bom-"+filepath.Base(file))
		require.NoError(t, os.WriteFile(name, append([]byte("\xef\xbb\xbf"), data...), 0o600))
		var plain, bom, errOut bytes.Buffer
		require.Equal(t, 0, run([]string{"analyze", "-ply", "0", file}, strings.NewReader(""), &plain, &errOut), errOut.String())
		require.Equal(t, 0, run([]string{"analyze", "-ply", "0", name}, strings.NewReader(""), &bom, &errOut), errOut.String())
		assert.Equal(t, strings.Replace(plain.String(), file, name, 1), bom.String(), file)
	}
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"rollout", "-variant", "short", "-trials", "1"}, strings.NewReader(""), &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "± n/a (1 trial)")
	out.Reset()
	require.Equal(t, 0, run([]string{"rollout", "-variant", "short", "-trials", "2"}, strings.NewReader(""), &out, &errOut), errOut.String())
	assert.Regexp(t, `± \d\.\d{3} \(2 trials\)`, out.String())
	errOut.Reset()
	assert.Equal(t, 2, run([]string{"legal", "-roll", "6-5", "-gnubg", "4HPwATDgc/ABMA:cAkAAAAAAAAA"}, strings.NewReader(""), &out, &errOut))
	assert.Contains(t, errOut.String(), "a Position ID alone (no Match ID")
}

// TestAnalyzeCountsInEnglish: the players' lines say "1 error", not
// "1 errors" (a stranger's nit, session 56), and the plural otherwise.
func TestAnalyzeCountsInEnglish(t *testing.T) {
	assert.Equal(t, "0 errors", counted(0, "error"))
	assert.Equal(t, "1 error", counted(1, "error"))
	assert.Equal(t, "2 cube decisions", counted(2, "cube decision"))
	assert.Equal(t, "1 roll", counted(1, "roll"))
	code, out, stderr := runCmd("analyze", "../../gnubg/testdata/mat/gnubg-5p.mat")
	require.Equal(t, 0, code, stderr)
	assert.NotRegexp(t, `\b1 (plays|cube decisions|errors|rolls)\b`, out)
}

// TestAnalyzeTextCountsAsJSON: each player's line gives the report's own
// counts, each in its place: its plays, cube decisions, errors and rolls
// are the JSON report's (gnubg-5p.mat at 0-ply, where a player's plays
// and rolls differ: forced plays and dances are rolls but no plays). A
// mutant printing the plays for the rolls passed every test (helper-189).
func TestAnalyzeTextCountsAsJSON(t *testing.T) {
	const file = "../../gnubg/testdata/mat/gnubg-5p.mat"
	code, js, stderr := runCmd("analyze", "-ply", "0", "-json", file)
	require.Equal(t, 0, code, stderr)
	var rep struct {
		Players []struct {
			Plays  int `json:"plays"`
			Cube   int `json:"cube_decisions"`
			Errors int `json:"errors"`
			Rolls  int `json:"rolls"`
		} `json:"players"`
	}
	require.NoError(t, json.Unmarshal([]byte(js), &rep))
	require.Len(t, rep.Players, 2)
	code, out, stderr := runCmd("analyze", "-ply", "0", file)
	require.Equal(t, 0, code, stderr)
	differ := false
	for c, p := range rep.Players {
		differ = differ || p.Plays != p.Rolls
		re := regexp.MustCompile(`(?m)^` + nardy.Color(c).String() + ` \([^)]*\): (\d+) plays?, (\d+) cube decisions?, (\d+) errors?, .* over (\d+) rolls?, `)
		m := re.FindStringSubmatch(out)
		if assert.NotNil(t, m, "%s's line in\n%s", nardy.Color(c), out) {
			assert.Equal(t, []string{strconv.Itoa(p.Plays), strconv.Itoa(p.Cube), strconv.Itoa(p.Errors), strconv.Itoa(p.Rolls)}, m[1:], nardy.Color(c).String())
		}
	}
	require.True(t, differ, "a player whose plays and rolls differ")
}
