package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/conformance"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startCase is the long start with 3-1: docs/rules.md §5 says one play, 24/20.
const startCase = `{"id":"start-31","variant":"long","me":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],` +
	`"opp":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],"me_bar":0,"opp_bar":0,"me_off":0,"opp_off":0,"dice":[3,1]}`

type outLine struct {
	ID    string   `json:"id"`
	Plays []string `json:"plays"`
	Error string   `json:"error"`
}

// runConform feeds input to "nardy conform" and decodes every output line.
func runConform(t *testing.T, input string) []outLine {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run([]string{"conform"}, strings.NewReader(input), &out, &errOut)
	require.Equal(t, 0, code, "stderr: %s", errOut.String())
	var answers []outLine
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a outLine
		require.NoError(t, json.Unmarshal(sc.Bytes(), &a), "line %q", sc.Text())
		answers = append(answers, a)
	}
	return answers
}

func TestConformLines(t *testing.T) {
	// A line of conformance.MaxLineBytes is read whole.
	huge := `{"note":"` + strings.Repeat("x", conformance.MaxLineBytes-len(startCase)-len(`"note":"",`)) + `",` + startCase[1:]
	input := strings.Join([]string{
		startCase,
		"",
		`{"id":"bad-count","variant":"long","me":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,16],` +
			`"opp":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],"me_bar":0,"opp_bar":0,"me_off":0,"opp_off":0,"dice":[3,1]}`,
		"this is not json {",
		"   ",
		`{}`,
		huge,
		`{"id":"bad-die","variant":"short","me":[0],"opp":[0],"dice":[7,1]}`,
		`{"id":42,"variant":"long"}`,
		strings.Repeat("[", 100000),
		huge + "\r\rGARBAGE", // too long, though its first MaxLineBytes+2 bytes trim to a case
	}, "\n") // no final newline: the last line still counts
	got := runConform(t, input)
	require.Len(t, got, 9, "one answer per non-blank line")

	// docs/rules.md §5: long start, first turn, 3-1 has one play, 24/20.
	want := []string{"00000000000000000001000e00/00000000000000000000000f00"}
	assert.Equal(t, outLine{ID: "start-31", Plays: want}, got[0])
	assert.Equal(t, "bad-count", got[1].ID)
	assert.NotEmpty(t, got[1].Error)
	assert.Empty(t, got[1].Plays)
	for _, i := range []int{2, 3, 5, 6, 7} {
		assert.NotEmpty(t, got[i].Error, "line %d", i)
		assert.Empty(t, got[i].Plays, "line %d", i)
	}
	assert.Equal(t, "bad-die", got[5].ID)
	assert.Equal(t, "42", got[6].ID)
	assert.Equal(t, outLine{ID: "start-31", Plays: want}, got[4], "a 1 MiB line is read whole")
	assert.Contains(t, got[8].Error, "line longer than", "a longer line is refused")
	assert.Empty(t, got[8].Plays)
}

func TestConformEmptyInput(t *testing.T) {
	assert.Empty(t, runConform(t, ""))
	assert.Empty(t, runConform(t, "\n\n  \n"))
}

// TestConformFiles runs every conformance file through the command and
// checks each answer against the expected plays or error (the format of
// testdata/conformance/README.md).
func TestConformFiles(t *testing.T) {
	files := []string{"invalid", "long-edge", "short-edge", "long-blocks"}
	for _, name := range files {
		data, err := os.ReadFile("../../testdata/conformance/" + name + ".jsonl")
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		got := runConform(t, string(data))
		require.Len(t, got, len(lines), name)
		for i, line := range lines {
			var c struct {
				ID    string   `json:"id"`
				Plays []string `json:"plays"`
				Error *string  `json:"error"`
			}
			require.NoError(t, json.Unmarshal([]byte(line), &c))
			assert.Equal(t, c.ID, got[i].ID)
			if c.Error != nil {
				assert.NotEmpty(t, got[i].Error, c.ID)
				assert.Empty(t, got[i].Plays, c.ID)
			} else {
				assert.Empty(t, got[i].Error, c.ID)
				assert.Equal(t, c.Plays, got[i].Plays, c.ID)
			}
		}
	}
}

// errReader fails after its data, to check that read errors are reported.
type errReader struct{ data *strings.Reader }

func (e errReader) Read(p []byte) (int, error) {
	if e.data.Len() == 0 {
		return 0, assert.AnError
	}
	return e.data.Read(p)
}

func TestConformReadError(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"conform"}, errReader{strings.NewReader(startCase + "\n")}, &out, &errOut)
	assert.Equal(t, 1, code)
	assert.Contains(t, out.String(), `"start-31"`, "answers before the error are written")
	assert.Contains(t, errOut.String(), assert.AnError.Error())
}

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestLegalCommand(t *testing.T) {
	// docs/rules.md §5: short start 3-1 has 16 plays; GNU Backgammon lists
	// 8/5 6/5 among them.
	code, out, stderr := runCmd("legal", "-variant", "short", "-roll", "3-1")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 17)
	assert.Contains(t, lines, "8/5 6/5")
	assert.Contains(t, lines, "24/20")
	assert.Equal(t, "16 legal plays (short, white, 3-1)", lines[16])
	// The same start given as GNU Backgammon's Position ID of it.
	code, gnubgOut, stderr := runCmd("legal", "-gnubg", "4HPwATDgc/ABMA", "-roll", "3-1")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, out, gnubgOut)

	// L4, docs/rules.md §5: long start 3-3 has two plays.
	code, out, _ = runCmd("legal", "-preset", "long-moscow", "-roll", "3-3")
	require.Equal(t, 0, code)
	assert.ElementsMatch(t, []string{"24/15 24/21", "24/18(2)", "2 legal plays (long, white, 3-3)"},
		strings.Split(strings.TrimSpace(out), "\n"))

	// L4 Doubles: Black's 4-4 after White's 24/4 takes two checkers.
	pos := "long b 00000000000000000000000f00/00010000000000000000000e00"
	code, out, _ = runCmd("legal", "-position", pos, "-roll", "4-4")
	require.Equal(t, 0, code)
	assert.Equal(t, "24/20\n1 legal play (long, black, 4-4)\n", out)
	code, out, _ = runCmd("legal", "-position", pos, "-roll", "4-4", "-head-exception", "doubles")
	require.Equal(t, 0, code)
	assert.Equal(t, "24/20(2)\n1 legal play (long, black, 4-4)\n", out)
	code, out, _ = runCmd("legal", "-variant", "long", "-key", "00000000000000000000000f00/00010000000000000000000e00",
		"-roll", "4-4", "-transient-block=false", "-block-ahead", "opponent_home")
	require.Equal(t, 0, code)
	assert.Equal(t, "24/20\n1 legal play (long, white, 4-4)\n", out)
}

func TestLegalCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"legal"},
		{"legal", "-roll", "7-1"},
		{"legal", "-roll", "3-1", "-variant", "medium"},
		{"legal", "-roll", "3-1", "-preset", "nope"},
		{"legal", "-roll", "3-1", "-variant", ""}, // given empty: read as not given (helper-78)
		{"legal", "-roll", "3-1", "-preset", ""},
		{"legal", "-roll", "3-1", "-variant", "short", "-preset", "long-moscow"},
		{"legal", "-roll", "3-1", "-position", "long w 123"},
		{"legal", "-roll", "3-1", "-key", "zz"},
		{"legal", "-roll", "3-1", "-key", "k", "-position", "p"},
		{"legal", "-roll", "3-1", "-variant", "short", "-head-exception", "doubles"},
		// long-nardy options, even at the values short nardy's rules hold
		{"legal", "-roll", "3-1", "-variant", "short", "-transient-block=false"},
		{"legal", "-roll", "3-1", "-variant", "short", "-block-ahead", "on_route"},
		{"legal", "-roll", "3-1", "-preset", "short-tavla", "-head-exception", "classic"},
		{"legal", "-roll", "3-1", "-head-exception", "sometimes"},
		{"legal", "-roll", "3-1", "-block-ahead", "far"},
		{"legal", "-roll", "3-1", "extra"},
		{"legal", "-nosuchflag"},
	} {
		code, out, stderr := runCmd(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.NotEmpty(t, stderr, "%v", args)
	}
}

func TestPerftCommand(t *testing.T) {
	// testdata/corpus/README.md: long perft 2 = 484, short perft 1 = 447.
	code, out, stderr := runCmd("perft", "-variant", "long", "-depth", "2", "-workers", "2")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "perft long depth 2: 484 (")
	code, out, _ = runCmd("perft", "-variant", "short", "-depth", "1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "perft short depth 1: 447 (")
	code, out, _ = runCmd("perft", "-depth", "1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "perft long depth 1: 22 (", "long by default, as legal, eval and rollout")
	code, out, _ = runCmd("perft", "-preset", "long-classic", "-depth", "1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "perft long depth 1: 22 (")
	// Workers beyond the first ply's pairs are as many as those (library).
	code, out, stderr = runCmd("perft", "-variant", "long", "-depth", "2", "-workers", "4611686018427387904")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "perft long depth 2: 484 (")
	assert.Contains(t, out, ", 22 workers)", "the workers Perft ran: one for each of the 22 first-ply pairs")
	code, out, _ = runCmd("perft", "-variant", "long", "-depth", "1", "-workers", "8")
	require.Equal(t, 0, code)
	assert.Contains(t, out, ", 1 worker)", "depth 1 hands nothing out")
	for _, args := range [][]string{
		{"perft", "-variant", "x"}, {"perft", "-depth", "-1"}, {"perft", "-preset", "x"}, {"perft", "a"},
		// A depth the library refuses (above 64) is a usage error too.
		{"perft", "-depth", "65"}, {"perft", "-depth", "9223372036854775807", "-workers", "1"},
		{"perft", "-variant", "long", "-preset", "short-standard"}, {"perft", "-workers", "-3"}, {"perft", "-workers", "0"},
	} {
		code, _, stderr := runCmd(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.NotEmpty(t, stderr)
	}
}

func TestUsage(t *testing.T) {
	code, _, stderr := runCmd()
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "usage: nardy")
	code, _, stderr = runCmd("frobnicate")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "unknown command")
	code, out, _ := runCmd("help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "conform")
}

// TestCommandFlags: every command prints its usage and flags on stdout
// with -h or -help and exits 0; an unknown flag or an argument it does not
// take is refused with exit status 2, the message and the usage on stderr,
// and nothing read or written (conform must not answer its input).
func TestCommandFlags(t *testing.T) {
	flags := map[string][]string{"conform": nil, "legal": {"-roll", "-key", "-gnubg"}, "perft": {"-depth", "-workers"},
		"rollout": {"-roll", "-trials", "-top", "-gnubg"}}
	for cmd, want := range flags {
		for _, h := range []string{"-h", "-help", "--help"} {
			var out, errOut bytes.Buffer
			code := run([]string{cmd, h}, strings.NewReader(startCase), &out, &errOut)
			assert.Equal(t, 0, code, "%s %s", cmd, h)
			assert.True(t, strings.HasPrefix(out.String(), "usage: nardy "+cmd), "%s %s: %q", cmd, h, out.String())
			for _, f := range want {
				assert.Contains(t, out.String(), "  "+f+" ", "%s %s lists its flags", cmd, h)
			}
			assert.Empty(t, errOut.String(), "%s %s", cmd, h)
		}
		for _, bad := range [][]string{{"-bogus"}, {"--bogus=1"}, {"stray"}} {
			var out, errOut bytes.Buffer
			args := append([]string{cmd}, bad...)
			code := run(args, strings.NewReader(startCase), &out, &errOut)
			assert.Equal(t, 2, code, "%v", args)
			assert.Empty(t, out.String(), "%v", args)
			assert.Contains(t, errOut.String(), "usage: nardy "+cmd, "%v", args)
			if bad[0] == "stray" {
				assert.Contains(t, errOut.String(), `unexpected argument "stray"`)
			} else {
				assert.Contains(t, errOut.String(), "flag provided but not defined")
			}
		}
	}
	code, out, _ := runCmd("-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "usage: nardy COMMAND")
}

// TestAnalyze runs "nardy analyze" on the .mat file of testdata, in text
// and JSON and with rollouts, and refuses a missing or unreadable file and
// a negative number of trials.
func TestAnalyze(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"analyze", "-ply", "0", "../../gnubg/testdata/mat/club-3p.mat"}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "short nardy, judged at 0-ply")
	assert.Contains(t, out.String(), "; a 3-point match\n", "the match, from 0-0")
	assert.Contains(t, out.String(), "\nwhite (Aygun): ", "the .mat's player 1 by name")
	assert.Contains(t, out.String(), "\nblack (Timur): ")
	assert.Contains(t, out.String(), "error rate")
	assert.Regexp(t, `\nwhite \(Aygun\): .*; luck [+-]\d+\.\d{3} over 15 rolls, [+-]\d\.\d{4} a roll\n`, out.String(),
		"the .mat's 15 rolls of white")
	// Each game's end, as the .mat file writes it: Aygun drops Timur's
	// double, then wins 2 points and 1 point by resignations.
	assert.Contains(t, out.String(), "\ngame 1: black (Timur) wins (single, 1 point), dropped\n"+
		"game 2: white (Aygun) wins (single, 2 points), resigned\n"+
		"game 3: white (Aygun) wins (single, 1 point), resigned\n")

	out.Reset() // a JSON record names no player
	code = run([]string{"analyze", "-ply", "0", "../../testdata/records/short-standard-3p-seed179.json"}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "\nwhite: ")
	assert.Contains(t, out.String(), "\nblack: ")

	out.Reset()
	code = run([]string{"analyze", "-ply", "0", "-json", "../../gnubg/testdata/mat/club-3p.mat"}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	var rep struct {
		Variant   string `json:"variant"`
		Decisions []struct {
			Kind string  `json:"kind"`
			Loss float64 `json:"loss"`
		} `json:"decisions"`
		Names   []string `json:"names"`
		Results []struct {
			Game   int `json:"game"`
			Result struct {
				Winner string `json:"winner"`
				Points int    `json:"points"`
				End    string `json:"end"`
			} `json:"result"`
		} `json:"results"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	if assert.Len(t, rep.Results, 3) {
		assert.Equal(t, 3, rep.Results[2].Game)
		assert.Equal(t, "white", rep.Results[2].Result.Winner)
		assert.Equal(t, 1, rep.Results[2].Result.Points)
		assert.Equal(t, "resigned", rep.Results[2].Result.End)
	}
	assert.Equal(t, "short", rep.Variant)
	assert.NotEmpty(t, rep.Decisions)
	assert.Equal(t, []string{"Aygun", "Timur"}, rep.Names, "the .mat's players, white (player 1) first")

	out.Reset() // nor does its JSON report
	code = run([]string{"analyze", "-ply", "0", "-json", "../../testdata/records/short-standard-3p-seed179.json"}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.NotContains(t, out.String(), `"names"`)
	assert.Contains(t, out.String(), `"players"`)

	// With rollouts, the plays and cube decisions the search calls errors
	// are rolled out (at 0-ply three missed doubles; 36 trials are too few
	// to say which the rollouts confirm).
	out.Reset()
	code = run([]string{"analyze", "-ply", "0", "-rollout", "36", "../../gnubg/testdata/mat/club-3p.mat"}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Regexp(t, `(?m)^game 1 action \d+ \w+ \(\w+\) play .*\(rolled out, ± [0-9.]+\)`, out.String())
	assert.Regexp(t, `(?m)^game \d+ action \d+ \w+ \(\w+\) no double: played no double, best (no )?double, loss [0-9.]+ \(rolled out, ± [0-9.]+\)`, out.String())
	assert.Equal(t, 2, run([]string{"analyze", "-rollout", "-1", "../../gnubg/testdata/mat/club-3p.mat"}, strings.NewReader(""), &out, &errOut))
	// A flag out of range is refused, not clamped to the nearest value.
	for _, bad := range [][]string{{"-ply", "3"}, {"-ply", "-1"}, {"-threshold", "-1"}, {"-threshold", "0"}, {"-threshold", "NaN"}, {"-threshold", "+Inf"}} {
		errOut.Reset()
		args := append(append([]string{"analyze"}, bad...), "../../gnubg/testdata/mat/club-3p.mat")
		assert.Equal(t, 2, run(args, strings.NewReader(""), &out, &errOut), "%v", bad)
		assert.Contains(t, errOut.String(), bad[0], "%v", bad)
	}

	for _, args := range [][]string{{"analyze"}, {"analyze", "no-such-file.json"}, {"analyze", "main.go"}, {"analyze", "a", "b"}} {
		assert.NotEqual(t, 0, run(args, strings.NewReader(""), &out, &errOut), "%v", args)
	}
	out.Reset()
	assert.Equal(t, 0, run([]string{"analyze", "-h"}, strings.NewReader(""), &out, &errOut))
	assert.True(t, strings.HasPrefix(out.String(), "usage: nardy analyze"))
}

// TestAnalyzeInterrupted: a context ended (as by Ctrl-C, which analyze
// turns into one) stops "nardy analyze": it prints the report of what it
// judged (here nothing), says it was interrupted and where, and exits
// with 1; the JSON report is whole JSON, and says where it stopped too.
func TestAnalyzeInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, asJSON := range []bool{false, true} {
		var out, errOut bytes.Buffer
		args := []string{"-ply", "2", "../../gnubg/testdata/mat/club-3p.mat"}
		if asJSON {
			args = append([]string{"-json"}, args...)
		}
		require.Equal(t, 1, analyzeContext(ctx, args, strings.NewReader(""), &out, &errOut), "json %t", asJSON)
		assert.Regexp(t, `^nardy analyze: interrupted: analysis: stopped at action 0 of \d+: context canceled; the report printed covers only the actions before it\n$`, errOut.String())
		if !asJSON {
			assert.Contains(t, out.String(), "short nardy, judged at 2-ply")
			assert.Contains(t, out.String(), "white (Aygun): 0 plays, 0 cube decisions, 0 errors")
			assert.Regexp(t, `\ninterrupted \(analysis: stopped at action 0 of \d+: context canceled\): the report covers only the actions before it\n$`, out.String())
			continue
		}
		var rep struct {
			Ply         int               `json:"ply"`
			Decisions   []json.RawMessage `json:"decisions"`
			Interrupted string            `json:"interrupted"`
		}
		require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
		assert.Equal(t, 2, rep.Ply)
		assert.Empty(t, rep.Decisions)
		assert.Regexp(t, `^analysis: stopped at action 0 of \d+: context canceled$`, rep.Interrupted, "the JSON says it is partial (helper-87)")
	}
}

// TestErrorsSayNardyOnce: a command's error names the command once, not
// the library's "nardy: " again (issue 10: "nardy legal: nardy: parsing").
func TestErrorsSayNardyOnce(t *testing.T) {
	for _, args := range [][]string{
		{"legal", "-variant", "short", "-roll", "7-1"},
		{"legal", "-variant", "long", "-key", "zz", "-roll", "3-1"},
		{"perft", "-variant", "long", "-preset", "no-such-preset", "-depth", "1"},
		{"perft", "-depth", "65"},
	} {
		code, _, stderr := runCmd(args...)
		assert.NotEqual(t, 0, code, "%v", args)
		assert.True(t, strings.HasPrefix(stderr, "nardy "+args[0]+": "), "%v: %q", args, stderr)
		assert.NotContains(t, stderr, "nardy: ", "%v", args)
	}
}

// TestAnalyzeAtScore: the report of a match taken up at a score says the
// match and its start.
func TestAnalyzeAtScore(t *testing.T) {
	_, rec, err := bot.PlayMatchAt(variants.ShortStandard(), 5, nardy.MatchStart{Score: [2]int{4, 2}}, bot.NewGreedy(), bot.NewGreedy(), nardy.NewSeededDice(1))
	require.NoError(t, err)
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "at-score.json")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	var out, errOut bytes.Buffer
	code := run([]string{"analyze", "-ply", "0", path}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "; a 5-point match from 4-2 (white-black)\n")
}

// TestAnalyzeResumed: the report of a game set up at a position (a record
// with a Setup) says where its first game was set up.
func TestAnalyzeResumed(t *testing.T) {
	r := variants.ShortStandard()
	pos, err := nardy.ParsePosition("short w 0200000000000000000000000d/0200000000000000000000000d")
	require.NoError(t, err)
	rc, err := nardy.ResumeRecorder(r, 0, nardy.MatchStart{}, nardy.Setup{Position: pos}, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActRoll, Player: nardy.White, Dice: [2]int{2, 1}}))
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActPlay, Player: nardy.White,
		Steps: []nardy.Step{{From: 2, To: 0, Die: 2}, {From: 2, To: 1, Die: 1}}}))
	b, err := json.Marshal(rc.Record())
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "resumed.json")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	var out, errOut bytes.Buffer
	code := run([]string{"analyze", "-ply", "0", "-all", path}, strings.NewReader(""), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "; game 1 set up at short w 0200000000000000000000000d/0200000000000000000000000d\n")
	// White bears off both checkers with 26 of 36 rolls, and wins 80 %: a
	// double (the play 2-1 had one choice, not listed).
	assert.Contains(t, out.String(), "game 1 action 0 white no double: played no double, best double")
}

// fullWriter fails every write, as standard output on a full disk.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestOutputFailureExits1: a command whose output cannot be written exits
// with 1 and says so on stderr; legal, perft and eval exited with 0
// (helper-78), conform and analyze -json with 1 already.
func TestOutputFailureExits1(t *testing.T) {
	for _, args := range [][]string{
		{"legal", "-variant", "short", "-roll", "1-1"},
		{"perft", "-variant", "short", "-depth", "1"},
		{"eval", "-variant", "short"},
		{"help"},
	} {
		var stderr bytes.Buffer
		code := run(args, strings.NewReader(""), fullWriter{}, &stderr)
		assert.Equal(t, 1, code, "%v: %s", args, stderr.String())
		assert.Contains(t, stderr.String(), "no space left on device", "%v", args)
	}
	var stderr bytes.Buffer
	assert.Equal(t, 2, run([]string{"legal"}, strings.NewReader(""), fullWriter{}, &stderr), "a usage error stays 2")
}

// TestAnalyzeErrorsNameTheFile: a record whose rules or actions are wrong
// is reported with its file's name, as a file that is not JSON is (the
// record's own faults named no file: helper-78).
func TestAnalyzeErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"bad-rules.json":  `{"rules":{"variant":"none"},"actions":[]}`,
		"bad-action.json": `{"rules":{"variant":"short"},"actions":[{"kind":"play","player":"white","steps":[[24,1,6]]}]}`,
	} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
		var stdout, stderr bytes.Buffer
		code := run([]string{"analyze", path}, strings.NewReader(""), &stdout, &stderr)
		assert.Equal(t, 1, code, "%s: %s", name, stderr.String())
		assert.Contains(t, stderr.String(), path, name)
	}
}

// TestAnalyzeMatLongPreset: a long-nardy preset for a .mat file is a
// usage error, 2, said before the file is read (it exited with 1 after
// reading it: helper-78).
func TestAnalyzeMatLongPreset(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"analyze", "-preset", "long-moscow", filepath.Join("no", "such", "file.mat")}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 2, code, stderr.String())
	assert.Contains(t, stderr.String(), ".mat files are for short nardy")
}
