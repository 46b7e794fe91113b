package nardy_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/xgid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// diffCase is one (position, roll) asked of gnubg.
type diffCase struct {
	pos  nardy.Position
	roll nardy.Roll
	id   string // gnubg.PositionID(pos)
}

// differentialCases plays random games from the start (seeded dice and
// choices) and returns n distinct (position, roll) pairs met on the way:
// each position with the roll thrown for it.
func differentialCases(tb testing.TB, seed uint64, n int) []diffCase {
	tb.Helper()
	r := nardy.DefaultRules(nardy.Short)
	dice := nardy.NewSeededDice(seed)
	rng := rand.New(rand.NewPCG(seed, 0x9b))
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	seen := make(map[diffCase]bool)
	var out []diffCase
	var pos nardy.Position
	for len(out) < n {
		if !pos.IsValid() || pos.IsOver() {
			start, err := nardy.StartPosition(nardy.Short, nardy.Color(rng.IntN(2)))
			require.NoError(tb, err)
			pos = start
		}
		roll, err := nardy.Throw(dice)
		require.NoError(tb, err)
		id, err := gnubg.PositionID(pos)
		require.NoError(tb, err)
		c := diffCase{pos: pos, roll: roll, id: id}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
		plays, err := r.AppendLegal(buf[:0], pos, roll)
		require.NoError(tb, err)
		pos = plays[rng.IntN(len(plays))].Result()
	}
	return out
}

// gnubgDriver is the Python script run inside gnubg (gnubg -t -q -r -p
// FILE.py). For each input line "ID D1 D2 XGID" it sets the board and the
// dice and asks hint() for every legal play at 0-ply; then, for the lines
// whose XGID is not "-", it sets the position from the XGID. It writes one
// line per input line, tab-separated: index, gnubg's nardy.Position ID after
// "set board", both halves of gnubg.board(), the move texts (';'-separated)
// and gnubg's nardy.Position ID after "set xgid" (or "-").
const gnubgDriver = `import gnubg
IN, OUT = %s, %s
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("set evaluation cubedecision evaluation plies 0")
gnubg.command("set display off")
gnubg.command("new game")
cases = [line.split() for line in open(IN)]
res = []
for i, (pid, a, b, xgid) in enumerate(cases):
    try:
        gnubg.command("set board " + pid)
        gnubg.command("set dice %%s %%s" %% (a, b))
        h = gnubg.hint(100000)
        moves = [m["move"] for m in h["hint"]]
        bd = gnubg.board()
        res.append("%%d\t%%s\t%%s\t%%s\t%%s" %% (i, gnubg.positionid(),
            ",".join(map(str, bd[0])), ",".join(map(str, bd[1])), ";".join(moves)))
    except Exception as e:
        res.append("%%d\tERR\t%%r" %% (i, e))
# "set xgid" last: after it gnubg evaluates more slowly.
for i, (pid, a, b, xgid) in enumerate(cases):
    got = "-"
    if xgid != "-" and "ERR" not in res[i]:
        try:
            gnubg.command("set xgid " + xgid)
            got = gnubg.positionid()
        except Exception as e:
            got = "ERR %%r" %% e
    res[i] += "\t" + got
out = open(OUT, "w")
out.write("\n".join(res) + "\nEND\n")
out.close()
`

// gnubgAnswer is gnubg's answer for one case.
type gnubgAnswer struct {
	pid, xgidPID    string
	notOnRoll, onRo [25]int
	moves           []string
	err             string
}

// xgidEvery is how often the differential test also sets the position
// from its XGID.
const xgidEvery = 10

// askGnubg runs one gnubg process for all cases and returns its answers.
func askGnubg(t *testing.T, bin string, cases []diffCase) []gnubgAnswer {
	t.Helper()
	dir := t.TempDir()
	in, out, script := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt"), filepath.Join(dir, "driver.py")
	var sb strings.Builder
	for i, c := range cases {
		text := "-" // "set xgid" is slow in gnubg: one case in xgidEvery
		if i%xgidEvery == 0 {
			x := xgid.ID{Position: c.pos, CubeValue: 1, CubeCentred: true, MaxCube: 1024, Dice: [2]int{c.roll.High(), c.roll.Low()}}
			var err error
			text, err = xgid.Format(x)
			require.NoError(t, err)
		}
		fmt.Fprintf(&sb, "%s %d %d %s\n", c.id, c.roll.High(), c.roll.Low(), text)
	}
	require.NoError(t, os.WriteFile(in, []byte(sb.String()), 0o644))
	require.NoError(t, os.WriteFile(script, []byte(fmt.Sprintf(gnubgDriver, strconv.Quote(in), strconv.Quote(out))), 0o644))

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-t", "-q", "-r", "-p", script)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stdout = io.Discard // gnubg draws the board after each command
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), "gnubg: %s", stderr.String())

	data, err := os.ReadFile(out)
	require.NoError(t, err, "gnubg wrote no answers; stderr: %s", stderr.String())
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	require.Equal(t, "END", lines[len(lines)-1], "gnubg stopped early; stderr: %s", stderr.String())
	lines = lines[:len(lines)-1]
	require.Len(t, lines, len(cases))
	answers := make([]gnubgAnswer, len(cases))
	for i, line := range lines {
		f := strings.Split(line, "\t")
		require.Equal(t, strconv.Itoa(i), f[0], line)
		if f[1] == "ERR" {
			answers[i].err = strings.Join(f[2:], " ")
			continue
		}
		require.Len(t, f, 6, line)
		a := &answers[i]
		a.pid, a.xgidPID = f[1], f[5]
		for j, half := range [2]*[25]int{&a.notOnRoll, &a.onRo} {
			nums := strings.Split(f[2+j], ",")
			require.Len(t, nums, 25, line)
			for k, s := range nums {
				half[k], err = strconv.Atoi(s)
				require.NoError(t, err, line)
			}
		}
		if f[4] != "" {
			a.moves = strings.Split(f[4], ";")
		}
	}
	return answers
}

// TestGnubgDifferential compares Legal with GNU Backgammon's list of legal
// plays (hint at 0-ply) over a few thousand positions from seeded random
// games (issue 3 item 7), in both directions: every gnubg play, read with
// nardy.ParsePlay, is one of Legal's, and every play of Legal is in gnubg's list.
// It also checks that gnubg reads our nardy.Position IDs and XGIDs as we mean
// them (its board and nardy.Position ID) and that nardy.Play.String writes each play as
// gnubg does. It needs
// /usr/games/gnubg and skips without it.
func TestGnubgDifferential(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	n := 3000
	if testing.Short() {
		n = 500
	}
	cases := differentialCases(t, 20261130, n)
	worst, rolls := nardy.WorstForTest(t) // the most plays: up to 2,226 (issue 9 item 7)
	for i, pos := range worst {
		if pos.Variant() == nardy.Short {
			id, err := gnubg.PositionID(pos)
			require.NoError(t, err)
			cases = append(cases, diffCase{pos: pos, roll: rolls[i], id: id})
		}
	}
	answers := askGnubg(t, bin, cases)
	r := nardy.DefaultRules(nardy.Short)
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	disagree, plays, blocked, onBar, bearOff := 0, 0, 0, 0, 0
	var notation []string // plays that nardy.Play.String writes otherwise than gnubg
	for i, c := range cases {
		a := answers[i]
		where := fmt.Sprintf("position %s (%v) dice %d%d", c.id, c.pos, c.roll.High(), c.roll.Low())
		if a.err != "" {
			t.Errorf("%s: gnubg error %s", where, a.err)
			disagree++
			continue
		}
		// gnubg read the board as we wrote it.
		if !assert.Equal(t, c.id, a.pid, "%s: gnubg's nardy.Position ID after set board", where) ||
			!assert.Equal(t, a.onRo, gnubgBoard(c.pos.Mover()), "%s: gnubg's board of the player on roll", where) ||
			!assert.Equal(t, a.notOnRoll, gnubgBoard(c.pos.Opponent()), "%s: gnubg's board of the other player", where) ||
			(a.xgidPID != "-" && !assert.Equal(t, c.id, a.xgidPID, "%s: gnubg's nardy.Position ID after set xgid of our XGID", where)) {
			disagree++
			continue
		}
		legal, err := r.AppendLegal(buf[:0], c.pos, c.roll)
		require.NoError(t, err, where)
		plays += len(legal)
		if legal[0].IsEmpty() {
			blocked++
		}
		mover := gnubgBoard(c.pos.Mover())
		if mover[24] > 0 { // the bar
			onBar++
		}
		if allHome(mover) {
			bearOff++
		}
		ours := make(map[string]nardy.Play, len(legal))
		for _, p := range legal {
			ours[p.Result().Key()] = p
		}
		theirs := make(map[string]string, len(a.moves))
		var problems []string
		for _, m := range a.moves {
			p, err := r.ParsePlay(c.pos, c.roll, m)
			if err != nil {
				problems = append(problems, fmt.Sprintf("gnubg's %q: %v", m, err))
				continue
			}
			if prev, dup := theirs[p.Result().Key()]; dup {
				problems = append(problems, fmt.Sprintf("gnubg's %q and %q are the same play", prev, m))
			}
			theirs[p.Result().Key()] = m
			if p.String() != m {
				notation = append(notation, fmt.Sprintf("%s: gnubg writes %q, nardy.Play.String %q", where, m, p.String()))
			}
		}
		if len(a.moves) == 0 { // gnubg lists no move when none is legal
			if len(legal) != 1 || !legal[0].IsEmpty() {
				problems = append(problems, "gnubg has no legal move")
			}
		} else {
			for k, p := range ours {
				if _, ok := theirs[k]; !ok {
					problems = append(problems, fmt.Sprintf("Legal's %s is not in gnubg's list", p.String()))
				}
			}
			for k, m := range theirs {
				if _, ok := ours[k]; !ok {
					problems = append(problems, fmt.Sprintf("gnubg's %q is not in Legal's list", m))
				}
			}
		}
		if len(problems) > 0 {
			disagree++
			var ourText []string
			for _, p := range legal {
				ourText = append(ourText, p.String())
			}
			sort.Strings(ourText)
			theirText := append([]string(nil), a.moves...)
			sort.Strings(theirText)
			t.Errorf("%s:\n  %s\n  gnubg (%d): %s\n  Legal (%d): %s", where, strings.Join(problems, "\n  "),
				len(theirText), strings.Join(theirText, ", "), len(ourText), strings.Join(ourText, ", "))
		}
	}
	// nardy.Play.String writes gnubg's notation and ordering (issue 3 item 6).
	for _, s := range notation {
		t.Error(s)
	}
	t.Logf("compared %d (position, roll) cases with gnubg (%d with the mover on the bar, %d bearing off, %d without a legal step), %d plays: %d disagreements; %d plays written otherwise than gnubg",
		len(cases), onBar, bearOff, blocked, plays, disagree, len(notation))
	assert.Positive(t, onBar)
	assert.Positive(t, bearOff)
	assert.Positive(t, blocked)
}

// gnubgBoard returns a side's half of gnubg.board(): the checkers on its
// own points 1..24 (indexes 0..23), then on the bar (index 24).
func gnubgBoard(s nardy.Side) [25]int {
	var b [25]int
	copy(b[:24], s[1:25])
	b[24] = s[nardy.Bar]
	return b
}

// allHome reports whether all of a side's checkers still in play (b as
// gnubgBoard gives it) are on its points 1..6 (C6).
func allHome(b [25]int) bool {
	for _, n := range b[6:] { // points 7..24 and the bar
		if n > 0 {
			return false
		}
	}
	return true
}
