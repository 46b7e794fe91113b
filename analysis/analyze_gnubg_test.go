package analysis

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/variants"
)

// analyseDriver has GNU Backgammon import each .mat file named in the file
// %s, analyse it at 0-ply (Jacoby on, as short nardy's money play), and
// write to %s a line per file: each decision it judged, in order, as
// P:game:player:dice:loss for a checker play with a choice and
// C:game:player:action:loss for a double, take or drop (player X, the
// left column of the file, is nardy's White), then END. Losses are
// gnubg's normalised equity: a play's against its best play, a cube
// action's from the no double, double/take and double/pass equities of the
// double, converted from match-winning chances at the score in a match.
const analyseDriver = `import gnubg
IN, OUT = %s, %s
gnubg.command("set jacoby on")
gnubg.command("set analysis chequerplay evaluation plies 0")
gnubg.command("set analysis cubedecision evaluation plies 0")
out = open(OUT, "w")
side = {"X": 0, "O": 1}
for line in open(IN):
    gnubg.command("import mat " + line.strip())
    gnubg.command("analyse match")
    m = gnubg.match(analysis=1, boards=0, statistics=0, verbose=0)
    length = m["match-info"]["match-length"]
    toks = []
    for gi, g in enumerate(m["games"]):
        info = g["info"]
        score = (info["score-X"], info["score-O"])
        crawford = 1 if info.get("crawford") else 0
        cube, owner, dbl = 1, -1, None
        for e in g["game"]:
            act, pl, a = e["action"], e.get("player"), e.get("analysis") or {}
            if act == "move" and "imove" in a and len(a.get("moves", ())) > 1:
                sc = [x["score"] for x in a["moves"]]
                d = sorted(e["dice"], reverse=True)
                toks.append("P:%%d:%%s:%%d-%%d:%%.6f" %% (gi + 1, pl, d[0], d[1], max(sc) - sc[a["imove"]]))
            elif act == "double":
                ci = gnubg.cubeinfo(cube, owner, side[pl], length, score, crawford, 0)
                nd, dt = a["nd-cubeful-eq"], a["dt-cubeful-eq"]
                if length:
                    nd, dt = gnubg.mwc2eq(nd, ci), gnubg.mwc2eq(dt, ci)
                dbl = (nd, min(dt, 1.0), dt)
                toks.append("C:%%d:%%s:double:%%.6f" %% (gi + 1, pl, max(nd, dbl[1]) - dbl[1]))
            elif act in ("take", "drop"):
                take, drop = -dbl[2], -1.0
                toks.append("C:%%d:%%s:%%s:%%.6f" %% (gi + 1, pl, act, max(take, drop) - (take if act == "take" else drop)))
                if act == "take":
                    cube, owner = cube * 2, side[pl]
    out.write(" ".join(toks) + "\n")
    out.flush()
out.write("END\n")
out.close()
`

// gnubgDecision is one decision of analyseDriver's output.
type gnubgDecision struct {
	kind, what string // "P" and the dice, or "C" and the cube action
	game       int
	player     nardy.Color
	loss       float64
	nearEnd    bool // ours: a match's, with a player at most 2 points from winning it
}

func parseGnubgDecisions(t *testing.T, line string) []gnubgDecision {
	t.Helper()
	var ds []gnubgDecision
	for _, f := range strings.Fields(line) {
		parts := strings.Split(f, ":")
		require.Len(t, parts, 5, f)
		game, err := strconv.Atoi(parts[1])
		require.NoError(t, err)
		loss, err := strconv.ParseFloat(parts[4], 64)
		require.NoError(t, err)
		player := nardy.White
		if parts[2] == "O" {
			player = nardy.Black
		}
		ds = append(ds, gnubgDecision{kind: parts[0], what: parts[3], game: game, player: player, loss: loss})
	}
	return ds
}

// TestAnalyzeGnubgAgrees compares Analyze with GNU Backgammon's analysis of
// the same bots' matches and money games (written with gnubg.WriteMat),
// decision by decision, both at 0-ply. The two judge the same decisions:
// every checker play with more than one legal play (a forced play or a
// pass is no decision of either), and every double, take and drop, each
// of the same player in the same game, a play of the same roll; gnubg
// judges no cube decision but these and the turns' (nardy's missed
// doubles), which this test leaves out. The losses are not equal (the
// networks differ; gnubg's plays are judged cubeful, ours cubeless; a
// match's score by the two match equity tables) but are on one scale
// (points per cube value 1 in money play, normalised match equity in a
// match, gnubg's EMG), so they go together, and what either calls a
// blunder (a loss above 0.16) the other calls an error.
func TestAnalyzeGnubgAgrees(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	dir := t.TempDir()
	r := variants.ShortStandard()
	var paths []string
	var reps []Report
	for seed := range uint64(10) {
		length := []int{0, 3, 5, 7, 0}[seed%5]
		players := [2]bot.Player{bot.NewNeural(0), &bot.Greedy{Cube: bot.CubePolicy{DoubleAt: 0.6, TakeAt: 0.4, AcceptBelow: 0.95}}}
		if seed%3 == 2 {
			players[1] = bot.NewRandom(seed)
		}
		path, rep := botMatFile(t, filepath.Join(dir, fmt.Sprintf("analyse-%d.mat", seed)), r, length,
			[2]bot.Player{players[seed%2], players[1-seed%2]}, seed+100)
		paths, reps = append(paths, path), append(reps, rep)
	}
	got := testgen.GnubgLines(t, bin, analyseDriver, paths)
	var ours, theirs, cubeOurs, cubeTheirs, endOurs, endTheirs []float64
	blunders, both := 0, 0
	for k, line := range got {
		var mine []gnubgDecision
		for _, d := range reps[k].Decisions {
			switch d.Kind {
			case "play":
				mine = append(mine, gnubgDecision{kind: "P", what: d.Roll, game: d.Game, player: d.Player, loss: d.Loss,
					nearEnd: d.Away != [2]int{} && min(d.Away[0], d.Away[1]) <= 2})
			case "double", "take", "drop":
				mine = append(mine, gnubgDecision{kind: "C", what: d.Kind, game: d.Game, player: d.Player, loss: d.Loss})
			}
		}
		theirsK := parseGnubgDecisions(t, line)
		require.Len(t, mine, len(theirsK), "file %d: the decisions judged", k)
		for i, g := range theirsK {
			m := mine[i]
			require.Equal(t, []any{g.kind, g.what, g.game, g.player}, []any{m.kind, m.what, m.game, m.player},
				"file %d, decision %d: gnubg's (kind, dice or action, game, player), then ours", k, i)
			if g.kind == "P" {
				ours, theirs = append(ours, m.loss), append(theirs, g.loss)
				if m.nearEnd {
					endOurs, endTheirs = append(endOurs, m.loss), append(endTheirs, g.loss)
				}
			} else {
				cubeOurs, cubeTheirs = append(cubeOurs, m.loss), append(cubeTheirs, g.loss)
			}
			if m.loss > 0.16 || g.loss > 0.16 {
				blunders++
				if m.loss > DefaultThreshold && g.loss > DefaultThreshold {
					both++
				}
			}
		}
	}
	require.Greater(t, len(ours), 400)
	require.Greater(t, len(cubeOurs), 10)
	require.Greater(t, len(endOurs), 100)
	rPlays, rCube, rEnd := correlation(ours, theirs), correlation(cubeOurs, cubeTheirs), correlation(endOurs, endTheirs)
	t.Logf("%d plays and %d cube actions paired; correlation of the losses %.3f (plays), %.3f (cube), "+
		"%.3f (the %d plays of a match with a player 2 points or less from winning it); "+
		"of %d decisions either calls a blunder, %d both call errors",
		len(ours), len(cubeOurs), rPlays, rCube, rEnd, len(endOurs), blunders, both)
	assert.Greater(t, rPlays, 0.8)
	// Near a match's end the score changes the plays most: a match play
	// judged as money play would go with gnubg's far less there.
	assert.Greater(t, rEnd, 0.8)
	assert.Greater(t, rCube, 0.85)
	assert.Greater(t, float64(both), 0.85*float64(blunders))
	for i := range ours {
		assert.False(t, math.IsNaN(ours[i]) || ours[i] < 0, "a loss is never negative")
	}
}
