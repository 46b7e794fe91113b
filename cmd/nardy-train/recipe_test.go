package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// flagMap reads a command line's flags into a map, leaving out the paths
// (-out, -init, -resume), which differ between the docs and a recipe, and
// -hidden on a stage that continues from weights (which decide it: the
// docs leave it out there, the recipe gives the same size).
func flagMap(t *testing.T, args []string) map[string]string {
	t.Helper()
	require.Zero(t, len(args)%2, "%v: flag and value pairs", args)
	m := map[string]string{}
	for i := 0; i < len(args); i += 2 {
		m[args[i]] = args[i+1]
	}
	if _, ok := m["-init"]; ok {
		delete(m, "-hidden")
		assert.Contains(t, m, "-resume", "%v: a later stage continues the log", args)
	}
	for _, k := range []string{"-out", "-init", "-resume"} {
		delete(m, k)
	}
	if _, ok := m["-opponent"]; !ok {
		m["-opponent"] = "expectimax"
	}
	return m
}

// TestRecipeMatchesDocs: -recipe committed runs, flag for flag, the
// command lines that docs/training.md gives for the committed weights (the
// fenced block that names neural/weights/short.nn).
func TestRecipeMatchesDocs(t *testing.T) {
	doc, err := os.ReadFile("../../docs/training.md")
	require.NoError(t, err)
	blocks := strings.Split(string(doc), "```")
	block := ""
	for i := 1; i < len(blocks); i += 2 { // the fenced blocks
		if strings.Contains(blocks[i], "is neural/weights/short.nn") {
			block = blocks[i]
		}
	}
	documented := map[string][][]string{}
	for _, line := range strings.Split(block, "\n") {
		f := strings.Fields(line)
		if len(f) < 5 || strings.Join(f[:4], " ") != "nice -n 19 /tmp/nardy-train" || !strings.Contains(line, "-seed") {
			continue
		}
		args := f[4:]
		v := args[1]
		documented[v] = append(documented[v], args)
	}
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		want := documented[v.String()]
		got := recipeArgs(v, "x")
		require.Len(t, want, 3, "%s: three documented stages", v)
		require.Len(t, got, len(want), "%s", v)
		for i := range want {
			assert.Equal(t, flagMap(t, want[i]), flagMap(t, got[i]), "%s stage %d", v, i+1)
		}
		assert.Equal(t, "x", got[2][slices.Index(got[2], "-out")+1], "the last stage writes -out")
		assert.Equal(t, "x-2.nn", got[2][slices.Index(got[2], "-init")+1], "it continues the stage before")
	}
}

// TestRecipeRunsStages: a recipe's stages chain, each continuing the
// weights and the log of the one before.
func TestRecipeRunsStages(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r")
	stages := []recipeStage{
		{games: 200, stop: 100, seed: 1, rate: 0.02, rateEnd: 0.01, every: 50, hidden: 8, eval: 2, opponent: "random"},
		{games: 100, seed: 2, rate: 0.015, rateEnd: 0.01, every: 50, hidden: 8, eval: 2, opponent: "random"},
		{games: 60, seed: 3, rate: 0.01, rateEnd: 0.005, every: 30, hidden: 8, eval: 2, opponent: "random"},
	}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, runRecipe(stageArgs(nardy.Short, out, stages), &stdout, &stderr), stderr.String())
	for _, f := range []string{"-1.nn", "-2.nn", ".nn", ".log", ".svg"} {
		assert.FileExists(t, out+f)
	}
	assert.Equal(t, []string{"0", "50", "100", "150", "200", "230", "260"}, logGames(t, out+".log"))
	assert.Contains(t, readNetFile(t, out+".nn").Info(), "260 games trained")

	stages[1].opponent = "nobody"
	assert.Equal(t, 2, runRecipe(stageArgs(nardy.Short, out, stages), &stdout, &stderr), "a failing stage stops the recipe")
}

// TestRecipeFlags: -recipe takes only -variant and -out.
func TestRecipeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-recipe", "committed"},
		{"-recipe", "fast", "-out", "x"},
		{"-recipe", "committed", "-out", "x", "-games", "10"},
		{"-recipe", "committed", "-out", "x", "-variant", "medium"},
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(args, &stdout, &stderr), "%v", args)
	}
}

// TestRecipeStagesGoTogether: the committed stages, too long to run in a
// test, pass the checks run makes of flags that must go together: -stop
// within -games, a rate that decays, and, on a stage continuing the one
// before, its -hidden (the size of the weights read) and its -opponent
// (the one its log was measured against).
func TestRecipeStagesGoTogether(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Short, nardy.Long} {
		stages := committedStages(v)
		for i, s := range stages {
			assert.LessOrEqual(t, s.stop, s.games, "%s stage %d", v, i+1)
			assert.LessOrEqual(t, s.rateEnd, s.rate, "%s stage %d", v, i+1)
			assert.Positive(t, s.eval, "%s stage %d: measured, so -opponent may be given", v, i+1)
			if i > 0 {
				assert.Equal(t, stages[i-1].hidden, s.hidden, "%s stage %d", v, i+1)
				assert.Equal(t, stages[i-1].opponent, s.opponent, "%s stage %d", v, i+1)
			}
		}
	}
}
