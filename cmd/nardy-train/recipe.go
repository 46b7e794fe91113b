package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/nardylab/nardy"
)

// recipeCommitted names the training that made the committed weights,
// neural/weights/short.nn and long.nn.
const recipeCommitted = "committed"

// recipes lists the names -recipe knows.
var recipes = []string{recipeCommitted}

// recipeStage is one stage of a recipe: the flags of one nardy-train run.
// Every stage after the first continues the one before it (-init and
// -resume are added).
type recipeStage struct {
	games, stop int
	hidden      int
	eval        int
	opponent    string
	seed        uint64
	rate        float64
	rateEnd     float64
	every       int
}

// committedStages returns the stages that trained the committed network of
// v. They were run as separate commands, the first stopped early to leave
// the machine to measurements (so it keeps its -games with a -stop: the
// learning rate stays scheduled as it was); docs/training.md lists them.
func committedStages(v nardy.Variant) []recipeStage {
	stages := []recipeStage{
		// 2,000,000 games: the rate 0.02 -> 0.004 over 1,000,000, then 0.004 -> 0.001.
		{games: 1000000, stop: 400000, seed: 1, rate: 0.02, rateEnd: 0.004, every: 100000},
		{games: 600000, seed: 2, rate: 0.0136, rateEnd: 0.004, every: 100000},
		{games: 1000000, seed: 3, rate: 0.004, rateEnd: 0.001, every: 100000},
	}
	if v == nardy.Long {
		// 600,000 games: the rate 0.02 -> 0.004 over 400,000, then 0.004 -> 0.002.
		stages = []recipeStage{
			{games: 400000, stop: 200000, seed: 1, rate: 0.02, rateEnd: 0.004, every: 40000},
			{games: 200000, seed: 2, rate: 0.012, rateEnd: 0.004, every: 40000},
			{games: 200000, seed: 3, rate: 0.004, rateEnd: 0.002, every: 40000},
		}
	}
	for i := range stages {
		stages[i].hidden, stages[i].eval, stages[i].opponent = 128, 200, "expectimax"
	}
	return stages
}

// recipeArgs returns the command line of each stage of the committed
// recipe of v, writing the last stage to out and stage i before it to
// out-i: the same runs, flag for flag, as the commands in
// docs/training.md, so one command reproduces the committed weights.
func recipeArgs(v nardy.Variant, out string) [][]string {
	return stageArgs(v, out, committedStages(v))
}

// stageArgs returns the command lines of the stages, chained by -init and
// -resume, the last writing to out.
func stageArgs(v nardy.Variant, out string, stages []recipeStage) [][]string {
	args := make([][]string, len(stages))
	prev := ""
	for i, s := range stages {
		o := out
		if i < len(stages)-1 {
			o = fmt.Sprintf("%s-%d", out, i+1)
		}
		a := []string{"-variant", v.String(), "-games", strconv.Itoa(s.games), "-hidden", strconv.Itoa(s.hidden),
			"-seed", strconv.FormatUint(s.seed, 10), "-rate", strconv.FormatFloat(s.rate, 'g', -1, 64),
			"-rate-end", strconv.FormatFloat(s.rateEnd, 'g', -1, 64), "-every", strconv.Itoa(s.every),
			"-eval", strconv.Itoa(s.eval), "-opponent", s.opponent, "-out", o}
		if s.stop > 0 {
			a = append(a, "-stop", strconv.Itoa(s.stop))
		}
		if prev != "" {
			a = append(a, "-init", prev+".nn", "-resume", prev+".log")
		}
		args[i] = a
		prev = o
	}
	return args
}

// runRecipe runs the stages of a recipe one after the other, each as its
// own nardy-train command line, and stops at the first that fails.
func runRecipe(stages [][]string, stdout, stderr io.Writer) int {
	for _, a := range stages {
		fmt.Fprintf(stdout, "# stage: nardy-train %v\n", a)
		if code := run(a, stdout, stderr); code != 0 {
			return code
		}
	}
	return 0
}
