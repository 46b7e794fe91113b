package main

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Whole games of every preset end with a winner who has borne off all 15
// checkers (C7), and the result kind follows the loser's checkers (L8, S5);
// under the Jacoby rule a gammon counts single (S6).
func TestSelfplayEnds(t *testing.T) {
	for _, preset := range variants.All() {
		for seed := uint64(1); seed <= 5; seed++ {
			o, err := play(io.Discard, preset, seed)
			require.NoError(t, err, "%s seed %d", preset.Name, seed)
			assert.Equal(t, 15, o.Final.Side(o.Winner)[nardy.Off], "%s seed %d", preset.Name, seed)
			w, over := o.Final.Winner()
			assert.True(t, over)
			assert.Equal(t, o.Winner, w)
			assert.Positive(t, o.Turns)
			loser := o.Final.Side(o.Winner.Other())
			assert.Less(t, loser[nardy.Off], 15)
			switch {
			case loser[nardy.Off] > 0:
				assert.Contains(t, []string{"oin", "single"}, o.Kind)
				assert.Equal(t, 1, o.Points)
			case preset.Rules.Variant == nardy.Long:
				assert.Contains(t, []string{"mars", "home mars", "koks"}, o.Kind)
				assert.GreaterOrEqual(t, o.Points, 2)
			case preset.Rules.Jacoby: // S6: nobody doubled in this money game
				assert.Contains(t, []string{"gammon", "backgammon"}, o.Kind)
				assert.Equal(t, 1, o.Points, "%s seed %d", preset.Name, seed)
			default:
				assert.Contains(t, []string{"gammon", "backgammon"}, o.Kind)
				assert.GreaterOrEqual(t, o.Points, 2)
			}
		}
	}
}

// The same seed plays the same game; another seed another one.
func TestSelfplayDeterministic(t *testing.T) {
	preset, err := variants.Lookup("long-moscow")
	require.NoError(t, err)
	var a, b, c bytes.Buffer
	_, err = play(&a, preset, 7)
	require.NoError(t, err)
	_, err = play(&b, preset, 7)
	require.NoError(t, err)
	_, err = play(&c, preset, 8)
	require.NoError(t, err)
	assert.Equal(t, a.String(), b.String())
	assert.NotEqual(t, a.String(), c.String())
	assert.Contains(t, a.String(), "   1. ")
	assert.Contains(t, a.String(), "long nardy:")
	assert.Regexp(t, `(white|black) wins after \d+ turns: (oin, 1|mars, 2) point`, a.String())
}

func TestResultKinds(t *testing.T) {
	long, short := variants.LongMoscow(), variants.ShortStandard()
	kind := func(r nardy.Rules, pos string) (string, int) {
		o, err := result(r, nardy.MustParsePosition(pos), nardy.White)
		require.NoError(t, err)
		return o.Kind, o.Points
	}
	// Long nardy (L8): White has borne off all; Black none (mars, 2) or one
	// (oin, 1).
	k, n := kind(long, "long b 00000000000000000000000f00/0000000000000000000000000f")
	assert.Equal(t, "mars", k)
	assert.Equal(t, 2, n)
	k, n = kind(long, "long b 00000000000000000000000e01/0000000000000000000000000f")
	assert.Equal(t, "oin", k)
	assert.Equal(t, 1, n)
	// Short nardy (S5): Black with none off is gammoned, or backgammoned
	// with a checker on its points 19..24 or on the bar; with one off it is
	// a single game (1). Without the Jacoby rule (S6) a gammon is 2
	// points and a backgammon 3; with it (short-standard) the demo's game,
	// where the cube was never turned, counts them single: 1 point (the
	// demo printed 2 and 3, where nardy.Game scores 1).
	noJacoby := short
	noJacoby.Jacoby = false
	require.True(t, short.Jacoby)
	for _, c := range []struct {
		pos, kind        string
		noJacoby, jacoby int
	}{
		{"short b f0000000000000000000000000/0000000000000000000000000f", "gammon", 2, 1},
		{"short b e0000000000000000000000100/0000000000000000000000000f", "backgammon", 3, 1},
		{"short b e0000000000000000000000010/0000000000000000000000000f", "backgammon", 3, 1},
		{"short b e0000000000000000000000001/0000000000000000000000000f", "single", 1, 1},
	} {
		k, n = kind(noJacoby, c.pos)
		assert.Equal(t, c.kind, k, c.pos)
		assert.Equal(t, c.noJacoby, n, "without Jacoby %s", c.pos)
		k, n = kind(short, c.pos)
		assert.Equal(t, c.kind, k, c.pos)
		assert.Equal(t, c.jacoby, n, "short-standard %s", c.pos)
	}
}

// The turns are printed in the standard notation of Play.String.
func TestSelfplayNotation(t *testing.T) {
	preset, err := variants.Lookup("long-moscow")
	require.NoError(t, err)
	var out bytes.Buffer
	_, err = play(&out, preset, 1)
	require.NoError(t, err)
	lines := strings.Split(out.String(), "\n")
	require.Greater(t, len(lines), 3)
	assert.Regexp(t, `^   1\. (white|black) [1-6]-[1-6]  \d+/\d+`, lines[2])
}

// A match of every preset ends with a winner who reached the length; the
// score is the sum of the printed games.
func TestSelfplayMatch(t *testing.T) {
	for _, preset := range variants.All() {
		for seed := uint64(1); seed <= 2; seed++ {
			var out bytes.Buffer
			m, err := playMatch(&out, preset, seed, 3)
			require.NoError(t, err, "%s seed %d", preset.Name, seed)
			require.True(t, m.IsOver())
			winner, _ := m.Winner()
			white, black := m.Score()
			score := map[nardy.Color]int{nardy.White: white, nardy.Black: black}
			assert.GreaterOrEqual(t, score[winner], 3)
			assert.Less(t, score[winner.Other()], 3)
			sums := map[string]int{}
			for _, line := range strings.Split(out.String(), "\n") {
				var n, pts int
				var who, kind string
				if _, err := fmt.Sscanf(line, "game %d: %s wins %s", &n, &who, &kind); err == nil {
					// "game 2: black wins oin by bearing off, 1 point; ...": words, not enum names
					assert.Regexp(t, `^game \d+: \w+ wins [a-z ]+ by (bearing off|resignation|a dropped double), \d+ points?;`, line)
					i := strings.Index(line, ", ")
					_, err := fmt.Sscanf(line[i+2:], "%d point", &pts)
					require.NoError(t, err, line)
					sums[who] += pts
				}
			}
			assert.Equal(t, white, sums["white"], out.String())
			assert.Equal(t, black, sums["black"], out.String())
		}
	}
}

// runSelfplay runs the command with args.
func runSelfplay(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestSelfplayFlags: -h prints the usage on stdout (exit 0); an unknown
// flag, an argument, an unknown preset or variant, -preset with -variant,
// and a match to fewer than 1 or more than 64 points are refused with exit
// status 2, a message naming the flag (then the usage, for what the flag
// package refuses) and nothing played (-match 1000000
// played some 5,000 games and failed with 1). -variant takes a game, long
// or short, and plays its default preset (it took a preset's name, now
// -preset's).
func TestSelfplayFlags(t *testing.T) {
	for _, h := range []string{"-h", "-help"} {
		code, out, stderr := runSelfplay(h)
		assert.Equal(t, 0, code, h)
		assert.True(t, strings.HasPrefix(out, "usage: selfplay"), "%s: %q", h, out)
		for _, f := range []string{"-seed", "-preset", "-variant", "-match"} {
			assert.Contains(t, out, "  "+f+" ", h)
		}
		assert.Empty(t, stderr, h)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-bogus"}, "-bogus"}, {[]string{"stray"}, `unexpected argument "stray"`},
		{[]string{"-preset", "nope"}, "-preset: "},
		{[]string{"-variant", "short-standard"}, `-variant "short-standard": want long or short`},
		{[]string{"-variant", "short", "-preset", "short-standard"}, "-preset short-standard and -variant short: give one"},
		{[]string{"-match", "0"}, "-match 0: a match is to 1..64 points"},
		{[]string{"-match", "-3"}, "-match -3"},
		{[]string{"-match=0", "-preset", "short-standard"}, "-match 0"},
		{[]string{"-match", "x"}, "-match"},
		{[]string{"-match", "65"}, "-match 65: a match is to 1..64 points"},
		{[]string{"-match", "1000000"}, "-match 1000000: a match is to 1..64 points"},
	} {
		code, out, stderr := runSelfplay(c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v: nothing is played", c.args)
		assert.Contains(t, stderr, c.msg, "%v", c.args)
		assert.Equal(t, 1, strings.Count(stderr, "selfplay: "), "%v: said once: %q", c.args, stderr)
		if parsing := c.args[0] == "-bogus" || c.args[0] == "stray" || c.args[1] == "x"; parsing {
			assert.Contains(t, stderr, "usage: selfplay", "%v: the flag package refused it: the usage follows", c.args)
		} else {
			assert.NotContains(t, stderr, "usage:", "%v: a value refused once parsed: the message alone", c.args)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-match", "1", "-preset", "short-tavla"}, "short-tavla, match to 1, seed 3\n"},
		{[]string{"-match", "64", "-variant", "short"}, "short-standard, match to 64, seed 3\n"},
		{[]string{"-variant", "long"}, "long-moscow, seed 3\n"},
		{nil, "long-moscow, seed 3\n"},
	} {
		code, out, stderr := runSelfplay(append(c.args, "-seed", "3")...)
		assert.Equal(t, 0, code, "%v: %s", c.args, stderr)
		assert.True(t, strings.HasPrefix(out, c.want), "%v: %q", c.args, out[:min(len(out), 80)])
	}
}

// TestResultNames: a game kind has one name whether it ends a single game
// or a game of a match: short nardy's are backgammon's names, single,
// gammon and backgammon (S5); long nardy's oin, mars, home mars, koks (L8,
// L9). The random players reach every short kind over these seeds.
func TestResultNames(t *testing.T) {
	gameLine := regexp.MustCompile(`^game \d+: (?:white|black) wins (.+?) by `)
	names := map[nardy.Variant][]string{
		nardy.Short: {"single", "gammon", "backgammon"},
		nardy.Long:  {"oin", "mars", "home mars", "koks"},
	}
	seen := map[string]bool{}
	for _, preset := range variants.All() {
		want := names[preset.Rules.Variant]
		for seed := uint64(1); seed <= 3; seed++ {
			o, err := play(io.Discard, preset, seed)
			require.NoError(t, err)
			assert.Contains(t, want, o.Kind, "%s seed %d, one game", preset.Name, seed)
			seen[o.Kind] = true
			var out bytes.Buffer
			_, err = playMatch(&out, preset, seed, 7)
			require.NoError(t, err)
			for _, line := range strings.Split(out.String(), "\n") {
				if m := gameLine.FindStringSubmatch(line); m != nil {
					assert.Contains(t, want, m[1], "%s seed %d, match: %s", preset.Name, seed, line)
					seen[m[1]] = true
				}
			}
		}
	}
	for _, k := range names[nardy.Short] {
		assert.True(t, seen[k], "no %s met", k)
	}
}

// TestMaxMatchIsTheLibrarys: the demo does not import package neural (it
// plays random games), so its bound of -match is a literal: the longest
// match the library's match equity reads, neural.MaxAway.
func TestMaxMatchIsTheLibrarys(t *testing.T) {
	assert.Equal(t, neural.MaxAway, maxMatch)
}
