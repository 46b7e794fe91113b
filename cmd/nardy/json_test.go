package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
	"github.com/nardylab/nardy/xgid"
)

// The -json documents of legal, eval, hint, rollout and perft, as their
// -h texts describe them: each test decodes one with unknown fields
// refused, so a field the help does not name fails, and checks it
// against the text output of the same command line and the library.

// decodeStrict decodes the one JSON document of out into v, refusing a
// field v does not have and anything after the document.
func decodeStrict(t *testing.T, out string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(v), "%s", out)
	_, err := dec.Token()
	require.Error(t, err, "one document: %s", out)
}

// runBoth runs a command line without and with -json, each with exit
// status 0 and nothing on stderr, and returns both outputs.
func runBoth(t *testing.T, args ...string) (text, doc string) {
	t.Helper()
	code, text, stderr := runCmd(args...)
	require.Equal(t, 0, code, "%v: %s", args, stderr)
	require.Empty(t, stderr)
	withJSON := append([]string{args[0], "-json"}, args[1:]...)
	code, doc, stderr = runCmd(withJSON...)
	require.Equal(t, 0, code, "%v: %s", withJSON, stderr)
	require.Empty(t, stderr)
	return text, doc
}

// playDoc is a play of a document: its notation and its steps.
type playDoc struct {
	Play  string   `json:"play"`
	Steps [][3]int `json:"steps"`
}

// checkSteps asserts that the steps of p, read as the "steps" of a
// record's "play" action by player, make under r from pos with roll the
// play p names; the empty play has none.
func checkSteps(t *testing.T, r nardy.Rules, pos nardy.Position, roll nardy.Roll, player string, p playDoc) {
	t.Helper()
	if p.Play == nardy.NoPlay {
		assert.Empty(t, p.Steps, "C5: the empty play has no step")
		return
	}
	steps, err := json.Marshal(p.Steps)
	require.NoError(t, err)
	var a nardy.Action
	require.NoError(t, json.Unmarshal(fmt.Appendf(nil, `{"kind":"play","player":%q,"steps":%s}`, player, steps), &a))
	play, err := r.PlayOf(pos, roll, a.Steps...)
	require.NoError(t, err, "%+v", p)
	assert.Equal(t, p.Play, play.String())
}

// TestLegalJSON: legal -json lists the plays the text lists, in its
// order, with "count" the text's count, len(plays) and Rules.Legal's;
// each play's steps make it. The cases: docs/rules.md §5's short 3-1 (16
// plays) and long 3-3 (L4, 2 plays), and a roll with no legal step, whose
// one play is the empty one (C5).
func TestLegalJSON(t *testing.T) {
	closed, err := xgid.Parse("------N-----------cbbbbbbA:0:0:1:52:0:0:0:0:10") // white on the bar, black's board closed
	require.NoError(t, err)
	for _, c := range []struct {
		args  []string
		rules nardy.Rules
		pos   nardy.Position
		roll  string
	}{
		{[]string{"-variant", "short", "-roll", "3-1"}, nardy.DefaultRules(nardy.Short), startOf(t, nardy.Short), "3-1"},
		{[]string{"-preset", "long-moscow", "-roll", "3-3"}, presetRules(t, "long-moscow"), startOf(t, nardy.Long), "3-3"},
		{[]string{"-position", closed.Position.String(), "-roll", "5-2"}, nardy.DefaultRules(nardy.Short), closed.Position, "5-2"},
	} {
		text, out := runBoth(t, append([]string{"legal"}, c.args...)...)
		var doc struct {
			Variant, Position, Player, Roll string
			Count                           int
			Plays                           []playDoc
		}
		decodeStrict(t, out, &doc)
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		roll, err := nardy.ParseRoll(c.roll)
		require.NoError(t, err)
		want, err := c.rules.Legal(c.pos, roll)
		require.NoError(t, err)
		assert.Equal(t, len(want), doc.Count, "%v: Rules.Legal's count", c.args)
		assert.Len(t, doc.Plays, doc.Count, "%v", c.args)
		require.Len(t, lines, doc.Count+1, "%v: the plays and the count line", c.args)
		assert.True(t, strings.HasPrefix(lines[doc.Count], strconv.Itoa(doc.Count)+" legal play"), "%v: %q", c.args, lines[doc.Count])
		for i, p := range doc.Plays {
			assert.Equal(t, lines[i], p.Play, "%v: play %d", c.args, i)
			checkSteps(t, c.rules, c.pos, roll, doc.Player, p)
		}
		assert.Equal(t, c.pos.Variant().String(), doc.Variant)
		assert.Equal(t, c.pos.String(), doc.Position)
		assert.Equal(t, c.pos.OnRoll().String(), doc.Player)
		assert.Equal(t, c.roll, doc.Roll)
	}
}

// startOf returns the start position of v, white on roll.
func startOf(t *testing.T, v nardy.Variant) nardy.Position {
	pos, err := nardy.StartPosition(v, nardy.White)
	require.NoError(t, err)
	return pos
}

// presetRules returns the rules of the preset name.
func presetRules(t *testing.T, name string) nardy.Rules {
	p, err := variants.Lookup(name)
	require.NoError(t, err)
	return p.Rules
}

// rankedDoc is a ranked play of eval -roll -json and hint -json.
type rankedDoc struct {
	playDoc
	Equity, Loss float64
	Ply          int
	Probs        neural.Probs
}

// cubeDoc is a verdict on a double (neural.CubeDecision's JSON).
type cubeDoc struct {
	NoDouble      float64 `json:"no_double"`
	DoubleTake    float64 `json:"double_take"`
	DoublePass    float64 `json:"double_pass"`
	DoubleBeaver  float64 `json:"double_beaver"`
	Double        bool    `json:"double"`
	Take          bool    `json:"take"`
	Beaver        bool    `json:"beaver"`
	Exact         bool    `json:"exact"`
	MWCNoDouble   float64 `json:"mwc_no_double"`
	MWCDoubleTake float64 `json:"mwc_double_take"`
	MWCDoublePass float64 `json:"mwc_double_pass"`
}

// hintDoc is hint -json's document.
type hintDoc struct {
	Player, Advice, Variant, Position, Act, Passed string
	Probs                                          neural.Probs
	Equity                                         float64
	Ply, Length, Count                             int
	Away                                           [2]int
	Crawford                                       bool
	GameCube                                       *gameCubeDoc `json:"game_cube"`
	Cube                                           *cubeDoc
	CubeAction                                     string `json:"cube_action"`
	Plays                                          []rankedDoc
}

// gameCubeDoc is the cube of a game (nardy.Cube's JSON).
type gameCubeDoc struct {
	Value int    `json:"value"`
	Owned bool   `json:"owned"`
	Owner string `json:"owner"`
}

// signed writes x as the text writes an equity.
func signed(x float64) string { return fmt.Sprintf("%+.3f", x) }

// TestEvalJSON: eval -json says what the text says: the position, the
// equity, the win chance, the verdict on the cube and its proper action
// (S6), or why there is none (the cube held by the opponent); in a match,
// the away the text gives.
func TestEvalJSON(t *testing.T) {
	for _, c := range []struct {
		args   []string
		away   [2]int
		noCube string
	}{
		{[]string{"-variant", "short", "-ply", "0"}, [2]int{}, ""},
		{[]string{"-variant", "short", "-ply", "0", "-away", "3,5"}, [2]int{3, 5}, ""},
		{[]string{"-variant", "short", "-ply", "0", "-cube", "2", "-owner", "black"}, [2]int{}, "black holds it at 2"},
		{[]string{"-variant", "long", "-ply", "0"}, [2]int{}, ""}, // no cube in long nardy
	} {
		text, out := runBoth(t, append([]string{"eval"}, c.args...)...)
		var doc evalDocOf
		decodeStrict(t, out, &doc)
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		assert.True(t, strings.HasPrefix(lines[0], doc.Position+", "+doc.Player+" on roll"), "%v: %q", c.args, lines[0])
		assert.Contains(t, lines[0], "cubeless equity "+signed(doc.Equity)+", win "+fmt.Sprintf("%.1f%%", 100*doc.Probs.Win), "%v", c.args)
		assert.Equal(t, c.away, doc.Away, "%v", c.args)
		if c.away != [2]int{} {
			assert.Contains(t, lines[0], fmt.Sprintf(", %d-away %d-away", c.away[0], c.away[1]))
		}
		assert.Equal(t, c.noCube, doc.NoCube, "%v", c.args)
		switch {
		case doc.Variant == "long":
			assert.Len(t, lines, 1)
			assert.Nil(t, doc.Cube)
			assert.Nil(t, doc.GameCube, "long nardy has no cube")
		case c.noCube != "":
			assert.Equal(t, "the cube: "+c.noCube, lines[1])
			assert.Nil(t, doc.Cube)
			assert.Equal(t, &gameCubeDoc{Value: 2, Owned: true, Owner: "black"}, doc.GameCube)
		default:
			require.NotNil(t, doc.Cube, "%v", c.args)
			assert.True(t, strings.HasPrefix(lines[1], "no double"), "%v: %q", c.args, lines[1])
			assert.Contains(t, lines[1], signed(doc.Cube.NoDouble))
			assert.Contains(t, lines[2], signed(doc.Cube.DoubleTake))
			assert.Contains(t, lines[3], signed(doc.Cube.DoublePass))
			assert.Equal(t, "proper cube action: "+doc.CubeAction, lines[4])
			assert.Equal(t, &gameCubeDoc{Value: 1}, doc.GameCube)
		}
	}
}

// TestEvalRollJSON: eval -roll -json ranks the plays the text ranks, in
// its order, each with the text's equity and its loss (the text's
// difference to the best, negated); "count" is the text's count and
// Rules.Legal's; only the best -top are listed.
func TestEvalRollJSON(t *testing.T) {
	text, out := runBoth(t, "eval", "-variant", "short", "-ply", "0", "-roll", "3-1", "-top", "4")
	var doc struct {
		Variant, Position, Player, Roll string
		Ply, Count                      int
		Plays                           []rankedDoc
	}
	decodeStrict(t, out, &doc)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	assert.True(t, strings.HasSuffix(lines[0], fmt.Sprintf(", 3-1 at 0-ply: %d legal plays", doc.Count)), lines[0])
	assert.Equal(t, 16, doc.Count, "docs/rules.md §5: the short start's 3-1 has 16 plays")
	require.Len(t, doc.Plays, 4)
	require.Len(t, lines, 5)
	r, pos := nardy.DefaultRules(nardy.Short), startOf(t, nardy.Short)
	roll, err := nardy.ParseRoll("3-1")
	require.NoError(t, err)
	for i, p := range doc.Plays {
		line := regexp.MustCompile(`^ ?\d+\. (.+?) +equity (\S+) \((\S+)\) at (\d)-ply`).FindStringSubmatch(lines[i+1])
		require.NotNil(t, line, lines[i+1])
		assert.Equal(t, line[1], p.Play)
		assert.Equal(t, line[2], signed(p.Equity))
		assert.Equal(t, line[3], signed(0-p.Loss), "the loss is the text's difference to the best, negated")
		assert.Equal(t, line[4], strconv.Itoa(p.Ply))
		assert.GreaterOrEqual(t, p.Loss, 0.0)
		checkSteps(t, r, pos, roll, doc.Player, p.playDoc)
	}
}

// TestHintJSON: hint -json gives the advice and the best play the text
// gives (the first it lists), the verdict on a double where the text has
// one, and the game: who acts and how, the match's length and away.
func TestHintJSON(t *testing.T) {
	for _, c := range []struct {
		xgid       string
		act        string
		length     int
		plays      bool
		cubeAction bool
	}{
		{"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "play 5-2", 0, true, false},
		{"XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:2:3:0:9:10", "answer a double to 2", 9, false, true},
	} {
		text, out := runBoth(t, "hint", "-xgid", c.xgid, "-ply", "0", "-top", "3")
		var doc hintDoc
		decodeStrict(t, out, &doc)
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		assert.Equal(t, fmt.Sprintf("%s: %s to %s", doc.Position, doc.Player, doc.Act), lines[0][:strings.Index(lines[0], " (")])
		assert.Equal(t, c.act, doc.Act)
		assert.Equal(t, "advice: "+doc.Advice, lines[1])
		assert.Equal(t, c.length, doc.Length)
		assert.True(t, strings.HasPrefix(lines[len(lines)-1], doc.Player+"'s chances: cubeless equity "+signed(doc.Equity)+", "), lines[len(lines)-1])
		if c.plays {
			require.Len(t, doc.Plays, 3, "-top 3")
			assert.Regexp(t, `^ 1\. `+regexp.QuoteMeta(doc.Plays[0].Play)+` +equity `+regexp.QuoteMeta(signed(doc.Plays[0].Equity)), lines[2], "the best play is the text's first")
			assert.Equal(t, doc.Advice, doc.Plays[0].Play)
			assert.Equal(t, 8, doc.Count, "the short start's 5-2 has 8 plays (docs/rules.md §5)")
			x, err := xgid.Parse(c.xgid)
			require.NoError(t, err)
			roll, err := nardy.ParseRoll("5-2")
			require.NoError(t, err)
			checkSteps(t, nardy.DefaultRules(nardy.Short), x.Position, roll, doc.Player, doc.Plays[0].playDoc)
		} else {
			assert.Empty(t, doc.Plays)
			assert.Equal(t, [2]int{7, 6}, doc.Away, "the text's: white 7-away, black 6-away")
			assert.Contains(t, lines[0], "white 7-away, black 6-away")
		}
		if c.cubeAction {
			require.NotNil(t, doc.Cube)
			assert.Contains(t, text, "proper cube action: ")
			assert.Contains(t, text, "double/take  "+signed(doc.Cube.DoubleTake))
		} else {
			assert.Nil(t, doc.Cube)
		}
	}
}

// rolloutDoc is a rollout's result in rollout -json.
type rolloutDoc struct {
	Trials        int
	Equity        float64
	StdErr        *float64 `json:"std_err"`
	Probs         neural.Probs
	Cubeful       *float64
	CubefulStdErr *float64 `json:"cubeful_std_err"`
}

// rolloutTopDoc is the document of rollout -json.
type rolloutTopDoc struct {
	Variant, Position, Player string
	Away                      [2]int
	Crawford                  bool
	Ply                       int
	GameCube                  *gameCubeDoc `json:"game_cube"`
	Roll                      string
	rolloutDoc
	Plays []struct {
		playDoc
		rolloutDoc
	}
	Rollouts *struct {
		NoDouble   rolloutDoc `json:"no_double"`
		DoubleTake rolloutDoc `json:"double_take"`
	}
	Cube        *cubeDoc
	CubeAction  string `json:"cube_action"`
	Interrupted string
}

// TestRolloutJSON: rollout -json gives the equity, standard error,
// trials and win chance the text gives: of the position (no standard
// error after one trial, "± n/a" in the text), of the best plays of a
// roll in the text's order, and of a cube decision, with its proper
// action (S6).
func TestRolloutJSON(t *testing.T) {
	for _, trials := range []string{"72", "1"} {
		text, out := runBoth(t, "rollout", "-variant", "short", "-trials", trials)
		var doc rolloutTopDoc
		decodeStrict(t, out, &doc)
		assert.Equal(t, trials, strconv.Itoa(doc.Trials))
		se := "n/a"
		if doc.StdErr != nil {
			se = fmt.Sprintf("%.3f", *doc.StdErr)
		}
		assert.Equal(t, trials == "1", doc.StdErr == nil, "no standard error of one trial")
		assert.Contains(t, text, fmt.Sprintf("%s on roll: equity %s ± %s (%s trial", doc.Player, signed(doc.Equity), se, trials))
		assert.Contains(t, text, fmt.Sprintf("win %.1f%%", 100*doc.Probs.Win))
		assert.True(t, strings.HasPrefix(text, doc.Position+", "), text)
		assert.Nil(t, doc.GameCube)
		assert.Empty(t, doc.Plays)
	}

	text, out := runBoth(t, "rollout", "-variant", "short", "-trials", "36", "-roll", "3-1", "-top", "2", "-cubeful")
	var doc rolloutTopDoc
	decodeStrict(t, out, &doc)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	require.Len(t, doc.Plays, 2)
	require.Len(t, lines, 3)
	assert.Equal(t, "3-1", doc.Roll)
	r, pos := nardy.DefaultRules(nardy.Short), startOf(t, nardy.Short)
	roll, err := nardy.ParseRoll("3-1")
	require.NoError(t, err)
	for i, p := range doc.Plays {
		require.NotNil(t, p.Cubeful)
		require.NotNil(t, p.StdErr)
		assert.Equal(t, fmt.Sprintf("%-24s cubeful %s ± %.3f, cubeless equity %s ± %.3f (36 trials)", p.Play, signed(*p.Cubeful),
			*p.CubefulStdErr, signed(p.Equity), *p.StdErr), lines[i+1][:strings.Index(lines[i+1], ", win")])
		checkSteps(t, r, pos, roll, doc.Player, p.playDoc)
	}

	text, out = runBoth(t, "rollout", "-variant", "short", "-trials", "36", "-double")
	doc = rolloutTopDoc{}
	decodeStrict(t, out, &doc)
	require.NotNil(t, doc.Cube)
	require.NotNil(t, doc.Rollouts)
	assert.Contains(t, text, "proper cube action: "+doc.CubeAction+"\n")
	assert.Contains(t, text, fmt.Sprintf("no double    %s ± %.3f\n", signed(doc.Cube.NoDouble), *doc.Rollouts.NoDouble.CubefulStdErr))
	assert.Contains(t, text, fmt.Sprintf("cube decision, %d and %d trials", doc.Rollouts.NoDouble.Trials, doc.Rollouts.DoubleTake.Trials))
	assert.Equal(t, &gameCubeDoc{Value: 1}, doc.GameCube)
}

// TestPerftJSON: perft -json counts the published leaves of
// testdata/corpus/README.md (the library's perftCases), as the text does,
// with the workers the text says.
func TestPerftJSON(t *testing.T) {
	for _, c := range []struct {
		variant string
		depth   int
		leaves  uint64
	}{
		{"short", 1, 447}, {"long", 1, 22}, {"long", 2, 484}, {"long", 3, 35_387},
	} {
		text, out := runBoth(t, "perft", "-variant", c.variant, "-depth", strconv.Itoa(c.depth), "-workers", "2")
		var doc perftDoc
		decodeStrict(t, out, &doc)
		assert.Equal(t, c.leaves, doc.Leaves, "%s %d", c.variant, c.depth)
		assert.Empty(t, doc.Interrupted)
		assert.Zero(t, doc.Subtrees, "said only of an interrupted count")
		assert.Equal(t, c.depth, doc.Depth)
		assert.Equal(t, c.variant, doc.Variant)
		assert.Equal(t, startOf(t, map[string]nardy.Variant{"long": nardy.Long, "short": nardy.Short}[c.variant]).String(), doc.Position)
		assert.GreaterOrEqual(t, doc.Seconds, 0.0)
		worker := "workers"
		if doc.Workers == 1 {
			worker = "worker"
		}
		assert.Regexp(t, fmt.Sprintf(`^perft %s depth %d: %d \(\S+, %d %s\)\n$`, c.variant, c.depth, doc.Leaves, doc.Workers, worker), text)
	}
}

// TestJSONErrors: with -json a command line refused, or a command that
// fails, writes nothing on standard output and exits with the status it
// has without -json, its message on stderr.
func TestJSONErrors(t *testing.T) {
	for _, args := range [][]string{
		{"legal", "-roll", "7-1"},
		{"legal", "-variant", "short"},
		{"eval", "-ply", "9"},
		{"eval", "-variant", "short", "-ply", "0", "-cube", "2"},
		{"hint"},
		{"hint", "-xgid", "XGID=-------------------cccbbb-:0:0:-1:00:0:0:0:0:10"},
		{"rollout", "-trials", "0"},
		{"rollout", "-variant", "short", "-stop", "-1", "-trials", "36"}, // refused by the library
		{"rollout", "-variant", "short", "-stop", "-1", "-trials", "36", "-roll", "3-1"},
		{"rollout", "-variant", "short", "-stop", "-1", "-trials", "36", "-double"},
		{"perft", "-depth", "65"},
		{"perft", "-variant", "x"},
	} {
		code, out, stderr := runCmd(args...)
		require.NotZero(t, code, "%v", args)
		require.Empty(t, out, "%v", args)
		withJSON := append([]string{args[0], "-json"}, args[1:]...)
		jcode, jout, jstderr := runCmd(withJSON...)
		assert.Equal(t, code, jcode, "%v", withJSON)
		assert.Empty(t, jout, "%v", withJSON)
		assert.Equal(t, stderr, jstderr, "%v: the same message", withJSON)
	}
}
