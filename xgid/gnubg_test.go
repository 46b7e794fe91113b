package xgid

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// xgidDriver sets each XGID of the file %s in GNU Backgammon and writes
// to %s what gnubg then holds: its Position ID, its Match ID and the
// Crawford and Jacoby flags of its cube, a line each, and END.
const xgidDriver = `import gnubg
IN, OUT = %s, %s
out = open(OUT, "w")
for line in open(IN):
    gnubg.command("set xgid " + line.strip())
    ci = gnubg.cubeinfo()
    out.write("%%s %%s %%d %%d\n" %% (gnubg.positionid(), gnubg.matchid(), ci["crawford"], ci["jacoby"]))
    out.flush()
out.write("END\n")
out.close()
`

// randomXGID returns an XGID of a random short position with random cube,
// dice, cube action and score, and whether it carries a Crawford flag that
// Parse refuses (at a score not one short of the length, in a 1-point
// match, or with the cube above 1 or a double): those are a quarter of the
// match IDs. Cubes in match play stay at 64 or below: gnubg 1.07 crashes
// on "set xgid" of a 256 cube in a 10-point match.
func randomXGID(r *rand.Rand, pos nardy.Position) (text string, badCrawford bool) {
	x := ID{Position: pos, MaxCube: 1 << (1 + r.IntN(12))}
	x.CubeValue = 1 << r.IntN(1+r.IntN(7))
	x.CubeValue = min(x.CubeValue, x.MaxCube)
	x.CubeCentred = x.CubeValue == 1 || r.IntN(2) == 0
	if !x.CubeCentred {
		x.CubeOwner = nardy.Color(r.IntN(2))
	}
	if r.IntN(4) == 0 && (x.CubeCentred || x.CubeOwner == pos.OnRoll()) && x.CubeValue < x.MaxCube {
		x.Action = Doubled
	} else if r.IntN(2) == 0 {
		x.Dice = [2]int{1 + r.IntN(6), 1 + r.IntN(6)}
	}
	if r.IntN(3) == 0 {
		x.Jacoby, x.Beaver = r.IntN(2) == 0, r.IntN(2) == 0
		text, _ = Format(x)
		return text, false
	}
	x.MatchLength = 1 + r.IntN(25)
	x.Score = [2]int{r.IntN(x.MatchLength), r.IntN(x.MatchLength)}
	if r.IntN(2) == 0 {
		x.Score[r.IntN(2)] = x.MatchLength - 1
	}
	crawfordOK := x.MatchLength > 1 && (x.Score[0] == x.MatchLength-1 || x.Score[1] == x.MatchLength-1) &&
		x.CubeValue == 1 && x.Action == NoAction
	switch {
	case crawfordOK && r.IntN(2) == 0:
		x.Crawford = true
	case !crawfordOK && r.IntN(4) == 0:
		text, _ = Format(x)
		f := strings.Split(text, ":")
		f[7] = "1"
		return strings.Join(f, ":"), true
	}
	text, _ = Format(x)
	return text, false
}

// TestXGIDGnubgAgrees sets 2,000 XGIDs in GNU Backgammon 1.07 and compares
// what it holds with what Parse reads: the position from the player on
// turn (gnubg's player 1; with "D" gnubg steps back to the offer and gives
// that player, the doubler, the cube decision), the cube (before the
// double) and its owner, the score, the match length, the dice, and the
// Crawford and Jacoby flags. Where Parse refuses a Crawford flag, gnubg
// does not keep the game as written: it clears the flag where the score
// allows no Crawford game, and otherwise sets the cube to 1 and drops the
// double. It needs /usr/games/gnubg and skips without it.
func TestXGIDGnubgAgrees(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	if testing.Short() {
		t.Skip("runs gnubg")
	}
	r := rand.New(rand.NewPCG(27, 12))
	positions := rapid.Custom(func(t *rapid.T) nardy.Position { return testgen.ShortPosition().Draw(t, "pos") })
	var texts []string
	var badCrawford []bool
	for i := range 2000 {
		text, bad := randomXGID(r, positions.Example(i))
		require.NotEmpty(t, text)
		texts, badCrawford = append(texts, text), append(badCrawford, bad)
	}

	got := testgen.GnubgLines(t, bin, xgidDriver, texts)

	var doubled, crawford, refused, games int
	for i, text := range texts {
		var pid, mid string
		var gCrawford, gJacoby int
		_, err := fmt.Sscanf(got[i], "%s %s %d %d", &pid, &mid, &gCrawford, &gJacoby)
		require.NoError(t, err, got[i])
		m, err := gnubg.ParseMatchID(mid)
		require.NoError(t, err, "%s: gnubg holds %s", text, mid)
		x, err := Parse(text)
		if badCrawford[i] {
			refused++
			assert.ErrorIs(t, err, nardy.ErrSyntax, text)
			f := strings.Split(text, ":")
			length, _ := strconv.Atoi(f[8])
			if length > 1 && (f[5] == strconv.Itoa(length-1) || f[6] == strconv.Itoa(length-1)) {
				// The score allows a Crawford game: gnubg keeps it, at a
				// cube of 1 and without the double.
				assert.True(t, m.Crawford && m.CubeValue == 1 && !m.Doubled, "%s: gnubg holds %s", text, mid)
			} else {
				assert.False(t, m.Crawford, "%s: gnubg holds %s", text, mid)
			}
			continue
		}
		require.NoError(t, err, text)
		onRoll := x.Position.OnRoll()
		want, err := gnubg.PositionID(x.Position)
		require.NoError(t, err)
		assert.Equal(t, want, pid, "%s: the position from the player on turn", text)
		assert.Equal(t, nardy.Black, m.OnRoll, "%s: gnubg's player 1 is on roll", text)
		assert.Equal(t, nardy.Black, m.ToAct, "%s: and acts (with D: to double)", text)
		assert.Equal(t, x.CubeValue, m.CubeValue, text)
		assert.Equal(t, x.CubeCentred, m.CubeCentred, text)
		if !x.CubeCentred {
			assert.Equal(t, x.CubeOwner == onRoll, m.CubeOwner == nardy.Black, "%s: cube owner", text)
		}
		assert.Equal(t, [2]int{x.Score[onRoll.Other()], x.Score[onRoll]}, m.Score, text)
		assert.Equal(t, x.MatchLength, m.MatchLength, text)
		assert.Equal(t, x.Crawford, m.Crawford, text)
		assert.Equal(t, x.Crawford, gCrawford == 1, text)
		if x.MatchLength == 0 {
			assert.Equal(t, x.Jacoby, gJacoby == 1, "%s: Jacoby", text)
		}
		assert.ElementsMatch(t, x.Dice[:], m.Dice[:], "%s: dice (gnubg's larger first)", text)
		games += sameGame(t, text, x, pid, mid)
		if x.Action == Doubled {
			doubled++
		}
		if x.Crawford {
			crawford++
		}
	}
	t.Logf("%d XGIDs: %d with a double pending, %d Crawford games; %d Crawford flags refused; %d games compared", len(texts), doubled, crawford, refused, games)
	assert.Greater(t, games, 1000)
	assert.Greater(t, doubled, 100)
	assert.Greater(t, crawford, 50)
	assert.Greater(t, refused, 50)
}

// sameGame compares the game of XGID x with the game of the Position ID
// and Match ID gnubg holds after "set xgid" of it (gnubg.Game), seen from
// the player on turn (gnubg makes that player its player 1, Black): the
// board, the cube and its owner, money or match play, the Jacoby rule,
// the Crawford game,
// the phase, who acts and the dice. With "D" gnubg steps back to the offer,
// so its game has the doubler to roll or double. It returns 1 when the
// XGID has a game (not a finished position or a centred cube above 1).
func sameGame(t *testing.T, text string, x ID, pid, mid string) int {
	xg, err := x.Game()
	if err != nil {
		return 0
	}
	gg, err := gnubg.Game(x.Rules(), pid, mid)
	if !assert.NoError(t, err, "%s: gnubg.Game(%s, %s)", text, pid, mid) {
		return 0
	}
	on := func(g nardy.Game) nardy.Color { return g.Position().OnRoll() }
	owner := func(g nardy.Game) bool { c := g.Cube(); return c.Owned && c.Owner == on(g) }
	assert.Equal(t, xg.Position().Key(), gg.Position().Key(), "%s: the board from the player on roll", text)
	assert.Equal(t, xg.Cube().Value, gg.Cube().Value, text)
	assert.Equal(t, xg.Cube().Owned, gg.Cube().Owned, text)
	assert.Equal(t, owner(xg), owner(gg), "%s: the cube's owner, the player on roll or not", text)
	assert.Equal(t, xg.IsMoney(), gg.IsMoney(), text)
	assert.Equal(t, xg.Rules().Jacoby, gg.Rules().Jacoby, "%s: the Jacoby rule (bit 67 of gnubg's Match ID)", text)
	assert.Equal(t, xg.IsCrawford(), gg.IsCrawford(), text)
	xw, _ := xg.ToAct()
	gw, _ := gg.ToAct()
	if x.Action == Doubled {
		assert.Equal(t, nardy.PhaseRoll, gg.Phase(), "%s: gnubg steps back to the offer", text)
		assert.Equal(t, on(gg), gw, text)
		assert.True(t, gg.Can(nardy.Action{Kind: nardy.ActDouble, Player: gw}), "%s: the doubler may double", text)
		return 1
	}
	assert.Equal(t, xg.Phase(), gg.Phase(), text)
	assert.Equal(t, xw == on(xg), gw == on(gg), "%s: who acts", text)
	xd, _ := xg.Dice()
	gd, _ := gg.Dice()
	assert.Equal(t, xd, gd, "%s: dice", text)
	return 1
}
