package analysis

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/variants"
)

// luckDriver has GNU Backgammon import each .mat file named in the file
// %s, analyse it with its luck measured at 0-ply, and write to %s a line
// per file: each roll it judged, as game:dice:luck, and END.
const luckDriver = `import gnubg
IN, OUT = %s, %s
gnubg.command("set analysis chequerplay evaluation plies 0")
gnubg.command("set analysis cubedecision evaluation plies 0")
gnubg.command("set analysis luckanalysis plies 0")
out = open(OUT, "w")
for line in open(IN):
    gnubg.command("import mat " + line.strip())
    gnubg.command("analyse match")
    m = gnubg.match(analysis=1, boards=0, statistics=0, verbose=0)
    rolls = []
    for gi, g in enumerate(m["games"]):
        for e in g["game"]:
            a = e.get("analysis")
            if e["action"] == "move" and a is not None and "luck-value" in a:
                d = sorted(e["dice"], reverse=True)
                rolls.append("%%d:%%d-%%d:%%.6f" %% (gi + 1, d[0], d[1], a["luck-value"]))
    out.write(" ".join(rolls) + "\n")
    out.flush()
out.write("END\n")
out.close()
`

// TestLuckGnubgAgrees compares the luck of every roll of bots' matches and
// money games with GNU Backgammon's analysis of the same games (written
// with gnubg.WriteMat, imported by gnubg), roll by roll: the two
// networks differ, and gnubg's luck is cubeful where ours is cubeless, so
// the values are not equal, but they must go together (a correlation of
// at least 0.9) and agree in sign where either calls a roll clearly
// lucky or unlucky.
func TestLuckGnubgAgrees(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	dir := t.TempDir()
	r := variants.ShortStandard()
	var paths []string
	var reps []Report
	for seed := range uint64(12) {
		length := []int{0, 1, 3, 5, 7, 0}[seed%6]
		players := [2]bot.Player{bot.NewNeural(0), &bot.Greedy{Cube: bot.CubePolicy{DoubleAt: 0.7, TakeAt: 0.3, AcceptBelow: 0.95}}}
		path, rep := botMatFile(t, filepath.Join(dir, fmt.Sprintf("luck-%d.mat", seed)), r, length,
			[2]bot.Player{players[seed%2], players[1-seed%2]}, seed)
		paths, reps = append(paths, path), append(reps, rep)
	}
	got := testgen.GnubgLines(t, bin, luckDriver, paths)
	var ours, theirs []float64
	signs, clear, unmatched := 0, 0, 0
	for k, line := range got {
		i := 0 // the next of our rolls to pair
		for _, f := range strings.Fields(line) {
			parts := strings.Split(f, ":")
			require.Len(t, parts, 3, f)
			game, err := strconv.Atoi(parts[0])
			require.NoError(t, err)
			luck, err := strconv.ParseFloat(parts[2], 64)
			require.NoError(t, err)
			// gnubg judges no roll a resignation follows: skip ours to the
			// same game and dice.
			for i < len(reps[k].Rolls) && (reps[k].Rolls[i].Game != game || reps[k].Rolls[i].Roll != parts[1]) {
				i++
				unmatched++
			}
			require.Less(t, i, len(reps[k].Rolls), "file %d: gnubg's roll %s has no match", k, f)
			l := reps[k].Rolls[i].Luck
			ours, theirs = append(ours, l), append(theirs, luck)
			if math.Abs(l) > 0.2 || math.Abs(luck) > 0.2 {
				clear++
				if l*luck > 0 {
					signs++
				}
			}
			i++
		}
		unmatched += len(reps[k].Rolls) - i
	}
	require.Greater(t, len(ours), 500)
	r2 := correlation(ours, theirs)
	t.Logf("%d rolls paired (%d of ours unpaired); correlation %.3f; sign agrees on %d of %d clear ones", len(ours), unmatched, r2, signs, clear)
	assert.Less(t, unmatched, len(ours)/50, "rolls gnubg did not judge")
	assert.Greater(t, r2, 0.9)
	assert.Greater(t, float64(signs), 0.95*float64(clear))
}

// botMatFile plays a game (length 0) or a match of length between players
// (the first White) on the dice of seed, writes its record as the .mat
// file path for GNU Backgammon, and returns path and the record's analysis
// at the default options.
func botMatFile(t *testing.T, path string, r nardy.Rules, length int, players [2]bot.Player, seed uint64) (string, Report) {
	t.Helper()
	var rec nardy.Record
	var err error
	if length == 0 {
		_, rec, err = bot.PlayGame(r, players[0], players[1], nardy.NewSeededDice(seed))
	} else {
		_, rec, err = bot.PlayMatch(r, length, players[0], players[1], nardy.NewSeededDice(seed))
	}
	require.NoError(t, err)
	var sb strings.Builder
	require.NoError(t, gnubg.WriteMat(&sb, rec, gnubg.MatInfo{}))
	require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o600))
	rep, err := Analyze(t.Context(), rec, Options{})
	require.NoError(t, err)
	return path, rep
}

// correlation returns Pearson's correlation of x and y.
func correlation(x, y []float64) float64 {
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= float64(len(x))
	my /= float64(len(y))
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}
