package main

// The .mat files of games played through the API, imported by GNU
// Backgammon and compared with the JSON record game by game and event by
// event, in the form of the gnubg package's round trip (testgen.MatGame,
// testgen.MatForms).

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
)

// matForms builds the MatGame form of the served records and of gnubg's
// matches with the gnubg package's Position IDs.
func matForms() testgen.MatForms {
	return testgen.MatForms{PositionID: gnubg.PositionID, ParsePositionID: gnubg.ParsePositionID}
}

// compareMatGames compares got with want (testgen.CompareMatGames) and
// counts in counts what was compared (testgen.CountMatEvents).
func compareMatGames(t *testing.T, counts map[string]int, name string, want, got []testgen.MatGame) {
	t.Helper()
	counts["files"]++
	testgen.CompareMatGames(t, name, want, got)
	testgen.CountMatEvents(counts, want)
}

// gnubgImportDriver imports each .mat file listed in its input into GNU
// Backgammon (under the Jacoby and beaver settings its tags name: gnubg
// plays a file under its own settings) and writes gnubg.match() of each as
// a JSON line.
const gnubgImportDriver = `import gnubg, json
` + testgen.GnubgImportMat + `IN, OUT = %s, %s
gnubg.command("set display off")
out = open(OUT, "w")
for path in open(IN).read().split():
    import_mat(path)
    out.write(json.dumps(gnubg.match(analysis=0, boards=1, statistics=0, verbose=0), default=str) + "\n")
out.write("END\n")
`

// TestRecordMatGnubg: GNU Backgammon imports every .mat file the server
// gave for the matches and money games of playedMats (whole and in
// progress) and reads each as the JSON record served with it, game by game
// and event by event, with the players' names and the match length. It
// needs gnubg and skips loudly without it (fails with NARDY_REQUIRE_GNUBG
// set).
func TestRecordMatGnubg(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	c := newClient(t, Config{})
	files := playedMats(t, c)
	dir := t.TempDir()
	var paths []string
	for i, f := range files {
		path := filepath.Join(dir, fmt.Sprintf("g%03d.mat", i))
		require.NoError(t, os.WriteFile(path, f.mat, 0o644))
		paths = append(paths, path)
	}
	lines := testgen.GnubgLines(t, bin, gnubgImportDriver, paths)
	counts := map[string]int{}
	for i, f := range files {
		var gm testgen.GnubgMatch
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &gm), f.name)
		names := [2]string{gm.Info.X.Name, gm.Info.O.Name}
		assert.Contains(t, [][2]string{{"White", "Black"}, {"White", "greedy"}}, names, f.name)
		assert.Equal(t, f.rec.Length, gm.Info.Length, f.name)
		compareMatGames(t, counts, f.name, matForms().GamesOfRecord(t, f.rec), matForms().GamesOfGnubg(t, f.rec.Rules, gm))
	}
	t.Logf("imported by gnubg: %v", counts)
	for _, k := range []string{"doubles", "takes", "drops", "resigns", "dances"} {
		assert.Positive(t, counts[k], k)
	}
}
