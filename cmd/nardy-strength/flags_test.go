package main

import (
	"bytes"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCommandHelp: every command's -h prints its synopsis and its flags on
// standard output and succeeds.
func TestCommandHelp(t *testing.T) {
	for _, cmd := range []string{"vs", "judge", "cube", "plays", "openings", "evalcheck", "calibration"} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 0, run([]string{cmd, "-h"}, &stdout, &stderr), cmd)
		assert.Contains(t, stdout.String(), "usage: nardy-strength "+cmd+" ", cmd)
		assert.Contains(t, stdout.String(), "-seed", cmd)
		assert.Empty(t, stderr.String(), cmd)
	}
	// openings has only the flags it reads: not the judge's threshold.
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"openings", "-h"}, &stdout, &stderr))
	for _, unused := range []string{"-threshold", "-games", "  -ply"} {
		assert.NotContains(t, stdout.String(), unused)
	}
}

// TestUsageErrors: a command line the command cannot run exits with 2
// before it measures anything (no gnubg is started: these run without
// it), with a message that names the flag.
func TestUsageErrors(t *testing.T) {
	long := filepath.Join("..", "..", "neural", "weights", "long.nn") // the committed long-nardy network
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"vs", "-games", "4", "stray", "-variant", "long"}, `unexpected argument "stray"`},
		{[]string{"vs", "-games", "0"}, "-games 0: want at least 2"},
		{[]string{"vs", "-games", "-4"}, "-games -4"},
		{[]string{"vs", "-games", "3"}, "-games 3: want an even number"},
		{[]string{"vs", "-workers", "0"}, "-workers 0"},
		{[]string{"vs", "-b", "gnubg", "-gnubg-plies", "-1"}, "-gnubg-plies -1: want 0..4"},
		{[]string{"vs", "-b", "gnubg", "-gnubg-plies", "9"}, "-gnubg-plies 9: want 0..4"},
		{[]string{"vs", "-a", "greedy", "-net-a", long}, "-net-a: greedy is not a neural player"},
		{[]string{"vs", "-variant", "short", "-net-a", long, "-games", "2"}, "a long-nardy network, not short"},
		{[]string{"vs", "-variant", "medium"}, "medium"},
		{[]string{"vs", "-variant", "long", "-cube"}, "no cube"},
		{[]string{"vs", "-match", "65"}, "-match 65"},
		{[]string{"judge", "-judge", "5"}, "-judge 5: want 0..2"},
		{[]string{"judge", "-judge", "-1"}, "-judge -1: want 0..2"},
		{[]string{"judge", "-games", "0"}, "-games 0"},
		{[]string{"judge", "-threshold", "-0.1"}, "-threshold -0.1"},
		{[]string{"judge", "-threshold", "NaN"}, "-threshold NaN"},
		{[]string{"judge", "-player", "nobody"}, "nobody"},
		{[]string{"judge", "-variant", "short", "-net", long}, "a long-nardy network, not short"},
		{[]string{"cube", "-ply", "7"}, "-ply 7: want 0..2"},
		{[]string{"cube", "-gnubg-plies", "5"}, "-gnubg-plies 5"},
		{[]string{"cube", "-match", "1"}, "-match 1"},
		{[]string{"cube", "-match", "65"}, "-match 65"},
		{[]string{"cube", "x"}, `unexpected argument "x"`},
		{[]string{"plays", "-worst", "-1"}, "-worst -1"},
		{[]string{"plays", "-nope"}, "-nope"},
		{[]string{"openings", "-trials", "0"}, "-trials 0: want 1..1048576"},
		{[]string{"openings", "-top", "99999"}, "-top 99999: want 1..5220"}, // accepted before (helper-78)
		{[]string{"openings", "-top", "0"}, "-top 0"},
		{[]string{"openings", "-rollout-ply", "3"}, "-rollout-ply 3"},
		{[]string{"openings", "-net", long}, "a long-nardy network, not short"},
		{[]string{"evalcheck", "-games", "0"}, "-games 0"},
		{[]string{"evalcheck", "-trials", "0"}, "-trials 0"},
		{[]string{"evalcheck", "-cubeful", "-gnubg-plies", "-2"}, "-gnubg-plies -2"},
		{[]string{"evalcheck", "-list"}, "-list needs -decisions"},
		{[]string{"calibration", "-games", "0"}, "-games 0"},
		{[]string{"calibration", "-net", long}, "a long-nardy network, not short"},
		{[]string{"calibration", "-games", "1000000000000"}, "-games 1000000000000: want 1..1000000"},
		{[]string{"calibration", "-workers", "1000000000000"}, "-workers 1000000000000: want 1..256"},
		{[]string{"vs", "-a", "foo", "-games", "2"}, `unknown bot "foo"`},
		{[]string{"vs", "-b", "foo", "-games", "2"}, `unknown bot "foo"`},
		{[]string{"vs", "-a", "random-moneyplays", "-games", "2"}, "only a neural player can ignore the score"},
		{[]string{"vs", "-variant", "long", "-cube", "-match", "1"}, "-cube and -match"},
		{[]string{"evalcheck", "-trials", "99999999999"}, "-trials 99999999999: want 1..1048576"},
		{[]string{"evalcheck", "-workers", "100000"}, "-workers 100000: want 1..256"},
		{[]string{"openings", "-trials", "99999999999"}, "-trials 99999999999: want 1..1048576"},
		{[]string{"openings", "-workers", "100000"}, "-workers 100000: want 1..256"},
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(c.args, &stdout, &stderr), "%v: %s", c.args, stderr.String())
		assert.Contains(t, stderr.String(), c.want, "%v", c.args)
		assert.Empty(t, stdout.String(), "%v", c.args)
	}
}

// TestVsRandomDoesNotDependOnWorkers: a random player's choices in pair i
// come from -seed and i alone, so one worker and two give the same
// figures (each worker's player went on from the pairs it played before).
func TestVsRandomDoesNotDependOnWorkers(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Skip("one CPU: vs runs one worker whatever -workers says, so there is nothing to compare: SKIPPED")
	}
	var outs []string
	for _, workers := range []string{"1", "2"} {
		out := runOK(t, "vs", "-variant", "long", "-a", "random", "-b", "greedy", "-games", "40", "-workers", workers)
		outs = append(outs, out)
	}
	require.Equal(t, outs[0], outs[1])
	assert.True(t, strings.Contains(outs[0], "random vs greedy"), outs[0])
}

// TestUsageErrorSaidOnce: a bad flag's message is printed once, before
// the usage (the flag package printed it, then run again after the usage),
// and so is an argument's.
func TestUsageErrorSaidOnce(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"vs", "-nope"}, "nardy-strength vs: flag provided but not defined: -nope\nusage: nardy-strength vs "},
		{[]string{"judge", "stray"}, "nardy-strength judge: unexpected argument \"stray\"\nusage: nardy-strength judge "},
	} {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 2, run(c.args, &stdout, &stderr), "%v", c.args)
		assert.True(t, strings.HasPrefix(stderr.String(), c.want), "%v: %s", c.args, stderr.String())
		msg, _, _ := strings.Cut(c.want, "\n")
		assert.Equal(t, 1, strings.Count(stderr.String(), msg), "%v: said once", c.args)
	}
}
