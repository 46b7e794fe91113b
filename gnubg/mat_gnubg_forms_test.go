package gnubg_test

// The two forms the .mat round trip with GNU Backgammon compares
// (mat_gnubg_test.go): a game as nardy's record says it and as gnubg's
// import says it, both put in one form, testgen.MatGame (shared with the
// example server's test of its .mat route); and the Python scripts that
// drive gnubg.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
)

// matForms builds the MatGame form of nardy's records and of gnubg's
// matches with this package's Position IDs.
func matForms() testgen.MatForms {
	return testgen.MatForms{PositionID: gnubg.PositionID, ParsePositionID: gnubg.ParsePositionID}
}

// runGnubgPy runs a Python script inside gnubg (gnubg -t -q -p) that
// writes a JSON list to out, and decodes that list into v.
func runGnubgPy(bin, script, out string, v any) error {
	path := out + ".py"
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-t", "-q", "-p", path)
	cmd.Dir = filepath.Dir(out)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log // gnubg draws boards: kept for a failure
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("gnubg: %v\n%s", err, log.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return fmt.Errorf("gnubg wrote no answer: %v\n%s", err, log.String())
	}
	return json.Unmarshal(data, v)
}

// gnubgImportPy imports each .mat file of the list IN (one path a line)
// and writes [{"file": path, "match": gnubg.match()}, ...] to OUT.
const gnubgImportPy = `import gnubg, json
` + testgen.GnubgImportMat + `IN, OUT = %s, %s
gnubg.command("set display off")
res = []
for path in open(IN).read().split():
    import_mat(path)
    res.append({"file": path, "match": gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)})
json.dump(res, open(OUT, "w"), default=str)
`

// gnubgPlayPy has gnubg play itself at 0-ply, for each "seed length" of
// IN: a match, or (length 0) one game of money play with the Jacoby rule
// and without beavers; "seed length 1 w b c" plays the match from the
// score w-b ("set score"), its first game the Crawford game when c is 1
// ("set crawford on"; gnubg's "set score" leaves it off); it exports each
// as a .mat file and writes [{"file": path, "match": gnubg.match()}, ...]
// to OUT.
const gnubgPlayPy = `import gnubg, json
IN, OUT = %s, %s
for c in ["set threads 1", "set display off", "set jacoby on", "set beavers 0"] + [
        "set player %%d %%s" %% (p, s) for p in (0, 1) for s in (
        "gnubg", "chequerplay evaluation plies 0", "cubedecision evaluation plies 0")]:
    gnubg.command(c)
res = []
for line in open(IN).read().splitlines():
    f = list(map(int, line.split()))
    seed, length, games = (f + [1])[:3]
    path = "%%s-%%d-%%d.mat" %% (OUT, seed, length)
    gnubg.command("set seed %%d" %% seed)
    if len(f) == 6:  # a match from a score: set up with human players, then played
        for p in (0, 1):
            gnubg.command("set player %%d human" %% p)
        gnubg.command("set automatic game off")
        gnubg.command("set automatic roll off")
        gnubg.command("new match %%d" %% length)
        gnubg.command("set score %%d %%d" %% (f[3], f[4]))
        if f[5]:
            gnubg.command("set crawford on")
        for p in (0, 1):
            for c in ("gnubg", "chequerplay evaluation plies 0", "cubedecision evaluation plies 0"):
                gnubg.command("set player %%d %%s" %% (p, c))
        gnubg.command("set automatic game on")
        gnubg.command("set automatic roll on")
        gnubg.command("play")
    elif length == 0:
        gnubg.command("set automatic game off")
        gnubg.command("new session")
        for _ in range(games - 1):
            gnubg.command("new game")
    else:
        gnubg.command("set automatic game on")
        gnubg.command("new match %%d" %% length)
    gnubg.command("export match mat " + path)
    res.append({"file": path, "match": gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)})
json.dump(res, open(OUT, "w"), default=str)
`

type gnubgResult struct {
	File  string             `json:"file"`
	Match testgen.GnubgMatch `json:"match"`
}
