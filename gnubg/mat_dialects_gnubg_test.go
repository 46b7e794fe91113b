package gnubg_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatDialectsGnubg has GNU Backgammon import each file of
// testdata/mat/dialects (the .mat dialects of other programs and of hand
// edits, see TestMatDialects) and compares its reading with ReadMat's,
// game by game and event by event: where gnubg reads a file, ReadMat must
// read the same games; where gnubg refuses one or reads it only in part
// (warning of moves it skips), ReadMat must refuse it too, but for the
// files matDialectsOursOnly lists, which ReadMat reads and gnubg does not.
// It needs gnubg and skips loudly without it.
func TestMatDialectsGnubg(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	files, err := filepath.Glob(filepath.Join("testdata", "mat", "dialects", "*.mat"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	dir := t.TempDir()
	var list strings.Builder
	for _, f := range files {
		abs, err := filepath.Abs(f)
		require.NoError(t, err)
		fmt.Fprintln(&list, abs)
	}
	in, out := filepath.Join(dir, "dialects.txt"), filepath.Join(dir, "dialects.json")
	require.NoError(t, os.WriteFile(in, []byte(list.String()), 0o644))
	var imported []gnubgDialect
	require.NoError(t, runGnubgPy(bin, fmt.Sprintf(gnubgDialectPy, strconv.Quote(in), strconv.Quote(out)), out, &imported))
	require.Len(t, imported, len(files))

	r := nardy.DefaultRules(nardy.Short)
	counts := map[string]int{}
	for i, f := range files {
		name := filepath.Base(f)
		gm := imported[i]
		theirs := gm.Match.Info.X.Name != "nobody0" && len(gm.Warnings) == 0
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		rec, info, err := gnubg.ReadMat(bytes.NewReader(text), r)
		ours := err == nil
		switch {
		case !theirs && !ours:
			counts["both refuse"]++
			assert.False(t, matDialectsGnubgOnly[name], "%s: gnubg refuses it (gnubg: %q)", name, gm.Warnings)
			t.Logf("%s: both refuse (gnubg: %q; ReadMat: %v)", name, gm.Warnings, err)
		case !theirs:
			counts["ReadMat only"]++
			t.Logf("%s: ReadMat reads what gnubg refuses (gnubg: %q)", name, gm.Warnings)
			assert.True(t, matDialectsOursOnly[name], "%s: ReadMat reads what gnubg refuses (gnubg: %q)", name, gm.Warnings)
		case !ours && matDialectsGnubgOnly[name]:
			counts["gnubg only, known"]++
			t.Logf("%s: gnubg reads it, ReadMat refuses it, as matDialectsGnubgOnly says: %v", name, err)
		case !ours:
			counts["gnubg only"]++
			t.Errorf("%s: gnubg reads it, ReadMat refuses it: %v", name, err)
		default:
			counts["both read"]++
			assert.Equal(t, [2]string{gm.Match.Info.X.Name, gm.Match.Info.O.Name}, info.Players, name)
			assert.Equal(t, gm.Match.Info.Length, rec.Length, name)
			want, got := matForms().GamesOfGnubg(t, r, gm.Match), matForms().GamesOfRecord(t, rec)
			if assert.Len(t, got, len(want), name) {
				for k := range want {
					assert.Empty(t, testgen.MatGameDiff(want[k], got[k]), "%s, game %d", name, k+1)
				}
			}
			t.Logf("%s: both read %d games", name, len(want))
		}
	}
	t.Logf("%d dialect files: %v", len(files), counts)
	// What the comparison is for happened.
	assert.Positive(t, counts["both read"], "files gnubg and ReadMat read")
	assert.Positive(t, counts["both refuse"], "files gnubg and ReadMat refuse")
}

// matDialectsOursOnly lists the dialect files ReadMat reads and gnubg
// does not (see TestMatDialects for why each is kept).
var matDialectsOursOnly = map[string]bool{
	// A row with only its number (" 10)") is empty: gnubg, reading it,
	// skips the right cell of the row before it ("WARNING: Invalid move").
	"number-only-line.mat": true,
	// " 3 POINT MATCH": gnubg reads " 3 Point Match" but not this ("not
	// a valid .mat file"); ReadMat reads the match length in any case.
	"length-upper.mat": true,
	// The first game without its score line: gnubg's import has no
	// match ("First game missing from match"); ReadMat starts at 0-0, as
	// a first game's score line would say, with no names.
	"no-score-line.mat": true,
}

// matDialectsGnubgOnly lists the dialect files gnubg reads and ReadMat
// refuses, on purpose.
var matDialectsGnubgOnly = map[string]bool{
	// Rows numbered out of order (1, 2, 4): gnubg ignores the numbers;
	// ReadMat refuses them as a row lost, doubled or moved (helper-104).
	"misnumbered.mat": true,
	// "Resigns" where "Drops" was: gnubg reads a resignation after the
	// double; no program is known to write it, and ReadMat refuses words
	// it does not know.
	"resigns-word.mat": true,
	// " 3 point matches" (helper-184): gnubg reads the length; ReadMat
	// wants "point match", as every program writes it.
	"length-plural.mat": true,
	// A move row, a score line or a result between the match length and
	// " Game 1" (helper-184): gnubg skips them as it skips a note, dropping
	// what is likely a game whose header was lost; ReadMat refuses them.
	"move-before-game.mat":  true,
	"score-before-game.mat": true,
	"wins-before-game.mat":  true,
}

type gnubgDialect struct {
	File     string             `json:"file"`
	Match    testgen.GnubgMatch `json:"match"`
	Warnings []string           `json:"warnings"`
}

// gnubgDialectPy imports each .mat file of the list IN (one path a line)
// after setting up a 1-point match of players nobody0 and nobody1, which
// stays when gnubg refuses the file, and writes [{"file": path, "match":
// gnubg.match(), "warnings": [...]}, ...] to OUT, the warnings being
// gnubg's messages while importing (a skipped move, an unknown word), and
// gnubg.match()'s error where it has no match.
const gnubgDialectPy = `import ctypes, gnubg, json, os, re, sys, tempfile
IN, OUT = %s, %s
libc = ctypes.CDLL(None)
gnubg.command("set display off")
res = []
for path in open(IN).read().splitlines():
    gnubg.command("set player 0 name nobody0")
    gnubg.command("set player 1 name nobody1")
    gnubg.command("new match 1")
    sys.stdout.flush()
    libc.fflush(None)
    log = tempfile.TemporaryFile(mode="w+")
    saved = [os.dup(1), os.dup(2)]
    os.dup2(log.fileno(), 1)
    os.dup2(log.fileno(), 2)
    try:
        gnubg.command("import mat " + path)
    finally:
        sys.stdout.flush()
        libc.fflush(None)
        for fd, s in zip((1, 2), saved):
            os.dup2(s, fd)
            os.close(s)
    log.seek(0)
    # gnubg's messages, not the board it draws after the import
    warnings = [l.strip() for l in log.read().splitlines()
                if l.strip() and not re.match(r"\s*(GNU Backgammon  Position ID|Match ID|[|+v^])", l)]
    try:
        match = gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)
    except Exception as e:  # "First game missing from match"
        match = None
        warnings.append("gnubg.match(): %%s" %% e)
    res.append({"file": path, "match": match, "warnings": warnings})
json.dump(res, open(OUT, "w"), default=str)
`
